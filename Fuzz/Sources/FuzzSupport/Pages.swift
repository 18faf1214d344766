import DocDiagnostics
import MarkdownSyntax
import SpecModel

/// Parses and extracts `input` as the page `locale/fuzz.md`, or `nil` when it does not parse.
public func extractPage(_ input: [UInt8], locale: String) -> (page: SpecPage, diagnostics: [Diagnostic])? {
    let path = "\(locale)/fuzz.md"
    guard let doc = MarkdownParser.parse(bytes: input, path: path).document else { return nil }
    return SpecExtractor.extract(doc, locale: locale, relativePath: "fuzz.md")
}

/// Checks that `location` names one of `pages` and a line inside it.
public func checkLocation(_ location: SourceLocation?, _ what: String, in pages: [SpecPage]) {
    guard let location else { return }
    guard let page = pages.first(where: { $0.path == location.file }) else {
        oracleFailure("\(what) at \(location) names no page of \(pages.map(\.path))")
    }
    let lines = max(page.document.lineCount, 1)
    guard (1...lines).contains(location.line), location.column >= 1 else {
        oracleFailure("\(what) at \(location) is outside \(page.path) (lines 1...\(lines))")
    }
}

/// Checks every location of `diagnostics` (notes included) with ``checkLocation(_:_:in:)``.
public func checkLocations(_ diagnostics: [Diagnostic], in pages: [SpecPage]) {
    for d in diagnostics {
        checkLocation(d.location, d.ruleID, in: pages)
        for n in d.notes { checkLocation(n.location, "\(d.ruleID) note", in: pages) }
    }
}
