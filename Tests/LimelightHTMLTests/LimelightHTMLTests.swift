// Tests of LimelightHTMLTests.
