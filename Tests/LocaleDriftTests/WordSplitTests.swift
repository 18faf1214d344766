import DocSpecTestSupport
import Testing

@testable import LocaleDrift

/// untranslated-text splits a block's prose words at space bytes where that gives what
/// `split(separator: " ")` gives (by `Character`): generated texts mixing Latin, Cyrillic,
/// Japanese, combining marks, a prepended Arabic sign and emoji next to spaces give the same words.
@Suite struct WordSplitTests {
    @Test func sameWordsAsCharacterSplit() {
        let pieces = [
            "word", "Слово", "日本語", "ひらがな", "カタカナ", "한국어", "e\u{301}", "\u{301}", "\u{600}", "👍", "\u{200D}", "x", " ", " ",
            "Ёж", "ー", "・", "\u{3099}",
        ]
        var rng = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        for _ in 0..<3_000 {
            let text = rng.text(of: 8, from: pieces)
            #expect(UntranslatedTextRule.words(text) == text.split(separator: " "), "\(text.debugDescription)")
        }
    }
}
