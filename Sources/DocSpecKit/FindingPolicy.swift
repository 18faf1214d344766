import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel

/// A rule's configured level: `docspec.yml` `rules: {cell-mismatch: warning}` or
/// `--severity cell-mismatch=warning`.
public enum RuleLevel: String, Sendable, Equatable, CaseIterable {
    case error, warning, note, off

    /// The severity findings get, or `nil` for `off` (they are dropped).
    public var severity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .note: .note
        case .off: nil
        }
    }
}

extension DocSpecCLI {
    /// Every rule id of `RuleRegistry.standard`, in the order `docspec rules` and SARIF's
    /// `tool.driver.rules` list them.
    public static var ruleIDs: [String] { RuleRegistry.standard.ids.map(\.rawValue) }

    /// Where users read about DocSpec (SARIF `tool.driver.informationUri`); `nil` until the
    /// project has a public home page (the key is then left out).
    static let informationURI: String? = nil

    /// Where the user guide of this version is published: `docs/` of the repository at the
    /// release tag, so a rule's anchor matches the rules the tool has. SARIF's `helpUri` of a rule
    /// is its section of `rules.md` there. (One constant: change it if the repository moves.)
    static let userGuideURI = "https://github.com/docspec/docspec/blob/\(DocSpecVersion.current)/docs/"

    /// The rule's section of the rules reference, `docs/rules.md#<rule-id>` of the user guide (the
    /// heading of each section is the rule id, so its anchor is the id).
    static func helpURI(of id: String) -> String { userGuideURI + "rules.md#" + id }
}

extension Config {
    /// Reads `rules:` (rule id → `error`, `warning`, `note` or `off`) from the config file's
    /// entries, naming the file, line and column of an unknown rule (with the nearest id) or level.
    static func ruleLevels(_ entries: [YAMLEntry], file: ConfigFile, rules: RuleRegistry) throws(DocSpecError) -> [String: RuleLevel] {
        guard let entry = entries.first(where: { $0.key == "rules" }) else { return [:] }
        guard let items = entry.value.entries else {
            throw .config("'rules' must map rule ids to levels, e.g. 'cell-mismatch: warning'", at: file.value(entry.line))
        }
        var levels: [String: RuleLevel] = [:]
        for item in items {
            guard rules.contains(item.key) else {
                let hint = Suggestion.nearest(item.key, in: rules.ids.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
                throw .config("unknown rule '\(item.key)' in 'rules'\(hint) ('docspec rules' lists them)", at: file.key(item.line))
            }
            guard let text = item.value.string, let level = RuleLevel(rawValue: text) else {
                throw .config(
                    "rule '\(item.key)' has the level '\(item.value.string ?? "…")'; use error, warning, note or off", at: file.value(item.line))
            }
            if levels[item.key] != nil { throw .config("rule '\(item.key)' is given twice", at: file.key(item.line)) }
            levels[item.key] = level
        }
        return levels
    }
}

/// What `lint` and `check` show after suppressions, rule levels, `--changed-since` and the
/// baseline are applied.
struct Findings {
    /// The findings to report, sorted for output.
    var shown: [Diagnostic]
    /// What was hidden (suppressed, baselined).
    var hidden: HiddenFindings
}

extension DocSpecCLI {
    /// The rule levels in force: the config's `rules:`, then each `--severity` (later wins).
    static func ruleLevels(_ config: Config, _ policy: PolicyOptions) throws(DocSpecError) -> [String: RuleLevel] {
        var levels = config.ruleLevels
        for spec in policy.severities {
            guard let eq = spec.firstIndex(of: "=") else {
                throw .usage("--severity takes <rule>=<level>, e.g. --severity cell-mismatch=warning (got '\(spec)')")
            }
            let rule = String(spec[..<eq])
            let text = String(spec[spec.index(after: eq)...])
            guard config.rules.contains(rule) else { throw .usage("--severity: unknown rule '\(rule)' ('docspec rules' lists them)") }
            guard let level = RuleLevel(rawValue: text) else {
                throw .usage("--severity: unknown level '\(text)' for '\(rule)'; use error, warning, note or off")
            }
            levels[rule] = level
        }
        return levels
    }

    /// Applies suppression comments, then rule levels: the findings a baseline records, and the
    /// findings the comments silenced (at their configured levels; those turned off are dropped).
    static func policyFindings(
        _ diagnostics: [Diagnostic], docSet: DocSet, levels: [String: RuleLevel], rules: RuleRegistry
    ) -> (diagnostics: [Diagnostic], suppressed: [SuppressedDiagnostic]) {
        let applied = Suppressions.apply(diagnostics, Suppressions.collect(docSet, knownRules: rules))
        guard !levels.isEmpty else { return (applied.kept, applied.suppressed) }
        func relevelled(_ d: Diagnostic) -> Diagnostic? {
            guard let level = levels[d.ruleID] else { return d }
            guard let severity = level.severity else { return nil }
            var d = d
            d.severity = severity
            return d
        }
        let suppressed = applied.suppressed.compactMap { s -> SuppressedDiagnostic? in
            relevelled(s.diagnostic).map { SuppressedDiagnostic($0, kind: s.kind, justification: s.justification, at: s.location) }
        }
        return (applied.kept.compactMap(relevelled), suppressed)
    }

