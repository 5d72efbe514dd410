// LimelightTestSupport: helpers shared by the test targets.
