import Testing

@testable import LimelightWebMarkup

@Suite("Microdata")
struct MicrodataTests {
    @Test("WHATWG JSON shape with nested items, multiple names and value rules")
    func shape() throws {
        let html = TestHTML.page(
            body: """
                <div itemscope itemtype="https://schema.org/Restaurant" itemid="/r/1">
                  <h1 itemprop="name alternateName">Shorty's</h1>
                  <meta itemprop="telephone" content="+1-415-555-0100">
                  <img itemprop="image" src="/img/shorty.jpg" alt="">
                  <a itemprop="url sameAs" href="https://shortys.example">site</a>
                  <time itemprop="openingHours" datetime="Mo-Fr 11:00-15:00">weekdays</time>
                  <data itemprop="starRating" value="4">four</data>
                  <meter itemprop="fill" value="0.5">half</meter>
                  <object itemprop="menu" data="menu.pdf"></object>
                  <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating">
                    <span itemprop="ratingValue">4.5</span> from <span itemprop="reviewCount">12</span>
                  </div>
                  <span itemprop="empty"></span>
                </div>
                """)
        let markup = TestHTML.markup(html, pageURL: "https://example.com/dir/page")
        let item = try #require(markup.microdata.first)
        #expect(markup.microdata.count == 1)
        #expect(item.types == ["https://schema.org/Restaurant"])
        #expect(item.id == "https://example.com/r/1")
        #expect(item.values(of: "name") == [.text("Shorty's")])
        #expect(item.values(of: "alternateName") == [.text("Shorty's")])
        #expect(item.values(of: "telephone") == [.text("+1-415-555-0100")])
        #expect(item.values(of: "image") == [.text("https://example.com/img/shorty.jpg")])
        #expect(item.values(of: "sameAs") == [.text("https://shortys.example")])
        #expect(item.values(of: "openingHours") == [.text("Mo-Fr 11:00-15:00")])
        #expect(item.values(of: "starRating") == [.text("4")])
        #expect(item.values(of: "fill") == [.text("0.5")])
        #expect(item.values(of: "menu") == [.text("https://example.com/dir/menu.pdf")])
        #expect(item.values(of: "empty") == [.text("")])
        guard case .item(let rating)? = item.values(of: "aggregateRating").first else {
            Issue.record("aggregateRating should be an item")
            return
        }
        #expect(rating.values(of: "ratingValue") == [.text("4.5")])
        #expect(rating.values(of: "reviewCount") == [.text("12")])

        let json = markup.microdata.microdataJSON
        let first = try #require(json["items"]?.arrayValue?.first)
        #expect(first["type"] == ["https://schema.org/Restaurant"])
        #expect(first["id"] == "https://example.com/r/1")
        #expect(first["properties"]?["name"] == ["Shorty's"])
        #expect(first["properties"]?["aggregateRating"]?.arrayValue?.first?["properties"]?["ratingValue"] == ["4.5"])
        #expect(first["properties"]?.objectValue?.keys.first == "name")
    }

    @Test("properties are listed in tree order, itemref pulls in elements outside the item")
    func itemref() throws {
        let html = TestHTML.page(
            body: """
                <p id="a"><span itemprop="name">Amanda</span></p>
                <div itemscope itemref="c a"><span itemprop="band">Jazz Band</span></div>
                <p id="c"><span itemprop="age">26</span></p>
                """)
        let item = try #require(TestHTML.markup(html).microdata.first)
        #expect(item.properties.map(\.name) == ["name", "band", "age"])
        #expect(item.types.isEmpty)
        #expect(item.json["type"] == nil)
    }

    @Test("an itemref cycle is an ERROR, not an endless loop")
    func cycle() throws {
        let html = TestHTML.page(
            body: """
                <div itemscope itemtype="http://schema.org/Thing">
                  <div id="b" itemprop="b" itemscope itemref="c"><span itemprop="name">B</span></div>
                </div>
                <div id="c" itemprop="c" itemscope itemref="b"><span itemprop="name">C</span></div>
                """)
        let markup = TestHTML.markup(html)
        #expect(markup.microdata.count == 1)
        let item = try #require(markup.microdata.first)
        guard case .item(let b)? = item.values(of: "b").first else {
            Issue.record("b should be an item")
            return
        }
        #expect(b.values(of: "name") == [.text("B")])
        guard case .item(let c)? = b.values(of: "c").first else {
            Issue.record("c should be an item")
            return
        }
        #expect(c.values(of: "name") == [.text("C")])
        #expect(c.values(of: "b") == [.error])
        #expect(markup.microdata.microdataJSON.serialized().contains("\"ERROR\""))
    }

