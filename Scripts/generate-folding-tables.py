#!/usr/bin/env python3
"""Generates the Unicode tables of LimelightText from Python's unicodedata.

Writes Sources/LimelightText/FoldingTables+Data.swift (folding),
Sources/LimelightText/WordCategoryTable+Data.swift (letter/number/mark classes for segmentation) and
Tests/LimelightTextTests/FoldingVectors+Generated.swift (folding test vectors computed with Python's
own normalization and case folding, to check the module's tables and normalizer against).

LimelightText imports no Foundation, so it has no Unicode normalization of its own. This script
writes the few Unicode tables that text folding needs, as compact hexadecimal text that the module
parses once, on first use:

- decomposition: the full canonical decomposition (NFD) of every scalar that has one, except the
  Hangul syllables (those are never decomposed by folding).
- combiningClass: the canonical combining class of every scalar whose class is not 0.
- composition: the primary composites, as (first, second) -> composite, for canonical composition.
- caseFolding: full Unicode case folding (str.casefold), in decomposed form.
- diacriticFolding: letters that carry a diacritic that is not a separate combining mark
  (o with stroke, l with stroke, dotless i, ligatures ae and oe, eth, thorn, compatibility letters
  of the Latin, Greek and Cyrillic blocks), mapped to their plain letters.
- widthFolding: fullwidth ASCII to ASCII and halfwidth forms to their normal width.

Each table is a string of entries separated by spaces or newlines. An entry is the key scalar in
hexadecimal, a colon, and the mapped scalars in hexadecimal separated by dots, e.g. `C0:41.300`.
The composition table's entries are `first.second:composite`.

The word category table is a list of runs `start:class` (hexadecimal), one per change of class
over all scalar values, where the class is 0 for separators, 1 for lowercase letters (Ll),
2 for uppercase and titlecase letters (Lu, Lt), 3 for other letters and numbers (Lo, Lm, N*),
5 for combining marks (M*) and 7 for scalars unassigned in this Unicode version (the module then
asks the standard library, whose Unicode data may be newer). Bit 8 is added to the class of every
scalar that index-term folding may change or leave out (see index_term_changes): words made only of
other scalars are their own index terms, once ASCII is lowercased.

Usage: python3 Scripts/generate-folding-tables.py   (run from the package root)
"""
import os
import random
import re
import unicodedata

MAX_SCALAR = 0x110000


def scalars():
    for code in range(MAX_SCALAR):
        if 0xD800 <= code <= 0xDFFF:
            continue
        yield code


def is_hangul_syllable(code):
    return 0xAC00 <= code <= 0xD7A3


def nfd(text):
    return unicodedata.normalize("NFD", text)


# Combining marks that diacritic folding removes: the general-purpose combining diacritics plus the
# Hebrew points and Arabic vowel marks. Marks that change a letter into another letter (the kana
# voicing marks, Indic vowel signs, nukta) are kept. Keep in sync with TextFolding.isStrippableMark.
STRIPPABLE_MARK_RANGES = [
    (0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x20D0, 0x20FF), (0xFE20, 0xFE2F),
    (0x0591, 0x05BD), (0x05BF, 0x05BF), (0x05C1, 0x05C2), (0x05C4, 0x05C5), (0x05C7, 0x05C7),
    (0x0610, 0x061A), (0x064B, 0x065F), (0x0670, 0x0670),
]


def is_strippable_mark(code):
    return any(low <= code <= high for low, high in STRIPPABLE_MARK_RANGES)


# Blocks whose letters may be folded through their compatibility decomposition (ligatures, long s,
# dz digraphs, letters with a middle dot, Greek symbol variants, ...).
COMPATIBILITY_FOLDED_RANGES = [
    (0x0080, 0x024F), (0x0250, 0x02AF), (0x0370, 0x03FF), (0x0400, 0x052F), (0x1D00, 0x1DBF),
    (0x1E00, 0x1EFF), (0x1F00, 0x1FFF), (0x2C60, 0x2C7F), (0xA640, 0xA69F), (0xA720, 0xA7FF),
    (0xAB30, 0xAB6F), (0xFB00, 0xFB06),
]

