import Foundation

/// The declaration of every `docspec` command: parsing, help and suggestions derive from these.
extension DocSpecCLI {
    /// What a command's run gets besides its options.
    struct Context: Sendable {
        var output: CLIOutput
        var currentDirectory: URL
        var rules: RuleRegistry
    }

    // MARK: option groups several commands share

    /// `--config`, `--locale`, `--source`: where the docs are (every command that reads them).
    struct DocOptions: Sendable {
        var configPath: String?
        var locales: [Config.Locale] = []
        var source: String?

        static let options: [OptionDeclaration<DocOptions>] = [
            .value("--config", "file", help: "Configuration file (default: docspec.yml in the current folder or the nearest folder above it).") {
                o, v in o.configPath = v
            },
            .value("--locale", "code>=<dir", repeatable: true, help: "A locale and its folder; repeat for each locale. Replaces the config's locales.") {
                o, spec throws(DocSpecError) in
                guard let eq = spec.firstIndex(of: "="), eq != spec.startIndex, spec.index(after: eq) != spec.endIndex else {
                    throw .usage("--locale takes <code>=<folder>, e.g. --locale ja=docs-ja (got '\(spec)')")
                }
                o.locales.append(Config.Locale(code: String(spec[..<eq]), directory: String(spec[spec.index(after: eq)...])))
            },
            .value("--source", "code", help: "The source locale (the one translated from).") { o, v in o.source = v },
        ]

        /// The config: `--config`, else `docspec.yml` found from `currentDirectory` upward, else
        /// an empty one at `currentDirectory`; then `--locale` and `--source` applied.
        func config(currentDirectory: URL, rules: RuleRegistry) throws(DocSpecError) -> Config {
            var config: Config
            if let path = configPath {
                let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)
                config = try Config.load(from: url, displayPath: path, rules: rules)
            } else if let found = Config.find(from: currentDirectory) {
                config = try Config.load(from: found.url, displayPath: found.display, rules: rules)
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
            return config
        }
    }

    /// `--baseline`, `--severity`, `--changed-since`: which findings are shown
    /// (`findings(_:docSet:config:policy:currentDirectory:)`). Commands without these options
    /// use the defaults: the config's baseline and rule levels, every page.
    struct PolicyOptions: Sendable {
        /// `--baseline <file>`.
        var baselinePath: String?
        /// `--severity <rule>=<level>`, in order.
        var severities: [String] = []
        /// `--changed-since <ref>`.
        var changedSince: String?

        static let baseline = OptionDeclaration<PolicyOptions>.value(
            "--baseline", "file",
            help: "Baseline file (default: the config's 'baseline', else docspec-baseline.json); findings it lists are hidden and counted."
        ) { o, v throws(DocSpecError) in
            if v.isEmpty { throw .usage("--baseline needs a file name") }
            o.baselinePath = v
        }

        static let severity = OptionDeclaration<PolicyOptions>.value(
            "--severity", "rule=lvl", repeatable: true,
            help: "Level of a rule: error, warning, note or off (e.g. cell-mismatch=warning); repeatable. Overrides the config's 'rules:'."
        ) { o, v in o.severities.append(v) }

        static let changedSinceOption = OptionDeclaration<PolicyOptions>.value(
            "--changed-since", "ref", help: "Only findings in pages changed since this git ref (or untracked), or whose notes point at one."
        ) { o, v throws(DocSpecError) in
            if v.isEmpty { throw .usage("--changed-since needs a git ref, e.g. --changed-since origin/main") }
            o.changedSince = v
        }
    }

    /// The formats of `lint` and `check`.
    enum FindingsFormat: String, CaseIterable, Sendable {
        case text, json, sarif, github
    }

    /// The formats of commands that print findings as text or JSON.
    enum TextOrJSON: String, CaseIterable, Sendable {
        case text, json
    }

    /// `extract`'s one format.
    enum JSONOnly: String, CaseIterable, Sendable {
        case json
    }

