import Testing

@testable import SpecModel

/// Cleaning and space normalising pass over non-ASCII runs eight bytes at a time: an ideographic
/// space (U+3000, E3 80 80) or an ASCII byte at any offset, across every word boundary, is still
/// seen, as a scalar-by-scalar reference sees it.
@Suite struct ProseRunScanTests {
    /// Collapses runs of space, tab, CR, LF and U+3000 to one space and trims: the scalar-level
    /// definition of `ProseText.normalisedSpaces`.
    static func reference(_ s: String) -> String {
        let spaces: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{3000}"]
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            if spaces.contains(u) {
                if !current.isEmpty { words.append(String(current)) }
                current = String.UnicodeScalarView()
            } else {
                current.append(u)
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words.joined(separator: " ")
    }

    @Test(arguments: ["日", "ж", "€", "😀"])
    func spacesAtEveryOffset(letter: String) {
        for before in 0..<12 {
            for after in 0..<12 {
                for space in ["\u{3000}", " ", "\u{3000}\u{3000}", "a"] {
                    let text = String(repeating: letter, count: before) + space + String(repeating: letter, count: after) + "\u{3000}"
                    #expect(ProseText.normalisedSpaces(text) == Self.reference(text), "\(text.debugDescription)")
                    #expect(ProseText.clean(text) == text, "\(text.debugDescription)")
                }
            }
        }
    }
}
