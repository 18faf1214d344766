import DocDiagnostics
import Foundation
import LocaleDrift

extension DocSpecCLI {
    /// `N errors, M warnings`, then `(S suppressed, B baselined)` when anything was hidden.
    static func counts(_ diagnostics: [Diagnostic], hidden: HiddenFindings) -> String {
        var text = counts(diagnostics)
        var parts: [String] = []
        if hidden.suppressed > 0 { parts.append("\(hidden.suppressed) suppressed") }
        if hidden.baselined > 0 { parts.append("\(hidden.baselined) baselined") }
        if !parts.isEmpty { text += " (\(parts.joined(separator: ", ")))" }
        return text
    }

    /// SARIF rule descriptors for every registered rule, with the configured levels (a rule set
    /// to `off` is disabled) and, for other rules, their default severity.
    static func sarifRules(_ rules: RuleRegistry, levels: [String: RuleLevel]) -> [SARIFRenderer.Rule] {
        rules.descriptors.map { r in
            let configured = levels[r.id.rawValue]
            return SARIFRenderer.Rule(r, level: configured?.severity ?? r.defaultSeverity, enabled: configured != .off)
        }
    }

    /// Prints the findings of `lint` or `check` in the chosen format, with `summary` as the last
    /// line for text and GitHub output.
    static func report(_ found: Findings, summary: String, _ config: Config, _ options: Options, _ output: CLIOutput) {
        let root = rootPath(config)
        switch options.format {
        case "json":
            output.out(JSONDiagnosticRenderer(root: root).render(found.shown, hidden: found.hidden))
        case "sarif":
            let levels = (try? ruleLevels(config, options)) ?? config.ruleLevels
            let renderer = SARIFRenderer(
                toolName: "docspec", toolVersion: version, informationURI: informationURI,
                rules: sarifRules(config.rules, levels: levels), root: root)
            output.out(renderer.render(found.shown))
        case "github":
            github(found, summary: summary, output)
        default:
            output.err(TextDiagnosticRenderer(colour: output.errIsTTY).render(found.shown))
            output.out(summary + "\n")
        }
    }

