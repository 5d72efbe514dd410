// Tests of LimelightTests.
