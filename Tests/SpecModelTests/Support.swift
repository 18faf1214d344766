import DocDiagnostics
import DocSpecTestSupport
import MarkdownSyntax
import Testing

@testable import SpecModel

/// A location in a Markdown file (DocDiagnostics' type; `Testing` has one of the same name).
typealias Loc = DocDiagnostics.SourceLocation

/// Fixture text with markers stripped (see `MarkedText`); locations default to `pagePath`.
struct Marked {
    let marked: MarkedText
    var text: String { marked.text }

    func location(_ marker: Int, file: String = pagePath) -> Loc {
        if marked.markers[marker] == nil { Issue.record("fixture has no marker \(marker)") }
        return marked.location(marker, file: file)
    }
}

func marked(_ source: String) -> Marked { Marked(marked: MarkedText(source)) }

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
