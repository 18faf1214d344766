import DocDiagnostics
import DocSpecKit
import Foundation
import Testing

/// The command line as linters' users know it: near-miss suggestions, help derived from each
/// command's declaration, `--format` honoured or refused, and one diagnostic shape for usage
/// errors, config errors and findings (golden files).
@Suite("CLI conventions")
struct CLIConventionTests {
    /// Runs the CLI in `ws` with standard error as a terminal or not (colour off either way).
    func run(_ ws: Workspace, _ arguments: [String], terminal: Bool) -> CLIResult {
        let buffer = OutputBuffer()
        let output = CLIOutput(out: { buffer.appendOut($0) }, err: { buffer.appendErr($0) }, errIsTTY: terminal, colour: false)
        let status = DocSpecCLI.run(arguments, output: output, currentDirectory: ws.root)
        let (out, err) = buffer.contents
        return CLIResult(status: status, out: out, err: err)
    }

    /// Each case: the config written (or nil for the fixture's), the arguments.
    static let cases: [(config: String?, arguments: [String])] = [
        (nil, ["lnt"]),
        (nil, ["lint", "--formt", "json"]),
        (nil, ["lint", "--format", "jsn"]),
        (nil, ["lint", "--html", "out"]),
        (nil, ["generate", "stray"]),
        (nil, ["extract", "--format", "text"]),
        (nil, ["rules", "cell-mismach"]),
        (nil, ["baseline"]),
        (nil, ["baseline", "wirte"]),
        (nil, ["tables", "--table", "error-codes:APIErorr"]),
        ("source: ja\nlocales:\n  ja: docs-ja\n  ru: docs-ru\noutptu: Generated\n", ["lint"]),
        ("source: ja\nlocales:\n  ja: docs-ja\n  ru: docs-ru\nimports: AppStoreServerAPI\n", ["lint"]),
        ("source: ja\nlocales:\n  ja: docs-ja\n  ru: docs-ru\noutput: 42\n", ["lint"]),
        ("source: ja\nlocales:\n  ja: docs-ja\n  ru: docs-ru\ndoc-tests: swift\n", ["lint"]),
        ("source: ja\nlocales:\n  ja: docs-ja\n  ru: docs-ru\nrules:\n  cell-mismatch: warn\n", ["lint"]),
        ("source: ja\nlocales:\n  ja: docs-ja\n  ru: docs-ru\nrules:\n  cel-mismatch: warning\n", ["lint"]),
        ("source: ja\nlocales:\n  ja: docs-ja\n  ru: [docs-ru\n", ["lint"]),
    ]

    func transcript(terminal: Bool) throws -> String {
        var text = ""
        for c in Self.cases {
            let ws = try Workspace(fixture: "clean")
            if let config = c.config { try ws.write("docspec.yml", config) }
            let r = run(ws, c.arguments, terminal: terminal)
            text += "$ docspec \(c.arguments.joined(separator: " "))\(c.config == nil ? "" : "   # docspec.yml: \(c.config!.split(separator: "\n").suffix(c.config!.contains("rules:") ? 2 : 1).joined(separator: " / "))")\n"
            text += r.err + "exit \(r.status)\n\n"
            #expect(r.status == 2, "\(c.arguments): \(r.transcript)")
            #expect(r.out.isEmpty, "\(c.arguments): \(r.transcript)")
        }
        // A finding has the same shape.
        let ws = try Workspace(fixture: "drift")
        let r = run(ws, ["lint", "--quiet"], terminal: terminal)
        text += "$ docspec lint --quiet   # the drift fixture: findings, first three\n"
        text += r.err.split(separator: "\n", omittingEmptySubsequences: false).prefix(terminal ? 7 : 3).joined(separator: "\n") + "\n"
        return text
    }

    @Test("usage, config and finding diagnostics share one shape (golden)")
    func diagnosticShapes() throws {
        GoldenFile.assertMatches(try transcript(terminal: false), golden: "cli-diagnostics.txt")
    }

