// LimelightText: word segmentation, case and diacritic folding, CJK units.
