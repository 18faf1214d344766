import DocDiagnostics
import DocSpecKit
import Foundation
import Testing

/// Suppression comments (`docspec:disable-next-line`, `-next-block`, `disable` … `enable`,
/// `disable-file`), on the `suppress` fixture and edits of the drift fixture.
@Suite("suppressions")
struct SuppressionTests {
    @Test("a suppression with a reason silences its rule in the next block, and is counted")
    func works() throws {
        let ws = try Workspace(fixture: "suppress")
        let r = ws.run(["lint"])
        #expect(!r.err.contains("[cell-mismatch]"), "\(r.transcript)")
        #expect(r.out.hasSuffix("4 errors, 1 warning (2 suppressed)\n"), "\(r.out)")
        let json = ws.run(["lint", "--format", "json"]).out
        #expect(json.contains("\"suppressed\" : 2"))
    }

    @Test("missing reason, unknown rule and unused suppressions are reported at the comment")
    func problems() throws {
        let ws = try Workspace(fixture: "suppress")
        let lines = ws.run(["lint"]).err.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("docs-ru/request.md:10:1: error: ") && $0.contains("needs a reason") && $0.hasSuffix("[invalid-suppression]") })
        #expect(lines.contains { $0.hasPrefix("docs-ru/request.md:43:1: error: ") && $0.contains("unknown rule 'missing-tabel'") && $0.hasSuffix("[invalid-suppression]") })
        #expect(lines.contains { $0.hasPrefix("docs-ru/errors.md:25:1: warning: ") && $0.hasSuffix("[superfluous-suppression]") })
        // An invalid suppression silences nothing: the sample's drift is still reported.
        #expect(lines.contains { $0.hasPrefix("docs-ru/request.md:14:1: error: ") && $0.hasSuffix("[code-sample-mismatch]") })
    }

    @Test("an empty reason, an empty rule id and an unknown attribute are invalid", arguments: [
        #"<!-- docspec:disable-next-block code-sample-mismatch reason="" -->"#,
        #"<!-- docspec:disable-next-block code-sample-mismatch reason="  " -->"#,
        #"<!-- docspec:disable-next-block code-sample-mismatch -->"#,
        #"<!-- docspec:disable-next-block code-sample-mismatch, reason="why" -->"#,
        #"<!-- docspec:disable-next-block code-sample-mismatch reason="why" colour=blue -->"#,
    ])
    func invalid(_ comment: String) throws {
        let ws = try Workspace(fixture: "drift")
        try ws.edit("docs-ru/request.md", replacing: "```json FixtureRequest", with: "\(comment)\n\n```json FixtureRequest")
        let r = ws.run(["lint"])
        #expect(r.err.contains("docs-ru/request.md:10:1: error: this docspec:disable-next-block comment"), "\(r.transcript)")
        #expect(r.err.contains("[invalid-suppression]"))
        #expect(r.err.contains("[code-sample-mismatch]"))
    }

    /// One golden per scope, on edits of the drift fixture (cell-mismatch at docs-ru/errors.md
    /// lines 17 and 18, code-sample-mismatch at request.md:12, missing-table at request.md:39).
    static let scopes: [(name: String, edits: [(file: String, old: String, new: String)])] = [
        ("next-line", [
            // Right above the heading the missing table is reported at; and one above a blank line.
            ("docs-ru/request.md", "## Время использования\n",
             "<!-- docspec:disable-next-line missing-table reason=\"translated in the next release\" -->\n## Время использования\n"),
            ("docs-ru/request.md", "Пример тела запроса.\n",
             "Пример тела запроса.\n<!-- docspec:disable-next-line code-sample-mismatch reason=\"the line after is blank\" -->\n"),
        ]),
        ("next-block", [
            ("docs-ru/errors.md", "<!-- docspec:table kind=error-codes",
             "<!-- docspec:disable-next-block cell-mismatch reason=\"ru documents the next release\" -->\n\n<!-- docspec:table kind=error-codes"),
            ("docs-ru/errors.md", "<!-- docspec:table kind=endpoint",
             "<!-- docspec:disable-next-block cell-mismatch reason=\"nothing to silence here\" -->\n\n<!-- docspec:table kind=endpoint"),
        ]),
        ("range", [
            // cell-mismatch is closed after the table; code-sample-mismatch stays open (blanket),
            // and an enable of a rule no range disabled is invalid.
            ("docs-ru/errors.md", "## Коды ошибок\n",
             "## Коды ошибок\n\n<!-- docspec:disable cell-mismatch,missing-row reason=\"ru documents the next release\" -->\n"),
            ("docs-ru/errors.md", "## Конечная точка\n",
             "<!-- docspec:enable cell-mismatch -->\n\n<!-- docspec:enable extra-row -->\n\n## Конечная точка\n"),
            ("docs-ru/request.md", "Пример тела запроса.\n",
             "Пример тела запроса.\n\n<!-- docspec:disable code-sample-mismatch reason=\"the sample shows the next release\" -->\n"),
        ]),
        ("file", [
            ("docs-ru/request.md", "# FixtureRequest\n",
             "<!-- docspec:disable-file code-sample-mismatch,missing-table reason=\"this page is rewritten in the next release\" -->\n\n# FixtureRequest\n"),
            // No rule ids: every rule, reported as a blanket suppression.
            ("docs-ru/errors.md", "# Ошибки и конечные точки\n",
             "<!-- docspec:disable-file reason=\"legacy page\" -->\n\n# Ошибки и конечные точки\n"),
        ]),
    ]

    @Test("each scope silences what it covers, with its invalid, superfluous and blanket cases (goldens)", arguments: scopes.map(\.name))
    func scope(_ name: String) throws {
        let ws = try Workspace(fixture: "drift")
        for e in try #require(Self.scopes.first { $0.name == name }).edits { try ws.edit(e.file, replacing: e.old, with: e.new) }
        let r = ws.run(["lint"])
        GoldenFile.assertMatches("exit: \(r.status)\n--- stderr\n\(r.err)--- stdout\n\(r.out)", golden: "suppress-\(name).txt")
    }

    @Test("findings about suppressions are not silenced by suppressions")
    func ownRulesNotSilenced() throws {
        let ws = try Workspace(fixture: "drift")
        try ws.edit(
            "docs-ru/errors.md", replacing: "# Ошибки и конечные точки\n",
            with: "<!-- docspec:disable-file blanket-suppression,superfluous-suppression reason=\"quiet\" -->\n\n<!-- docspec:disable reason=\"x\" -->\n\n# Ошибки и конечные точки\n")
        let r = ws.run(["lint"])
        #expect(r.err.contains(": warning: this docspec:disable comment names no rule") && r.err.contains("[blanket-suppression]"), "\(r.transcript)")
        #expect(r.err.contains(": warning: this docspec:disable-file comment silenced nothing") && r.err.contains("[superfluous-suppression]"))
        // The level is set in the config instead.
        let quiet = ws.run(["lint", "--severity", "blanket-suppression=off", "--severity", "superfluous-suppression=off"])
        #expect(!quiet.err.contains("-suppression]"), "\(quiet.transcript)")
    }

    @Test("works in the source locale's pages too, and for several rules at once")
    func sourceLocaleAndList() throws {
        let ws = try Workspace(fixture: "drift")
        try ws.edit(
            "docs-ru/errors.md", replacing: "<!-- docspec:table kind=error-codes",
            with: "<!-- docspec:disable-next-block missing-row,cell-mismatch reason=\"known\" -->\n\n<!-- docspec:table kind=error-codes")
        // The missing table's note is in ja, but the finding is in ru: a ja comment does not silence it.
        try ws.edit(
            "docs-ja/request.md", replacing: "<!-- docspec:table kind=int-enum symbol=FixturePlayTime",
            with: "<!-- docspec:disable-next-block missing-table reason=\"x\" -->\n\n<!-- docspec:table kind=int-enum symbol=FixturePlayTime")
        let r = ws.run(["lint"])
        #expect(!r.err.contains("[cell-mismatch]"), "\(r.transcript)")
        #expect(r.err.contains("[missing-table]"))
        #expect(r.err.contains("docs-ja/request.md:") && r.err.contains("[superfluous-suppression]"))
        #expect(r.out.contains("(2 suppressed)"))
    }

    @Test("docspec report shows what lint shows: silenced findings are neither marked nor counted as errors")
    func report() throws {
        let ws = try Workspace(fixture: "suppress")
        let r = ws.run(["report", "--html", "out"])
        #expect(r.status == 1)
        #expect(r.out.hasSuffix("4 errors, 1 warning (2 suppressed)\n"), "\(r.transcript)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: ws.url("out").path).compactMap { ws.read("out/\($0)") }
        #expect(!pages.isEmpty)
        #expect(!pages.contains { $0.contains("cell-mismatch") })
        #expect(pages.contains { $0.contains("invalid-suppression") })
    }

    @Test("the directive is known: no unknown-directive, and a table directive after it still binds")
    func registered() throws {
        let ws = try Workspace(fixture: "suppress")
        let r = ws.run(["lint"])
        #expect(!r.err.contains("unknown-directive") && !r.err.contains("orphan-directive") && !r.err.contains("malformed-directive"), "\(r.transcript)")
        #expect(ws.run(["rules"]).out.contains("invalid-suppression\t"))
        #expect(ws.run(["rules"]).out.contains("superfluous-suppression\t"))
    }
}

