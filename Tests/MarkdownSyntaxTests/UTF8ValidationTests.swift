import Testing

@testable import MarkdownSyntax

// `firstInvalidUTF8` checks a page with a word-at-a-time pass first (`isWellFormed`) and locates
// a bad byte only when that pass fails: the two must agree on every input.
@Suite("UTF-8 check: the fast pass agrees with the locating scan")
struct UTF8ValidationTests {
    @Test("Random byte strings around every length class and at every alignment")
    func agree() {
        var rng = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("abcdefgh".utf8), Array("日本語".utf8), Array("Привет".utf8), Array("😀".utf8), [0], [0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8], [0xC3], [0xE3, 0x81], [0x0A], Array("0123456789abcdef".utf8),
            // The edges of the inline two- and three-byte checks.
            [0xC2, 0x80], [0xDF, 0xBF], [0xC1, 0xBF], [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0x9F, 0xBF], [0xEF, 0xBF, 0xBF],
            [0xE3, 0x81, 0xC0], [0xE3, 0xC1, 0x81], [0xD0], [0xD0, 0xC0],
        ]
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &rng) { bytes += pieces.randomElement(using: &rng)! }
            let offset = Int.random(in: 0...7, using: &rng)
            let padded = Array(repeating: UInt8(ascii: "x"), count: offset) + bytes
            let located = MarkdownParser.firstInvalidUTF8Located(padded)
            #expect(padded.withUnsafeBufferPointer(MarkdownParser.isWellFormed) == (located == nil), "\(padded)")
            #expect(MarkdownParser.firstInvalidUTF8(padded)?.offset == located?.offset)
            // And the standard library's decoder agrees (valid UTF-8, NUL not allowed).
            let valid = String(validating: padded, as: UTF8.self) != nil && !padded.contains(0)
            #expect(valid == (located == nil), "\(padded)")
        }
    }
}
