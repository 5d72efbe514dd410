import LimelightQuery
import Testing

/// The example queries from Apple's query-syntax documentation and WWDC search sessions.
@Suite("Apple's documented example queries")
struct AppleExampleTests {
    @Test("value comparison modifier examples")
    func modifierExamples() throws {
        #expect(try QueryParser.parse(#"kMDItemTextContent == "Paris""#) == Q.equal("kMDItemTextContent", "Paris"))
        #expect(
            try QueryParser.parse(#"kMDItemTextContent == "Paris"c"#) == Q.equal("kMDItemTextContent", "Paris", Q.c))
        #expect(
            try QueryParser.parse(#"kMDItemTextContent == "Paris"wc"#)
                == Q.equal("kMDItemTextContent", "Paris", [.wordBased, .caseInsensitive]))
        #expect(try QueryParser.parse(#"title == "Paris""#) == Q.equal("title", "Paris"))
        #expect(
            try QueryParser.parse(#"kMDItemAuthors == "Frédéric"cd"#)
                == Q.equal("kMDItemAuthors", "Frédéric", [.caseInsensitive, .diacriticInsensitive]))
        #expect(try QueryParser.parse(#"kMDItemTitle == "Window"w"#) == Q.equal("kMDItemTitle", "Window", Q.w))
        #expect(try QueryParser.parse(#"kMDItemAuthors ==[c] "Steve""#) == Q.equal("kMDItemAuthors", "Steve", Q.c))
        #expect(
            try QueryParser.parse(#"kMDItemAuthors == "Steve"wc"#)
                == Q.equal("kMDItemAuthors", "Steve", [.caseInsensitive, .wordBased]))
        #expect(
            try QueryParser.parse(#"contentTypeTree == "public.image""#) == Q.equal("contentTypeTree", "public.image"))
    }

    @Test("wildcard examples")
    func wildcardExamples() throws {
        let query = try QueryParser.parse(#"(kMDItemFSName == "*.jpg"c) && (kMDItemFSSize > 1000)"#)
        #expect(
            query
                == .and([
                    Q.compare("kMDItemFSName", .equal, Q.pattern([.anyCharacters, .literal(".jpg")], Q.c)),
                    Q.compare("kMDItemFSSize", .greater, .number(1000)),
                ]))
        #expect(try parsedValue(#"kMDItemTextContent == "paris*""#)?.stringPattern?.kind == .prefix("paris"))
        #expect(try parsedValue(#"kMDItemTextContent == "*paris""#)?.stringPattern?.kind == .suffix("paris"))
        #expect(try parsedValue(#"kMDItemTextContent == "*paris*""#)?.stringPattern?.kind == .infix("paris"))
        #expect(try parsedValue(#"kMDItemFSName == "report-200?.pdf""#)?.stringPattern?.kind == .general)
    }

    @Test("combining queries")
    func combining() throws {
        let steve = Q.equal("kMDItemAuthors", "Steve", [.wordBased, .caseInsensitive])
        let kevin = Q.equal("kMDItemAuthors", "Kevin", [.wordBased, .caseInsensitive])
        let audio = Q.equal("kMDItemContentType", "audio", [.wordBased, .caseInsensitive])
        let video = Q.equal("kMDItemContentType", "video", [.wordBased, .caseInsensitive])
        #expect(
            try QueryParser.parse(#"kMDItemAuthors == "Steve"wc && kMDItemContentType == "audio"wc"#)
                == .and([steve, audio]))
        #expect(
            try QueryParser.parse(
                #"(kMDItemAuthors == "Kevin"wc || kMDItemAuthors == "Steve"wc) && kMDItemContentType == "audio"wc"#
            ) == .and([.or([kevin, steve]), audio]))
        #expect(
            try QueryParser.parse(
                #"(kMDItemAuthors == "Kevin"wc || kMDItemAuthors == "Steve"wc ) && (kMDItemContentType == "audio"wc || kMDItemContentType == "video"wc )"#
            ) == .and([.or([kevin, steve]), .or([audio, video])]))
    }

    @Test("the Core Spotlight session examples")
    func coreSpotlightExamples() throws {
        let cwd: ComparisonModifiers = [.caseInsensitive, .wordBased, .diacriticInsensitive]
        let music = try QueryParser.parse(
            #"playCount > 1 && (composer == "beethoven"cwd || composer="mozart"cwd) && InRange(tempo, 40, 80)"#
        )
        #expect(
            music
                == .and([
                    Q.compare("playCount", .greater, .number(1)),
                    .or([Q.equal("composer", "beethoven", cwd), Q.equal("composer", "mozart", cwd)]),
                    .inRange(RangeTest(.named("tempo"), from: .number(40), through: .number(80))),
                ]))
        let bob = try QueryParser.parse(#"* = "bob*"cwd && textContent="project updates"cwdt"#)
        #expect(
            bob
                == .and([
                    .comparison(Comparison(.anyDefault, .equal, Q.pattern([.literal("bob"), .anyCharacters], cwd))),
                    Q.equal("textContent", "project updates", Q.cdwt),
                ]))
        #expect(try QueryParser.parse(#"keywords=="search""#) == Q.equal("keywords", "search"))
        #expect(try QueryParser.parse(#"keywords!="search""#) == Q.compare("keywords", .notEqual, Q.string("search")))
        #expect(try QueryParser.parse("pageCount > 10") == Q.compare("pageCount", .greater, .number(10)))
        #expect(try QueryParser.parse("pageCount >= 10") == Q.compare("pageCount", .greaterOrEqual, .number(10)))
        #expect(
            try QueryParser.parse("InRange(pageCount, 5, 10)")
                == .inRange(RangeTest(.named("pageCount"), from: .number(5), through: .number(10))))
        #expect(
            try QueryParser.parse("!(fileSize > 100 || pageCount > 10)")
                == .not(
                    .or([Q.compare("fileSize", .greater, .number(100)), Q.compare("pageCount", .greater, .number(10))]))
        )
        #expect(
            try QueryParser.parse(#"* == "search""#) == .comparison(Comparison(.anyDefault, .equal, Q.string("search")))
        )
        #expect(
            try QueryParser.parse(#"** == "search""#)
                == .comparison(Comparison(.anyIncludingContent, .equal, Q.string("search"))))
        // The user-input query built by the session's sample code.
        #expect(
            try QueryParser.parse(#"**="user \"input\""cwdt"#)
                == .comparison(Comparison(.anyIncludingContent, .equal, Q.string(#"user "input""#, Q.cdwt))))
        #expect(
            try QueryParser.parse(#"**='it\'s'cwdt"#)
                == .comparison(Comparison(.anyIncludingContent, .equal, Q.string("it's", Q.cdwt))))
    }

    @Test("time variable examples")
    func timeExamples() throws {
        #expect(
            try QueryParser.parse("kMDItemFSContentChangeDate >= $time.today(-2)")
                == Q.compare(
                    "kMDItemFSContentChangeDate", .greaterOrEqual, .date(.relative(RelativeTime(.today, offset: -2)))))
        #expect(
            try QueryParser.parse("kMDItemContentCreationDate > $time.this_month")
                == Q.compare("kMDItemContentCreationDate", .greater, .date(.relative(RelativeTime(.thisMonth)))))
        #expect(
            try QueryParser.parse("kMDItemLastUsedDate >= $time.iso(2026-01-10T00:00:00Z)")
                == Q.compare("kMDItemLastUsedDate", .greaterOrEqual, .date(.instant(1_768_003_200))))
    }
}