    /// GitHub Actions annotations, capped as GitHub caps them per step; past the caps (or
    /// whenever `GITHUB_STEP_SUMMARY` is set) every finding is listed in the step summary.
    static func github(_ found: Findings, summary: String, _ output: CLIOutput) {
        let renderer = GitHubActionsRenderer()
        var rendered = renderer.render(found.shown)
        let overflow = rendered.omitted + rendered.omittedNotes > 0
        if overflow { rendered = renderer.render(found.shown, reservingNotice: true) }
        output.out(rendered.commands)
        let summaryFile = output.environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 }
        var wroteSummary = false
        if let summaryFile {
            // "docspec lint: pages …; 3 errors, 1 warning" → heading "docspec lint", then the rest.
            let parts = summary.components(separatedBy: ": ")
            let title = parts.first ?? "docspec"
            let counts = parts.dropFirst().joined(separator: ": ")
            let markdown = renderer.summaryMarkdown(found.shown, heading: title, counts: counts)
            do {
                try appendStepSummary(markdown, to: summaryFile)
                wroteSummary = true
            } catch {
                output.err("Error: cannot write the step summary '\(summaryFile)': \(error.localizedDescription)\n")
            }
        }
        if overflow {
            var what: [String] = []
            if rendered.omitted > 0 { what.append("\(rendered.omitted) more finding\(rendered.omitted == 1 ? "" : "s")") }
            if rendered.omittedNotes > 0 { what.append("\(rendered.omittedNotes) more note\(rendered.omittedNotes == 1 ? "" : "s")") }
            let more = what.joined(separator: " and ")
            if wroteSummary {
                output.out(GitHubActionsRenderer.command(
                    "notice", location: nil, title: nil,
                    message: "\(more) than GitHub shows as annotations (\(GitHubActionsRenderer.perStepLimit) of each kind per step) are in the step summary"))
            } else {
                output.out(GitHubActionsRenderer.command(
                    "notice", location: nil, title: nil,
                    message: "\(more) than GitHub shows as annotations (\(GitHubActionsRenderer.perStepLimit) of each kind per step) are listed below"))
                output.out(TextDiagnosticRenderer().render(found.shown))
            }
        }
        output.out(summary + "\n")
    }

    /// Appends to the step summary file (GitHub creates it; it is created here if missing).
    static func appendStepSummary(_ markdown: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        if !FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(markdown.utf8))
    }

    /// `docspec baseline write` and `docspec baseline prune [--check]`.
    static func baseline(_ config: Config, _ options: Options, _ output: CLIOutput, currentDirectory: URL) throws(DocSpecError) -> Int32 {
        let action = options.baselineAction ?? "write"
        if options.checkOnly, action != "prune" { throw .usage("--check works with 'baseline prune' only") }
        let levels = try ruleLevels(config, options)
        let lint = Pipeline.lint(config, retention: .generationInput)
        let (current, _) = policyFindings(lint.diagnostics, docSet: lint.docSet, levels: levels, rules: config.rules)
        let root = rootPath(config)
        let (url, display) = baselineLocation(config, options, currentDirectory: currentDirectory)
        func write(_ b: Baseline) throws(DocSpecError) {
            do {
                try b.write(to: url)
            } catch {
                throw .io("cannot write the baseline file '\(display)': \(error.localizedDescription)")
            }
        }
        if action == "write" {
            let b = Baseline(current, root: root)
            try write(b)
            output.out("docspec baseline write: \(current.count) finding\(current.count == 1 ? "" : "s") (\(b.findings.count) entr\(b.findings.count == 1 ? "y" : "ies")) recorded in \(display)\n")
            return 0
        }
        guard let existing = try loadBaseline(config, options, currentDirectory: currentDirectory, required: true) else { return 2 }
        let (pruned, removedEntries, removedFindings) = existing.pruned(against: current, root: root)
        let changed = pruned != existing
        let what = "\(removedEntries) entr\(removedEntries == 1 ? "y" : "ies") removed, \(removedFindings) fixed finding\(removedFindings == 1 ? "" : "s") dropped; \(pruned.findings.count) left"
        if options.checkOnly {
            output.out(changed
                ? "docspec baseline prune --check: \(display) is out of date (\(what)); run 'docspec baseline prune' (nothing was written)\n"
                : "docspec baseline prune --check: \(display) is up to date (\(pruned.findings.count) entr\(pruned.findings.count == 1 ? "y" : "ies"))\n")
            return changed ? 1 : 0
        }
        if changed { try write(pruned) }
        output.out("docspec baseline prune: \(display): \(changed ? what : "nothing to prune (\(pruned.findings.count) entr\(pruned.findings.count == 1 ? "y" : "ies"))")\n")
        return 0
    }

    /// Options of `lint` and `check` beyond the common ones, for their help.
    static let findingOptions = """
          --format <format>       Output format for findings: text (default; findings on standard error, a summary line on standard output), json (schema version 2), sarif (SARIF 2.1.0) or github (GitHub Actions annotations; every finding also in $GITHUB_STEP_SUMMARY when set).
          --baseline <file>       Baseline file (default: the config's 'baseline', else docspec-baseline.json); findings it lists are hidden and counted.
          --severity <rule=lvl>   Level of a rule: error, warning, note or off (e.g. cell-mismatch=warning); repeatable. Overrides the config's 'rules:'.
          --changed-since <ref>   Only findings in pages changed since this git ref (or untracked), or whose notes point at one.

        """

    static let symbolOptions = """
          --symbols               Also check the docs against the library's symbol graph before any build (swift package dump-symbol-graph): symbol= names, documented cases and delegate methods, complete tables.
          --symbol-graphs <dir>   Read the symbol graphs (*.symbols.json) from this folder instead; implies --symbols.

        """

    static func findingsHelp(_ command: String, summary: String) -> String {
        """
        OVERVIEW: \(summary)

        USAGE: docspec \(command) [options]

        Suppress a finding for the next block with an HTML comment on its own lines:
          <!-- docspec:disable-next-block cell-mismatch reason="the ru docs use the new code" -->

        OPTIONS:

        """ + findingOptions + (command == "check" ? symbolOptions : "") + commonOptions.replacingOccurrences(of: "  --format <text|json>    Output format for findings (default: text; text goes to standard error).\n", with: "")
            + "\nEXIT STATUS: 0 clean, 1 findings, 2 usage, config or I/O error (a malformed baseline, an unknown git ref).\n"
    }

    static func baselineHelp(summary: String) -> String {
        """
        OVERVIEW: \(summary)

        USAGE: docspec baseline write [options]
               docspec baseline prune [--check] [options]

        write records every current finding (what 'docspec lint' reports, after suppressions and
        rule levels) by rule, file and content fingerprint, with a count and no line numbers. prune
        removes entries no current finding matches and lowers counts to what still matches. The file
        is written atomically. Stale generated files are never baselined: run 'docspec generate'.

        OPTIONS:
          --check                 prune: write nothing; exit 1 if the baseline would change.
          --baseline <file>       Baseline file (default: the config's 'baseline', else docspec-baseline.json).
          --severity <rule=lvl>   Level of a rule: error, warning, note or off; repeatable.

        """ + commonOptions.replacingOccurrences(of: "  --format <text|json>    Output format for findings (default: text; text goes to standard error).\n", with: "")
            .replacingOccurrences(of: "  --warnings-as-errors    Exit 1 on warnings too.\n", with: "")
            + "\nEXIT STATUS: 0 written (prune --check: up to date), 1 prune --check would change the file, 2 usage, config or I/O error.\n"
    }
}
