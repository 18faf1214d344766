import DocSpecTestSupport
import Testing

@testable import SpecModel

/// The token scan reads numbers and placeholders from UTF-8 bytes (`scanProseBytes`), decoding
/// scalars only where a token may start; `scanProse` (which `docspec fix` uses) reads decoded
/// scalars. On generated prose mixing numbers with separators and multipliers, placeholders,
/// identifiers and Japanese, Cyrillic and full-width text, both give the same tokens in the same
/// order, and the same numbers glued to ideographs.
@Suite struct ScanProseBytesTests {
    @Test func sameTokensAsTheScalarScan() {
        let pieces = [
            "12", "1,000", "1 000", "3.5", "0,5", "1.2.3", "%s", "%1$d", "%@", "%一s", "%x", "{name}", "${x}", "{}", "{a b}", "万", "億件",
            "兆", "件", "ES256", "h2", "４２", "１，０００", "，", "．", "\u{00A0}", "\u{202F}", "\u{2009}", "\u{3000}", " ", "年", "進数", "abc",
            "_", "текст", "日本語", "%", "{", "$", "9", "٣", "x1", "é",
        ]
        let extractor = TokenExtractor(locales: [])
        var rng = SeededGenerator(seed: 0x1234_5678_9ABC_DEF1)
        for _ in 0..<5_000 {
            let text = rng.text(of: 9, from: pieces)
            let u = Array(text.unicodeScalars)
            var expected: [String] = []
            extractor.scanProse(u) { kind, token, range in
                let glued = kind == 0 && range.upperBound + 1 < u.count && Script(u[range.upperBound]) == .han
                    && Script(u[range.upperBound + 1]) == .han
                expected.append("\(kind):\(token):\(glued)")
            }
            var bytes = Array(text.utf8)
            var got: [String] = []
            bytes.withUnsafeBufferPointer { b in
                extractor.scanProseBytes(b) { kind, token, end in
                    var glued = false
                    if kind == 0, end < b.count {
                        let (first, width) = ProseText.scalar(b, at: end)
                        glued = end + width < b.count && Script(first) == .han && Script(ProseText.scalar(b, at: end + width).0) == .han
                    }
                    got.append("\(kind):\(token):\(glued)")
                }
            }
            bytes.removeAll()
            #expect(got == expected, "\(text.debugDescription)")
        }
    }
}
