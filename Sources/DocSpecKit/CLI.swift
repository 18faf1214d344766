import ConformanceGen
import DocDiagnostics
import Foundation
import LocaleDrift

/// Where the CLI writes: results to `out`, diagnostics to `err`. Injected so tests capture them.
public struct CLIOutput: Sendable {
    /// Receives results: summaries, help text and JSON output.
    public var out: @Sendable (String) -> Void
    /// Receives diagnostics and error messages.
    public var err: @Sendable (String) -> Void
    /// Whether `err` is a terminal (colour is used only then).
    public var errIsTTY: Bool
    /// The environment variables the CLI reads (`GITHUB_STEP_SUMMARY` for `--format github`).
    public var environment: [String: String]

    /// Creates an output; `errIsTTY` enables colour in text diagnostics.
    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errIsTTY: Bool = false,
        environment: [String: String] = [:]
    ) {
        self.out = out
        self.err = err
        self.errIsTTY = errIsTTY
        self.environment = environment
    }

    /// Standard output and standard error of the process.
    public static var standard: CLIOutput {
        CLIOutput(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            errIsTTY: isatty(2) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil,
            environment: ProcessInfo.processInfo.environment)
    }
}

/// The `docspec` command line. Exit codes: 0 clean, 1 findings (errors, or warnings with
/// `--warnings-as-errors`) or stale generated files, 2 usage, config or I/O error.
public enum DocSpecCLI {
    static let commands: [(name: String, summary: String)] = [
        ("check", "Lint the docs and verify Generated/ is up to date (the one command for CI)."),
        ("lint", "Check every target locale against the source locale for drift."),
        ("generate", "Write conformance tests from the source locale's spec tables and samples."),
        ("extract", "Print the spec model (pages, tables, rows, code samples) as JSON."),
        ("tables", "Render the spec tables as Markdown, CSV, JSON or HTML (bilingual side by side)."),
        ("report", "Write a static HTML report: tables and samples side by side, drift marked."),
        ("baseline", "Record current findings in the baseline file (write), or drop fixed ones (prune)."),
        ("stamp", "Record in translations the source content they were reviewed against (translation-of)."),
        ("rules", "List every rule with its default level, or describe one rule."),
        (FixCommand.name, FixCommand.summary),
        (LSPCommand.name, LSPCommand.summary),
    ]

