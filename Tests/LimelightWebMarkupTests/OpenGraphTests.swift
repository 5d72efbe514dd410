import Testing

@testable import LimelightWebMarkup

@Suite("Open Graph")
struct OpenGraphTests {
    @Test("structured properties belong to the image before them; several images make an array")
    func imageArrays() {
        let html = TestHTML.page(
            head: """
                <meta property="og:title" content="Pad Thai">
                <meta property="og:image" content="/a.jpg">
                <meta property="og:image:width" content="1200">
                <meta property="og:image:height" content="630px">
                <meta property="og:image:alt" content="A plate">
                <meta property="og:image" content="https://cdn.example.com/b.jpg">
                <meta property="og:image:secure_url" content="https://cdn.example.com/b-secure.jpg">
                <meta property="og:image:type" content="image/jpeg">
                <meta property="og:image:url" content="/c.jpg">
                """)
        let og = TestHTML.markup(html).openGraph
        #expect(og.title == "Pad Thai")
        #expect(og.images.count == 3)
        #expect(
            og.images[0] == OpenGraph.Media(url: "https://example.com/a.jpg", width: 1200, height: 630, alt: "A plate"))
        #expect(og.images[1].secureURL == "https://cdn.example.com/b-secure.jpg")
        #expect(og.images[1].type == "image/jpeg")
        #expect(og.images[1].width == nil)
        #expect(og.images[2].url == "https://example.com/c.jpg")
        #expect(og.properties.first { $0.name == "og:image" }?.values == ["/a.jpg", "https://cdn.example.com/b.jpg"])
    }

    @Test("a structured property before its og:image attaches to that image")
    func propertiesBeforeURL() {
        let og = OpenGraph(
            pairs: [("og:image:width", "300"), ("og:image", "https://x/a.png"), ("og:image:height", "200")],
            baseURL: nil)
        #expect(og.images == [OpenGraph.Media(url: "https://x/a.png", width: 300, height: 200)])
    }

    @Test("video and audio arrays, and an image with only secure_url")
    func videoAndAudio() {
        let og = OpenGraph(
            pairs: [
                ("og:video", "https://x/v1.mp4"), ("og:video:type", "video/mp4"), ("og:video:width", "640"),
                ("og:video", "https://x/v2.mp4"), ("og:audio:secure_url", "https://x/a.mp3"),
                ("og:audio:type", "audio/mpeg"), ("og:image:secure_url", "https://x/only-secure.png"),
            ], baseURL: nil)
        #expect(og.videos.map(\.url) == ["https://x/v1.mp4", "https://x/v2.mp4"])
        #expect(og.videos[0].width == 640)
        #expect(og.audios.count == 1)
        #expect(og.audios[0].bestURL == "https://x/a.mp3")
        #expect(og.images.first?.bestURL == "https://x/only-secure.png")
    }

    @Test("other object namespaces are kept; name= is accepted for og:")
    func namespaces() {
        let html = TestHTML.page(
            head: """
                <meta name="og:description" content="Via name">
                <meta property="place:location:latitude" content="37.79">
                <meta property="product:price:amount" content="12.50">
                <meta property="fb:app_id" content="1">
                """)
        let og = TestHTML.markup(html).openGraph
        #expect(og.description == "Via name")
        #expect(og.first("place:location:latitude") == "37.79")
        #expect(og.first("product:price:amount") == "12.50")
        #expect(og.first("fb:app_id") == nil)
    }

    @Test("pixel values", arguments: [("1200", 1200), ("630px", 630), (" 10 ", nil), ("abc", nil), ("99999999999", nil)] as [(String, Int?)])
    func pixels(text: String, expected: Int?) {
        #expect(OpenGraph.pixels(text) == expected)
    }
}
