// limelightd: the search daemon. See LimelightServer.
print("limelightd is not built yet")
