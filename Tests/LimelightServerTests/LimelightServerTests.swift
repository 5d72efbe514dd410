// Tests of LimelightServer.
