/// One text field scored by BM25F, with its weight and length normalisation.
public struct RankedField: Sendable, Hashable {
    /// The engine's text field.
    public var field: String
    /// How much a match in this field counts (title fields weigh most).
    public var weight: Double
    /// Length normalisation (0: none, 1: full).
    public var lengthNormalization: Double

    /// Creates a field.
    public init(field: String, weight: Double, lengthNormalization: Double = 0.75) {
        self.field = field
        self.weight = weight
        self.lengthNormalization = lengthNormalization
    }
}

/// Numeric columns read as ranking features, and how much each may lift a score.
///
/// Features multiply the text relevance by at most `1 + recencyWeight + flagWeight·flags +
/// popularityWeight`, so they reorder items of similar relevance but never lift a weak match
/// above a strong one.
public struct RankingFeatures: Sendable, Hashable {
    /// Date columns (seconds since 1970); the newest value present gives the item's age, and an
    /// item with none of them has no recency.
    public var recencyColumns: [String]
    /// Age at which the recency feature is worth half its maximum, in seconds.
    public var recencyHalfLife: Double
    /// The most recency can add (as a fraction of relevance).
    public var recencyWeight: Double
    /// Flag columns (0/1) such as `userCreated`, `userOwned`, `userCurated`.
    public var flagColumns: [String]
    /// What each set flag adds.
    public var flagWeight: Double
    /// The column counting views of related app history.
    public var viewsColumn: String?
    /// The most popularity (views and engagement) can add.
    public var popularityWeight: Double
    /// The column holding the app's ranking hint (1–100), used only to break ties.
    public var hintColumn: String?

    /// Creates a feature set.
    public init(
        recencyColumns: [String] = [], recencyHalfLife: Double = 90 * 86_400, recencyWeight: Double = 0.1,
        flagColumns: [String] = [], flagWeight: Double = 0.04, viewsColumn: String? = nil,
        popularityWeight: Double = 0.15, hintColumn: String? = nil
    ) {
        self.recencyColumns = recencyColumns
        self.recencyHalfLife = recencyHalfLife
        self.recencyWeight = recencyWeight
        self.flagColumns = flagColumns
        self.flagWeight = flagWeight
        self.viewsColumn = viewsColumn
        self.popularityWeight = popularityWeight
        self.hintColumn = hintColumn
    }

    /// Every column the features read: the recency columns, the flag columns, then the views and
    /// hint columns when set.
    public var columnNames: [String] {
        recencyColumns + flagColumns + [viewsColumn, hintColumn].compactMap { $0 }
    }
}

/// The parameters of the ranking function.
public struct RankingParameters: Sendable, Hashable {
    /// The fields searched and their weights.
    public var fields: [RankedField] { didSet { fieldNames = fields.map(\.field) } }
    /// The names of ``fields``, in order, kept as one array so that segments and snapshots can
    /// recognise the same field list from one query to the next without comparing its names.
    public private(set) var fieldNames: [String]
    /// BM25 term-frequency saturation.
    public var k1: Double
    /// How much a prefix-only match counts relative to a whole-word match.
    public var prefixFactor: Double
    /// How much more a document scores when all the query's words (two or more) match in one
    /// field, as a fraction of its text relevance.
    public var sameFieldBonus: Double
    /// The features.
    public var features: RankingFeatures { didSet { featureColumnNames = features.columnNames } }
    /// ``RankingFeatures/columnNames`` of ``features``, kept as one array for the same reason as
    /// ``fieldNames``.
    public private(set) var featureColumnNames: [String]

    /// Creates parameters.
    public init(
        fields: [RankedField], k1: Double = 1.2, prefixFactor: Double = 0.35, sameFieldBonus: Double = 0.5,
        features: RankingFeatures = RankingFeatures()
    ) {
        self.fields = fields
        fieldNames = fields.map(\.field)
        self.k1 = k1
        self.prefixFactor = prefixFactor
        self.sameFieldBonus = sameFieldBonus
        self.features = features
        featureColumnNames = features.columnNames
    }
}

/// One word of a ranked query, already folded like index terms.
public struct QueryWord: Sendable, Hashable {
    /// The folded word (a term).
    public var term: String
    /// Whether the word also matches as the prefix of longer terms.
    public var isPrefix: Bool
    /// For a run of CJK characters: its bigram terms, matched as a phrase.
    public var phraseTerms: [String]?

    /// Creates a word.
    public init(term: String, isPrefix: Bool, phraseTerms: [String]? = nil) {
        self.term = term
        self.isPrefix = isPrefix
        self.phraseTerms = phraseTerms
    }

    /// Whether the word is a run of CJK characters matched as a phrase of several bigrams.
    public var isPhrase: Bool { (phraseTerms?.count ?? 0) > 1 }
}

/// A ranked hit: where the document is, its score, and (on request) how the score was built.
public struct RankedDocument: Sendable {
    /// Index of the segment in the snapshot.
    public var segment: Int
    /// The document's id within the segment.
    public var document: UInt32
    /// The final score (higher first).
    public var score: Double
    /// How many of the query's words the document matched.
    public var matchedWords: Int
    /// How the score was built, when asked for.
    public var explanation: Explanation?

    /// Creates a hit.
    public init(segment: Int, document: UInt32, score: Double, matchedWords: Int, explanation: Explanation? = nil) {
        self.segment = segment
        self.document = document
        self.score = score
        self.matchedWords = matchedWords
        self.explanation = explanation
    }
}
