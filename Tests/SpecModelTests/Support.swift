import DocDiagnostics
import MarkdownSyntax
import Testing

@testable import SpecModel

/// A location in a Markdown file (DocDiagnostics' type; `Testing` has one of the same name).
typealias Loc = DocDiagnostics.SourceLocation

/// Fixture text with its location markers (`0️⃣` … `9️⃣`) removed, and where each marker stood
/// (line and Unicode-scalar column of the character that follows it, 1-based).
struct Marked {
    var text: String
    var markers: [Int: (line: Int, column: Int)]

    func location(_ marker: Int, file: String = pagePath) -> Loc {
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

let pagePath = "docs-ja/page.md"

struct Extraction {
    var page: SpecPage
    var diagnostics: [Diagnostic]

    /// Diagnostics with `rule`.
    func diagnostics(_ rule: String) -> [Diagnostic] { diagnostics.filter { $0.ruleID == rule } }
    var rules: [String] { diagnostics.map(\.ruleID) }
    var table: SpecTable? { page.tables.first }
}

/// Parses and extracts a page; the page's Markdown must parse.
func extract(
    _ text: String, locale: String = "ja", relativePath: String = "page.md", path: String = pagePath,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> Extraction {
    let parsed = MarkdownParser.parse(text, path: path)
    #expect(parsed.diagnostics.isEmpty, sourceLocation: sourceLocation)
    let doc = try #require(parsed.document, sourceLocation: sourceLocation)
    let (page, diagnostics) = SpecExtractor.extract(doc, locale: locale, relativePath: relativePath)
    return Extraction(page: page, diagnostics: diagnostics)
}

/// Parses a directive comment placed at line 1, column 1.
func directive(_ literal: String) -> Result<Directive, DiagnosticError>? {
    DirectiveParser.parse(htmlBlock: literal, range: SourceRange(file: pagePath, line: 1))
}