# Letters whose names do not follow the "LETTER X WITH ..." pattern but that search folds all the same.
EXTRA_DIACRITIC_FOLDS = {
    0x00F0: "d", 0x00D0: "D",  # eth
    0x00FE: "th", 0x00DE: "TH",  # thorn
    0x0131: "i",  # dotless i
    0x0237: "j",  # dotless j
}

LETTER_WITH = re.compile(r"^LATIN (SMALL|CAPITAL) LETTER ([A-Z]) WITH ")
LETTER_PAIR = re.compile(r"^LATIN (SMALL|CAPITAL) (?:LETTER|LIGATURE) (AE|OE|IJ)$")


def is_letter_or_number(ch):
    return unicodedata.category(ch)[0] in "LN"


def plain_letter(code):
    """The plain letters for a letter whose diacritic is part of the letter itself, or None."""
    if code in EXTRA_DIACRITIC_FOLDS:
        return EXTRA_DIACRITIC_FOLDS[code]
    name = unicodedata.name(chr(code), "")
    for pattern in (LETTER_WITH, LETTER_PAIR):
        match = pattern.match(name)
        if match:
            letters = match.group(2)
            return letters.lower() if match.group(1) == "SMALL" else letters
    return None


def strip_marks(text):
    return "".join(ch for ch in text if not is_strippable_mark(ord(ch)))


def diacritic_fold_one(ch, depth=0):
    """Folds one decomposed scalar; the result is decomposed and has no strippable marks."""
    code = ord(ch)
    if depth > 4 or is_strippable_mark(code):
        return strip_marks(ch)
    if not unicodedata.category(ch).startswith("L"):
        return ch
    replacement = plain_letter(code)
    if replacement is None and any(low <= code <= high for low, high in COMPATIBILITY_FOLDED_RANGES):
        compatibility = strip_marks(unicodedata.normalize("NFKD", ch))
        if compatibility and compatibility != ch and all(is_letter_or_number(c) for c in compatibility):
            replacement = compatibility
    if replacement is None:
        return ch
    return "".join(diacritic_fold_one(c, depth + 1) for c in nfd(replacement))


def hex_entry(key, values):
    return "%X:%s" % (key, ".".join("%X" % ord(c) if isinstance(c, str) else "%X" % c for c in values))


def build_tables():
    decomposition = []
    combining = []
    composition = []
    case_folding = []
    diacritic_folding = []
    width_folding = []
    for code in scalars():
        ch = chr(code)
        if unicodedata.category(ch) == "Cn":
            continue
        decomposed = nfd(ch)
        if decomposed != ch and not is_hangul_syllable(code):
            decomposition.append(hex_entry(code, decomposed))
            pair = unicodedata.decomposition(ch).split()
            if len(pair) == 2 and not pair[0].startswith("<") and unicodedata.normalize("NFC", decomposed) == ch:
                composition.append("%s.%s:%X" % (pair[0].lstrip("0") or "0", pair[1].lstrip("0") or "0", code))
        ccc = unicodedata.combining(ch)
        if ccc:
            combining.append(hex_entry(code, [ccc]))
        if decomposed == ch:
            folded = nfd(ch.casefold())
            if folded != ch:
                case_folding.append(hex_entry(code, folded))
            plain = diacritic_fold_one(ch)
            if plain != ch:
                diacritic_folding.append(hex_entry(code, plain))
        if 0xFF01 <= code <= 0xFFEE:
            narrow = nfd(unicodedata.normalize("NFKC", ch))
            if narrow != ch:
                width_folding.append(hex_entry(code, narrow))
    return {
        "decomposition": decomposition,
        "combiningClass": combining,
        "composition": composition,
        "caseFolding": case_folding,
        "diacriticFolding": diacritic_folding,
        "widthFolding": width_folding,
    }


DESCRIPTIONS = {
    "decomposition": "Full canonical decompositions (NFD), Hangul syllables excepted.",
    "combiningClass": "Canonical combining classes that are not 0.",
    "composition": "Primary composites: `first.second:composite`.",
    "caseFolding": "Full case folding, in decomposed form.",
    "diacriticFolding": "Letters whose diacritic is part of the letter, mapped to plain letters (decomposed).",
    "widthFolding": "Fullwidth and halfwidth forms mapped to their normal width (decomposed).",
}


