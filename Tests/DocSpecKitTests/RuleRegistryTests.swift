import DocDiagnostics
import DocSpecKit
import Foundation
import LocaleDrift
import Testing

/// The rule registry: one declaration per id, every id that DocSpec emits (in the sources, the
/// fixtures and the golden outputs) registered, and each rule's findings at its default severity.
@Suite("Rule registry")
struct RuleRegistryTests {
    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // DocSpecKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// Every file below `folder` (relative paths), sorted.
    static func files(below folder: URL) -> [URL] {
        guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        return e.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        guard let re = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return [] }
        let ns = text as NSString
        return re.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { m in
            (0..<m.numberOfRanges).map { m.range(at: $0).location == NSNotFound ? "" : ns.substring(with: m.range(at: $0)) }
        }
    }

    @Test("no rule id is declared twice, let alone with two severities; ids are kebab-case and described")
    func declarations() {
        let registry = RuleRegistry.standard
        #expect(registry.conflicts.isEmpty, "declared again: \(registry.conflicts.map(\.id))")
        let all = registry.descriptors + registry.conflicts
        let severities = Dictionary(grouping: all, by: \.id).mapValues { Set($0.map(\.defaultSeverity)) }
        for (id, s) in severities.sorted(by: { $0.key < $1.key }) { #expect(s.count == 1, "\(id) is declared with \(s)") }
        for d in registry.descriptors {
            #expect(d.id.rawValue.range(of: "^[a-z0-9]+(-[a-z0-9]+)*$", options: .regularExpression) != nil, "\(d.id)")
            #expect(!d.summary.isEmpty && !d.summary.hasSuffix("."), "\(d.id): summary '\(d.summary)'")
            #expect(d.help.count > 60 && d.help.hasSuffix("."), "\(d.id): help '\(d.help)'")
            #expect(registry[d.id] == d && registry.contains(d.id.rawValue))
        }
        #expect(registry["no-such-rule"] == nil)
        // The drift rules come from the same registrations the checker runs.
        #expect(registry.driftRules.map(\.name) == DriftRules.standard.map(\.name))
        #expect(Set(DriftRules.standard.flatMap(\.descriptors).map(\.layer)) == [.drift])
    }

    @Test("every id of a Diagnostic built in Sources/ is registered, at the severity it is emitted with")
    func sourceEmissions() throws {
        let registry = RuleRegistry.standard
        var sites = 0
        for module in ["DocDiagnostics", "MarkdownSyntax", "SpecModel", "LocaleDrift", "ConformanceGen", "DocSpecKit"] {
            for file in Self.files(below: Self.packageRoot.appendingPathComponent("Sources/\(module)")) where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                // `.error("id", …)`, `.warning("id", …)`, `Diagnostic("id", .severity, …)`.
                for m in Self.matches(#"(?:\.(error|warning)|Diagnostic)\(\s*"([a-z0-9-]+)"\s*,\s*(?:\.(error|warning|note)\b)?"#, in: text) {
                    sites += 1
                    let where_ = "\(module)/\(file.lastPathComponent): \(m[0])"
                    let id = m[2]
                    let emitted = Severity(rawValue: m[1].isEmpty ? m[3] : m[1])
                    let descriptor = registry[id]
                    let known = descriptor != nil
                    #expect(known, "\(where_): '\(id)' is not registered")
                    #expect(emitted != nil, "\(where_): severity not recognised")
                    if let descriptor, let emitted {
                        #expect(emitted == descriptor.defaultSeverity, "\(where_): emitted as \(emitted), registered as \(descriptor.defaultSeverity)")
                    }
                }
            }
        }
        #expect(sites > 80, "the scan found only \(sites) emission sites: has the construction syntax changed?")
    }

    @Test("every rule id in the golden outputs and fixtures is registered")
    func goldenAndFixtureIDs() throws {
        let registry = RuleRegistry.standard
        // Deliberate misspellings the fixtures use to provoke `invalid-suppression`.
        let misspelt: Set<String> = ["missing-tabel"]
        var seen: Set<String> = []
        let tests = Self.packageRoot.appendingPathComponent("Tests")
        let folders = try FileManager.default.contentsOfDirectory(at: tests, includingPropertiesForKeys: nil).flatMap { target in
            ["Golden", "Fixtures"].map { target.appendingPathComponent($0) }
        }
        for folder in folders {
            for file in Self.files(below: folder) {
                guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                let relative = String(file.path.dropFirst(Self.packageRoot.path.count + 1))
                var ids: [String] = []
                // Text output: `path:line:col: severity: message [rule-id]`.
                ids += Self.matches(#": (?:error|warning|note): .* \[([a-z0-9-]+)\]$"#, in: text).map { $0[1] }
                // JSON (`"rule" : "id"`), SARIF (`"ruleId"`, a descriptor's `"id"` next to its level).
                ids += Self.matches(#""(?:rule|ruleId)" ?: ?"([a-z0-9-]+)""#, in: text).map { $0[1] }
                // GitHub annotations (`title=<rule>::`), the HTML report (`<code class="rule">`).
                ids += Self.matches(#"::(?:error|warning|notice) [^\n]*title=([a-z0-9-]+)::"#, in: text).map { $0[1] }
                ids += Self.matches(#"<code class="rule">([a-z0-9-]+)</code>"#, in: text).map { $0[1] }
                // Suppression comments and `rules:` levels of the fixtures.
                for m in Self.matches(#"<!-- docspec:disable-next-block ([a-z0-9,-]+)"#, in: text) {
                    ids += m[1].split(separator: ",").map(String.init).filter { !misspelt.contains($0) }
                }
                if file.lastPathComponent == "docspec.yml", let rules = text.range(of: "\nrules:\n") {
                    ids += Self.matches(#"^  ([a-z0-9-]+):"#, in: String(text[rules.upperBound...])).map { $0[1] }
                }
                for id in ids {
                    seen.insert(id)
                    let known = registry.contains(id)
                    #expect(known, "\(relative): '\(id)' is not a registered rule")
                }
            }
        }
        // The scan sees the goldens' ids (a vacuous scan would pass).
        #expect(seen.isSuperset(of: ["cell-mismatch", "missing-table", "code-sample-mismatch", "superfluous-suppression", "missing-generic-row"]), "\(seen.sorted())")
    }

    @Test("doc-test-attributes, emitted by generation, is known to rules, --severity and docspec.yml")
    func generationRulesAreKnown() throws {
        let ws = try Workspace(fixture: "clean")
        let list = ws.run(["rules"])
        #expect(list.out.contains("\ndoc-test-attributes\terror\t") && list.out.contains("\nunknown-doc-test-attribute\twarning\t"))
        // Four tab-separated columns: id, default level, summary, the rule's help in the user guide.
        for line in list.out.split(separator: "\n") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            #expect(columns.count == 4 && columns[3].hasPrefix("https://") && columns[3].hasSuffix("/docs/rules.md#\(columns[0])"), "\(line)")
        }
        let described = ws.run(["rules", "doc-test-attributes"])
        #expect(described.status == 0 && described.out.hasPrefix("doc-test-attributes (error, generation): "), "\(described.transcript)")
        #expect(ws.run(["rules", "no-such-rule"]).status == 2)
        #expect(ws.run(["lint", "--severity", "doc-test-attributes=warning"]).status == 0)
        try ws.write("docspec.yml", try #require(ws.read("docspec.yml")) + "rules:\n  unknown-doc-test-attribute: off\n")
        let r = ws.run(["lint"])
        #expect(r.status == 0, "\(r.transcript)")
    }

    @Test("the corpus goldens' findings have their rules' default severities")
    func corpusGoldenSeverities() throws {
        let registry = RuleRegistry.standard
        let folder = Self.packageRoot.appendingPathComponent("Tests/DocSpecKitTests/Fixtures/Golden/corpus-lint")
        var checked = 0
        for file in Self.files(below: folder) where file.pathExtension == "txt" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for m in Self.matches(#": (error|warning): .* \[([a-z0-9-]+)\]$"#, in: text) {
                checked += 1
                #expect(registry[m[2]]?.defaultSeverity.rawValue == m[1], "\(file.lastPathComponent): \(m[0].prefix(160))")
            }
        }
        #expect(checked > 50)
    }

    @Test("lint's findings on every fixture have their rules' default severities", arguments: ["clean", "drift", "formats", "suppress"])
    func fixtureSeverities(fixture: String) throws {
        let ws = try Workspace(fixture: fixture)
        let config = try Config.load(from: ws.url("docspec.yml"))
        let registry = RuleRegistry.standard
        let lint = Pipeline.lint(config)
        for d in lint.diagnostics {
            #expect(registry[d.ruleID]?.defaultSeverity == d.severity, "\(d.ruleID) at \(d.location?.description ?? "-") is a \(d.severity)")
        }
    }
}
