import DocSpecTestSupport
import MarkdownSyntax
import Testing

@testable import SpecModel

/// The page model's byte-level paths agree with the string work they replace on generated
/// input: the structure builder's letter count (eight bytes at a time where they hold only
/// ASCII, Cyrillic U+0400–U+047F and continuation bytes), a table cell's trimmed and stripped
/// text and a code block's language, and the extractor's info string words and language cut.
@Suite("Page model fast paths agree with references")
struct StructureFastPathTests {
    static let letterPieces = [
        "текст", "Ёж", "ж", "Ѡѿ", "ҋ", "Ә", "«", "»", "—", "é", "ß", "日本語", "かな", "。", "、", "😀", "𝐀", "e\u{0301}",
        " ", "  ", "\n", "\r\n", "\t", "a", "Word", "Z", "@", "[", "`", "{", "~", "1", "42", ".", ",", "\u{3000}", "\u{00A0}",
        "\u{0482}", "\u{0483}",
    ]

    @Test func letterCountAgreesWithScalarClassification() {
        var g = SeededGenerator(seed: 0x1E77E5)
        for _ in 0..<6_000 {
            let s = g.text(of: Int(g.next() % 40), from: Self.letterPieces)
            let expected = s.unicodeScalars.reduce(0) { $0 + (Script.isLetter($1) ? 1 : 0) }
            #expect(PageStructure.Builder.letters(s) == expected, "\(s.debugDescription)")
        }
    }

    static let cellPieces = [
        " ", "  ", "\t", "\n", "\r", "\r\n", "a", "Word", "текст", "日本", "{{Compat}}", "{#id}", "{/*x*/}", "{", "}", ":::",
        "::: tip\n", "<!--", "-->", "<!-- c -->", "`", "e\u{0301}", "\u{0301}", "1",
    ]

    @Test func cellTextAgreesWithTrimAndStrip() {
        var g = SeededGenerator(seed: 0xCE11)
        for _ in 0..<6_000 {
            let s = g.text(of: Int(g.next() % 12), from: Self.cellPieces)
            let expected = SiteSyntax.strip(s.trimmingSpaces).trimmingSpaces
            let bytes = ArraySlice(Array(s.utf8))
            for inlines in [[Inline.text(s)], [Inline.code(s)], [Inline.text(s), Inline.text("")]] {
                let got = PageStructure.Builder.cellText(inlines, bytes)
                #expect(got.utf8.elementsEqual(expected.utf8), "\(s.debugDescription)")
            }
        }
    }

    static let infoPieces = [" ", "  ", "js", "JS", "Rust", "title=\"a b\"", "{1,3}", "é", "\u{0301}", "\t", "\r\n", "-", "C++", "日本"]

    @Test func codeLanguageAgreesWithSplit() {
        var g = SeededGenerator(seed: 0x1A46)
        for _ in 0..<4_000 {
            let s = g.text(of: Int(g.next() % 6), from: Self.infoPieces)
            let expected = s.split(separator: " ").first.map { String($0).lowercased() } ?? ""
            #expect(PageStructure.Builder.codeLanguage(s).utf8.elementsEqual(expected.utf8), "\(s.debugDescription)")
        }
    }

    static let wordPieces = [
        " ", "\t", "\"", "rust", "JS", ",", "{", "}", ":", "ignore", "title=", "\r\n", "\r", "\n", "é", "\u{0301}", "日本", "=",
    ]

    @Test func infoWordsAndLanguageCutAgreeWithCharacterSearches() {
        var g = SeededGenerator(seed: 0x1F0)
        for _ in 0..<6_000 {
            let s = g.text(of: Int(g.next() % 10), from: Self.wordPieces)
            let words = SpecExtractor.infoWords(s)
            let expected = SpecExtractor.characterInfoWords(s)
            #expect(words.count == expected.count && zip(words, expected).allSatisfy { $0.utf8.elementsEqual($1.utf8) }, "\(s.debugDescription)")
            let cut = SpecExtractor.languageCut(s).map { s.utf8.distance(from: s.utf8.startIndex, to: $0) }
            let expectedCut = s.firstIndex(where: { $0 == "," || $0 == "{" || $0 == ":" }).map { s.utf8.distance(from: s.utf8.startIndex, to: $0) }
            #expect(cut == expectedCut, "\(s.debugDescription)")
        }
    }
}
