// LimelightServer: the HTTP/JSON adapter of limelightd over a Limelight store.