    /// Suppressions, rule levels, `--changed-since` and the baseline applied to `diagnostics`.
    static func findings(
        _ diagnostics: [Diagnostic], docSet: DocSet, config: Config, policy: PolicyOptions, currentDirectory: URL
    ) throws(DocSpecError) -> Findings {
        let levels = try ruleLevels(config, policy)
        let changed = try policy.changedSince.map { ref throws(DocSpecError) in try ChangedFiles.since(ref, in: config.root) }
        let baseline = try loadBaseline(config, policy, currentDirectory: currentDirectory, required: policy.baselinePath != nil)
        var (shown, suppressed) = policyFindings(diagnostics, docSet: docSet, levels: levels, rules: config.rules)
        if let changed {
            // Findings about the doc set as a whole (a page deleted or added in one locale, a
            // locale folder missing: the page-set rules; stale generated tests) are about this
            // change whatever file they point at.
            let always = Set(config.rules.descriptors.filter { $0.layer == .pageSet }.map(\.id.rawValue) + ["stale-generated"])
            func inChange(_ d: Diagnostic) -> Bool {
                always.contains(d.ruleID)
                    || ([d.location] + d.notes.map(\.location)).contains { $0.map { changed.contains($0.file) } ?? false }
            }
            shown = shown.filter(inChange)
            suppressed = suppressed.filter { inChange($0.diagnostic) }
        }
        var baselined: [SuppressedDiagnostic] = []
        if let baseline {
            let (kept, hidden) = baseline.filter(shown, root: rootPath(config))
            shown = kept
            let (_, display) = baselineLocation(config, policy, currentDirectory: currentDirectory)
            baselined = hidden.sortedForOutput().map {
                SuppressedDiagnostic($0, kind: .external, justification: "recorded in the baseline file \(display)")
            }
        }
        let hidden = suppressed.sorted { Diagnostic.precedes($0.diagnostic, $1.diagnostic) } + baselined
        return Findings(shown: shown.sortedForOutput(), hidden: HiddenFindings(hidden))
    }

    static func rootPath(_ config: Config) -> String { config.root.standardizedFileURL.path }

    /// The baseline file: `--baseline` (relative to the current folder), else the config's
    /// `baseline:` (relative to the project root), else `docspec-baseline.json` at the root.
    static func baselineLocation(_ config: Config, _ policy: PolicyOptions, currentDirectory: URL) -> (url: URL, display: String) {
        if let path = policy.baselinePath { return (resolve(path, currentDirectory: currentDirectory), path) }
        let path = config.baseline ?? Baseline.defaultFileName
        return (config.resolve(path).standardizedFileURL, path)
    }

    /// The baseline, or `nil` when its file does not exist and was not named with `--baseline`.
    static func loadBaseline(_ config: Config, _ policy: PolicyOptions, currentDirectory: URL, required: Bool) throws(DocSpecError) -> Baseline? {
        let (url, display) = baselineLocation(config, policy, currentDirectory: currentDirectory)
        guard FileManager.default.fileExists(atPath: url.path) else {
            if required { throw .io("the baseline file '\(display)' does not exist (create it with 'docspec baseline write')") }
            return nil
        }
        return try Baseline.load(from: url, displayPath: display)
    }
}

/// Files changed since a git ref, for `--changed-since`.
enum ChangedFiles {
    /// Paths relative to `folder` of the files that differ from `ref` (committed, staged or not)
    /// plus untracked files, from `git diff --name-only --relative <ref> --` and
    /// `git ls-files --others --exclude-standard`, both run in `folder`.
    ///
    /// - Throws: `DocSpecError.usage` with git's own message for an unknown ref or a folder
    ///   outside a git work tree, `DocSpecError.io` when git cannot be run.
    static func since(_ ref: String, in folder: URL) throws(DocSpecError) -> Set<String> {
        if ref.hasPrefix("-") { throw .usage("--changed-since takes a git ref (a branch, tag or commit), got '\(ref)'") }
        _ = try git(["rev-parse", "--is-inside-work-tree"], in: folder, ref: ref)
        let diff = try git(["diff", "--name-only", "--relative", "--no-renames", ref, "--"], in: folder, ref: ref)
        let untracked = try git(["ls-files", "--others", "--exclude-standard"], in: folder, ref: ref)
        return Set((diff + "\n" + untracked).split(separator: "\n").map(String.init).filter { !$0.isEmpty })
    }

    static func git(_ arguments: [String], in folder: URL, ref: String) throws(DocSpecError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "core.quotePath=false"] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .io("--changed-since: cannot run git: \(error.localizedDescription)")
        }
        // Read both pipes before waiting, so a large listing cannot fill a pipe and block git.
        let errBox = PipeReader(err.fileHandleForReading)
        let data = out.fileHandleForReading.readToEndRetryingInterrupts()
        process.waitUntilExit()
        // git's own message: its first lines (a usage dump after them says nothing more).
        let message = errBox.finish().split(separator: "\n").prefix(3).joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0 else {
            if process.terminationStatus == 127 { throw .io("--changed-since: cannot run git (is it installed?): \(message)") }
            throw .usage("--changed-since \(ref): git \(arguments.first ?? "") failed: \(message.isEmpty ? "exit status \(process.terminationStatus)" : message)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads a pipe to its end on another thread.
    final class PipeReader: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                data = handle.readToEndRetryingInterrupts()
                done.signal()
            }
        }

        func finish() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }
}
