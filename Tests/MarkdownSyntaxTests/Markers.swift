import DocDiagnostics
import DocSpecTestSupport
import Testing

/// A location in a Markdown file (DocDiagnostics' type; `Testing` has one of the same name).
typealias Loc = DocDiagnostics.SourceLocation

@testable import MarkdownSyntax

/// Fixture text with markers stripped (see `MarkedText`); locations default to `p.md`.
struct Marked {
    let marked: MarkedText
    var text: String { marked.text }
    var bytes: [UInt8] { marked.bytes }

    func location(_ marker: Int, file: String = "p.md") -> Loc {
        if marked.markers[marker] == nil { Issue.record("fixture has no marker \(marker)") }
        return marked.location(marker, file: file)
    }
}

func marked(_ source: String) -> Marked { Marked(marked: MarkedText(source)) }

// MARK: - Shared helpers

func parse(_ text: String, path: String = "p.md") -> ParseResult {
    MarkdownParser.parse(text, path: path)
}

/// Parses `text` and requires a document.
func document(_ text: String, path: String = "p.md", sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> MarkdownDocument {
    try #require(parse(text, path: path).document, sourceLocation: sourceLocation)
}

/// Every table in the block tree, depth first.
func tables(in blocks: [Block]) -> [Table] {
    blocks.flatMap { block -> [Table] in
        switch block {
        case .table(let t): [t]
        case .list(_, _, let items, _): items.flatMap { tables(in: $0.blocks) }
        case .blockQuote(let b, _), .footnoteDefinition(_, let b, _): tables(in: b)
        default: []
        }
    }
}

func firstTable(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Table {
    try #require(tables(in: try document(text).blocks).first, sourceLocation: sourceLocation)
}

func paragraphInlines(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> [Inline] {
    for block in try document(text).blocks {
        if case .paragraph(let inlines, _) = block { return inlines }
    }
    Issue.record("no paragraph", sourceLocation: sourceLocation)
    return []
}

/// A range from two markers in `file`.
func range(_ m: Marked, _ start: Int, _ end: Int, file: String = "p.md") -> SourceRange {
    SourceRange(start: m.location(start, file: file), end: m.location(end, file: file))
}

@Suite("Marker helper")
struct MarkerHelperTests {
    @Test func markersAreStrippedAndLocatedInScalars() {
        let m = marked("ab1️⃣c\nコー2️⃣ド")
        #expect(m.text == "abc\nコード")
        #expect(m.location(1) == Loc(file: "p.md", line: 1, column: 3))
        #expect(m.location(2) == Loc(file: "p.md", line: 2, column: 3))
    }
}
