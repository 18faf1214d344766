import DocDiagnostics
import DocSpecTestSupport
import Foundation
import LocaleDrift
import MarkdownSyntax
import SpecModel
import Testing

/// DocDiagnostics' location (Testing has a `SourceLocation` of its own).
typealias Location = DocDiagnostics.SourceLocation

// Helpers for two-locale fixture tests (architecture guide, habit 6): fixtures carry keycap
// markers `1️⃣`…`9️⃣` where a finding is expected; the markers are removed before parsing and
// their positions (1-based line, 1-based column in Unicode scalars) become `SourceLocation`s.

/// A page fixture of one locale: its clean text, path and marker locations.
struct Fixture {
    var marked: MarkedText
    var locale: String
    var relativePath: String
    var path: String { "docs-\(locale)/\(relativePath)" }

    init(_ raw: String, locale: String, relativePath: String = "p.md") {
        self.marked = MarkedText(raw)
        self.locale = locale
        self.relativePath = relativePath
    }

    /// The location of marker `n` in this fixture's file.
    subscript(_ n: Int) -> Location {
        guard let m = marked.markers[n] else {
            Issue.record("fixture \(path) has no marker \(n)")
            return Location(file: path, line: 0, column: 0)
        }
        return Location(file: path, line: m.line, column: m.column)
    }

    /// Parses and extracts the page, recording an issue for any parse or extraction diagnostic
    /// (fixtures are meant to be valid pages, so a finding can only come from the drift rules).
    func page(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> SpecPage {
        let parsed = MarkdownParser.parse(marked.text, path: path)
        let document = try #require(parsed.document, sourceLocation: sourceLocation)
        let (page, diagnostics) = SpecExtractor.extract(document, locale: locale, relativePath: relativePath)
        let all = parsed.diagnostics + diagnostics
        #expect(all.isEmpty, "fixture \(path) is not clean: \(TextDiagnosticRenderer().render(all))", sourceLocation: sourceLocation)
        return page
    }
}

extension Fixture {
    /// The page and its extraction diagnostics, for fixtures that are broken on purpose.
    func pageWithDiagnostics(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (SpecPage, [Diagnostic]) {
        let parsed = MarkdownParser.parse(marked.text, path: path)
        let document = try #require(parsed.document, sourceLocation: sourceLocation)
        let (page, diagnostics) = SpecExtractor.extract(document, locale: locale, relativePath: relativePath)
        return (page, parsed.diagnostics + diagnostics)
    }
}

func ja(_ raw: String, _ relativePath: String = "p.md") -> Fixture { Fixture(raw, locale: "ja", relativePath: relativePath) }
func ru(_ raw: String, _ relativePath: String = "p.md") -> Fixture { Fixture(raw, locale: "ru", relativePath: relativePath) }

/// What a test asserts of a diagnostic: rule id, severity, primary location, note locations.
struct Finding: Hashable, CustomStringConvertible {
    var ruleID: String
    var severity: Severity
    var location: Location?
    var notes: [Location?]

    init(_ ruleID: String, _ severity: Severity = .error, at location: Location?, notes: [Location?] = []) {
        self.ruleID = ruleID
        self.severity = severity
        self.location = location
        self.notes = notes
    }

    init(_ ruleID: String, _ severity: Severity = .error, at location: Location?, note: Location) {
        self.init(ruleID, severity, at: location, notes: [note])
    }

    init(_ d: Diagnostic) {
        self.init(d.ruleID, d.severity, at: d.location, notes: d.notes.map(\.location))
    }

    var description: String {
        let notes = notes.map { " note@\($0?.description ?? "-")" }.joined()
        return "\(ruleID) \(severity.rawValue)@\(location?.description ?? "-")\(notes)"
    }
}

/// Sorted, so order of emission does not matter but duplicates do.
func sorted(_ findings: [Finding]) -> [Finding] {
    findings.sorted { $0.description < $1.description }
}

/// Parses both fixtures and runs the page-pair drift rules (all of them unless `rules` is given).
func drift(
    _ source: Fixture, _ target: Fixture, rules: [any DriftRule]? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> [Diagnostic] {
    let pair = PagePair(source: try source.page(sourceLocation: sourceLocation), target: try target.page(sourceLocation: sourceLocation))
    let checker = rules.map { DriftChecker(rules: $0) } ?? DriftChecker()
    return checker.check(pair)
}

/// Asserts the exact findings (rule, severity, location, note locations) of a page pair.
func expectDrift(
    _ source: Fixture, _ target: Fixture, rules: [any DriftRule]? = nil, _ expected: [Finding],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let diagnostics = try drift(source, target, rules: rules, sourceLocation: sourceLocation)
    let actual = sorted(diagnostics.map(Finding.init))
    #expect(
        actual == sorted(expected),
        "\n\(TextDiagnosticRenderer().render(diagnostics.sortedForOutput()))", sourceLocation: sourceLocation)
}

/// Parses fixtures of both locales and pairs them as a page set.
func pairPages(_ sources: [Fixture], _ targets: [Fixture], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> PageSetRule.Result {
    PageSetRule.pair(
        source: try sources.map { try $0.page(sourceLocation: sourceLocation) },
        target: try targets.map { try $0.page(sourceLocation: sourceLocation) },
        sourceLocale: "ja", targetLocale: "ru")
}

extension String {
    /// Replaces the single occurrence of `old` (records an issue unless there is exactly one), so a
    /// fixture variation cannot silently stop applying when the base fixture changes.
    func replacingOnce(_ old: String, with new: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let parts = components(separatedBy: old)
        #expect(parts.count == 2, "expected exactly one '\(old)' in the fixture, found \(parts.count - 1)", sourceLocation: sourceLocation)
        return parts.joined(separator: new)
    }
}
