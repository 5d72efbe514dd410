// Tests of LimelightTextTests.
