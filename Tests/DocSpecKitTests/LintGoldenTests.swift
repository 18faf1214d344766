import DocSpecKit
import Foundation
import Testing

/// `docspec lint` on the `drift` fixture (ru drifted from ja: a changed code digit, a missing
/// table, a changed JSON sample line), compared with golden files. Paths are relative to the
/// temporary copy, so the goldens are the same on every machine.
@Suite("lint output goldens")
struct LintGoldenTests {
    @Test("text output: path:line:col: severity: message [rule-id] with note lines")
    func textGolden() throws {
        let ws = try Workspace(fixture: "drift")
        let r = ws.run(["lint"])
        #expect(r.status == 1)
        GoldenFile.assertMatches("exit: \(r.status)\n--- stderr\n\(r.err)--- stdout\n\(r.out)", golden: "lint-drift.txt")
    }

    @Test("JSON output")
    func jsonGolden() throws {
        let ws = try Workspace(fixture: "drift")
        let r = ws.run(["lint", "--format", "json"])
        #expect(r.status == 1)
        #expect(r.err.isEmpty, "JSON goes to stdout only: \(r.err)")
        GoldenFile.assertMatches(r.out, golden: "lint-drift.json")
    }

    @Test("each kind of drift is found at its ru line, with a note at the ja line")
    func driftKinds() throws {
        let ws = try Workspace(fixture: "drift")
        let r = ws.run(["lint"])
        let lines = r.err.split(separator: "\n").map(String.init)
        // A changed digit in the key column, in place, is one cell-mismatch on the code.
        let code = try #require(lines.firstIndex { $0.hasPrefix("docs-ru/errors.md:17:") && $0.contains("'code' of row '4000041'") && $0.contains("'4000014'") && $0.hasSuffix("[cell-mismatch]") }, "\(r.transcript)")
        #expect(lines[code + 1].hasPrefix("docs-ja/errors.md:17:") && lines[code + 1].contains(": note: "))
        #expect(!lines.contains { $0.hasSuffix("[missing-row]") || $0.hasSuffix("[extra-row]") })
        let cell = try #require(lines.firstIndex { $0.hasSuffix("[cell-mismatch]") && $0.contains("'492'") }, "\(r.transcript)")
        #expect(lines[cell].hasPrefix("docs-ru/errors.md:18:"))
        #expect(lines[cell].contains("'492'") && lines[cell].contains("'429'"))
        #expect(lines[cell + 1].hasPrefix("docs-ja/errors.md:18:") && lines[cell + 1].contains(": note: "))
        #expect(lines.contains { $0.hasPrefix("docs-ru/request.md:") && $0.hasSuffix("[missing-table]") && $0.contains("int-enum:FixturePlayTime") })
        #expect(lines.contains { $0.hasPrefix("docs-ru/request.md:") && $0.hasSuffix("[code-sample-mismatch]") })
        #expect(r.out.hasPrefix("docspec lint: pages per locale: ja 2, ru 2;"))
        #expect(r.out.hasSuffix("errors, 0 warnings\n"))
    }

    @Test("every text line has the compiler shape and no absolute path")
    func textShape() throws {
        let ws = try Workspace(fixture: "drift")
        let r = ws.run(["lint"])
        for line in r.err.split(separator: "\n").map(String.init) {
            #expect(line.range(of: #"^docs-(ja|ru)/[a-z]+\.md:\d+:\d+: (error|warning|note): .+$"#, options: .regularExpression) != nil, "\(line)")
            if !line.contains(": note: ") {
                #expect(line.range(of: #" \[[a-z0-9-]+\]$"#, options: .regularExpression) != nil, "\(line)")
            }
        }
        #expect(!r.err.contains(ws.root.path) && !r.out.contains(ws.root.path))
        #expect(!r.err.contains("\u{1B}["), "no colour when the output is not a terminal")
    }

    @Test("JSON output parses, has schema version 2 and counts that match its entries")
    func jsonShape() throws {
        let ws = try Workspace(fixture: "drift")
        let r = ws.run(["lint", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 2)
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == diagnostics.filter { $0["severity"] as? String == "error" }.count)
        #expect(Set(diagnostics.compactMap { $0["rule"] as? String }) == ["cell-mismatch", "missing-table", "code-sample-mismatch"])
        #expect(!r.out.contains(ws.root.path))
    }

    @Test("the same workspace linted twice gives identical output")
    func deterministic() throws {
        let a = try Workspace(fixture: "drift")
        let b = try Workspace(fixture: "drift")
        let ra = a.run(["lint", "--format", "json"])
        let rb = b.run(["lint", "--format", "json"])
        #expect(ra.out == rb.out)
        #expect(a.run(["lint"]).err == b.run(["lint"]).err)
    }

    @Test("the drift fixture's ja pages are the clean fixture's")
    func fixturesShareTheSource() throws {
        let clean = try Workspace(fixture: "clean")
        let drift = try Workspace(fixture: "drift")
        for page in ["docs-ja/errors.md", "docs-ja/request.md"] {
            #expect(clean.read(page) != nil)
            #expect(clean.read(page) == drift.read(page), "\(page)")
        }
    }
}