    /// What `lint` and `check` share: where the docs are, the finding policy, the format, the
    /// pages named and progress.
    struct FindingRunOptions: Sendable {
        var docs = DocOptions()
        var policy = PolicyOptions()
        var format = FindingsFormat.text
        var warningsAsErrors = false
        /// `--progress` (true) or `--quiet` (false); `nil` shows progress when standard error is a terminal.
        var progress: Bool?
        /// The pages named on the command line.
        var pages: [String] = []

        static let options: [OptionDeclaration<FindingRunOptions>] =
            [
                .choice(
                    "--format", "format", \.format,
                    help: "Output format for findings: text (default; findings on standard error, a summary line on standard output), json (schema version 2), sarif (SARIF 2.1.0) or github (GitHub Actions annotations; every finding also in $GITHUB_STEP_SUMMARY when set)."),
            ]
            + [PolicyOptions.baseline, PolicyOptions.severity, PolicyOptions.changedSinceOption].lifted(\.policy)
            + DocOptions.options.lifted(\.docs) + [warningsAsErrorsOption(\.warningsAsErrors)] + progressOptions(\.progress)
    }

    /// The values of `lint` and `check`: the shared options at `run`, the pages named among them.
    protocol FindingCommandValues: CommandValues {
        var run: FindingRunOptions { get set }
    }

    /// `--warnings-as-errors`, stored at `path`.
    static func warningsAsErrorsOption<V>(_ path: WritableKeyPath<V, Bool> & Sendable) -> OptionDeclaration<V> {
        .flag("--warnings-as-errors", help: "Exit 1 on warnings too.", sets: path)
    }

    /// `--progress` and `--quiet`, for the commands that lint, stored at `path`.
    static func progressOptions<V>(_ path: WritableKeyPath<V, Bool?> & Sendable) -> [OptionDeclaration<V>] {
        [
            .flag("--progress", help: "Show progress on standard error even when it is not a terminal.") { $0[keyPath: path] = true },
            .flag("--quiet", short: "-q", help: "Show no progress, also on a terminal.") { $0[keyPath: path] = false },
        ]
    }

    static let findingsExit = "0 clean, 1 findings, 2 usage, config or I/O error (a malformed baseline, an unknown git ref)."
    static let suppressionHelp = """
        Suppress a finding for the next block with an HTML comment on its own lines:
          <!-- docspec:disable-next-block cell-mismatch reason="the ru docs use the new code" -->
        """

    // MARK: each command's values

    /// `docspec lint`.
    struct LintOptions: FindingCommandValues {
        var run = FindingRunOptions()
        /// `--watch`.
        var watch = false
    }

    /// `--symbols` and `--symbol-graphs`, of `check` and `generate`.
    struct SymbolOptions: Sendable {
        /// `--symbols`: check the docs against the library's symbol graph.
        var symbols = false
        /// `--symbol-graphs <dir>`: the folder of `*.symbols.json` files to read.
        var symbolGraphs: String?

        static let options: [OptionDeclaration<SymbolOptions>] = [
            .flag(
                "--symbols",
                help: "Also check the docs against the library's symbol graph before any build (swift package dump-symbol-graph): symbol= names, documented cases and delegate methods, complete tables. A table whose tests would not compile is generated as a test failing at its doc line (as with 'symbols: true' in docspec.yml).",
                sets: \.symbols),
            .value("--symbol-graphs", "dir", help: "Read the symbol graphs (*.symbols.json) from this folder instead; implies --symbols.") {
                o, v throws(DocSpecError) in
                if v.isEmpty { throw .usage("--symbol-graphs needs a folder") }
                o.symbolGraphs = v
                o.symbols = true
            },
        ]
    }

    /// `docspec check`.
    struct CheckOptions: FindingCommandValues {
        var run = FindingRunOptions()
        var symbolOptions = SymbolOptions()
        /// `--symbols`: check the docs against the library's symbol graph.
        var symbols: Bool { symbolOptions.symbols }
        /// `--symbol-graphs <dir>`: the folder of `*.symbols.json` files to read.
        var symbolGraphs: String? { symbolOptions.symbolGraphs }
    }

    /// `docspec generate`.
    struct GenerateOptions: CommandValues {
        var docs = DocOptions()
        var symbolOptions = SymbolOptions()
        var checkOnly = false
        /// `--output <dir>`.
        var output: String?
        /// `--import <module>`, in order.
        var imports: [String] = []
        var format = TextOrJSON.text
        var warningsAsErrors = false
        var positional: [String] = []

