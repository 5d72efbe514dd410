import Testing

@testable import LimelightWebMarkup

@Suite("apple-app-site-association")
struct AppSiteAssociationTests {
    static let legacy = """
        {
          "applinks": {
            "apps": [],
            "details": [
              {
                "appID": "ABCDE12345.com.example.recipes",
                "paths": ["NOT /recipes/private/*", "/recipes/*", "/r/???", "/exact", "/chef/?*/profile"]
              },
              {
                "appID": "ABCDE12345.com.example.shop",
                "paths": ["/shop/*", "/recipes/shop-*"]
              }
            ]
          }
        }
        """

    static let components = """
        {
          "applinks": {
            "defaults": {"caseSensitive": true},
            "substitutionVariables": {
              "food": ["burrito", "taco*"],
              "region": ["us", "ca"]
            },
            "details": [
              {
                "appIDs": ["TEAM1.com.example.app", "TEAM1.com.example.app.beta"],
                "components": [
                  {"/": "/admin/*", "exclude": true, "comment": "never the admin pages"},
                  {"/": "/menu/$(food)/*"},
                  {"/": "/buy/*", "?": {"color": "?*", "size": "*"}},
                  {"/": "/search", "?": "q=*"},
                  {"/": "/help/*", "#": "section-$(digit)"},
                  {"/": "/Case/*", "caseSensitive": false},
                  {"/": "/café/*", "percentEncoded": false},
                  {"/": "/$(lang)-$(region)/home"},
                  {"/": "/store/$(alpha)$(alpha)/*"},
                  {"/": "/hex/$(xdigit)$(xdigit)"}
                ]
              },
              {
                "appIDs": ["TEAM2.com.example.other"],
                "defaults": {"caseSensitive": false},
                "components": [
                  {"/": "/admin/*"},
                  {"/": "/SHARED/*"}
                ]
              }
            ]
          },
          "webcredentials": {"apps": ["TEAM1.com.example.app"]}
        }
        """

    @Test("legacy format", arguments: [
        ("https://example.com/recipes/pad-thai", ["ABCDE12345.com.example.recipes"]),
        ("https://example.com/recipes/", ["ABCDE12345.com.example.recipes"]),
        ("https://example.com/recipes", []),
        ("https://example.com/recipes/private/secret", []),
        ("https://example.com/r/abc", ["ABCDE12345.com.example.recipes"]),
        ("https://example.com/r/ab", []),
        ("https://example.com/r/abcd", []),
        ("https://example.com/exact", ["ABCDE12345.com.example.recipes"]),
        ("https://example.com/exact/", []),
        ("https://example.com/EXACT", []),
        ("https://example.com/exact?x=1#top", ["ABCDE12345.com.example.recipes"]),
        ("https://example.com/chef/ann/profile", ["ABCDE12345.com.example.recipes"]),
        ("https://example.com/chef//profile", []),
        ("https://example.com/shop/kettle", ["ABCDE12345.com.example.shop"]),
        ("https://example.com/recipes/shop-kettle", ["ABCDE12345.com.example.recipes", "ABCDE12345.com.example.shop"]),
        ("https://example.com/", []),
        ("/recipes/x", ["ABCDE12345.com.example.recipes"]),
    ] as [(String, [String])])
    func legacyFormat(url: String, appIDs: [String]) throws {
        let association = try AppSiteAssociation(json: Self.legacy)
        let match = association.match(url)
        #expect(match.appIDs == appIDs, "\(url): \(match.message)")
        #expect(match.isUniversalLink == !appIDs.isEmpty)
    }

    static let app = ["TEAM1.com.example.app", "TEAM1.com.example.app.beta"]
    static let other = ["TEAM2.com.example.other"]

    @Test("components format", arguments: [
        ("https://example.com/admin/users", other),
        ("https://example.com/menu/burrito/1", app),
        ("https://example.com/menu/taco-supreme/1", app),
        ("https://example.com/menu/pizza/1", []),
        ("https://example.com/buy/shirt?color=red&size=L", app),
        ("https://example.com/buy/shirt?size=L&color=red", app),
        ("https://example.com/buy/shirt?color=&size=L", []),
        ("https://example.com/buy/shirt?size=L", []),
        ("https://example.com/buy/shirt?color=red", app),
        ("https://example.com/search?q=noodles", app),
        ("https://example.com/search?lang=en&q=noodles", []),
        ("https://example.com/search", []),
        ("https://example.com/help/intro#section-3", app),
        ("https://example.com/help/intro#section-10", []),
        ("https://example.com/help/intro", []),
        ("https://example.com/case/anything", app),
        ("https://example.com/CASE/anything", app),
        ("https://example.com/caf%C3%A9/menu", app),
        ("https://example.com/en-us/home", app),
        ("https://example.com/fr-ca/home", app),
        ("https://example.com/xx-us/home", []),
        ("https://example.com/en-gb/home", []),
        ("https://example.com/store/ab/1", app),
        ("https://example.com/store/a1/1", []),
        ("https://example.com/hex/fF", app),
        ("https://example.com/hex/fg", []),
        ("https://example.com/shared/x", other),
        ("https://example.com/nothing", []),
    ] as [(String, [String])])
    func componentsFormat(url: String, appIDs: [String]) throws {
        let association = try AppSiteAssociation(json: Self.components)
        let match = association.match(url)
        #expect(match.appIDs == appIDs, "\(url): \(match.message)")
    }

