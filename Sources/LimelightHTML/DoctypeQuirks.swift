/// Quirks mode detection from the DOCTYPE token (HTML §13.2.6.4.1, "initial" insertion mode).
enum DoctypeQuirks {
    private static let quirksPublicPrefixes: [String] = [
        "+//silmaril//dtd html pro v0r11 19970101//", "-//as//dtd html 3.0 aswedit + extensions//",
        "-//advasoft ltd//dtd html 3.0 aswedit + extensions//", "-//ietf//dtd html 2.0 level 1//",
        "-//ietf//dtd html 2.0 level 2//", "-//ietf//dtd html 2.0 strict level 1//",
        "-//ietf//dtd html 2.0 strict level 2//", "-//ietf//dtd html 2.0 strict//", "-//ietf//dtd html 2.0//",
        "-//ietf//dtd html 2.1e//", "-//ietf//dtd html 3.0//", "-//ietf//dtd html 3.2 final//",
        "-//ietf//dtd html 3.2//", "-//ietf//dtd html 3//", "-//ietf//dtd html level 0//",
        "-//ietf//dtd html level 1//", "-//ietf//dtd html level 2//", "-//ietf//dtd html level 3//",
        "-//ietf//dtd html strict level 0//", "-//ietf//dtd html strict level 1//",
        "-//ietf//dtd html strict level 2//", "-//ietf//dtd html strict level 3//", "-//ietf//dtd html strict//",
        "-//ietf//dtd html//", "-//metrius//dtd metrius presentational//",
        "-//microsoft//dtd internet explorer 2.0 html strict//", "-//microsoft//dtd internet explorer 2.0 html//",
        "-//microsoft//dtd internet explorer 2.0 tables//", "-//microsoft//dtd internet explorer 3.0 html strict//",
        "-//microsoft//dtd internet explorer 3.0 html//", "-//microsoft//dtd internet explorer 3.0 tables//",
        "-//netscape comm. corp.//dtd html//", "-//netscape comm. corp.//dtd strict html//",
        "-//o'reilly and associates//dtd html 2.0//", "-//o'reilly and associates//dtd html extended 1.0//",
        "-//o'reilly and associates//dtd html extended relaxed 1.0//",
        "-//sq//dtd html 2.0 hotmetal + extensions//",
        "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
        "-//softquad//dtd hotmetal pro 4.0::19970916::extensions to html 4.0//",
        "-//spyglass//dtd html 2.0 extended//", "-//sun microsystems corp.//dtd hotjava html//",
        "-//sun microsystems corp.//dtd hotjava strict html//", "-//w3c//dtd html 3 1995-03-24//",
        "-//w3c//dtd html 3.2 draft//", "-//w3c//dtd html 3.2 final//", "-//w3c//dtd html 3.2//",
        "-//w3c//dtd html 3.2s draft//", "-//w3c//dtd html 4.0 frameset//", "-//w3c//dtd html 4.0 transitional//",
        "-//w3c//dtd html experimental 19960712//", "-//w3c//dtd html experimental 970421//",
        "-//w3c//dtd w3 html//", "-//w3o//dtd w3 html 3.0//", "-//webtechs//dtd mozilla html 2.0//",
        "-//webtechs//dtd mozilla html//",
    ]

    /// ASCII-lowercases `text` (other characters unchanged).
    static func asciiLowercased(_ text: String) -> String {
        String(decoding: text.utf8.map(ASCII.lowercased), as: UTF8.self)
    }

    /// The document mode a DOCTYPE token selects.
    static func quirksMode(for doctype: DoctypeToken) -> HTMLQuirksMode {
        if doctype.forceQuirks || doctype.name != "html" { return .quirks }
        let publicIdentifier = doctype.publicIdentifier.map(asciiLowercased)
        let systemIdentifier = doctype.systemIdentifier.map(asciiLowercased)
        if let publicIdentifier {
            if publicIdentifier == "-//w3o//dtd w3 html strict 3.0//en//"
                || publicIdentifier == "-/w3c/dtd html 4.0 transitional/en" || publicIdentifier == "html"
            {
                return .quirks
            }
            if quirksPublicPrefixes.contains(where: { publicIdentifier.hasPrefix($0) }) { return .quirks }
            let html401 = publicIdentifier.hasPrefix("-//w3c//dtd html 4.01 frameset//")
                || publicIdentifier.hasPrefix("-//w3c//dtd html 4.01 transitional//")
            if systemIdentifier == nil && html401 { return .quirks }
            if publicIdentifier.hasPrefix("-//w3c//dtd xhtml 1.0 frameset//")
                || publicIdentifier.hasPrefix("-//w3c//dtd xhtml 1.0 transitional//")
            {
                return .limitedQuirks
            }
            if systemIdentifier != nil && html401 { return .limitedQuirks }
        }
        if systemIdentifier == "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd" { return .quirks }
        return .noQuirks
    }
}
