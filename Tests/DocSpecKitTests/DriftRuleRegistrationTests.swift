import DocDiagnostics
import DocSpecKit
import Foundation
import LocaleDrift
import Testing

/// A drift rule that exists only in this test target: a translation whose title says
/// `FIXME-DRIFT` is flagged.
struct FixmeDriftRule: DriftRule {
    static let descriptors = [
        RuleDescriptor(
            "fixme-drift", .warning, layer: .drift, summary: "a translation's title says FIXME-DRIFT",
            help: "A test fixture rule: the translation's title contains FIXME-DRIFT, so it is flagged at line 1 of the page."),
    ]

    func check(_ pair: PagePair) -> [Diagnostic] {
        guard pair.target.title.contains("FIXME-DRIFT") else { return [] }
        return [Self.descriptors[0].diagnostic("the title says FIXME-DRIFT", at: SourceLocation(file: pair.target.path, line: 1))]
    }
}

/// Adding a drift rule is registering its type: `lint` runs it, and `rules`, `--severity`,
/// `docspec.yml` `rules:` and SARIF know its id, with nothing else changed.
@Suite("Registering a drift rule")
struct DriftRuleRegistrationTests {
    static let registry = RuleRegistry.standard.registering(DriftRuleRegistration(FixmeDriftRule.self) { _ in FixmeDriftRule() })

    func run(_ ws: Workspace, _ arguments: [String], rules: RuleRegistry = registry) -> CLIResult {
        let buffer = OutputBuffer()
        let status = DocSpecCLI.run(arguments, output: buffer.output, currentDirectory: ws.root, rules: rules)
        let (out, err) = buffer.contents
        return CLIResult(status: status, out: out, err: err)
    }

    func workspace() throws -> Workspace {
        let ws = try Workspace(fixture: "clean")
        try ws.edit("docs-ru/errors.md", replacing: "title: Ошибки и конечные точки", with: "title: Ошибки и конечные точки FIXME-DRIFT")
        return ws
    }

    @Test("the registered rule runs in docspec lint; the standard registry does not run it")
    func runsInLint() throws {
        let ws = try workspace()
        let r = run(ws, ["lint"])
        #expect(r.status == 0, "a warning does not fail the run: \(r.transcript)")
        #expect(r.err.contains("docs-ru/errors.md:1:1: warning: the title says FIXME-DRIFT [fixme-drift]"), "\(r.transcript)")
        #expect(r.out.contains("0 errors, 1 warning"), "\(r.transcript)")
        let standard = run(ws, ["lint"], rules: .standard)
        #expect(standard.status == 0 && !standard.err.contains("fixme-drift"), "\(standard.transcript)")
    }

    @Test("its id is listed by rules and accepted by --severity and docspec.yml; unknown to the standard registry")
    func knownEverywhere() throws {
        let ws = try workspace()
        #expect(run(ws, ["rules"]).out.contains("\nfixme-drift\twarning\ta translation's title says FIXME-DRIFT\thttps://"))
        #expect(run(ws, ["rules"]).out.contains("/docs/rules.md#fixme-drift\n"))
        let described = run(ws, ["rules", "fixme-drift"])
        #expect(described.status == 0 && described.out.hasPrefix("fixme-drift (warning, drift): a translation's title says FIXME-DRIFT\n\nA test fixture rule"), "\(described.transcript)")
        let error = run(ws, ["lint", "--severity", "fixme-drift=error"])
        #expect(error.status == 1 && error.err.contains("error: the title says FIXME-DRIFT [fixme-drift]"), "\(error.transcript)")
        let off = run(ws, ["lint", "--severity", "fixme-drift=off"])
        #expect(off.status == 0 && !off.err.contains("fixme-drift"), "\(off.transcript)")
        let standard = run(ws, ["lint", "--severity", "fixme-drift=off"], rules: .standard)
        #expect(standard.status == 2 && standard.err.contains("unknown rule 'fixme-drift'"), "\(standard.transcript)")

        try ws.write("docspec.yml", try #require(ws.read("docspec.yml")) + "rules:\n  fixme-drift: note\n")
        let note = run(ws, ["lint", "--format", "json"])
        #expect(note.status == 0 && note.out.contains(#""severity" : "note""#), "\(note.transcript)")
        let sarif = run(ws, ["lint", "--format", "sarif"])
        #expect(sarif.out.contains(#""id" : "fixme-drift""#), "\(sarif.transcript)")
    }

    @Test("a suppression comment may name it")
    func suppressible() throws {
        let ws = try workspace()
        try ws.edit(
            "docs-ru/errors.md", replacing: "# Ошибки и конечные точки\n",
            with: "# Ошибки и конечные точки\n\n<!-- docspec:disable-next-block fixme-drift reason=\"a test\" -->\n")
        let r = run(ws, ["lint"])
        // Known, so not an invalid suppression; the finding is at line 1, so it is unused.
        #expect(!r.err.contains("[invalid-suppression]") && r.err.contains("[superfluous-suppression]"), "\(r.transcript)")
    }
}