def swift_literal(entries, per_line=8):
    lines = []
    for start in range(0, len(entries), per_line):
        lines.append("        " + " ".join(entries[start:start + per_line]))
    return '"""\n' + "\n".join(lines) + '\n        """'


# Scalars that index terms leave out. Keep in sync with TermFolder.isLeftOutOfTerms.
LEFT_OUT_OF_TERMS_RANGES = [
    (0x27, 0x27), (0x2019, 0x2019), (0x00AD, 0x00AD), (0x034F, 0x034F), (0x0640, 0x0640),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x2060, 0x2064), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF),
]


HANGUL_VOWEL_AND_TRAILING_JAMO = list(range(0x1161, 0x1176)) + list(range(0x11A8, 0x11C3))


def composition_participants():
    """Non-starters and the starters that compose with the scalar before them (including the
    Hangul vowel and trailing consonant jamo, composed arithmetically)."""
    participants = set(HANGUL_VOWEL_AND_TRAILING_JAMO)
    for code in scalars():
        ch = chr(code)
        if unicodedata.combining(ch):
            participants.add(code)
        pair = unicodedata.decomposition(ch).split()
        if len(pair) == 2 and not pair[0].startswith("<") and unicodedata.normalize("NFC", nfd(ch)) == ch:
            participants.add(int(pair[1], 16))
    return participants


def index_term_fold(ch):
    """Folds one scalar the way the module folds index terms (width, case, diacritics, NFC)."""
    if 0xFF01 <= ord(ch) <= 0xFFEE:
        ch = unicodedata.normalize("NFKC", ch)
    folded = ""
    for part in nfd(ch):
        for lower in nfd(part.casefold()):
            for plain in diacritic_fold_one(lower):
                folded += nfd(plain.casefold())
    return unicodedata.normalize("NFC", strip_marks(folded))


def index_term_changes(code, participants):
    """Whether index-term folding may change `code`, leave it out, or combine it with a neighbour."""
    if code < 0x80:
        return code == 0x27  # ASCII case is handled by the ASCII path
    if code in participants or any(low <= code <= high for low, high in LEFT_OUT_OF_TERMS_RANGES):
        return True
    return index_term_fold(chr(code)) != chr(code)


def word_category(code, participants):
    if 0xD800 <= code <= 0xDFFF:
        return 0
    category = unicodedata.category(chr(code))
    if category == "Cn":
        return 7
    changes = 8 if index_term_changes(code, participants) else 0
    if category == "Ll":
        return 1 | changes
    if category in ("Lu", "Lt"):
        return 2 | changes
    if category[0] in "LN":
        return 3 | changes
    if category[0] == "M":
        return 5 | changes
    return 0


def word_category_runs():
    participants = composition_participants()
    runs = []
    previous = None
    for code in range(MAX_SCALAR):
        category = word_category(code, participants)
        if category != previous:
            runs.append(hex_entry(code, [category]))
            previous = category
    return runs


def header():
    return ("// Generated by Scripts/generate-folding-tables.py from Python's unicodedata (Unicode %s).\n"
            "// Do not edit by hand.\n\n" % unicodedata.unidata_version)


def write_folding_tables(path):
    tables = build_tables()
    with open(path, "w") as out:
        out.write(header())
        out.write("/// The Unicode data behind text folding, as hexadecimal entries `key:value.value`.\n")
        out.write("///\n/// Parsed once into ``ScalarMappingTable`` values by ``FoldingTables``.\n")
        out.write("enum FoldingTableData {\n")
        out.write("    /// The Unicode version the tables were generated from.\n")
        out.write('    static let unicodeVersion = "%s"\n' % unicodedata.unidata_version)
        for name, entries in tables.items():
            out.write("\n    /// %s %d entries.\n" % (DESCRIPTIONS[name], len(entries)))
            out.write("    static let %s = %s\n" % (name, swift_literal(entries)))
        out.write("}\n")


