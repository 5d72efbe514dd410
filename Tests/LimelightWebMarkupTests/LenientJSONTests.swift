import Testing

@testable import LimelightWebMarkup

@Suite("Lenient JSON")
struct LenientJSONTests {
    @Test("standard JSON reads exactly")
    func standard() throws {
        let value = try LenientJSON.parse(#"{"a": [1, -2.5, 3e2, true, false, null], "b": "x\"y\\z\u00e9\ud83d\ude00"}"#)
        #expect(value["a"] == [1, -2.5, 300, true, false, nil])
        #expect(value["b"] == "x\"y\\zé😀")
    }

    @Test("object members keep source order; the last duplicate wins")
    func memberOrder() throws {
        let value = try LenientJSON.parse(#"{"z": 1, "a": 2, "z": 3}"#)
        #expect(value.objectValue?.keys == ["z", "a"])
        #expect(value["z"] == 3)
    }

    @Test(
        "tolerated junk around and inside values",
        arguments: [
            ("<!-- {\"@type\": \"Recipe\"} -->", "Recipe"),
            ("<![CDATA[ {\"@type\": \"Recipe\"} ]]>", "Recipe"),
            ("//<![CDATA[\n{\"@type\": \"Recipe\"}\n//]]>", "Recipe"),
            ("{\"@type\": \"Recipe\",}", "Recipe"),
            ("{\"@type\": \"Recipe\",,}", "Recipe"),
            ("{\"@type\": \"Recipe\"};", "Recipe"),
            ("{\"@type\": \"Recipe\"} trailing garbage <b>", "Recipe"),
            ("\u{FEFF}{\"@type\": \"Recipe\"}", "Recipe"),
            ("{ /* comment */ \"@type\": \"Recipe\" // end\n}", "Recipe"),
            ("{'@type': 'Recipe'}", "Recipe"),
            ("{@type: \"Recipe\"}", "Recipe"),
        ])
    func toleratedJunk(input: String, expectedType: String) throws {
        let value = try LenientJSON.parse(input)
        #expect(value["@type"]?.stringValue == expectedType)
    }

    @Test("raw control characters inside strings are kept")
    func rawControlCharacters() throws {
        let value = try LenientJSON.parse("{\"description\": \"line one\nline\ttwo\"}")
        #expect(value["description"] == "line one\nline\ttwo")
    }

    @Test("unknown escapes read as the character; lone surrogates become U+FFFD")
    func escapes() throws {
        let value = try LenientJSON.parse(#"["\x", "\ud800", "\/"]"#)
        #expect(value == ["x", "\u{FFFD}", "/"])
    }

    @Test("trailing commas in arrays and several top-level values")
    func arraysAndSequences() throws {
        #expect(try LenientJSON.parse("[1, 2, 3,]") == [1, 2, 3])
        #expect(try LenientJSON.parse(#"{"a": 1} {"b": 2}"#) == .array([.object(["a": 1]), .object(["b": 2])]))
        #expect(try LenientJSON.parse(#"{"a": 1}, {"b": 2}"#).arrayValue?.count == 2)
    }

    @Test("numbers in lenient forms")
    func numbers() throws {
        #expect(try LenientJSON.parse("[.5, +3, 5., -.25]") == [0.5, 3, 5, -0.25])
        #expect(try LenientJSON.parse("[NaN, undefined]") == [nil, nil])
    }

    @Test(
        "unreadable input is a typed error, not a crash",
        arguments: ["", "   ", "<!-- -->", "{", "[1, 2", "\"open", "{\"a\" 1}", "@@@", "{\"a\": -}", "}"])
    func errors(input: String) {
        #expect(throws: WebMarkupError.self) { try LenientJSON.parse(input) }
    }

    @Test("the error says where")
    func errorOffset() {
        do {
            _ = try LenientJSON.parse("{\"a\": [1, 2,")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidJSON)
            #expect(error.offset != nil)
        }
    }

    @Test("nesting deeper than the limit is refused")
    func deepNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        do {
            _ = try LenientJSON.parse(deep)
            Issue.record("expected nestingTooDeep")
        } catch {
            #expect(error.code == .nestingTooDeep)
        }
        let allowed = String(repeating: "[", count: LenientJSON.maximumDepth)
            + String(repeating: "]", count: LenientJSON.maximumDepth)
        #expect(throws: Never.self) { try LenientJSON.parse(allowed) }
    }

    @Test("serialisation round-trips and escapes")
    func roundTrip() throws {
        let value: JSONValue = .object([
            "text": "quote \" backslash \\ newline \n tab \t bell \u{07}", "int": 42, "fraction": 0.1, "list": [true, nil],
        ])
        let text = value.serialized()
        #expect(text.contains("\\u0007"))
        #expect(text.contains("\"int\":42"))
        #expect(try LenientJSON.parse(text) == value)
        let pretty = value.serialized(pretty: true)
        #expect(pretty.contains("\n  \"int\": 42"))
        #expect(try LenientJSON.parse(pretty) == value)
    }

    @Test("sorted keys")
    func sortedKeys() {
        let value: JSONValue = .object(["b": 1, "a": 2])
        #expect(value.serialized(sortedKeys: true) == #"{"a":2,"b":1}"#)
        #expect(value.serialized() == #"{"b":1,"a":2}"#)
    }
}
