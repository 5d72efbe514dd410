// LimelightRanking: BM25F scoring, ranking features and score explanations.