    /// Runs the CLI with `arguments` (without the program name) and returns the exit code.
    ///
    /// `rules` is the rule registry the run uses: the drift rules `lint` runs and every rule id
    /// the commands know (`rules`, `--severity`, `docspec.yml` `rules:`, suppressions, SARIF).
    public static func run(
        _ arguments: [String], output: CLIOutput = .standard,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath), rules: RuleRegistry = .standard
    ) -> Int32 {
        guard let command = arguments.first else {
            output.out(mainHelp)
            return 2
        }
        if command == "--help" || command == "-h" || command == "help" {
            if arguments.count > 1, let c = commands.first(where: { $0.name == arguments[1] }) {
                output.out(help(for: c.name))
            } else {
                output.out(mainHelp)
            }
            return 0
        }
        if command == "--version" {
            output.out("docspec \(version)\n")
            return 0
        }
        guard commands.contains(where: { $0.name == command }) else {
            output.err("Error: unknown command '\(command)'\n\n\(usageLine)\n  See 'docspec --help'.\n")
            return 2
        }
        var rest = Array(arguments.dropFirst())
        var baselineAction: String?
        if command == "baseline", let verb = rest.first, ["write", "prune"].contains(verb) {
            baselineAction = verb
            rest.removeFirst()
        }
        if rest.contains("--help") || rest.contains("-h") {
            output.out(help(for: command))
            return 0
        }
        if command == "stamp" { return stamp(rest, output: output, currentDirectory: currentDirectory) }
        if command == LSPCommand.name { return LSPCommand.run(rest, output: output) }
        if command == FixCommand.name { return FixCommand.run(rest, output: output, currentDirectory: currentDirectory, rules: rules) }
        do throws(DocSpecError) {
            if command == "baseline", baselineAction == nil {
                throw DocSpecError.usage("baseline needs an action: 'docspec baseline write' or 'docspec baseline prune [--check]'")
            }
            if command == "rules" { return try self.rules(rest, rules, output) }
            var options = try Options.parse(rest, command: command)
            options.baselineAction = baselineAction
            options.rules = rules
            var config = try options.config(currentDirectory: currentDirectory)
            if command == "tables" { try options.selectLocales(&config) }
            try config.validate()
            if ["lint", "check", "report", "baseline"].contains(command), config.locales.count < 2 {
                throw DocSpecError.usage("\(command) compares locales: give at least two (--locale <code>=<folder> for each, or 'locales:' in docspec.yml)")
            }
            try config.checkFolders()
            switch command {
            case "lint": return try lint(config, options, output, currentDirectory: currentDirectory)
            case "baseline": return try baseline(config, options, output, currentDirectory: currentDirectory)
            case "generate": return generate(config, options, output)
            case "extract": return extract(config, options, output)
            case "tables": return tables(config, options, output, currentDirectory: currentDirectory)
            case "report": return try report(config, options, output, currentDirectory: currentDirectory)
            default: return try check(config, options, output, currentDirectory: currentDirectory)
            }
        } catch {
            output.err("Error: \(ControlCharacters.escaped(error.description))\n  See 'docspec \(command) --help'.\n")
            return 2
        }
    }

    /// The version `--version` prints: `DocSpecVersion.current`.
    static var version: String { DocSpecVersion.current }

    // MARK: commands

    /// `docspec rules`: every rule, one line each; `docspec rules <id>`: that rule's description.
    static func rules(_ arguments: [String], _ rules: RuleRegistry, _ output: CLIOutput) throws(DocSpecError) -> Int32 {
        guard let id = arguments.first else {
            for r in rules.descriptors { output.out("\(r.id)\t\(r.defaultSeverity.rawValue)\t\(r.summary)\n") }
            return 0
        }
        if id.hasPrefix("-") { throw .usage("unknown option '\(id)'") }
        if arguments.count > 1 { throw .usage("rules takes at most one rule id (got '\(arguments[1])' too)") }
        guard let r = rules[id] else { throw .usage("unknown rule '\(id)' ('docspec rules' lists them)") }
        var text = "\(r.id) (\(r.defaultSeverity.rawValue), \(r.layer.rawValue)): \(r.summary)\n\n\(r.help)\n"
        if let example = r.example { text += "\nExample: \(example)\n" }
        text += "\nSilence one finding with <!-- docspec:disable-next-block \(r.id) reason=\"…\" --> before its block, "
            + "or change the level in docspec.yml (rules: {\(r.id): warning}) or with --severity \(r.id)=<level>.\n"
        output.out(text)
        return 0
    }

    static func render(_ diagnostics: [Diagnostic], _ options: Options, _ output: CLIOutput) {
        if options.format == "json" {
            output.out(JSONDiagnosticRenderer().render(diagnostics))
        } else {
            output.err(TextDiagnosticRenderer(colour: output.errIsTTY).render(diagnostics))
        }
    }

    static func failed(_ diagnostics: [Diagnostic], _ options: Options) -> Bool {
        diagnostics.errorCount > 0 || (options.warningsAsErrors && diagnostics.warningCount > 0)
    }

    static func counts(_ diagnostics: [Diagnostic]) -> String {
        "\(diagnostics.errorCount) error\(diagnostics.errorCount == 1 ? "" : "s"), \(diagnostics.warningCount) warning\(diagnostics.warningCount == 1 ? "" : "s")"
    }

    static func pageSummary(_ docs: DocSet, _ config: Config) -> String {
        let perLocale = config.locales.map { "\($0.code) \(docs.pages[$0.code]?.count ?? 0)" }.joined(separator: ", ")
        let source = docs.pages[config.source] ?? []
        let tables = source.reduce(0) { $0 + $1.tables.count }
        let rows = source.reduce(0) { $0 + $1.rowCount }
        let samples = source.reduce(0) { $0 + $1.codeSamples.count }
        return "pages per locale: \(perLocale); source (\(config.source)): \(tables) spec tables, \(rows) rows, \(samples) code samples"
    }

    static func lint(_ config: Config, _ options: Options, _ output: CLIOutput, currentDirectory: URL) throws(DocSpecError) -> Int32 {
        let result = Pipeline.lint(config, retention: .generationInput)
        let found = try findings(result.diagnostics, docSet: result.docSet, config: config, options: options, currentDirectory: currentDirectory)
        let summary = "docspec lint: \(pageSummary(result.docSet, config)); \(result.pairCount) page pairs; \(counts(found.shown, hidden: found.hidden))"
        report(found, summary: summary, config, options, output)
        return failed(found.shown, options) ? 1 : 0
    }

    static func generate(_ config: Config, _ options: Options, _ output: CLIOutput) -> Int32 {
        let docs = DocSet.load(config, locales: config.sourceLocale.map { [$0] } ?? [], driftModel: false)
        let result = Pipeline.generate(config, docSet: docs)
        let diagnostics = (docs.diagnostics + result.diagnostics).sortedForOutput()
        if options.checkOnly {
            let stale = Pipeline.staleness(result.files, config: config)
            render((diagnostics + stale).sortedForOutput(), options, output)
            if options.format != "json" {
                output.out(stale.isEmpty
                    ? "docspec generate --check: \(result.files.count) files in \(config.output)/ are up to date\n"
                    : "docspec generate --check: \(stale.count) stale file\(stale.count == 1 ? "" : "s") in \(config.output)/ (nothing was written)\n")
            }
            return stale.isEmpty && !failed(diagnostics, options) ? 0 : 1
        }
        render(diagnostics, options, output)
        if (docs.pages[config.source] ?? []).isEmpty {
            output.err("Error: the source locale '\(config.source)' has no pages; not touching \(config.output)/\n")
            return 2
        }
        if diagnostics.errorCount > 0 {
            output.err("docspec generate: not writing \(config.output)/ because the source docs have errors\n")
            return 1
        }
        do {
            let done = try GenerationCheck.write(result.files, to: config.outputURL)
            if options.format == "json" { return 0 }
            var summary = "docspec generate: \(result.files.count) files in \(config.output)/; \(done.written.count) written"
            if !done.written.isEmpty { summary += " (\(ControlCharacters.escaped(done.written.joined(separator: ", "))))" }
            if !done.removed.isEmpty { summary += "; \(done.removed.count) removed (\(ControlCharacters.escaped(done.removed.joined(separator: ", "))))" }
            output.out(summary + "\n")
            return 0
        } catch let error as GenerationCheck.ForeignFileError {
            output.err("Error: \(ControlCharacters.escaped("\(config.output)/\(error.description)"))\n")
            return 2
        } catch {
            output.err("Error: \(ControlCharacters.escaped("cannot write \(config.output)/: \(error.localizedDescription)"))\n")
            return 2
        }
    }

    static func extract(_ config: Config, _ options: Options, _ output: CLIOutput) -> Int32 {
        guard options.format == "json" else {
            output.err("Error: extract supports --format json only\n  See 'docspec extract --help'.\n")
            return 2
        }
        let docs = DocSet.load(config, driftModel: false)
        SpecJSON.write(docs, config: config, to: output.out)
        output.err(TextDiagnosticRenderer(colour: output.errIsTTY).render(docs.diagnostics.sortedForOutput()))
        return failed(docs.diagnostics, options) ? 1 : 0
    }

    static func check(_ config: Config, _ options: Options, _ output: CLIOutput, currentDirectory: URL) throws(DocSpecError) -> Int32 {
        let lint = Pipeline.lint(config, retention: .generationInput)
        let generated = lint.generated
        let stale = Pipeline.staleness(generated.files, config: config)
        // lint already includes the generator's findings.
        let all = (lint.diagnostics + stale).sortedForOutput()
        let found = try findings(all, docSet: lint.docSet, config: config, options: options, currentDirectory: currentDirectory)
        let summary = "docspec check: \(pageSummary(lint.docSet, config)); \(lint.pairCount) page pairs; \(counts(found.shown, hidden: found.hidden)); \(config.output)/: \(generated.files.count) files, \(stale.isEmpty ? "up to date" : "\(stale.count) stale")"
        report(found, summary: summary, config, options, output)
        return failed(found.shown, options) ? 1 : 0
    }

    /// A path given on the command line, resolved against the current folder.
    static func resolve(_ path: String, currentDirectory: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)).standardizedFileURL
    }

    static func tables(_ config: Config, _ options: Options, _ output: CLIOutput, currentDirectory: URL) -> Int32 {
        let docs = DocSet.load(config, driftModel: false)
        let ids = options.tableIDs.isEmpty ? nil : Set(options.tableIDs)
        let reference = ReferenceTables.build(docs, locales: config.locales.map(\.code), base: config.source, tableIDs: ids)
        let found = Set(reference.tables.map(\.id))
        if let unknown = options.tableIDs.first(where: { !found.contains($0) }) {
            output.err(TextDiagnosticRenderer(colour: output.errIsTTY).render(docs.diagnostics.sortedForOutput()))
            output.err("Error: no spec table has the id '\(unknown)' in \(config.locales.map(\.code).joined(separator: ", ")) (ids look like 'error-codes:APIError')\n  See 'docspec tables --help'.\n")
            return 2
        }
        let text = TablesRenderer(reference: reference).render(TablesRenderer.Format(rawValue: options.format) ?? .md)
        if let path = options.outputFile {
            let url = resolve(path, currentDirectory: currentDirectory)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                output.err("Error: --output '\(path)' is a folder; give a file name\n")
                return 2
            }
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(Data(text.utf8), to: url)
            } catch {
                output.err("Error: cannot write '\(path)': \(error.localizedDescription)\n")
                return 2
            }
        } else {
            output.out(text)
        }
        output.err(TextDiagnosticRenderer(colour: output.errIsTTY).render(docs.diagnostics.sortedForOutput()))
        return failed(docs.diagnostics, options) ? 1 : 0
    }

    static func report(_ config: Config, _ options: Options, _ output: CLIOutput, currentDirectory: URL) throws(DocSpecError) -> Int32 {
        let path = options.htmlDirectory ?? ""
        let directory = resolve(path, currentDirectory: currentDirectory)
        var lint = Pipeline.lint(config)
        // The findings lint shows: suppressions, the config's rule levels and the baseline applied.
        let found = try findings(lint.diagnostics, docSet: lint.docSet, config: config, options: options, currentDirectory: currentDirectory)
        lint.diagnostics = found.shown
        let written: HTMLReport.WriteResult
        do {
            try HTMLReport.prepare(directory)
            let files = HTMLReport(config: config, lint: lint, directory: directory).render()
            written = try HTMLReport.write(files, to: directory)
        } catch {
            output.err("Error: \(ControlCharacters.escaped("cannot write the report to '\(path)': \(error.description)"))\n")
            return 2
        }
        render(lint.diagnostics, options, output)
        if options.format != "json" {
            var files = "\(written.written.count) written, \(written.unchanged.count) unchanged"
            if !written.removed.isEmpty { files += ", \(written.removed.count) removed" }
            output.out("docspec report: \((path as NSString).appendingPathComponent("index.html")) (\(files)); \(pageSummary(lint.docSet, config)); \(lint.pairCount) page pairs; \(counts(lint.diagnostics, hidden: found.hidden))\n")
        }
        return failed(lint.diagnostics, options) ? 1 : 0
    }

    // MARK: help

    static let usageLine = "USAGE: docspec <command> [options]"

    static var mainHelp: String {
        var s = "OVERVIEW: DocSpec checks translated documentation for drift and turns its spec tables into tests.\n\n\(usageLine)\n\nSUBCOMMANDS:\n"
        for c in commands { s += "  \(c.name.padding(toLength: 10, withPad: " ", startingAt: 0))\(c.summary)\n" }
        s += "\n  See 'docspec <command> --help' for details.\n"
        return s
    }

    static let commonOptions = """
          --config <file>         Configuration file (default: docspec.yml in the current folder, if present).
          --locale <code>=<dir>   A locale and its folder; repeat for each locale. Replaces the config's locales.
          --source <code>         The source locale (the one translated from).
          --format <text|json>    Output format for findings (default: text; text goes to standard error).
          --warnings-as-errors    Exit 1 on warnings too.
          -h, --help              Show help information.

        """

    static func help(for command: String) -> String {
        let summary = commands.first { $0.name == command }?.summary ?? ""
        switch command {
        case "generate":
            return "OVERVIEW: \(summary)\n\nUSAGE: docspec generate [--check] [options]\n\nOPTIONS:\n  --check                 Write nothing; exit 1 and name each missing, stale or extra file.\n  --output <dir>          Output folder (default: the config's 'output', else Generated).\n  --import <module>       A module the generated tests import; repeatable.\n" + commonOptions
        case "extract":
            return "OVERVIEW: \(summary)\n\nUSAGE: docspec extract [options]\n\nThe spec model is printed to standard output as JSON (schema version 1; --format json is the\ndefault and the only format); diagnostics found while reading go to standard error.\n\nOPTIONS:\n"
                + commonOptions.replacingOccurrences(of: "  --format <text|json>    Output format for findings (default: text; text goes to standard error).\n", with: "")
                + "\nEXIT STATUS: 0 clean, 1 findings, 2 usage, config or I/O error.\n"
        case "lint", "check":
            return findingsHelp(command, summary: summary)
        case "baseline":
            return baselineHelp(summary: summary)
        case FixCommand.name:
            return FixCommand.help
        case LSPCommand.name:
            return LSPCommand.help
        case "stamp":
            return stampHelp
        case "rules":
            return """
                OVERVIEW: \(summary)

                USAGE: docspec rules [<rule-id>]

                Without an argument, one line per rule: id, default level and summary, tab-separated.
                With a rule id: its default level, the layer that emits it, its summary and its help.

                OPTIONS:
                  -h, --help              Show help information.

                EXIT STATUS: 0 listed, 2 an unknown rule id or option.

                """
        case "tables":
            return """
                OVERVIEW: \(summary)

                USAGE: docspec tables [--format md|csv|json|html] [--locales <codes>] [--output <file>] [options]

                With one locale, each spec table as its page has it. With two or more, one bilingual
                table per table id: one row per key, the invariant columns (codes, keys, values, types,
                URLs) once and the translated columns per locale side by side; an invariant cell that
                differs between locales shows every value.

                OPTIONS:
                  --format <md|csv|json|html>
                                          Output format (default: md). csv: RFC 4180, UTF-8, CRLF;
                                          json: schema version 1; html: one self-contained page.
                  --locales <codes>       Comma-separated locales to show, in this order, e.g. ja,ru
                                          (default: every configured locale).
                  --table <id>            Only the table with this id (e.g. error-codes:APIError); repeatable.
                  --output <file>         Write to this file (atomically) instead of standard output.

                """ + commonOptions.replacingOccurrences(of: "  --format <text|json>    Output format for findings (default: text; text goes to standard error).\n", with: "")
                + "\nDiagnostics found while reading go to standard error.\n\nEXIT STATUS: 0 clean, 1 findings in the docs, 2 usage, config or I/O error.\n"
        case "report":
            return """
                OVERVIEW: \(summary)

                USAGE: docspec report --html <dir> [options]

                Lints like 'docspec lint' and writes a self-contained static page set into <dir> (created
                if needed): index.html with the counts per rule and per page pair, and per page pair a
                page with the spec tables and code samples side by side (source | translation), each
                finding marked at its cell or line and linked to its file:line. No network, no external
                assets. Only files DocSpec wrote are overwritten or removed.

                OPTIONS:
                  --html <dir>            The report folder (required).

                """ + commonOptions
                + "\nEXIT STATUS: 0 clean, 1 findings, 2 usage, config or I/O error.\n"
        default:
            return "OVERVIEW: \(summary)\n\nUSAGE: docspec \(command) [options]\n\nOPTIONS:\n" + commonOptions
                + "\nEXIT STATUS: 0 clean, 1 findings, 2 usage, config or I/O error.\n"
        }
    }

    // MARK: options

    struct Options {
        var configPath: String?
        var locales: [Config.Locale] = []
        var source: String?
        var output: String?
        var imports: [String] = []
        var format = "text"
        var checkOnly = false
        var warningsAsErrors = false
        /// `tables --output <file>`.
        var outputFile: String?
        /// `tables --locales ja,ru`.
        var localeSelection: [String]?
        /// `tables --table <id>`.
        var tableIDs: [String] = []
        /// `report --html <dir>`.
        var htmlDirectory: String?
        /// `--baseline <file>` (lint, check, baseline).
        var baselinePath: String?
        /// `--severity <rule>=<level>`, in order (lint, check, baseline).
        var severities: [String] = []
        /// `--changed-since <ref>` (lint, check).
        var changedSince: String?
        /// `baseline write` or `baseline prune`.
        var baselineAction: String?
        /// The rules of the run (`DocSpecCLI.run(_:output:currentDirectory:rules:)`).
        var rules = RuleRegistry.standard

        static func parse(_ args: [String], command: String) throws(DocSpecError) -> Options {
            var o = Options()
            if command == "extract" { o.format = "json" }  // extract's only format
            if command == "tables" { o.format = "md" }
            var i = 0
            func value(_ flag: String) throws(DocSpecError) -> String {
                i += 1
                guard i < args.count else { throw .usage("missing value for '\(flag)'") }
                return args[i]
            }
            while i < args.count {
                let a = args[i]
                var flag = a
                var inline: String?
                if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                    flag = String(a[..<eq])
                    inline = String(a[a.index(after: eq)...])
                }
                func v() throws(DocSpecError) -> String {
                    if let inline { return inline }
                    return try value(flag)
                }
                switch flag {
                case "--config": o.configPath = try v()
                case "--locale":
                    let spec = try v()
                    guard let eq = spec.firstIndex(of: "="), eq != spec.startIndex, spec.index(after: eq) != spec.endIndex else {
                        throw .usage("--locale takes <code>=<folder>, e.g. --locale ja=docs-ja (got '\(spec)')")
                    }
                    o.locales.append(Config.Locale(code: String(spec[..<eq]), directory: String(spec[spec.index(after: eq)...])))
                case "--source":
                    if o.source != nil { throw .usage("--source is given twice") }
                    o.source = try v()
                case "--output" where command == "generate": o.output = try v()
                case "--output" where command == "tables":
                    o.outputFile = try v()
                    if o.outputFile?.isEmpty ?? true { throw .usage("--output needs a file name") }
                case "--locales" where command == "tables":
                    let codes = try v().split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
                    if codes.contains(where: \.isEmpty) { throw .usage("--locales takes comma-separated locale codes, e.g. --locales ja,ru") }
                    o.localeSelection = codes
                case "--table" where command == "tables": o.tableIDs.append(try v())
                case "--html" where command == "report":
                    o.htmlDirectory = try v()
                    if o.htmlDirectory?.isEmpty ?? true { throw .usage("--html needs a folder") }
                case "--import" where command == "generate": o.imports.append(try v())
                case "--format" where command == "tables":
                    o.format = try v()
                    guard TablesRenderer.Format(rawValue: o.format) != nil else {
                        throw .usage("--format must be md, csv, json or html (got '\(o.format)')")
                    }
                case "--format" where command == "lint" || command == "check":
                    o.format = try v()
                    guard ["text", "json", "sarif", "github"].contains(o.format) else {
                        throw .usage("--format must be text, json, sarif or github (got '\(o.format)')")
                    }
                case "--format" where command != "baseline":
                    o.format = try v()
                    guard ["text", "json"].contains(o.format) else { throw .usage("--format must be text or json (got '\(o.format)')") }
                case "--baseline" where ["lint", "check", "baseline"].contains(command):
                    o.baselinePath = try v()
                    if o.baselinePath?.isEmpty ?? true { throw .usage("--baseline needs a file name") }
                case "--severity" where ["lint", "check", "baseline"].contains(command): o.severities.append(try v())
                case "--changed-since" where command == "lint" || command == "check":
                    if o.changedSince != nil { throw .usage("--changed-since is given twice") }
                    o.changedSince = try v()
                    if o.changedSince?.isEmpty ?? true { throw .usage("--changed-since needs a git ref, e.g. --changed-since origin/main") }
                case "--check" where command == "generate" || command == "baseline", "--warnings-as-errors":
                    if inline != nil { throw .usage("'\(flag)' takes no value") }
                    if flag == "--check" { o.checkOnly = true } else { o.warningsAsErrors = true }
                default:
                    throw .usage("unknown option '\(a)'")
                }
                i += 1
            }
            if command == "report", o.htmlDirectory == nil { throw .usage("report needs --html <dir>, the folder to write the report into") }
            return o
        }

        /// `tables`: keeps the locales of `--locales` (in that order), and makes the first shown
        /// locale the one rows are anchored on when the source locale is not shown (unless
        /// `--source` names one).
        func selectLocales(_ config: inout Config) throws(DocSpecError) {
            if let codes = localeSelection {
                var chosen: [Config.Locale] = []
                for code in codes {
                    guard let l = config.locales.first(where: { $0.code == code }) else {
                        throw .usage("--locales: unknown locale '\(code)' (configured: \(config.locales.map(\.code).joined(separator: ", ")))")
                    }
                    if chosen.contains(where: { $0.code == code }) { throw .usage("--locales: '\(code)' is given twice") }
                    chosen.append(l)
                }
                config.locales = chosen
            }
            if source == nil, !config.locales.contains(where: { $0.code == config.source }), let first = config.locales.first {
                config.source = first.code
            }
        }

        func config(currentDirectory: URL) throws(DocSpecError) -> Config {
            var config: Config
            if let path = configPath {
                let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)
                config = try Config.load(from: url, displayPath: path, rules: rules)
            } else if FileManager.default.fileExists(atPath: currentDirectory.appendingPathComponent(Config.fileName).path) {
                config = try Config.load(from: currentDirectory.appendingPathComponent(Config.fileName), rules: rules)
            } else {
                config = Config(root: currentDirectory, locales: [], source: "")
                config.rules = rules
            }
            if !locales.isEmpty {
                if configPath == nil { config.root = currentDirectory }
                let sameRoot = config.root.standardizedFileURL.path == currentDirectory.standardizedFileURL.path
                config.locales = locales.map { l in
                    // Command-line folders are relative to the current folder; they are kept as
                    // typed (so messages show them so) unless the config's root is elsewhere.
                    let dir = l.directory.hasPrefix("/") || sameRoot
                        ? l.directory : currentDirectory.appendingPathComponent(l.directory).standardizedFileURL.path
                    return Config.Locale(code: l.code, directory: dir)
                }
            }
            if let source { config.source = source }
            if let output {
                guard !output.isEmpty else { throw .usage("--output needs a folder") }
                // Like --locale, a command-line folder is relative to the current folder.
                let sameRoot = config.root.standardizedFileURL.path == currentDirectory.standardizedFileURL.path
                config.output = output.hasPrefix("/") || sameRoot
                    ? output : currentDirectory.appendingPathComponent(output).standardizedFileURL.path
            }
            if !imports.isEmpty { config.imports = imports }
            return config
        }
    }
}
