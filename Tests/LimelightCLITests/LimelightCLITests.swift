// Tests of LimelightCLITests.