def write_word_categories(path):
    runs = word_category_runs()
    with open(path, "w") as out:
        out.write(header())
        out.write("/// The word category of every scalar value, as runs `start:class` in hexadecimal.\n")
        out.write("///\n/// Parsed once into a two-stage table by ``WordCategoryTable``.\n")
        out.write("enum WordCategoryData {\n")
        out.write("    /// Class runs: 0 separator, 1 lowercase, 2 uppercase or titlecase, 3 other letter or\n")
        out.write("    /// number, 5 combining mark, 7 unassigned in Unicode %s; plus 8 when index-term\n"
                  % unicodedata.unidata_version)
        out.write("    /// folding may change the scalar. %d runs.\n" % len(runs))
        out.write("    static let runs = %s\n" % swift_literal(runs, per_line=10))
        out.write("}\n")


def reference_fold(text, options):
    """Folds `text` with Python's NFD/NFKC/NFC and casefold: case (1), diacritics (2), width (4)."""
    case, diacritics, width = options & 1, options & 2, options & 4
    folded = ""
    for ch in text:
        if width and 0xFF01 <= ord(ch) <= 0xFFEE:
            ch = unicodedata.normalize("NFKC", ch)
        parts = ch if is_hangul_syllable(ord(ch)) else nfd(ch)
        for part in parts:
            for lower in (nfd(part.casefold()) if case else part):
                if not diacritics:
                    folded += lower
                elif not is_strippable_mark(ord(lower)):
                    plain = diacritic_fold_one(lower)
                    if plain != lower and case:
                        plain = "".join(diacritic_fold_one(c) for c in nfd(plain.casefold()))
                    folded += plain
    return unicodedata.normalize("NFC", folded)


VECTOR_RANGES = [
    (0x41, 0x7A), (0xC0, 0x24F), (0x300, 0x36F), (0x370, 0x3FF), (0x400, 0x4FF), (0x1E00, 0x1FFF),
    (0x3040, 0x30FF), (0xFF01, 0xFF9F), (0x0590, 0x06FF), (0x0900, 0x097F), (0x0B00, 0x0B7F),
    (0x2100, 0x214F), (0xFB00, 0xFB4F), (0xA720, 0xA7FF), (0x1D00, 0x1DFF), (0x10400, 0x1044F),
    (0x1100, 0x1112), (0x1161, 0x1175), (0x11A8, 0x11C2), (0xAC00, 0xAC40), (0xD55C, 0xD56C),
]


def write_test_vectors(path):
    pool = [chr(code) for low, high in VECTOR_RANGES for code in range(low, high + 1)
            if unicodedata.category(chr(code)) not in ("Cn", "Cs", "Cc")]
    generator = random.Random(29)
    lines = []
    for options in (0, 1, 2, 3, 4, 7):
        for _ in range(150):
            text = "".join(generator.choice(pool) for _ in range(generator.randint(1, 5)))
            expected = reference_fold(text, options)
            lines.append("%d %s %s" % (options, ".".join("%X" % ord(c) for c in text),
                                       ".".join("%X" % ord(c) for c in expected) or "-"))
    with open(path, "w") as out:
        out.write(header())
        out.write("/// Folding test vectors: `options input expected`, scalars in hexadecimal joined by dots\n")
        out.write("/// (`-` for an empty result). Options: 1 case, 2 diacritics, 4 width.\n")
        out.write("enum FoldingVectors {\n")
        out.write("    /// %d vectors of random text from the Latin, Greek, Cyrillic, kana, fullwidth, Hebrew,\n"
                  % len(lines))
        out.write("    /// Arabic and Indic blocks, folded by Python's own normalization and case folding.\n")
        out.write('    static let lines = """\n')
        for line in lines:
            out.write("        %s\n" % line)
        out.write('        """\n}\n')


def main():
    package = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    root = os.path.join(package, "Sources", "LimelightText")
    write_folding_tables(os.path.join(root, "FoldingTables+Data.swift"))
    write_word_categories(os.path.join(root, "WordCategoryTable+Data.swift"))
    write_test_vectors(os.path.join(package, "Tests", "LimelightTextTests", "FoldingVectors+Generated.swift"))


if __name__ == "__main__":
    main()