        /// The config with `--output` and `--import` applied.
        func config(currentDirectory: URL, rules: RuleRegistry) throws(DocSpecError) -> Config {
            var config = try docs.config(currentDirectory: currentDirectory, rules: rules)
            if let output {
                // Like --locale, a command-line folder is relative to the current folder.
                let sameRoot = config.root.standardizedFileURL.path == currentDirectory.standardizedFileURL.path
                config.output = output.hasPrefix("/") || sameRoot
                    ? output : currentDirectory.appendingPathComponent(output).standardizedFileURL.path
            }
            if !imports.isEmpty { config.imports = imports }
            return config
        }
    }

    /// `docspec extract`.
    struct ExtractOptions: CommandValues {
        var docs = DocOptions()
        var format = JSONOnly.json
        var warningsAsErrors = false
        var positional: [String] = []
    }

    /// `docspec tables`.
    struct TablesOptions: CommandValues {
        var docs = DocOptions()
        var format = TablesRenderer.Format.md
        /// `--locales ja,ru`.
        var localeSelection: [String]?
        /// `--table <id>`, in order.
        var tableIDs: [String] = []
        /// `--output <file>`.
        var outputFile: String?
        var warningsAsErrors = false
        var positional: [String] = []

        /// Keeps the locales of `--locales` (in that order), and makes the first shown locale the
        /// one rows are anchored on when the source locale is not shown (unless `--source` names one).
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
            if docs.source == nil, !config.locales.contains(where: { $0.code == config.source }), let first = config.locales.first {
                config.source = first.code
            }
        }
    }

    /// `docspec report`.
    struct ReportOptions: CommandValues {
        var docs = DocOptions()
        /// `--html <dir>`.
        var htmlDirectory: String?
        var format = TextOrJSON.text
        var warningsAsErrors = false
        var progress: Bool?
        var positional: [String] = []
    }

    /// `docspec baseline write|prune`.
    struct BaselineOptions: CommandValues {
        var docs = DocOptions()
        var policy = PolicyOptions()
        var checkOnly = false
        var progress: Bool?
        var positional: [String] = []
        /// `write` or `prune`.
        var action: String { positional.first ?? "write" }
    }

    /// `docspec stamp`.
    struct StampOptions: CommandValues {
        var docs = DocOptions()
        var checkOnly = false
        var positional: [String] = []
    }

    /// `docspec rules`.
    struct RulesOptions: CommandValues {
        var format = TextOrJSON.text
        var positional: [String] = []
    }

    // MARK: the commands

    static let lintCommand = Command<LintOptions>(
        name: "lint", abstract: "Check every target locale against the source locale for drift.",
        discussion: suppressionHelp + "\n\n" + watchHelp, arguments: [pageArgument],
        options: FindingRunOptions.options.lifted(\.run) + [
            .flag(
                "--watch",
                help: "Lint again whenever a page or docspec.yml changes, printing only new and resolved findings; Ctrl-C stops (status 0).",
                sets: \.watch)
        ],
        exitStatus: findingsExit + " With --watch: 0 when stopped with Ctrl-C."
    ) { o, c throws(DocSpecError) in
        if o.watch {
            try LintWatcher.check(o)
            return try LintWatcher(options: o, context: c, clock: SystemWatchClock()).run()
        }
        let (config, found) = try prepare("lint", o.run.docs, pages: o.run.pages, c)
        return try lint(config, o.run, c.output, found, currentDirectory: c.currentDirectory)
    }

    static let checkCommand = Command<CheckOptions>(
        name: "check", abstract: "Lint the docs and verify Generated/ is up to date (the one command for CI).",
        discussion: suppressionHelp, arguments: [pageArgument],
        options: FindingRunOptions.options.lifted(\.run) + SymbolOptions.options.lifted(\.symbolOptions),
        exitStatus: findingsExit
    ) { o, c throws(DocSpecError) in
        let (config, found) = try prepare("check", o.run.docs, pages: o.run.pages, c)
        return try check(config, o, c.output, found, currentDirectory: c.currentDirectory)
    }

    static let generateCommand = Command<GenerateOptions>(
        name: "generate", abstract: "Write conformance tests from the source locale's spec tables and samples.",
        usage: ["generate [--check] [options]"],
        options: [
            .flag("--check", help: "Write nothing; exit 1 and name each missing, stale or extra file.", sets: \.checkOnly),
            .value("--output", "dir", help: "Output folder (default: the config's 'output', else Generated).") { o, v throws(DocSpecError) in
                if v.isEmpty { throw .usage("--output needs a folder") }
                o.output = v
            },
            .value("--import", "module", repeatable: true, help: "A module the generated tests import; repeatable.") { o, v in o.imports.append(v) },
            .choice("--format", "format", \.format, help: "Output format for findings (default: text; text goes to standard error)."),
        ] + SymbolOptions.options.lifted(\.symbolOptions) + DocOptions.options.lifted(\.docs) + [warningsAsErrorsOption(\.warningsAsErrors)],
        exitStatus: """
            0 written (with --check: up to date), 1 findings or stale files (errors of the symbol check are
            written as tests that fail at their doc line; other errors write nothing), 2 usage, config or I/O error.
            """
    ) { o, c throws(DocSpecError) in
        let config = try o.config(currentDirectory: c.currentDirectory, rules: c.rules)
        let found = try prepared("generate", config)
        let symbols = try librarySymbols(config, o.symbolOptions, currentDirectory: c.currentDirectory)
        return generate(config, o, c.output, found, symbols: symbols)
    }

    static let extractCommand = Command<ExtractOptions>(
        name: "extract", abstract: "Print the spec model (pages, tables, rows, code samples) as JSON.",
        discussion: """
            The spec model is printed to standard output as JSON (schema version 1; --format json is the
            default and the only format); diagnostics found while reading go to standard error.
            """,
        arguments: [pageArgument],
        options: [.choice("--format", "format", \.format, help: "Output format: json (the default and the only one).")]
            + DocOptions.options.lifted(\.docs) + [warningsAsErrorsOption(\.warningsAsErrors)],
        exitStatus: "0 clean, 1 findings, 2 usage, config or I/O error."
    ) { o, c throws(DocSpecError) in
        let (config, found) = try prepare("extract", o.docs, pages: o.positional, c)
        return extract(config, o, c.output, found)
    }

    static let tablesCommand = Command<TablesOptions>(
        name: "tables", abstract: "Render the spec tables as Markdown, CSV, JSON or HTML (bilingual side by side).",
        discussion: """
            With one locale, each spec table as its page has it. With two or more, one bilingual
            table per table id: one row per key, the invariant columns (codes, keys, values, types,
            URLs) once and the translated columns per locale side by side; an invariant cell that
            differs between locales shows every value. Diagnostics found while reading go to
            standard error.
            """,
        options: [
            .choice(
                "--format", "format", \.format,
                help: "Output format (default: md). csv: RFC 4180, UTF-8, CRLF; json: schema version 1; html: one self-contained page."),
            .value("--locales", "codes", help: "Comma-separated locales to show, in this order, e.g. ja,ru (default: every configured locale).") {
                o, v throws(DocSpecError) in
                let codes = v.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
                if codes.contains(where: \.isEmpty) { throw .usage("--locales takes comma-separated locale codes, e.g. --locales ja,ru") }
                o.localeSelection = codes
            },
            .value("--table", "id", repeatable: true, help: "Only the table with this id (e.g. error-codes:APIError); repeatable.") { o, v in
                o.tableIDs.append(v)
            },
            .value("--output", "file", help: "Write to this file (atomically) instead of standard output; for CSV of several tables, a folder that gets one <page>--<table>.csv per table.") { o, v throws(DocSpecError) in
                if v.isEmpty { throw .usage("--output needs a file name") }
                o.outputFile = v
            },
        ] + DocOptions.options.lifted(\.docs) + [warningsAsErrorsOption(\.warningsAsErrors)],
        exitStatus: "0 clean, 1 findings in the docs, 2 usage, config or I/O error."
    ) { o, c throws(DocSpecError) in
        var config = try o.docs.config(currentDirectory: c.currentDirectory, rules: c.rules)
        // The source locale as configured: rows are anchored on the first shown locale when it is not shown.
        let source = config.source
        try o.selectLocales(&config)
        let found = try prepared("tables", config)
        return tables(config, o, source: source, c.output, found, currentDirectory: c.currentDirectory)
    }

    static let reportCommand = Command<ReportOptions>(
        name: "report", abstract: "Write a static HTML report: tables and samples side by side, drift marked.",
        usage: ["report --html <dir> [options]"],
        discussion: """
            Lints like 'docspec lint' and writes a self-contained static page set into <dir> (created
            if needed): index.html with the counts per rule and per page pair, and per page pair a
            page with the spec tables and code samples side by side (source | translation), each
            finding marked at its cell or line and linked to its file:line. No network, no external
            assets. Only files DocSpec wrote are overwritten or removed.
            """,
        options: [
            .value("--html", "dir", help: "The report folder (required).") { o, v throws(DocSpecError) in
                if v.isEmpty { throw .usage("--html needs a folder") }
                o.htmlDirectory = v
            },
            .choice("--format", "format", \.format, help: "Output format for findings (default: text; text goes to standard error)."),
        ] + DocOptions.options.lifted(\.docs) + [warningsAsErrorsOption(\.warningsAsErrors)] + progressOptions(\.progress),
        exitStatus: "0 clean, 1 findings, 2 usage, config or I/O error."
    ) { o, c throws(DocSpecError) in
        guard let html = o.htmlDirectory else { throw .usage("report needs --html <dir>, the folder to write the report into") }
        let (config, found) = try prepare("report", o.docs, pages: [], c)
        return try report(config, o, html: html, c.output, found, currentDirectory: c.currentDirectory)
    }

    static let baselineCommand = Command<BaselineOptions>(
        name: "baseline", abstract: "Record current findings in the baseline file (write), or drop fixed ones (prune).",
        usage: ["baseline write [options]", "baseline prune [--check] [options]"],
        discussion: """
            write records every current finding (what 'docspec lint' reports, after suppressions and
            rule levels) by rule, file and content fingerprint, with a count and no line numbers. prune
            removes entries no current finding matches and lowers counts to what still matches. The file
            is written atomically. Stale generated files are never baselined: run 'docspec generate'.
            """,
        arguments: [
            ArgumentDeclaration(name: "action", repeatable: false, required: true, choices: ["write", "prune"], help: "write or prune.")
        ],
        options: [
            .flag("--check", help: "prune: write nothing; exit 1 if the baseline would change.", sets: \.checkOnly),
            OptionDeclaration<PolicyOptions>.value(
                "--baseline", "file", help: "Baseline file (default: the config's 'baseline', else docspec-baseline.json)."
            ) { o, v throws(DocSpecError) in
                if v.isEmpty { throw .usage("--baseline needs a file name") }
                o.baselinePath = v
            }.lifted(\.policy),
            OptionDeclaration<PolicyOptions>.value(
                "--severity", "rule=lvl", repeatable: true, help: "Level of a rule: error, warning, note or off; repeatable."
            ) { o, v in o.severities.append(v) }.lifted(\.policy),
        ] + DocOptions.options.lifted(\.docs) + progressOptions(\.progress),
        exitStatus: "0 written (prune --check: up to date), 1 prune --check would change the file, 2 usage, config or I/O error."
    ) { o, c throws(DocSpecError) in
        let (config, found) = try prepare("baseline", o.docs, pages: [], c)
        return try baseline(config, o, c.output, found, currentDirectory: c.currentDirectory)
    }

    static let stampCommand = Command<StampOptions>(
        name: "stamp", abstract: "Record in translations the source content they were reviewed against (translation-of).",
        usage: ["stamp [--check] [options] [<target page>…]"],
        discussion: stampDiscussion,
        arguments: [ArgumentDeclaration(name: "target page", repeatable: true, help: "A page of a target locale (path as on disk); repeatable.")],
        options: [
            .flag("--check", help: "Write nothing; exit 1 and name each page whose stamp is missing or out of date.", sets: \.checkOnly)
        ] + DocOptions.options.lifted(\.docs),
        exitStatus: """
            0 done (or, with --check, every stamp up to date), 1 stamps out of date with --check or pages
            that could not be stamped, 2 usage, config or I/O error.
            """
    ) { o, c throws(DocSpecError) in
        let (config, found) = try prepare("stamp", o.docs, pages: [], c)
        return try stamp(config, found, paths: o.positional, checkOnly: o.checkOnly, output: c.output, currentDirectory: c.currentDirectory)
    }

    static let rulesCommand = Command<RulesOptions>(
        name: "rules", abstract: "List every rule with its default level, or describe one rule.",
        discussion: """
            Without an argument, one line per rule: id, default level and summary, tab-separated.
            With a rule id: its default level, the layer that emits it, its summary and its help.
            --format json prints the same as one JSON document: for each rule its id, default
            level, layer, summary, help and example (null when it has none).
            """,
        arguments: [ArgumentDeclaration(name: "rule-id", repeatable: false, help: "The rule to describe, e.g. cell-mismatch.")],
        options: [.choice("--format", "format", \.format, help: "Output format (default: text).")],
        exitStatus: "0 listed, 2 an unknown rule id or option."
    ) { o, c throws(DocSpecError) in
        try rules(o, c.rules, c.output)
    }

    /// Every command, in the order `docspec --help` lists them.
    static let commandDeclarations: [CommandDeclaration] = [
        CommandDeclaration(checkCommand), CommandDeclaration(lintCommand), CommandDeclaration(generateCommand),
        CommandDeclaration(extractCommand), CommandDeclaration(tablesCommand), CommandDeclaration(reportCommand),
        CommandDeclaration(baselineCommand), CommandDeclaration(stampCommand), CommandDeclaration(rulesCommand),
        CommandDeclaration(FixCommand.declaration), CommandDeclaration(LSPCommand.declaration),
    ]

    static let watchHelp = """
        With --watch, lint prints every finding once, then polls the pages and docspec.yml (twice a
        second) and after each change prints only the findings that are new and a 'resolved:' line
        for each one that went away; unchanged pages are not parsed again. Text output only (--format
        json, sarif and github are refused with --watch, as is --changed-since).
        """

    /// The config of a command that reads the docs, checked, and the pages it reads (with `pages`,
    /// for `lint`, `check` and `extract`, only those and their counterparts).
    static func prepare(
        _ command: String, _ docs: DocOptions, pages: [String], _ c: Context
    ) throws(DocSpecError) -> (Config, [DocSet.LocaleFiles]) {
        let config = try docs.config(currentDirectory: c.currentDirectory, rules: c.rules)
        let found = try prepared(command, config)
        guard !pages.isEmpty else { return (config, found) }
        return (config, try DocSet.select(config, found, paths: pages.map { (resolve($0, currentDirectory: c.currentDirectory), $0) }))
    }

    /// The `[<page>…]` argument of `lint`, `check` and `extract`.
    static let pageArgument = ArgumentDeclaration(
        name: "page", repeatable: true,
        help: "Only these pages (files, or folders for the pages below them) and their counterparts in the other locales.")

    /// Checks `config` for `command` (enough locales, folders that exist) and lists the pages it
    /// reads: the source locale's for `generate`, every locale's otherwise.
    static func prepared(_ command: String, _ config: Config) throws(DocSpecError) -> [DocSet.LocaleFiles] {
        try config.validate()
        if ["lint", "check", "report", "baseline", "fix"].contains(command), config.locales.count < 2 {
            throw .usage("\(command) compares locales: give at least two (--locale <code>=<folder> for each, or 'locales:' in docspec.yml)")
        }
        if command == "stamp", config.locales.count < 2 {
            throw .usage("stamp records a source locale in translations: give at least two locales (--locale <code>=<folder> for each, or 'locales:' in docspec.yml)")
        }
        try config.checkFolders()
        return try DocSet.requirePages(config, locales: command == "generate" ? config.sourceLocale.map { [$0] } ?? [] : config.locales)
    }
}

extension DocSpecCLI.FindingCommandValues {
    var positional: [String] {
        get { run.pages }
        set { run.pages = newValue }
    }
}
