import DocDiagnostics
import DocSpecKit
import Foundation
import Testing

extension Workspace {
    /// Runs the CLI with `environment` as the environment it reads (`GITHUB_STEP_SUMMARY`).
    func run(_ arguments: [String], environment: [String: String]) -> CLIResult {
        let buffer = OutputBuffer()
        let base = buffer.output
        let output = CLIOutput(out: base.out, err: base.err, errIsTTY: false, environment: environment)
        let status = DocSpecCLI.run(arguments, output: output, currentDirectory: root)
        let (out, err) = buffer.contents
        return CLIResult(status: status, out: out, err: err)
    }

    /// `text` with this workspace's absolute path replaced by `$ROOT`, for golden files.
    func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: root.path, with: "$ROOT")
    }
}

/// `--format json|sarif|github` of `lint` and `check` on the `formats` fixture (the drift fixture
/// plus an unused suppression, a warning, and `missing-table` lowered to a note in docspec.yml),
/// compared with golden files.
@Suite("output formats")
struct OutputFormatTests {
    @Test("JSON: schema version 2 with a fingerprint per finding and the hidden counts")
    func jsonGolden() throws {
        let ws = try Workspace(fixture: "formats")
        let r = ws.run(["lint", "--format", "json"])
        #expect(r.status == 1)
        #expect(r.err.isEmpty, "\(r.transcript)")
        GoldenFile.assertMatches(r.out, golden: "formats.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 2)
        let entries = try #require(object["diagnostics"] as? [[String: Any]])
        for e in entries {
            let fp = try #require(e["fingerprint"] as? String)
            #expect(fp.range(of: "^[0-9a-f]{16}$", options: .regularExpression) != nil)
        }
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(["errors", "warnings", "notes", "suppressed", "baselined"].map { summary[$0] as? Int } == [3, 1, 1, 0, 0])
    }

    @Test("SARIF 2.1.0: rules from the rule registry, levels, related locations, fingerprints")
    func sarifGolden() throws {
        let ws = try Workspace(fixture: "formats")
        let r = ws.run(["lint", "--format", "sarif"])
        #expect(r.status == 1)
        #expect(r.err.isEmpty, "\(r.transcript)")
        GoldenFile.assertMatches(ws.normalised(r.out), golden: "formats.sarif")

        let log = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let run = runs[0]
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let ids = rules.compactMap { $0["id"] as? String }
        #expect(ids == DocSpecCLI.ruleIDs, "every registered rule, in registry order")
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["error", "error", "warning", "error", "note"])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(ids[index] == result["ruleId"] as? String)
        }
        // The missing table is a note by configuration: its rule says so.
        let missingTable = try #require(rules.first { $0["id"] as? String == "missing-table" })
        #expect((missingTable["defaultConfiguration"] as? [String: Any])?["level"] as? String == "note")
        let related = try #require(results[0]["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1 && related[0]["id"] as? Int == 1)
        #expect(results[2]["relatedLocations"] == nil, "the unused suppression has no counterpart")
    }

    @Test("GitHub annotations: one command per finding and a notice per note, escaped")
    func githubGolden() throws {
        let ws = try Workspace(fixture: "formats")
        let r = ws.run(["lint", "--format", "github"], environment: [:])
        #expect(r.status == 1)
        #expect(r.err.isEmpty, "\(r.transcript)")
        GoldenFile.assertMatches(r.out, golden: "formats-github.txt")
    }

    @Test("text: the summary line counts suppressed and baselined findings")
    func textGolden() throws {
        let ws = try Workspace(fixture: "suppress")
        let r = ws.run(["lint"])
        #expect(r.status == 1)
        GoldenFile.assertMatches("exit: \(r.status)\n--- stderr\n\(r.err)--- stdout\n\(r.out)", golden: "suppress.txt")
    }

    @Test("--format is refused where it is not supported", arguments: [["generate", "--format", "sarif"], ["lint", "--format", "xml"], ["baseline", "write", "--format", "json"]])
    func formatsRefused(_ arguments: [String]) throws {
        let ws = try Workspace(fixture: "formats")
        let r = ws.run(arguments)
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.hasPrefix("docspec: error: "))
    }
}

/// GitHub's annotation caps (10 errors, 10 warnings per step) and the step-summary fallback.
@Suite("GitHub annotations past the caps")
struct GitHubCapTests {
    /// The drift fixture with `count` invalid suppressions (errors) and `count` unused ones
    /// (warnings) in docs-ru/errors.md.
    func workspace(count: Int) throws -> Workspace {
        let ws = try Workspace(fixture: "drift")
        var extra = ""
        for i in 1...count {
            extra += "\n<!-- docspec:disable-next-block no-such-rule-\(i) reason=\"x\" -->\n\nНеверное подавление \(i).\n"
            extra += "\n<!-- docspec:disable-next-block missing-row reason=\"x\" -->\n\nЛишнее подавление \(i).\n"
        }
        let text = try #require(ws.read("docs-ru/errors.md"))
        try ws.write("docs-ru/errors.md", text + extra)
        return ws
    }

