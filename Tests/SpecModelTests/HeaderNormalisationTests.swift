import DocSpecTestSupport
import Testing

@testable import SpecModel

/// `TableKind.normaliseHeader` returns the lower-cased text as it is when it holds none of the
/// removed characters' bytes, and filters whole characters otherwise. On generated headers in
/// three scripts, with the removed characters alone, doubled, at either end and followed by
/// combining marks (which keep them: the character is then another one), the result is the
/// character filter's.
@Suite struct HeaderNormalisationTests {
    /// The definition: lower-cased, without the characters ` `, tab, `-`, `_`, `:`, `` ` ``,
    /// `・` and the ideographic space.
    static func reference(_ text: String) -> String {
        String(text.lowercased().filter { !" \t-_:`・　".contains($0) })
    }

    @Test func sameAsTheCharacterFilter() {
        let pieces = [
            "Code", "コード", "Код", "ошибки", "名前", "Name", "ÉTAT", " ", "\t", "-", "_", ":", "`", "・", "　", "\u{0301}", "\u{3099}", "e",
            "İ", "ß", "Σ", "ー", "—", "–", "\u{200D}", "👍🏽",
        ]
        var rng = SeededGenerator(seed: 0x0DD5_EED5)
        for _ in 0..<5_000 {
            let text = rng.text(of: 1 + Int(rng.next() % 6), from: pieces)
            #expect(TableKind.normaliseHeader(text) == Self.reference(text), "\(Array(text.unicodeScalars))")
        }
        #expect(TableKind.normaliseHeader("Error code") == "errorcode")
        #expect(TableKind.normaliseHeader("エラー・コード") == "エラーコード")
        #expect(TableKind.normaliseHeader("-\u{0301}x") == "-\u{0301}x")
    }
}
