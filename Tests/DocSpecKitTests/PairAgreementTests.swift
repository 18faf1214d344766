@testable import DocSpecKit
import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

/// The report shows paired what the findings were computed on: for every code-sample and
/// spec-table finding of `docspec lint`, the HTML report's layout of that page pair has the
/// sample or row on the side the finding says (a missing sample alone on the source side, a
/// mismatched one beside its counterpart, …). Run on the bundled docs and on every corpus project
/// in both configurations (ja → ru, and en → ja, ru).
@Suite("Report and findings agree on every pairing")
struct PairAgreementTests {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// (name, config) of every doc set checked.
    static var docSets: [(String, Config)] {
        var out: [(String, Config)] = []
        if let bundled = try? Config.load(from: packageRoot.appendingPathComponent("docspec.yml")) {
            out.append(("bundled", bundled))
        }
        for name in CorpusSmokeTests.projects {
            let root = CorpusSmokeTests.corpus.appendingPathComponent(name)
            out.append(("\(name) ja→ru", Config(root: root, locales: [.init(code: "ja", directory: "ja"), .init(code: "ru", directory: "ru")], source: "ja")))
            out.append((
                "\(name) en→ja,ru",
                Config(
                    root: root, locales: [.init(code: "en", directory: "en"), .init(code: "ja", directory: "ja"), .init(code: "ru", directory: "ru")],
                    source: "en")
            ))
        }
        return out
    }

    static var names: [String] { docSets.map(\.0) }

    @Test("code-sample and spec-table findings sit where the report pairs them", arguments: names)
    func agree(name: String) throws {
        let config = try #require(Self.docSets.first { $0.0 == name }?.1)
        let lint = Pipeline.lint(config)
        let report = HTMLReport(config: config, lint: lint, directory: config.root.appendingPathComponent("report"))
        var checked = 0
        for page in report.pairPages() {
            let layout = report.layout(page.pair)
            let s = page.pair.source.path
            let t = page.pair.target.path
            // Rows of generic tables (any GFM or HTML table, definition lists) are findings too, but
            // the report shows spec tables only: check rows of spec tables.
            func inSpecTable(_ page: SpecPage, _ line: Int) -> Bool {
                page.tables.contains { $0.range.start.line <= line && line <= $0.range.end.line }
            }
            for d in page.diagnostics {
                guard let at = d.location else { continue }
                let notes = d.notes.compactMap(\.location)
                if ["missing-row", "extra-row", "cell-mismatch"].contains(d.ruleID),
                    !(inSpecTable(page.pair.target, at.line) || notes.contains { inSpecTable(page.pair.source, $0.line) })
                {
                    continue
                }
                switch d.ruleID {
                case "missing-code-sample":
                    for n in notes where n.file == s {
                        #expect(layout.samples.contains { $0.source?.range.start.line == n.line && $0.target == nil }, "\(name): \(d.message) (\(n.file):\(n.line))")
                        checked += 1
                    }
                case "extra-code-sample":
                    #expect(layout.samples.contains { $0.source == nil && $0.target?.range.start.line == at.line }, "\(name): \(d.message) (\(at.file):\(at.line))")
                    checked += 1
                case "code-sample-mismatch" where at.file == t:
                    #expect(layout.samples.contains { e in
                        guard let a = e.source, let b = e.target else { return false }
                        return (b.setupFirstLine ?? b.range.start.line) <= at.line && at.line <= b.range.end.line
                            && notes.allSatisfy { n in (a.setupFirstLine ?? a.range.start.line) <= n.line && n.line <= a.range.end.line }
                    }, "\(name): \(d.message) (\(at.file):\(at.line))")
                    checked += 1
                case "missing-row" where at.file == t:
                    let rows = layout.tables.flatMap(\.rows)
                    for n in notes where n.file == s {
                        #expect(rows.contains { $0.rows[page.pair.source.locale]?.line == n.line && $0.rows[page.pair.target.locale] == nil }, "\(name): \(d.message)")
                        checked += 1
                    }
                case "extra-row" where at.file == t:
                    let rows = layout.tables.flatMap(\.rows)
                    #expect(rows.contains { $0.rows[page.pair.target.locale]?.line == at.line && $0.rows[page.pair.source.locale] == nil }, "\(name): \(d.message)")
                    checked += 1
                case "cell-mismatch" where at.file == t:
                    let rows = layout.tables.flatMap(\.rows)
                    #expect(rows.contains { r in
                        r.rows[page.pair.target.locale]?.line == at.line && notes.contains { $0.line == r.rows[page.pair.source.locale]?.line }
                    }, "\(name): \(d.message)")
                    checked += 1
                default:
                    continue
                }
            }
        }
        if name == "bundled" { #expect(checked == 0, "the bundled docs are clean") }
    }

    @Test("the drift fixture's changed key cell and changed sample are paired in the report as in the findings")
    func planted() throws {
        let ws = try Workspace(fixture: "drift")
        let config = try Config.load(from: ws.url("docspec.yml"))
        let lint = Pipeline.lint(config)
        let report = HTMLReport(config: config, lint: lint, directory: ws.url("report"))
        let pages = report.pairPages()
        #expect(!pages.isEmpty)
        var kinds = Set<String>()
        for page in pages {
            let layout = report.layout(page.pair)
            for d in page.diagnostics where ["cell-mismatch", "code-sample-mismatch"].contains(d.ruleID) {
                kinds.insert(d.ruleID)
                let at = try #require(d.location)
                if d.ruleID == "cell-mismatch" {
                    #expect(layout.tables.flatMap(\.rows).contains { $0.rows[page.pair.target.locale]?.line == at.line && $0.rows.count == 2 })
                } else {
                    #expect(layout.samples.contains { $0.source != nil && $0.target.map { $0.range.start.line <= at.line && at.line <= $0.range.end.line } == true })
                }
            }
        }
        #expect(kinds == ["cell-mismatch", "code-sample-mismatch"])
    }
}
