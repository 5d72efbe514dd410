// swift-tools-version: 6.1
import PackageDescription

/// Limelight: an open-source implementation of Apple's App Search system (Core Spotlight,
/// NSUserActivity app history and web-markup deep links) for Linux first.
var products: [Product] = [
    .library(name: "Limelight", targets: ["Limelight"]),
    .library(name: "LimelightWebMarkup", targets: ["LimelightWebMarkup"]),
    .executable(name: "limelight", targets: ["limelight"]),
    .executable(name: "limelightd", targets: ["limelightd"]),
]

var targets: [Target] = [
    // Text analysis: word segmentation, case/diacritic folding, CJK units. No dependencies.
    .target(name: "LimelightText"),
    // The storage engine: write-ahead log, segments, postings, doc values, snapshots, and the
    // encryption at rest of protected indexes (AES-GCM from swift-crypto).
    .target(name: "LimelightCore", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
    // The Spotlight metadata query language: lexer, parser, planner.
    .target(name: "LimelightQuery", dependencies: ["LimelightText", "LimelightCore"]),
    // Scoring: BM25F, ranking features, explanations.
    .target(name: "LimelightRanking", dependencies: ["LimelightCore"]),
    // The engine facade and the Core Spotlight-compatible API.
    .target(
        name: "Limelight",
        dependencies: [
            "LimelightText", "LimelightCore", "LimelightQuery", "LimelightRanking", "LimelightWebMarkup",
            .product(name: "CryptoExtras", package: "swift-crypto"),
        ]
    ),
    // WHATWG HTML5 parser. No dependencies.
    .target(name: "LimelightHTML"),
    // Web markup: deep links, structured data, apple-app-site-association, validation.
    .target(name: "LimelightWebMarkup", dependencies: ["LimelightHTML"]),
    .target(name: "LimelightTestSupport"),
    // The daemon's HTTP adapter over the store: routes, authentication, delegate delivery.
    .target(
        name: "LimelightServer",
        dependencies: [
            "Limelight",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]
    ),
    .executableTarget(
        name: "limelightd",
        dependencies: ["LimelightServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .executableTarget(
        name: "limelight",
        dependencies: [
            "Limelight", "LimelightCore", "LimelightText", "LimelightHTML", "LimelightWebMarkup",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
    .testTarget(name: "LimelightTextTests", dependencies: ["LimelightText", "LimelightTestSupport"]),
    .testTarget(name: "LimelightCoreTests", dependencies: ["LimelightCore", "LimelightTestSupport"]),
    .testTarget(name: "LimelightQueryTests", dependencies: ["LimelightQuery", "LimelightTestSupport"]),
    .testTarget(name: "LimelightTests", dependencies: ["Limelight", "LimelightWebMarkup", "LimelightTestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "LimelightHTMLTests", dependencies: ["LimelightHTML"]),
    .testTarget(name: "LimelightWebMarkupTests", dependencies: ["LimelightWebMarkup", "LimelightTestSupport"], exclude: ["Fixtures"]),
    .testTarget(
        name: "LimelightServerTests",
        dependencies: [
            "LimelightServer", "LimelightTestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]
    ),
    .testTarget(
        name: "LimelightCLITests",
        dependencies: ["Limelight", "LimelightTestSupport"]
    ),
]

#if os(Linux)
// Apple's framework name, declared only where Apple's framework does not exist so that it never
// shadows the real Core Spotlight on Apple platforms.
products.append(.library(name: "CoreSpotlight", targets: ["CoreSpotlight"]))
targets.append(.target(name: "CoreSpotlight", dependencies: ["Limelight"]))
targets.append(.testTarget(name: "CoreSpotlightTests", dependencies: ["CoreSpotlight", "LimelightTestSupport"]))
#endif

let package = Package(
    name: "Limelight",
    platforms: [.macOS(.v15)],
    products: products,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: targets,
    swiftLanguageModes: [.v6]
)