    @Test("an item referring to itself through itemref is crawled once")
    func selfReference() throws {
        let html = TestHTML.page(
            body: #"<div itemscope id="me" itemref="me"><span itemprop="n">x</span></div>"#)
        let item = try #require(TestHTML.markup(html).microdata.first)
        #expect(item.properties.map(\.name) == ["n"])
    }

    @Test("items with itemprop are not top-level; nested itemscope is not crawled into")
    func topLevel() {
        let html = TestHTML.page(
            body: """
                <div itemscope itemtype="https://schema.org/Product">
                  <span itemprop="name">Kettle</span>
                  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
                    <span itemprop="price">19.99</span>
                    <span itemprop="name">inner name</span>
                  </div>
                </div>
                <div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Acme</span></div>
                """)
        let items = TestHTML.markup(html).microdata
        #expect(items.count == 2)
        #expect(items[0].values(of: "name") == [.text("Kettle")])
        #expect(items[1].types == ["https://schema.org/Organization"])
    }
}

@Suite("RDFa Lite")
struct RDFaTests {
    @Test("vocab, typeof, property, resource and nested items")
    func basics() throws {
        let html = TestHTML.page(
            body: """
                <div vocab="https://schema.org/" typeof="Recipe" resource="#recipe">
                  <h1 property="name">Pad Thai</h1>
                  <img property="image" src="/pad.jpg">
                  <a property="url" href="/recipes/pad-thai">link</a>
                  <meta property="totalTime" content="PT40M">
                  <time property="datePublished" datetime="2026-01-02">Jan 2</time>
                  <div property="aggregateRating" typeof="AggregateRating">
                    <span property="ratingValue">4</span>/<span property="bestRating">5</span>
                  </div>
                  <span property="author" resource="https://example.com/people/ann">Ann</span>
                </div>
                """)
        let markup = TestHTML.markup(html, pageURL: "https://example.com/page")
        let item = try #require(markup.rdfa.first)
        #expect(markup.rdfa.count == 1)
        #expect(item.types == ["https://schema.org/Recipe"])
        #expect(item.id == "https://example.com/page#recipe")
        #expect(item.values(of: "name") == [.text("Pad Thai")])
        #expect(item.values(of: "image") == [.text("https://example.com/pad.jpg")])
        #expect(item.values(of: "url") == [.text("https://example.com/recipes/pad-thai")])
        #expect(item.values(of: "totalTime") == [.text("PT40M")])
        #expect(item.values(of: "datePublished") == [.text("2026-01-02")])
        #expect(item.values(of: "author") == [.text("https://example.com/people/ann")])
        guard case .item(let rating)? = item.values(of: "aggregateRating").first else {
            Issue.record("aggregateRating should be an item")
            return
        }
        #expect(rating.types == ["https://schema.org/AggregateRating"])
        #expect(rating.values(of: "ratingValue") == [.text("4")])
    }

    @Test("prefix declarations and the initial context expand types")
    func prefixes() throws {
        let html = TestHTML.page(
            body: """
                <div prefix="ex: http://example.org/vocab# " typeof="ex:Widget">
                  <span property="ex:size">big</span>
                </div>
                <div typeof="schema:Person"><span property="schema:name">Ann</span></div>
                <div typeof="http://xmlns.com/foaf/0.1/Person"></div>
                """)
        let items = TestHTML.markup(html).rdfa
        #expect(items.map(\.types) == [
            ["http://example.org/vocab#Widget"], ["http://schema.org/Person"], ["http://xmlns.com/foaf/0.1/Person"],
        ])
        #expect(items[0].values(of: "ex:size") == [.text("big")])
        #expect(items[1].values(of: "schema:name") == [.text("Ann")])
    }

    @Test("property outside any item is not an item property")
    func orphanProperties() {
        let html = TestHTML.page(head: #"<meta property="og:title" content="x">"#, body: #"<p property="name">y</p>"#)
        #expect(TestHTML.markup(html).rdfa.isEmpty)
    }
}
