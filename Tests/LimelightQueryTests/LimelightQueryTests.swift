// Tests of LimelightQueryTests.