    @Test("an exclude rule stops its detail and says so")
    func excludeMessage() throws {
        let association = try AppSiteAssociation(json: Self.components)
        let match = association.match("https://example.com/admin/users")
        #expect(match.decisions[0].outcome == .excluded(ruleIndex: 0))
        #expect(match.decisions[1].outcome == .included(ruleIndex: 0))
        let excludedOnly = try AppSiteAssociation(
            json: #"{"applinks": {"details": [{"appIDs": ["A.b"], "components": [{"/": "/x/*", "exclude": true}, {"/": "*"}]}]}}"#)
        let result = excludedOnly.match("/x/1")
        #expect(!result.isUniversalLink)
        #expect(result.message.contains("excluded"))
        #expect(excludedOnly.match("/y").isUniversalLink)
    }

    @Test("parsed model: defaults, variables, comments, web credentials")
    func model() throws {
        let association = try AppSiteAssociation(json: Self.components)
        #expect(association.details.count == 2)
        #expect(association.details[0].components[0].comment == "never the admin pages")
        #expect(association.details[0].components[0].exclude)
        #expect(association.details[0].components[5].caseSensitive == false)
        #expect(association.details[1].components.allSatisfy { !$0.caseSensitive })
        #expect(association.substitutionVariables["food"] == ["burrito", "taco*"])
        #expect(association.webCredentialsApps == ["TEAM1.com.example.app"])
        #expect(association.details[0].components[2].query == .items([
            .init(name: "color", value: "?*"), .init(name: "size", value: "*"),
        ]))
    }

    @Test("a component without a path matches any path; percent-encoded patterns compare as sent")
    func componentDefaults() throws {
        let association = try AppSiteAssociation(
            json: """
                {"applinks": {"details": [{"appIDs": ["A.b"], "components": [
                  {"?": {"ref": "campaign-*"}},
                  {"/": "/caf%C3%A9/*"}
                ]}]}}
                """)
        #expect(association.match("/any/where?ref=campaign-7").isUniversalLink)
        #expect(!association.match("/any/where?ref=other").isUniversalLink)
        #expect(association.match("/caf%C3%A9/x").isUniversalLink)
        #expect(!association.match("/café/x").isUniversalLink)
    }

    @Test("the oldest keyed form of details")
    func keyedDetails() throws {
        let association = try AppSiteAssociation(
            json: #"{"applinks": {"apps": [], "details": {"T.app": {"paths": ["*"]}}}}"#)
        #expect(association.match("/anything").appIDs == ["T.app"])
    }

    @Test("bad files are typed errors")
    func badFiles() {
        for text in ["", "not json", "{}", #"{"applinks": {}}"#, #"{"applinks": 3}"#] {
            #expect(throws: WebMarkupError.self) { try AppSiteAssociation(json: text) }
        }
    }

    @Test("pattern matching edge cases", arguments: [
        ("*", "", true), ("*", "/a/b", true), ("?", "", false), ("?", "a", true), ("?*", "", false), ("?*", "a", true),
        ("a*b*c", "aXXbYYc", true), ("a*b*c", "aXXcYYb", false), ("**", "x", true), ("$(unknown)", "$(unknown)", true),
        ("$(open", "$(open", true), ("/é/?", "/é/x", true),
    ] as [(String, String, Bool)])
    func patterns(pattern: String, subject: String, matches: Bool) {
        #expect(AssociationPattern(pattern, caseSensitive: true, variables: [:]).matches(subject) == matches)
    }

    @Test("matching long subjects is fast (no exponential backtracking)")
    func pathological() {
        let pattern = AssociationPattern(String(repeating: "*a", count: 30) + "b", caseSensitive: true, variables: [:])
        let subject = String(repeating: "a", count: 5_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(!pattern.matches(subject)) }
        #expect(elapsed < .seconds(5))
    }
}