    @Test("on a terminal each located diagnostic shows its source line and a caret under the column (golden)")
    func caretOnTerminal() throws {
        let text = try transcript(terminal: true)
        GoldenFile.assertMatches(text, golden: "cli-diagnostics-terminal.txt")
        // The caret stands under the column the location names.
        #expect(text.contains("docspec.yml:5:1: error: unknown setting 'outptu'; did you mean 'output'?"))
        #expect(text.contains("docspec.yml:5:10: error: 'imports' must be a list, not a single value ('AppStoreServerAPI')"))
        #expect(text.contains("imports: AppStoreServerAPI\n         ^\n"), "\(text)")
    }

    @Test("the caret counts East Asian wide characters as two cells and keeps tabs")
    func caretWidth() {
        let renderer = DocDiagnosticsProbe.renderer { _ in "\t| `ja` | 日本語 | x |" }
        let text = renderer.renderError("m", at: .init(file: "a.md", line: 1, column: 13))
        #expect(text == "a.md:1:13: error: m\n\t| `ja` | 日本語 | x |\n\t" + String(repeating: " ", count: 13) + "^\n", "\(text)")
    }

    @Test("--version is in the main help; each command's help lists exactly its declared options")
    func help() throws {
        let ws = try Workspace()
        let main = ws.run(["--help"]).out
        #expect(main.contains("\n  --version               Show the version.\n"), "\(main)")
        let lint = ws.run(["lint", "--help"])
        GoldenFile.assertMatches(lint.out, golden: "help-lint.txt")
        #expect(!ws.run(["rules", "--help"]).out.contains("--locale"))
        #expect(ws.run(["rules", "--help"]).out.contains("--format <text|json>"))
        let helpLnt = ws.run(["help", "lnt"])
        #expect(helpLnt.status == 2 && helpLnt.err.contains("did you mean 'lint'?"), "\(helpLnt.transcript)")
    }

    @Test("rules --format json prints every rule with its default level, layer and help")
    func rulesJSON() throws {
        let ws = try Workspace()
        let r = ws.run(["rules", "--format", "json"])
        #expect(r.status == 0, "\(r.transcript)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let rules = try #require(doc["rules"] as? [[String: Any]])
        #expect(rules.count == RuleRegistry.standard.descriptors.count)
        let cell = try #require(rules.first { $0["id"] as? String == "cell-mismatch" })
        #expect(cell["defaultLevel"] as? String == "error")
        #expect(cell["layer"] as? String == "drift")
        #expect((cell["help"] as? String)?.isEmpty == false)
        let one = ws.run(["rules", "cell-mismatch", "--format", "json"])
        let rule = try #require((try JSONSerialization.jsonObject(with: Data(one.out.utf8)) as? [String: Any])?["rule"] as? [String: Any])
        #expect(rule["id"] as? String == "cell-mismatch")
        #expect(ws.run(["rules", "--format", "sarif"]).status == 2)
    }

    @Test("every command refuses a --format it does not honour, and options of other commands", arguments: [
        ["baseline", "write", "--format", "json"], ["stamp", "--format", "json"], ["generate", "--format", "sarif"],
        ["report", "--html", "r", "--format", "github"], ["tables", "--format", "text"], ["stamp", "--warnings-as-errors"],
    ])
    func refusedFormats(_ arguments: [String]) throws {
        let ws = try Workspace(fixture: "clean")
        let before = ws.snapshot()
        let r = ws.run(arguments)
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.hasPrefix("docspec: error: "), "\(r.transcript)")
        #expect(ws.snapshot() == before)
    }

    @Test("an option given twice that is not repeatable is a usage error")
    func givenTwice() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["lint", "--format", "json", "--format", "text"])
        #expect(r.status == 2 && r.err.hasPrefix("docspec: error: --format is given twice"), "\(r.transcript)")
    }
}

/// The renderer with a fixed source line, for the caret tests.
enum DocDiagnosticsProbe {
    static func renderer(_ line: @escaping @Sendable (DocDiagnostics.SourceLocation) -> String?) -> TextDiagnosticRenderer {
        TextDiagnosticRenderer(colour: false, sourceLine: line)
    }
}
