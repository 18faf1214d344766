import DocDiagnostics
import DocSpecTestSupport
import Testing

@testable import MarkdownSyntax

/// After an edit, the language server re-parses only the blocks around it (issue 16); the
/// spliced parse must be exactly the parse of the new text: blocks, ranges, front matter and
/// diagnostics. Each page gets a chain of random edits, each compared with a fresh parse.
@Suite("Re-parsing the edited blocks gives the whole-page parse")
struct IncrementalParseTests {
    /// What random edits insert: Markdown's block syntax, line breaks, letters and digits.
    static let inserts = [
        "\n", "\n\n", " ", "#", "# ", "-", "- ", "1. ", "`", "```", "~~~", "|", "| a |", "|---|", ">", "> ", "*", "=", "---", "<", "<div>", "</div>",
        "<Intro>", "</Intro>", "<!--", "-->", "a", "x", "7", "42", "Пример", "例", "\t", "    ", "[", "]", "(", ")", "{#id}",
    ]

    static func expectSame(_ parse: IncrementalParse, _ text: String, _ label: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let whole = MarkdownParser.parse(text, path: "p.md")
        #expect(parse.result.document == whole.document, "\(label)", sourceLocation: sourceLocation)
        #expect(parse.result.diagnostics == whole.diagnostics, "\(label)", sourceLocation: sourceLocation)
        if let a = whole.document?.blocks, let b = parse.result.document?.blocks, a != b {
            let i = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            Issue.record("\(label): first difference at block \(i): \(i < a.count ? "\(a[i])" : "-") vs \(i < b.count ? "\(b[i])" : "-")", sourceLocation: sourceLocation)
        }
    }

    /// One random edit of `text` (on Unicode scalars, so the text stays valid UTF-8).
    static func edit(_ text: String, _ rng: inout SeededGenerator) -> String {
        var scalars = Array(text.unicodeScalars)
        let at = Int.random(in: 0...scalars.count, using: &rng)
        let removed = min(scalars.count - at, [0, 0, 1, 1, 2, 5].randomElement(using: &rng)!)
        let inserted: String =
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: PiecewiseParseTests.snippets.randomElement(using: &rng)!
            case 1, 2: ""
            default: inserts.randomElement(using: &rng)!
            }
        scalars.replaceSubrange(at..<at + removed, with: inserted.unicodeScalars)
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    @Test("random edits of synthetic pages, each checked against a fresh parse")
    func randomEdits() {
        var rng = SeededGenerator(seed: 16)
        var spliced = 0
        var edits = 0
        for n in 0..<150 {
            var page = Int.random(in: 0..<4, using: &rng) == 0 ? "---\ntitle: t\n---\n\n" : ""
            for _ in 0..<Int.random(in: 2...14, using: &rng) {
                page += PiecewiseParseTests.snippets.randomElement(using: &rng)!
                page += ["\n", "\n", "\n\n", ""].randomElement(using: &rng)!
            }
            var parse = IncrementalParse(page, path: "p.md")
            Self.expectSame(parse, page, "page \(n)")
            for e in 0..<30 {
                page = Self.edit(page, &rng)
                parse.update(page)
                edits += 1
                if parse.reparsedLines != nil { spliced += 1 }
                Self.expectSame(parse, page, "page \(n), edit \(e): \(page.debugDescription)")
            }
        }
        #expect(spliced * 2 > edits, "\(spliced) of \(edits) edits spliced")
    }

    @Test("an edit in the middle of a long page re-parses only its block")
    func longPage() throws {
        var page = "---\ntitle: t\n---\n\n"
        for i in 0..<300 { page += "## Section \(i)\n\nLimit is \(i + 100) items.\n\n- item \(i)\n\n```json\n{\"k\": \(i)}\n```\n\n| k | v |\n|---|---|\n| a | \(i) |\n\n" }
        var parse = IncrementalParse(page, path: "p.md")
        let edited = page.replacingOccurrences(of: "Limit is 250 items.", with: "Limit is 9250 items.\nA new line.")
        parse.update(edited)
        let lines = try #require(parse.reparsedLines)
        #expect(lines.count < 10, "\(lines)")
        Self.expectSame(parse, edited, "long page")
        // Front matter changed: the whole page is parsed again.
        let retitled = edited.replacingOccurrences(of: "title: t", with: "title: u")
        parse.update(retitled)
        #expect(parse.reparsedLines == nil)
        Self.expectSame(parse, retitled, "front matter edited")
    }
}
