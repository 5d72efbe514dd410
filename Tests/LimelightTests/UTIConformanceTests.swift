import Testing

@testable import Limelight

@Suite("UTI conformance")
struct UTIConformanceTests {
    @Test func jpegAncestors() {
        #expect(
            UTIConformance.ancestors(of: "public.jpeg") == [
                "public.image", "public.data", "public.content", "public.item",
            ])
        #expect(UTIConformance.typeTree(of: "public.jpeg").first == "public.jpeg")
    }

    @Test(arguments: [
        ("public.jpeg", "public.image"), ("public.jpeg", "public.item"), ("public.image", "public.content"),
        ("public.heic", "public.image"), ("public.mpeg-4-audio", "public.audio"),
        ("public.mpeg-4-audio", "public.movie"),
        ("com.apple.quicktime-movie", "public.audiovisual-content"), ("public.swift-source", "public.plain-text"),
        ("public.swift-source", "public.text"), ("com.apple.mail.emlx", "public.message"),
        ("public.vcard", "public.contact"),
        ("public.vcard", "public.text"), ("public.zip-archive", "public.data"),
        ("com.adobe.pdf", "public.composite-content"),
        ("public.folder", "public.directory"), ("com.apple.application-bundle", "public.executable"),
        ("PUBLIC.JPEG", "public.Image"), ("public.item", "public.item"),
    ])
    func conforms(type: String, parent: String) {
        #expect(UTIConformance.conforms(type, to: parent))
    }

    @Test(arguments: [
        ("public.image", "public.jpeg"), ("public.jpeg", "public.text"), ("public.message", "public.data"),
        ("public.audio", "public.movie"), ("public.folder", "public.data"),
    ])
    func doesNotConform(type: String, other: String) {
        #expect(!UTIConformance.conforms(type, to: other))
    }

    /// `public.content` is an abstract root of its own: pure content types (presentations,
    /// spreadsheets) reach it and not `public.item`, as in Apple's hierarchy.
    @Test func everyKnownTypeReachesARoot() {
        for type in UTIConformance.parentsByType.keys {
            let reachesRoot =
                UTIConformance.conforms(type, to: "public.item") || UTIConformance.conforms(type, to: "public.content")
            #expect(reachesRoot, "\(type)")
            for parent in UTIConformance.parents(of: type) {
                #expect(UTIConformance.isKnown(parent), "\(type) has an unknown parent \(parent)")
            }
        }
    }

    @Test func unknownTypes() {
        #expect(UTIConformance.typeTree(of: "com.example.recipe") == ["com.example.recipe", "public.item"])
        #expect(
            UTIConformance.typeTree(of: "dyn.ah62d4rv4ge80") == ["dyn.ah62d4rv4ge80", "public.data", "public.item"])
        #expect(!UTIConformance.isKnown("com.example.recipe"))
        #expect(UTIConformance.ancestors(of: "public.item").isEmpty)
    }
}
