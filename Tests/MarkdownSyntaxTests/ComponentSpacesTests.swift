import DocSpecTestSupport
import Testing

@testable import MarkdownSyntax

/// MDX component detection normalises a tag line's white space on its bytes when it is ASCII
/// without a CR LF pair: the result is the `Character` split's on generated lines with spaces,
/// tabs, CR, LF, CR LF, the ideographic space and combining marks.
@Suite struct ComponentSpacesTests {
    @Test func sameAsCharacterSplit() {
        let pieces = ["<", "Intro", ">", " ", "  ", "\t", "\r", "\n", "\r\n", "a=\"1\"", "\u{3000}", "e\u{301}", " \u{301}", "/>", "x"]
        var rng = SeededGenerator(seed: 0x2545_F491_4F6C_DD1D)
        for _ in 0..<3_000 {
            let line = rng.text(of: 7, from: pieces)
            let reference = line.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{3000}" })
                .joined(separator: " ")
            #expect(MDXComponents.normalisedSpaces(line) == reference, "\(line.debugDescription)")
        }
    }
}
