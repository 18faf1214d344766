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
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<8 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            #expect(UntranslatedTextRule.words(text) == text.split(separator: " "), "\(text.debugDescription)")
        }
    }
}
