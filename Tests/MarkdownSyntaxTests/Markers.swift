import DocDiagnostics
import Testing

/// A location in a Markdown file (DocDiagnostics' type; `Testing` has one of the same name).
typealias Loc = DocDiagnostics.SourceLocation

@testable import MarkdownSyntax

/// Fixture text with its location markers (`0️⃣` … `9️⃣`) removed, and where each marker stood.
///
/// A marker's location is the line and Unicode-scalar column of the character that follows it in
/// the stripped text (1-based), so `|1️⃣ コード |` marks the first character after the pipe.
struct Marked {
    var text: String
    var markers: [Int: (line: Int, column: Int)]

    var bytes: [UInt8] { Array(text.utf8) }

    /// The marker's location in `file`.
    func location(_ marker: Int, file: String = "p.md") -> Loc {
        guard let m = markers[marker] else {
            Issue.record("fixture has no marker \(marker)")
            return Loc(file: file, line: 0, column: 0)
        }
        return Loc(file: file, line: m.line, column: m.column)
    }
}

/// Strips keycap markers (`1️⃣` = digit, U+FE0F, U+20E3) from `source` and records their locations.
func marked(_ source: String) -> Marked {
    let scalars = Array(source.unicodeScalars)
    var out = String.UnicodeScalarView()
    var markers: [Int: (line: Int, column: Int)] = [:]
    var line = 1
    var column = 1
    var i = 0
    while i < scalars.count {
        let s = scalars[i]
        if i + 2 < scalars.count, ("0"..."9").contains(s), scalars[i + 1] == "\u{FE0F}", scalars[i + 2] == "\u{20E3}" {
            let n = Int(s.value) - 48
            precondition(markers[n] == nil, "marker \(n) used twice")
            markers[n] = (line, column)
            i += 3
            continue
        }
        out.append(s)
        if s == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        i += 1
    }
    return Marked(text: String(out), markers: markers)
}

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