/// The baseline file and `docspec baseline write|prune`.
@Suite("baselines")
struct BaselineTests {
    @Test("write → lint clean → a new finding appears → prune drops fixed findings")
    func lifecycle() throws {
        let ws = try Workspace(fixture: "drift")
        let write = ws.run(["baseline", "write"])
        #expect(write.status == 0, "\(write.transcript)")
        #expect(write.out == "docspec baseline write: 4 findings (4 entries) recorded in docspec-baseline.json\n")
        let text = try #require(ws.read("docspec-baseline.json"))
        GoldenFile.assertMatches(text, golden: "drift-baseline.json")
        #expect(!text.contains("\"line\""), "no line numbers in a baseline")

        let clean = ws.run(["lint"])
        #expect(clean.status == 0, "\(clean.transcript)")
        #expect(clean.err.isEmpty)
        #expect(clean.out.hasSuffix("0 errors, 0 warnings (4 baselined)\n"))
        #expect(ws.run(["lint", "--format", "json"]).out.contains("\"baselined\" : 4"))

        // Lines move above the findings: still baselined.
        try ws.edit("docs-ru/errors.md", replacing: "# Ошибки и конечные точки\n", with: "# Ошибки и конечные точки\n\nНовый абзац.\n\nЕщё один.\n")
        #expect(ws.run(["lint"]).status == 0)

        // A new finding is shown; the baselined ones stay hidden.
        try ws.edit("docs-ru/errors.md", replacing: "`5000000` | `500`", with: "`5000000` | `503`")
        let fresh = ws.run(["lint"])
        #expect(fresh.status == 1)
        #expect(fresh.err.split(separator: "\n").filter { $0.contains(": error: ") }.count == 1, "\(fresh.transcript)")
        #expect(fresh.err.contains("'503'"))

        // Fix one baselined finding: prune --check fails and writes nothing; prune removes it.
        try ws.edit("docs-ru/errors.md", replacing: "`4290000` | `492`", with: "`4290000` | `429`")
        let before = ws.read("docspec-baseline.json")
        let check = ws.run(["baseline", "prune", "--check"])
        #expect(check.status == 1, "\(check.transcript)")
        #expect(ws.read("docspec-baseline.json") == before)
        let prune = ws.run(["baseline", "prune"])
        #expect(prune.status == 0)
        #expect(prune.out == "docspec baseline prune: docspec-baseline.json: 1 entry removed, 1 fixed finding dropped; 3 left\n")
        #expect(ws.run(["baseline", "prune", "--check"]).status == 0)
        let after = try #require(ws.read("docspec-baseline.json"))
        #expect(!after.contains("'492'"))
        // Atomic writes leave no temporary file behind.
        #expect(ws.snapshot().keys.filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test("a count of n hides at most n findings with that fingerprint; other files are not hidden")
    func counts() throws {
        let d = Diagnostic.error("cell-mismatch", "same drift", at: SourceLocation(file: "docs-ru/a.md", line: 3))
        var moved = d
        moved.location?.line = 30
        let baseline = Baseline([d, moved], root: nil)
        #expect(baseline.findings.count == 1 && baseline.findings[0].count == 2)
        var elsewhere = d
        elsewhere.location?.file = "docs-ru/b.md"
        let (kept, hidden) = baseline.filter([d, moved, d, elsewhere], root: nil)
        #expect(hidden == [d, moved])
        #expect(kept == [d, elsewhere])
        let (pruned, removedEntries, removedFindings) = baseline.pruned(against: [d], root: nil)
        #expect(pruned.findings.map(\.count) == [1] && removedEntries == 0 && removedFindings == 1)
    }

    @Test("a malformed baseline is an error naming the file (exit 2)", arguments: [
        "{", "[]", #"{"version": 1, "tool": "docspec"}"#, #"{"version": 9, "tool": "docspec", "findings": []}"#,
        #"{"version": 1, "tool": "docspec", "findings": [{"rule": "x", "file": "a.md", "fingerprint": "0", "count": 0, "message": ""}]}"#,
    ])
    func malformed(_ text: String) throws {
        let ws = try Workspace(fixture: "drift")
        try ws.write("docspec-baseline.json", text)
        for command in [["lint"], ["check"], ["baseline", "prune"]] {
            let r = ws.run(command)
            #expect(r.status == 2, "\(r.transcript)")
            #expect(r.err.hasPrefix("docspec: error: docspec-baseline.json: "), "\(r.transcript)")
        }
    }

    @Test("the file is configurable: docspec.yml 'baseline:' and --baseline")
    func configurable() throws {
        let ws = try Workspace(fixture: "drift")
        try ws.write("docspec.yml", try #require(ws.read("docspec.yml")) + "baseline: qa/accepted.json\n")
        try FileManager.default.createDirectory(at: ws.url("qa"), withIntermediateDirectories: true)
        #expect(ws.run(["baseline", "write"]).out.contains("recorded in qa/accepted.json"))
        #expect(ws.read("qa/accepted.json") != nil && ws.read("docspec-baseline.json") == nil)
        #expect(ws.run(["check", "--format", "json"]).out.contains("\"baselined\" : 4"))
        #expect(ws.run(["baseline", "write", "--baseline", "other.json"]).status == 0)
        #expect(ws.run(["lint", "--baseline", "other.json"]).status == 0)
        let missing = ws.run(["lint", "--baseline", "none.json"])
        #expect(missing.status == 2 && missing.err.contains("'none.json' does not exist"))
        #expect(ws.run(["baseline"]).status == 2)
        #expect(ws.run(["baseline", "write", "--check"]).status == 2)
    }
}

/// Rule levels: docspec.yml `rules:` and `--severity`.
@Suite("rule levels")
struct SeverityTests {
    @Test("docspec.yml rules: and --severity change levels; off drops the rule")
    func overrides() throws {
        let ws = try Workspace(fixture: "drift")
        try ws.write("docspec.yml", try #require(ws.read("docspec.yml")) + "rules:\n  cell-mismatch: warning\n  missing-table: off\n")
        let r = ws.run(["lint"])
        #expect(r.status == 1, "the code sample is still an error: \(r.transcript)")
        #expect(r.err.contains("warning: 'code' of row '4000041'"))
        #expect(!r.err.contains("[missing-table]"))
        #expect(r.out.hasSuffix("1 error, 2 warnings\n"))
        let cli = ws.run(["lint", "--severity", "code-sample-mismatch=note", "--severity=cell-mismatch=error"])
        #expect(cli.out.hasSuffix("2 errors, 0 warnings\n"), "\(cli.transcript)")
        #expect(ws.run(["lint", "--severity", "code-sample-mismatch=note"]).status == 0)
        #expect(ws.run(["lint", "--severity", "code-sample-mismatch=note", "--warnings-as-errors"]).status == 1)
    }

    @Test("unknown rules and levels are errors naming them", arguments: [
        (["lint", "--severity", "no-such-rule=warning"], "unknown rule 'no-such-rule'"),
        (["lint", "--severity", "cell-mismatch=fatal"], "unknown level 'fatal'"),
        (["lint", "--severity", "cell-mismatch"], "--severity takes <rule>=<level>"),
    ])
    func badFlags(_ arguments: [String], _ expected: String) throws {
        let ws = try Workspace(fixture: "drift")
        let r = ws.run(arguments)
        #expect(r.status == 2)
        #expect(r.err.contains(expected), "\(r.transcript)")
    }

    @Test("unknown rules and levels in docspec.yml name the file and line", arguments: [
        ("rules:\n  no-such-rule: warning\n", "docspec.yml:10:3: error: unknown rule 'no-such-rule'"),
        ("rules:\n  cell-mismatch: loud\n", "docspec.yml:10:18: error: rule 'cell-mismatch' has the level 'loud'"),
        ("rules: warning\n", "docspec.yml:9:8: error: 'rules' must map rule ids to levels"),
    ])
    func badConfig(_ yaml: String, _ expected: String) throws {
        let ws = try Workspace(fixture: "drift")
        try ws.write("docspec.yml", try #require(ws.read("docspec.yml")) + yaml)
        let r = ws.run(["lint"])
        #expect(r.status == 2)
        #expect(r.err.contains(expected), "\(r.transcript)")
    }
}

/// `--changed-since <ref>` in a temporary git repository.
@Suite("--changed-since")
struct ChangedSinceTests {
    func git(_ ws: Workspace, _ arguments: String...) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-c", "user.name=DocSpec Tests", "-c", "user.email=tests@example.invalid", "-c", "commit.gpgsign=false"] + arguments
        p.currentDirectoryURL = ws.root
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
    }

    @Test("keeps findings in changed or untracked pages, or whose notes point at one")
    func filters() throws {
        let ws = try Workspace(fixture: "drift")
        try git(ws, "init", "-q", "-b", "main")
        try git(ws, "add", ".")
        try git(ws, "commit", "-q", "-m", "docs")
        let none = ws.run(["lint", "--changed-since", "HEAD"])
        #expect(none.status == 0, "\(none.transcript)")
        #expect(none.out.hasSuffix("0 errors, 0 warnings\n"))

        // A change in the ja page: the ru findings whose note points at it are kept.
        try ws.edit("docs-ja/request.md", replacing: "# FixtureRequest", with: "# FixtureRequest\n\nУточнение.")
        let ja = ws.run(["lint", "--changed-since", "HEAD"])
        #expect(ja.err.contains("[code-sample-mismatch]") && ja.err.contains("[missing-table]"), "\(ja.transcript)")
        #expect(!ja.err.contains("[cell-mismatch]"))

        // An untracked page counts as changed.
        try git(ws, "commit", "-q", "-am", "ja")
        try ws.write("docs-ja/new.md", "# Новая\n")
        let untracked = ws.run(["lint", "--changed-since", "HEAD"])
        #expect(untracked.err.contains("docs-ja/new.md") && untracked.err.contains("[missing-page]"), "\(untracked.transcript)")
        #expect(!untracked.err.contains("[code-sample-mismatch]"))

        // A translation deleted in the change: its missing-page finding sits on the unchanged
        // source page, and is about this change all the same.
        try ws.remove("docs-ja/new.md")
        try git(ws, "rm", "-q", "docs-ru/request.md")
        let deleted = ws.run(["lint", "--changed-since", "HEAD"])
        #expect(deleted.status == 1, "\(deleted.transcript)")
        #expect(deleted.err.contains("docs-ja/request.md:1:1: error:") && deleted.err.contains("[missing-page]"), "\(deleted.transcript)")
    }

    @Test("an unknown ref or a folder outside git is exit 2 with git's message")
    func errors() throws {
        let ws = try Workspace(fixture: "drift")
        let outside = ws.run(["lint", "--changed-since", "HEAD"])
        // The temporary folder may sit inside some repository; only assert when it does not.
        if outside.status == 2 { #expect(outside.err.contains("not a git repository"), "\(outside.transcript)") }
        try git(ws, "init", "-q", "-b", "main")
        try git(ws, "add", ".")
        try git(ws, "commit", "-q", "-m", "docs")
        let bad = ws.run(["lint", "--changed-since", "no-such-branch"])
        #expect(bad.status == 2)
        #expect(bad.err.contains("--changed-since no-such-branch: git diff failed: fatal: bad revision 'no-such-branch'"), "\(bad.transcript)")
    }
}
