import DocSpecTestSupport
import Testing

@testable import SpecModel

/// The byte paths of token extraction against their general forms on generated inputs: the
/// vector candidate search against a byte-by-byte one, the prose scan that starts at the first
/// token byte against the scalar scan from the start, and the one-pass identifier parts against
/// the split of `Character`s.
@Suite struct TokenFastPathTests {
    /// `tokenCandidate` finds what a byte-by-byte search finds, from every start, in text mixing
    /// ASCII, Japanese, Cyrillic and full-width runs longer than a vector.
    @Test func candidateSearchAgreesWithBytes() {
        let pieces = [
            "abcdefghijklmnopqrstuvwxyz ", "日本語の文章です。", "（括弧）", "текст ", "7", "%", "{", "$", "４", "#", ":", "/", "~", "\u{3000}",
            "ABCDEFGHIJKLMNOPQR", "@[\\]^`|}",
        ]
        var rng = SeededGenerator(seed: 0x0DDC_0FFE_E15E_A5ED)
        for _ in 0..<3_000 {
            let bytes = Array(rng.text(of: 6, from: pieces).utf8)
            bytes.withUnsafeBufferPointer { b in
                for start in 0...b.count {
                    var expected = start
                    while expected < b.count {
                        let c = b[expected]
                        if c == 0x25 || c == 0x7B || c == 0x24 || c == 0xEF || (c >= 0x30 && c <= 0x39) { break }
                        expected += 1
                    }
                    #expect(TokenExtractor.tokenCandidate(b, from: start) == expected)
                }
            }
        }
    }

    /// `tokens(prose:into:)` (which scans from the first byte that may start a token) gives the
    /// numbers, word numbers and placeholders of `scanProse` over all of the text's scalars.
    @Test func proseTokensAgreeWithTheScalarScan() {
        let pieces = [
            "12", "1,000", "1 000", "3.5", "%s", "%1$d", "%@", "%x", "{name}", "${x}", "$", "{", "{}", "万", "億件", "進数", "４２", "１，０００",
            " ", "\u{3000}", "ES256", "h2", "abc ", "長い日本語の文章です。", "（括弧）", "текст ", "a long run of ascii words ", "%", "_",
        ]
        let extractor = TokenExtractor(locales: [])
        var rng = SeededGenerator(seed: 0x5EED_0F70_C0DE_0001)
        for _ in 0..<5_000 {
            let text = rng.text(of: 8, from: pieces)
            let u = Array(text.unicodeScalars)
            var numbers: [String] = []
            var wordNumbers: [String] = []
            var placeholders: [String] = []
            extractor.scanProse(u) { kind, token, range in
                if kind == 0 {
                    numbers.append(token)
                    if range.upperBound + 1 < u.count, Script(u[range.upperBound]) == .han, Script(u[range.upperBound + 1]) == .han {
                        wordNumbers.append(token)
                    }
                } else {
                    placeholders.append(token)
                }
            }
            var t = InvariantTokens()
            extractor.tokens(prose: text, into: &t)
            #expect(t.numbers == numbers, "\(text.debugDescription)")
            #expect(t.wordNumbers == wordNumbers, "\(text.debugDescription)")
            #expect(t.placeholders == placeholders, "\(text.debugDescription)")
        }
    }

    /// The identifier parts of code tokens, ASCII on bytes in one pass, equal the `Character`
    /// split of the general path (letters, numbers and `_` form parts) for ASCII tokens, and a
    /// non-ASCII token leaves nothing behind on the byte path.
    @Test func identifierPartsAgreeWithTheCharacterSplit() {
        let pieces = ["Node", ".", "ELEMENT_NODE", "_", "x1", "(", ")", " ", "-", "a", "9", "::", "\r\n", "\t", "日本", "é"]
        var rng = SeededGenerator(seed: 0x1DE7_1F1E_5000_0002)
        for _ in 0..<5_000 {
            let code = rng.text(of: 5, from: pieces)
            for wholeWords in [false, true] {
                var expected: [UInt64] = []
                let parts = code.split { !($0.isLetter || $0.isNumber || $0 == "_") }
                if parts.count > 1 || (wholeWords && parts.count == 1) {
                    for p in parts { expected.append(TagHash.of(UInt8(ascii: "i"), p)) }
                }
                var t = InvariantTokens()
                t.code = [code]
                var got: [UInt64] = [7]
                t.appendIdentifierParts(wholeWords: wholeWords, to: &got)
                #expect(got == [7] + expected, "\(code.debugDescription)")
                let bytes = Array(code.utf8)
                var out: [UInt64] = [7]
                let ascii = bytes.withUnsafeBufferPointer {
                    InvariantTokens.appendASCIIIdentifierParts(bytes: $0, wholeWords: wholeWords, to: &out)
                }
                #expect(ascii == code.utf8.allSatisfy { $0 < 0x80 })
                #expect(out == (ascii ? [7] + expected : [7]), "\(code.debugDescription)")
            }
        }
    }

    /// `SiteSyntax.holdsSiteSyntax` (one vector pass for `{`, `:` and `<`) agrees with searching
    /// for `{`, `:::` and `<!--` one after another, on text with partial markers at every offset.
    @Test func siteSyntaxCheckAgreesWithTheSearches() {
        let pieces = ["plain ascii text ", "日本語の文章", ":", "::", ":::", "<", "<!", "<!-", "<!--", "{", "-", "!", "текст", "\n"]
        var rng = SeededGenerator(seed: 0x5173_5E17_A5A5_0003)
        for _ in 0..<5_000 {
            let bytes = Array(rng.text(of: 5, from: pieces).utf8)
            bytes.withUnsafeBufferPointer { b in
                let expected = ByteSearch.contains(b, "{") || ByteSearch.contains(b, ":::") || ByteSearch.contains(b, "<!--")
                #expect(SiteSyntax.holdsSiteSyntax(b) == expected, "\(String(decoding: b, as: UTF8.self).debugDescription)")
                for start in 0...b.count {
                    var first = start
                    while first < b.count, ![UInt8(0x7B), 0x3A, 0x3C].contains(b[first]) { first += 1 }
                    #expect(ByteSearch.firstIndex(in: b, from: start, of: 0x7B, 0x3A, 0x3C) == first)
                }
            }
        }
    }

    /// Link targets of any printable ASCII (capitals next to `@`, `[`, `` ` `` and `{`, the bytes
    /// around the word-wise lower-casing's bounds) normalise alike on the byte and general paths.
    @Test func asciiTargetsOfEveryByteAgree() {
        let printable = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        let pieces = printable + ["https://", "/JA/", "/Docs/", "AZaz@[`{", ".MD", "WWW."]
        var rng = SeededGenerator(seed: 0xA5C1_10BE_7E55_0004)
        for _ in 0..<5_000 {
            let target = rng.text(of: 12, from: pieces)
            let fast = LinkTarget.normalizedASCII(target, locales: ["ja"])
            #expect(fast != nil && fast! == LinkTarget.normalizedGeneral(target, locales: ["ja"]), "\(target.debugDescription)")
        }
    }
}