    @Test("past the caps: 10 errors and 10 warnings annotated, all findings in the step summary, a notice says so")
    func overflowToStepSummary() throws {
        let ws = try workspace(count: 12)
        let summaryPath = ws.url("step-summary.md").path
        try ws.write("step-summary.md", "## earlier step\n\n")
        let r = ws.run(["lint", "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summaryPath])
        #expect(r.status == 1)
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::notice") }.count <= 10)
        // 16 errors (4 drift + 12 invalid suppressions) and 12 warnings: 8 findings past the caps.
        #expect(lines.contains("::notice::8 more findings than GitHub shows as annotations (10 of each kind per step) are in the step summary"), "\(r.out)")
        let summary = try #require(ws.read("step-summary.md"))
        #expect(summary.hasPrefix("## earlier step\n\n## docspec lint\n"), "appended, not replaced")
        let rows = summary.split(separator: "\n").filter { $0.hasPrefix("| error ") || $0.hasPrefix("| warning ") }
        #expect(rows.count == 28, "every finding is in the summary: \(summary)")
        #expect(summary.contains("16 errors, 12 warnings"))
        #expect(lines.last?.hasPrefix("docspec lint: ") == true)
    }

    @Test("past the caps without GITHUB_STEP_SUMMARY: the rest is printed as text lines")
    func overflowWithoutStepSummary() throws {
        let ws = try workspace(count: 12)
        let r = ws.run(["lint", "--format", "github"], environment: [:])
        #expect(r.out.contains("are listed below\n"))
        #expect(r.out.contains("docs-ru/errors.md:17:26: error: "))
    }

    @Test("within the caps with GITHUB_STEP_SUMMARY set: annotations and a summary, no notice")
    func stepSummaryAlways() throws {
        let ws = try Workspace(fixture: "drift")
        let summaryPath = ws.url("summary.md").path
        let r = ws.run(["lint", "--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summaryPath])
        #expect(!r.out.contains("::notice::"))
        let summary = try #require(ws.read("summary.md"))
        GoldenFile.assertMatches(summary, golden: "drift-step-summary.md")
    }

    @Test("workflow command escaping: data and properties")
    func escaping() {
        #expect(GitHubActionsRenderer.escapeData("50% done\r\nnext: a,b") == "50%25 done%0D%0Anext: a,b")
        #expect(GitHubActionsRenderer.escapeProperty("dir: a,b%\n") == "dir%3A a%2Cb%25%0A")
        let line = GitHubActionsRenderer.command(
            "error", location: SourceLocation(file: "docs, ru/a:b.md", line: 3, column: 7), title: "cell-mismatch", message: "a\nb")
        #expect(line == "::error file=docs%2C ru/a%3Ab.md,line=3,col=7,title=cell-mismatch::a%0Ab\n")
        #expect(GitHubActionsRenderer.command("warning", location: nil, title: nil, message: "x") == "::warning::x\n")
    }
}

/// `Diagnostic.fingerprint(relativeTo:)`: independent of lines, dependent on content.
@Suite("fingerprints")
struct FingerprintTests {
    func fingerprints(_ ws: Workspace) throws -> [String: String] {
        let r = ws.run(["lint", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let entries = try #require(object["diagnostics"] as? [[String: Any]])
        var out: [String: String] = [:]
        for e in entries {
            let message = try #require(e["message"] as? String)
            out[message] = try #require(e["fingerprint"] as? String)
        }
        return out
    }

    @Test("inserting lines above the findings keeps every fingerprint")
    func linesShift() throws {
        let ws = try Workspace(fixture: "drift")
        let before = try fingerprints(ws)
        let lineBefore = ws.run(["lint"]).err
        // The same lines in both locales (comments, which are never drift), after the front matter.
        for page in ["docs-ja/errors.md", "docs-ru/errors.md", "docs-ja/request.md", "docs-ru/request.md"] {
            let text = try #require(ws.read(page))
            let end = try #require(text.range(of: "---\n", range: text.index(text.startIndex, offsetBy: 4)..<text.endIndex))
            try ws.write(page, String(text[..<end.upperBound]) + "\n<!-- inserted -->\n\n<!-- lines -->\n" + String(text[end.upperBound...]))
        }
        #expect(ws.run(["lint"]).err != lineBefore, "the lines did move")
        #expect(try fingerprints(ws) == before)
        #expect(before.count == 4 && Set(before.values).count == 4)
    }

    @Test("changing what a finding is about changes its fingerprint")
    func contentChanges() throws {
        let ws = try Workspace(fixture: "drift")
        let before = try fingerprints(ws)
        try ws.edit("docs-ru/errors.md", replacing: "`492`", with: "`493`")
        let after = try fingerprints(ws)
        #expect(Set(after.values).intersection(before.values).count == 3)
    }

    @Test("stable across runs and processes: a fixed value")
    func fixedValue() {
        let d = Diagnostic.error("cell-mismatch", "'status' of row '1' differs (see line 12, docs-ja/a.md:12:5)", at: SourceLocation(file: "/p/docs-ru/a.md", line: 40, column: 3))
        var moved = d
        moved.location = SourceLocation(file: "/p/docs-ru/a.md", line: 90, column: 1)
        moved.message = "'status' of row '1' differs (see line 57, docs-ja/a.md:57:1)"
        #expect(d.fingerprint(relativeTo: "/p") == moved.fingerprint(relativeTo: "/p"))
        #expect(d.fingerprint(relativeTo: "/p") == d.fingerprint(relativeTo: "/p/"))
        // FNV-1a 64 over the length-prefixed fields, computed independently (in Python) for
        // "docspec-fingerprint-v1", "cell-mismatch", "docs-ru/a.md", "'status' of row '1' differs (see #, docs-ja/a.md#)".
        #expect(d.fingerprint(relativeTo: "/p") == "95e652c285b478c0")
        var content = d
        content.fingerprintContent = "row 1"
        #expect(content.fingerprint(relativeTo: "/p") != d.fingerprint(relativeTo: "/p"))
        var other = d
        other.ruleID = "missing-row"
        #expect(other.fingerprint(relativeTo: "/p") != d.fingerprint(relativeTo: "/p"))
    }
}
