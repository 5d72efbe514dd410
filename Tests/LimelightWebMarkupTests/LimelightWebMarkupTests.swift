// Tests of LimelightWebMarkupTests.
