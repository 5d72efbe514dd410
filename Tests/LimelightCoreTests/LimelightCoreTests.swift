// Tests of LimelightCoreTests.
