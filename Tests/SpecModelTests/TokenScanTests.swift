import Testing

@testable import SpecModel

/// The prose token scan skips eight bytes at a time up to the first word that may hold a token's
/// first byte (`%`, `{`, an ASCII or full-width digit): a token at any offset, after ASCII,
/// Cyrillic or Japanese text, is still found, and text without one has none.
@Suite struct TokenScanTests {
    @Test(arguments: ["", "a", "текст ", "日本語の", "x\u{3000}y"])
    func tokenAtEveryOffset(lead: String) {
        let extractor = TokenExtractor(locales: [])
        let tokens: [(String, (InvariantTokens) -> [String], String)] = [
            ("7", \.numbers, "7"), ("４２", \.numbers, "42"), ("%s", \.placeholders, "%s"), ("{name}", \.placeholders, "{name}"),
        ]
        for (written, read, expected) in tokens {
            for pad in 0..<20 {
                var t = InvariantTokens()
                let prose = String(repeating: lead, count: pad) + " " + written + " end"
                extractor.tokens(prose: prose, into: &t)
                #expect(read(t) == [expected], "\(prose.debugDescription)")
            }
        }
        for pad in 0..<20 {
            var t = InvariantTokens()
            extractor.tokens(prose: String(repeating: lead + "ab ", count: pad), into: &t)
            #expect(t.numbers.isEmpty && t.placeholders.isEmpty)
        }
    }
}
