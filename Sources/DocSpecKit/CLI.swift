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
    /// Whether `err` is a terminal: diagnostics then show their source line with a caret, and
    /// progress is shown (unless `--quiet`).
    public var errIsTTY: Bool
    /// Whether diagnostics on `err` use colour (ANSI); by default when `err` is a terminal.
    public var colour: Bool
    /// The environment variables the CLI reads (`GITHUB_STEP_SUMMARY` for `--format github`).
    public var environment: [String: String]

    /// Creates an output; `errIsTTY` enables source lines, progress and (unless `colour` says
    /// otherwise) colour in text diagnostics.
    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, errIsTTY: Bool = false,
        colour: Bool? = nil, environment: [String: String] = [:]
    ) {
        self.out = out
        self.err = err
        self.errIsTTY = errIsTTY
        self.colour = colour ?? errIsTTY
        self.environment = environment
    }

    /// Standard output and standard error of the process; colour unless `NO_COLOR` is set.
    public static var standard: CLIOutput {
        let tty = isatty(2) == 1
        return CLIOutput(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            errIsTTY: tty, colour: tty && ProcessInfo.processInfo.environment["NO_COLOR"] == nil,
            environment: ProcessInfo.processInfo.environment)
    }
}

/// The `docspec` command line. Exit codes: 0 clean, 1 findings (errors, or warnings with
/// `--warnings-as-errors`) or stale generated files, 2 usage, config or I/O error.
public enum DocSpecCLI {
    /// Runs the CLI with `arguments` (without the program name) and returns the exit code.
    ///
    /// `rules` is the rule registry the run uses: the drift rules `lint` runs and every rule id
    /// the commands know (`rules`, `--severity`, `docspec.yml` `rules:`, suppressions, SARIF).
    /// Errors that stop a command are printed like findings (`docspec.yml:2:1: error: …`, or
    /// `docspec: error: …` without a location), with the source line and a caret on a terminal.
    public static func run(
        _ arguments: [String], output: CLIOutput = .standard,
        currentDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath), rules: RuleRegistry = .standard
    ) -> Int32 {
        guard let name = arguments.first else {
            output.out(mainHelp)
            return 2
        }
        if name == "--help" || name == "-h" || name == "help" {
            if arguments.count > 1 {
                guard let c = command(arguments[1]) else {
                    return fail(.usage("unknown command '\(arguments[1])'\(Suggestion.hint(arguments[1], in: commandDeclarations.map(\.name)))"), nil, output, currentDirectory)
                }
                output.out(c.help)
            } else {
                output.out(mainHelp)
            }
            return 0
        }
        if name == "--version" {
            output.out("docspec \(version)\n")
            return 0
        }
        guard let declaration = command(name) else {
            let hint = Suggestion.hint(name, in: commandDeclarations.map(\.name) + ["--help", "--version"])
            return fail(.usage("unknown command '\(name)'\(hint)"), nil, output, currentDirectory)
        }
        let rest = Array(arguments.dropFirst())
        if (rest.firstIndex(of: "--").map { rest[..<$0] } ?? rest[...]).contains(where: { $0 == "--help" || $0 == "-h" }) {
            output.out(declaration.help)
            return 0
        }
        do throws(DocSpecError) {
            return try declaration.execute(rest, commandDeclarations, Context(output: output, currentDirectory: currentDirectory, rules: rules))
        } catch {
            return fail(error, declaration.name, output, currentDirectory)
        }
    }

    /// The declaration of the command called `name`.
    static func command(_ name: String) -> CommandDeclaration? { commandDeclarations.first { $0.name == name } }

    /// Prints an error that stops a command in the diagnostic shape and returns exit code 2:
    /// `file:line:column: error: …` for an error in a file (with its line and a caret on a
    /// terminal), else `docspec: error: …`; usage errors add a note pointing at the help.
    static func fail(_ error: DocSpecError, _ command: String?, _ output: CLIOutput, _ currentDirectory: URL) -> Int32 {
        var notes: [DiagnosticNote] = []
        if case .usage = error {
            notes.append(DiagnosticNote(command.map { "see 'docspec \($0) --help'" } ?? "\(usageLine); see 'docspec --help'", at: nil))
        }
        output.err(errorRenderer(output, root: currentDirectory).renderError(error.message, at: error.location, notes: notes))
        return 2
    }

    /// Prints a message that stops a command (exit code 2 follows) in the diagnostic shape.
    static func fail(_ message: String, _ output: CLIOutput) {
        output.err(TextDiagnosticRenderer(colour: output.colour).renderError(message, at: nil))
    }

    /// The renderer for standard error: colour and, on a terminal, each located line's source
    /// line with a caret (files read relative to `root`).
    static func errorRenderer(_ output: CLIOutput, root: URL) -> TextDiagnosticRenderer {
        var renderer = TextDiagnosticRenderer(colour: output.colour)
        if output.errIsTTY { renderer.sourceLine = SourceLines(root: root).line }
        return renderer
    }

    /// The version `--version` prints: `DocSpecVersion.current`.
    static var version: String { DocSpecVersion.current }

    // MARK: commands

    /// `docspec rules`: every rule, one line each (id, default level, summary and the rule's section
    /// of the user guide, tab-separated); `docspec rules <id>`: that rule's description;
    /// with `--format json`, the same as JSON.
    static func rules(_ options: RulesOptions, _ rules: RuleRegistry, _ output: CLIOutput) throws(DocSpecError) -> Int32 {
        var chosen = rules.descriptors
        if let id = options.positional.first {
            guard let r = rules[id] else {
                throw .usage("unknown rule '\(id)'\(Suggestion.hint(id, in: rules.ids.map(\.rawValue))) ('docspec rules' lists them)")
            }
            chosen = [r]
        }
        if options.format == .json {
            output.out(RuleListJSON.render(chosen, single: options.positional.first != nil))
            return 0
        }
        guard options.positional.first != nil, let r = chosen.first else {
            // id, default level, summary, and where the rule's help is (its section of the user guide).
            for r in chosen { output.out("\(r.id)\t\(r.defaultSeverity.rawValue)\t\(r.summary)\t\(helpURI(of: r.id.rawValue))\n") }
            return 0
        }
        var text = "\(r.id) (\(r.defaultSeverity.rawValue), \(r.layer.rawValue)): \(r.summary)\n\n\(r.help)\n"
        if let example = r.example { text += "\nExample: \(example)\n" }
        text += "\nMore: \(helpURI(of: r.id.rawValue))\n"
        text += "\nSilence one finding with <!-- docspec:disable-next-block \(r.id) reason=\"…\" --> before its block, "
            + "or change the level in docspec.yml (rules: {\(r.id): warning}) or with --severity \(r.id)=<level>.\n"
        output.out(text)
        return 0
    }

    /// Findings as JSON on standard output, or as text on standard error.
    static func render(_ diagnostics: [Diagnostic], _ format: TextOrJSON, _ output: CLIOutput, _ config: Config) {
        if format == .json {
            output.out(JSONDiagnosticRenderer().render(diagnostics))
        } else {
            output.err(errorRenderer(output, root: config.root).render(diagnostics))
        }
    }

    /// Whether the run fails: errors, or warnings with `--warnings-as-errors`.
    static func failed(_ diagnostics: [Diagnostic], warningsAsErrors: Bool) -> Bool {
        diagnostics.errorCount > 0 || (warningsAsErrors && diagnostics.warningCount > 0)
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

    static func lint(
        _ config: Config, _ options: FindingRunOptions, _ output: CLIOutput, _ found: [DocSet.LocaleFiles], currentDirectory: URL
    ) throws(DocSpecError) -> Int32 {
        let result = findingsRun("lint", config, options, output, found, generatedFiles: false)
        let found = try findings(result.diagnostics, docSet: result.docSet, config: config, policy: options.policy, currentDirectory: currentDirectory)
        let summary = "docspec lint: \(pageSummary(result.docSet, config)); \(result.pairCount) page pairs; \(counts(found.shown, hidden: found.hidden))"
        report(found, summary: summary, config, options, output)
        return failed(found.shown, warningsAsErrors: options.warningsAsErrors) ? 1 : 0
    }

    static func generate(
        _ config: Config, _ options: GenerateOptions, _ output: CLIOutput, _ found: [DocSet.LocaleFiles], symbols: LibrarySymbols?
    ) -> Int32 {
        let docs = DocSet.load(config, driftModel: false, discovered: found)
        let result = Pipeline.generate(config, docSet: docs, symbols: symbols)
        let diagnostics = (docs.diagnostics + result.diagnostics).sortedForOutput()
        // The symbol check's errors are in the generated tests (a table that would not compile is a
        // test failing at its doc line): they do not keep the other pages' tests from being written.
        let symbolErrors = diagnostics.filter { $0.severity == .error && SymbolCheck.ruleIDs.contains($0.ruleID) }.count
        if options.checkOnly {
            let stale = Pipeline.staleness(Pipeline.expected(result, config: config), config: config)
            render((diagnostics + stale).sortedForOutput(), options.format, output, config)
            if options.format != .json {
                output.out(stale.isEmpty
                    ? "docspec generate --check: \(result.files.count) files in \(config.output)/ are up to date\n"
                    : "docspec generate --check: \(stale.count) stale file\(stale.count == 1 ? "" : "s") in \(config.output)/ (nothing was written)\n")
            }
            return stale.isEmpty && !failed(diagnostics, warningsAsErrors: options.warningsAsErrors) ? 0 : 1
        }
        render(diagnostics, options.format, output, config)
        if (docs.pages[config.source] ?? []).isEmpty {
            fail("the source locale '\(config.source)' has no pages; not touching \(config.output)/", output)
            return 2
        }
        if diagnostics.errorCount > symbolErrors {
            output.err("docspec generate: not writing \(config.output)/ because the source docs have errors\n")
            return 1
        }
        do {
            let created = !FileManager.default.fileExists(atPath: config.outputURL.path)
            let files = Pipeline.written(result, config: config)
            let done = try GenerationCheck.write(files, to: config.outputURL)
            if options.format == .json { return symbolErrors > 0 ? 1 : 0 }
            var summary = "docspec generate: \(files.count) files in \(config.output)/; \(done.written.count) written"
            if !done.written.isEmpty { summary += " (\(ControlCharacters.escaped(done.written.joined(separator: ", "))))" }
            if !done.removed.isEmpty { summary += "; \(done.removed.count) removed (\(ControlCharacters.escaped(done.removed.joined(separator: ", "))))" }
            if created {
                summary += "; created \(config.output)/: a test target with path \"\(config.output)\" and exclude: [\"data\"] runs these tests"
            }
            if result.files.isEmpty { summary += " (the docs have no spec tables or typed samples yet: only the support file)" }
            if symbolErrors > 0 {
                summary += "; the symbol check found \(symbolErrors) error\(symbolErrors == 1 ? "" : "s") (a table whose tests would not compile is a test that fails at its doc line)"
            }
            output.out(summary + "\n")
            return symbolErrors > 0 ? 1 : 0
        } catch let error as GenerationCheck.ForeignFileError {
            fail("\(config.output)/\(error.description)", output)
            return 2
        } catch {
            fail("cannot write \(config.output)/: \(error.localizedDescription)", output)
            return 2
        }
    }

    static func extract(_ config: Config, _ options: ExtractOptions, _ output: CLIOutput, _ found: [DocSet.LocaleFiles]) -> Int32 {
        let docs = DocSet.load(config, driftModel: false, discovered: found)
        SpecJSON.write(docs, config: config, to: output.out)
        output.err(errorRenderer(output, root: config.root).render(docs.diagnostics.sortedForOutput()))
        return failed(docs.diagnostics, warningsAsErrors: options.warningsAsErrors) ? 1 : 0
    }

    static func check(
        _ config: Config, _ options: CheckOptions, _ output: CLIOutput, _ found: [DocSet.LocaleFiles], currentDirectory: URL
    ) throws(DocSpecError) -> Int32 {
        let symbols = try librarySymbols(config, options.symbolOptions, currentDirectory: currentDirectory)
        let lint = findingsRun("check", config, options.run, output, found, symbols: symbols)
        let generated = lint.generated
        var stale = Pipeline.staleness(Pipeline.expected(generated, config: config), config: config)
        if !options.run.pages.isEmpty {
            // Only the selected pages' files: the others' (and files no page generates) are not this run's.
            let names = Set(generated.files.map { "\(config.output)/\($0.name)" })
            stale = stale.filter { d in d.location.map { names.contains($0.file) } ?? false }
        }
        // lint already includes the generator's findings (the symbol check's among them).
        let all = (lint.diagnostics + stale).sortedForOutput()
        let found = try findings(all, docSet: lint.docSet, config: config, policy: options.run.policy, currentDirectory: currentDirectory)
        let summary = "docspec check: \(pageSummary(lint.docSet, config)); \(lint.pairCount) page pairs; \(counts(found.shown, hidden: found.hidden)); \(generatedSummary(generated.files.count, stale: stale.count, config))"
        report(found, summary: summary, config, options.run, output)
        return failed(found.shown, warningsAsErrors: options.run.warningsAsErrors) ? 1 : 0
    }

    /// The pipeline run of `lint` and `check`: only what generation and the policy read is kept
    /// of each page; with page arguments, generation still reads every source page. The
    /// generated files are rendered only when `generatedFiles` (`check` compares them).
    static func findingsRun(
        _ command: String, _ config: Config, _ options: FindingRunOptions, _ output: CLIOutput, _ found: [DocSet.LocaleFiles],
        symbols: LibrarySymbols? = nil, generatedFiles: Bool = true
    ) -> Pipeline.LintResult {
        Pipeline.lint(
            config, retention: .generationInput, discovered: found, generationSource: generationSource(config, pages: options.pages),
            progress: progress(command, found, config, options.progress, output), symbols: symbols, generatedFiles: generatedFiles)
    }

    /// The library's symbols when the run checks them (`--symbols`, `--symbol-graphs`, or
    /// `symbols: true` in `docspec.yml`), else `nil`: read from `--symbol-graphs`, else from what
    /// `swift package dump-symbol-graph` writes; only the modules of `imports`.
    static func librarySymbols(
        _ config: Config, _ options: SymbolOptions, currentDirectory: URL
    ) throws(DocSpecError) -> LibrarySymbols? {
        guard options.symbols || config.symbols else { return nil }
        let directory = try symbolGraphDirectory(config, options.symbolGraphs, currentDirectory: currentDirectory)
        do {
            return try LibrarySymbols.load(directory: directory, modules: config.imports)
        } catch {
            throw .io("cannot read the symbol graphs in '\(directory.path)': \(error.description)")
        }
    }

    /// The progress of a run on standard error: on a terminal unless `--quiet`, or with
    /// `--progress` (`shown` true; false for `--quiet`); the page count and locale folders are
    /// printed first. `nil` when not shown.
    static func progress(
        _ command: String, _ found: [DocSet.LocaleFiles], _ config: Config, _ shown: Bool?, _ output: CLIOutput
    ) -> LintProgress? {
        guard shown ?? output.errIsTTY else { return nil }
        let progress = LintProgress(label: "docspec \(command)", terminal: output.errIsTTY, write: output.err)
        progress.announce(found, config)
        return progress
    }

    /// Every source page, for generation, when the run checks only the pages named on the
    /// command line (generation reads across pages); `nil` otherwise.
    static func generationSource(_ config: Config, pages: [String]) -> DocSet? {
        guard !pages.isEmpty, let source = config.sourceLocale else { return nil }
        return DocSet.load(config, locales: [source], driftModel: false)
    }

    /// `check`'s account of the generated tests: how many files and whether they are up to date;
    /// when the docs generate nothing, that (and whether the folder exists) instead of "0 files, up
    /// to date".
    static func generatedSummary(_ files: Int, stale: Int, _ config: Config) -> String {
        if files == 0 {
            let exists = FileManager.default.fileExists(atPath: config.outputURL.path)
            return "\(config.output)/: nothing to generate (no spec tables or typed samples in \(config.source))"
                + (exists ? (stale == 0 ? ", support file up to date" : ", \(stale) stale") : "; the folder does not exist")
        }
        return "\(config.output)/: \(files) files, \(stale == 0 ? "up to date" : "\(stale) stale")"
    }

    /// The folder of symbol graphs: `--symbol-graphs`, else what `swift package dump-symbol-graph`
    /// writes for the package at the project root (it builds the library, not the tests).
    static func symbolGraphDirectory(_ config: Config, _ path: String?, currentDirectory: URL) throws(DocSpecError) -> URL {
        if let path { return resolve(path, currentDirectory: currentDirectory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "dump-symbol-graph"]
        process.currentDirectoryURL = config.root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            throw .io("cannot run 'swift package dump-symbol-graph': \(error.localizedDescription)")
        }
        let text = String(decoding: pipe.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
        process.waitUntilExit()
        guard
            let folder = dumpedSymbolGraphs(
                text, status: process.terminationStatus, modules: config.imports,
                exists: { FileManager.default.fileExists(atPath: $0.path) })
        else {
            throw .io("'swift package dump-symbol-graph' failed in \(config.root.path): \(dumpFailure(text, root: config.root))")
        }
        return folder
    }

    /// Why `swift package dump-symbol-graph` failed, in one line from what it printed: the
    /// compiler's errors (`Sources/Shapes/Shapes.swift:20:26: error: …`, paths relative to `root`,
    /// each once; "the library does not build"), else its `error:` lines, else its last line.
    static func dumpFailure(_ output: String, root: URL) -> String {
        let lines = output.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        func unique(_ found: [String]) -> [String] {
            var seen: Set<String> = []
            return found.filter { seen.insert($0).inserted }
        }
        let prefix = root.standardizedFileURL.path + "/"
        let compiler = unique(lines.filter { line in
            guard let range = line.range(of: ": error: ") else { return false }
            let place = line[..<range.lowerBound].split(separator: ":")
            return place.count >= 3 && place.suffix(2).allSatisfy { $0.allSatisfy(\.isASCII) && Int($0) != nil }
        }.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 })
        func listed(_ found: [String]) -> String {
            found.prefix(3).joined(separator: "; ") + (found.count > 3 ? "; and \(found.count - 3) more" : "")
        }
        if !compiler.isEmpty { return "the library does not build: " + listed(compiler) }
        let errors = unique(lines.filter { $0.hasPrefix("error: ") && $0 != "error: fatalError" })
        if !errors.isEmpty { return listed(errors) }
        return lines.last.map { String($0.prefix(500)) } ?? "it printed nothing"
    }

    /// The folder `swift package dump-symbol-graph` wrote (its last `Files written to <dir>`
    /// line), or `nil` when it failed. A failing exit status is accepted when the folder holds a
    /// graph (`<module>.symbols.json`) for each of `modules`: SwiftPM 6.3 exits 1 when it cannot
    /// emit graphs for the synthesized test modules of a package whose tests are not built,
    /// after writing the library's.
    static func dumpedSymbolGraphs(_ output: String, status: Int32, modules: [String], exists: (URL) -> Bool) -> URL? {
        let marker = "Files written to "
        guard let line = output.split(separator: "\n").last(where: { $0.contains(marker) }), let range = line.range(of: marker) else {
            return nil
        }
        let folder = URL(fileURLWithPath: String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces))
        if status == 0 { return folder }
        guard !modules.isEmpty, modules.allSatisfy({ exists(folder.appendingPathComponent("\($0).symbols.json")) }) else { return nil }
        return folder
    }

    /// CSV holds one table: with several tables, `--output` is a folder that gets one file per
    /// table (`TablesRenderer.csvFiles`, each written atomically), and standard output is refused
    /// (exit 2) naming `--table` and `--output DIR`. An existing folder as `--output` gets the
    /// per-table files also for one table. `nil` when the single-file path applies.
    static func csvTables(
        _ renderer: TablesRenderer, _ options: TablesOptions, _ config: Config, _ docs: DocSet, _ output: CLIOutput, currentDirectory: URL
    ) -> Int32? {
        let count = renderer.reference.tables.count
        guard let path = options.outputFile else {
            guard count > 1 else { return nil }
            output.err(errorRenderer(output, root: config.root).render(docs.diagnostics.sortedForOutput()))
            let ids = renderer.reference.tables.map(\.id)
            fail("CSV holds one table, and \(count) tables match: choose one with --table <id> (\(ids.prefix(3).joined(separator: ", "))\(ids.count > 3 ? ", …" : "")) or write one file per table with --output DIR", output)
            return 2
        }
        let url = resolve(path, currentDirectory: currentDirectory)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        let folder = exists ? isDirectory.boolValue : path.hasSuffix("/") || (count > 1 && !path.lowercased().hasSuffix(".csv"))
        guard folder else {
            guard count > 1 else { return nil }
            fail("--output '\(path)' names a file, but CSV holds one table and \(count) tables match: give a folder (--output DIR, one file per table) or choose one with --table <id>", output)
            return 2
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for file in renderer.csvFiles() {
                try AtomicFile.write(Data(file.text.utf8), to: url.appendingPathComponent(file.name))
            }
        } catch {
            fail("cannot write into '\(path)': \(error.localizedDescription)", output)
            return 2
        }
        output.err(errorRenderer(output, root: config.root).render(docs.diagnostics.sortedForOutput()))
        return failed(docs.diagnostics, warningsAsErrors: options.warningsAsErrors) ? 1 : 0
    }

    /// A path given on the command line, resolved against the current folder.
    static func resolve(_ path: String, currentDirectory: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)).standardizedFileURL
    }

    static func tables(
        _ config: Config, _ options: TablesOptions, source: String, _ output: CLIOutput, _ found: [DocSet.LocaleFiles], currentDirectory: URL
    ) -> Int32 {
        let docs = DocSet.load(config, driftModel: false, discovered: found)
        let ids = options.tableIDs.isEmpty ? nil : Set(options.tableIDs)
        let reference = ReferenceTables.build(docs, locales: config.locales.map(\.code), base: config.source, tableIDs: ids)
        let found = Set(reference.tables.map(\.id))
        if let unknown = options.tableIDs.first(where: { !found.contains($0) }) {
            output.err(errorRenderer(output, root: config.root).render(docs.diagnostics.sortedForOutput()))
            let ids = ReferenceTables.build(docs, locales: config.locales.map(\.code), base: config.source, tableIDs: nil).tables.map(\.id)
            fail("no spec table has the id '\(unknown)' in \(config.locales.map(\.code).joined(separator: ", "))\(Suggestion.hint(unknown, in: ids)) (ids look like 'error-codes:APIError')", output)
            return 2
        }
        let renderer = TablesRenderer(reference: reference, source: source)
        if options.format == .csv, let result = csvTables(renderer, options, config, docs, output, currentDirectory: currentDirectory) { return result }
        let text = renderer.render(options.format)
        if let path = options.outputFile {
            let url = resolve(path, currentDirectory: currentDirectory)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                fail("--output '\(path)' is a folder; give a file name", output)
                return 2
            }
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try AtomicFile.write(Data(text.utf8), to: url)
            } catch {
                fail("cannot write '\(path)': \(error.localizedDescription)", output)
                return 2
            }
        } else {
            output.out(text)
        }
        output.err(errorRenderer(output, root: config.root).render(docs.diagnostics.sortedForOutput()))
        return failed(docs.diagnostics, warningsAsErrors: options.warningsAsErrors) ? 1 : 0
    }

    /// `docspec report --html <path>`.
    static func report(
        _ config: Config, _ options: ReportOptions, html path: String, _ output: CLIOutput, _ found: [DocSet.LocaleFiles], currentDirectory: URL
    ) throws(DocSpecError) -> Int32 {
        let directory = resolve(path, currentDirectory: currentDirectory)
        var lint = Pipeline.lint(config, retention: .prose, discovered: found, progress: progress("report", found, config, options.progress, output))
        // The findings lint shows: suppressions, the config's rule levels and the baseline applied.
        let found = try findings(lint.diagnostics, docSet: lint.docSet, config: config, policy: PolicyOptions(), currentDirectory: currentDirectory)
        lint.diagnostics = found.shown
        let written: HTMLReport.WriteResult
        do {
            try HTMLReport.prepare(directory)
            let files = HTMLReport(config: config, lint: lint, directory: directory).render()
            written = try HTMLReport.write(files, to: directory)
        } catch {
            fail("cannot write the report to '\(path)': \(error.description)", output)
            return 2
        }
        render(lint.diagnostics, options.format, output, config)
        if options.format != .json {
            var files = "\(written.written.count) written, \(written.unchanged.count) unchanged"
            if !written.removed.isEmpty { files += ", \(written.removed.count) removed" }
            output.out("docspec report: \((path as NSString).appendingPathComponent("index.html")) (\(files)); \(pageSummary(lint.docSet, config)); \(lint.pairCount) page pairs; \(counts(lint.diagnostics, hidden: found.hidden))\n")
        }
        return failed(lint.diagnostics, warningsAsErrors: options.warningsAsErrors) ? 1 : 0
    }

    // MARK: help

    static let usageLine = "USAGE: docspec <command> [options]"

    static var mainHelp: String {
        var s = "OVERVIEW: DocSpec checks translated documentation for drift and turns its spec tables into tests.\n\n\(usageLine)\n\nSUBCOMMANDS:\n"
        for c in commandDeclarations { s += "  \(c.name.padding(toLength: 10, withPad: " ", startingAt: 0))\(c.abstract)\n" }
        s += "\nOPTIONS:\n  --version               Show the version.\n  -h, --help              Show help information.\n"
        s += "\n  See 'docspec <command> --help' for details.\n"
        return s
    }
}
