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
            var rule = SARIFRenderer.Rule(r, level: configured?.severity ?? r.defaultSeverity, enabled: configured != .off)
            rule.helpURI = helpURI(of: r.id.rawValue)
            rule.suppressible = !Suppressions.ownRules.contains(r.id.rawValue)
            return rule
        }
    }

    /// Prints the findings of `lint` or `check` in the chosen format, with `summary` as the last
    /// line for text and GitHub output.
    static func report(_ found: Findings, summary: String, _ config: Config, _ options: FindingRunOptions, _ output: CLIOutput) {
        let root = rootPath(config)
        switch options.format {
        case .json:
            output.out(JSONDiagnosticRenderer(root: root).render(found.shown, hidden: found.hidden))
        case .sarif:
            let levels = (try? ruleLevels(config, options.policy)) ?? config.ruleLevels
            let renderer = SARIFRenderer(
                toolName: "docspec", toolVersion: version, informationURI: informationURI,
                rules: sarifRules(config.rules, levels: levels), root: root)
            output.out(renderer.render(found.shown, suppressed: found.hidden.findings))
        case .github:
            github(found, summary: summary, output)
        case .text:
            output.err(errorRenderer(output, root: config.root).render(found.shown))
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
                fail("cannot write the step summary '\(summaryFile)': \(error.localizedDescription)", output)
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
    static func baseline(
        _ config: Config, _ options: BaselineOptions, _ output: CLIOutput, _ found: [DocSet.LocaleFiles], currentDirectory: URL
    ) throws(DocSpecError) -> Int32 {
        let action = options.action
        if options.checkOnly, action != "prune" { throw .usage("--check works with 'baseline prune' only") }
        let levels = try ruleLevels(config, options.policy)
        let lint = Pipeline.lint(
            config, retention: .generationInput, discovered: found, progress: progress("baseline", found, config, options.progress, output))
        let (current, _) = policyFindings(lint.diagnostics, docSet: lint.docSet, levels: levels, rules: config.rules)
        let root = rootPath(config)
        let (url, display) = baselineLocation(config, options.policy, currentDirectory: currentDirectory)
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
        guard let existing = try loadBaseline(config, options.policy, currentDirectory: currentDirectory, required: true) else { return 2 }
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
}

/// The lines of files diagnostics point at, for the source line a terminal shows under each:
/// paths relative to `root` (or absolute), each file read once (at most 8 MB of it).
final class SourceLines: @unchecked Sendable {
    private let root: URL
    private let lock = NSLock()
    private var files: [String: [Substring]] = [:]

    init(root: URL) { self.root = root }

    /// The text of `location`'s line without its line ending, or `nil` when the file cannot be
    /// read or is shorter.
    func line(_ location: SourceLocation) -> String? {
        let lines = lock.withLock { () -> [Substring] in
            if let cached = files[location.file] { return cached }
            let url = location.file.hasPrefix("/") ? URL(fileURLWithPath: location.file) : root.appendingPathComponent(location.file)
            var read: [Substring] = []
            if let handle = try? FileHandle(forReadingFrom: url), let data = try? handle.read(upToCount: 8 << 20) {
                try? handle.close()
                read = String(decoding: data, as: UTF8.self).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            }
            files[location.file] = read
            return read
        }
        guard location.line >= 1, location.line <= lines.count else { return nil }
        return String(lines[location.line - 1])
    }
}

/// `docspec rules --format json`: `{"version": 1, "rules": [{"id", "defaultLevel", "layer",
/// "summary", "help", "example"}]}` (`example` null when the rule has none); one rule's
/// description is `{"version": 1, "rule": {…}}`. Keys sorted, so output is byte-stable.
enum RuleListJSON {
    struct Rule: Encodable {
        var id: String
        var defaultLevel: String
        var layer: String
        var summary: String
        var help: String
        var example: String?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(defaultLevel, forKey: .defaultLevel)
            try c.encode(layer, forKey: .layer)
            try c.encode(summary, forKey: .summary)
            try c.encode(help, forKey: .help)
            try c.encode(example, forKey: .example)
        }

        enum CodingKeys: String, CodingKey { case id, defaultLevel, layer, summary, help, example }
    }

    struct List: Encodable {
        var version = 1
        var rules: [Rule]
    }

    struct One: Encodable {
        var version = 1
        var rule: Rule
    }

    static func render(_ descriptors: [RuleDescriptor], single: Bool) -> String {
        let rules = descriptors.map {
            Rule(id: $0.id.rawValue, defaultLevel: $0.defaultSeverity.rawValue, layer: $0.layer.rawValue, summary: $0.summary, help: $0.help, example: $0.example)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = single && rules.count == 1 ? try? encoder.encode(One(rule: rules[0])) : try? encoder.encode(List(rules: rules))
        return data.map { String(decoding: $0, as: UTF8.self) + "\n" } ?? "{}\n"
    }
}
