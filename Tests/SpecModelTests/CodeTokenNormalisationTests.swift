import DocSpecTestSupport
import Foundation
import Testing

@testable import SpecModel

/// `TokenExtractor.normalizeCode` tests a code span's bytes once for `…` and `"` before
/// replacing them; on generated spans it gives what the two byte searches and replacements
/// gave.
@Suite struct CodeTokenNormalisationTests {
    static func reference(_ c: String) -> String {
        var c = c
        if c.hasBytes("…") { c = c.replacingOccurrences(of: "…", with: "...") }
        if c.hasBytes("\"") { c = c.replacingOccurrences(of: "\"", with: "'") }
        return c
    }

    @Test func sameAsSearchingForEach() {
        let pieces = ["a", "\"", "'", "…", "...", "\u{2026}\u{0301}", "—", "–", "x(", ")", " ", "名前", "имя", "\u{E2}", "€", "\u{2020}"]
        var rng = SeededGenerator(seed: 0xC0DE)
        for _ in 0..<5_000 {
            let c = rng.text(of: Int(rng.next() % 7), from: pieces)
            #expect(TokenExtractor.normalizeCode(c) == Self.reference(c), "\(Array(c.unicodeScalars))")
        }
    }
}
