import Foundation

/// The declaration of every `docspec` command: parsing, help and suggestions derive from these.
extension DocSpecCLI {
    /// What a command's run gets besides its options.
    struct Context: Sendable {
        var output: CLIOutput
        var currentDirectory: URL
        var rules: RuleRegistry
    }

    // MARK: options several commands share

    static let configOption = OptionDeclaration.value(
        "--config", "file", help: "Configuration file (default: docspec.yml in the current folder or the nearest folder above it)."
    ) { o, v in o.configPath = v }

    static let localeOption = OptionDeclaration.value(
        "--locale", "code>=<dir", repeatable: true,
        help: "A locale and its folder; repeat for each locale. Replaces the config's locales."
    ) { o, spec throws(DocSpecError) in
        guard let eq = spec.firstIndex(of: "="), eq != spec.startIndex, spec.index(after: eq) != spec.endIndex else {
            throw .usage("--locale takes <code>=<folder>, e.g. --locale ja=docs-ja (got '\(spec)')")
        }
        o.locales.append(Config.Locale(code: String(spec[..<eq]), directory: String(spec[spec.index(after: eq)...])))
    }

    static let sourceOption = OptionDeclaration.value("--source", "code", help: "The source locale (the one translated from).") { o, v in
        o.source = v
    }

    static let warningsAsErrorsOption = OptionDeclaration.flag("--warnings-as-errors", help: "Exit 1 on warnings too.") { o in
        o.warningsAsErrors = true
    }

    /// `--progress` and `--quiet`, for the commands that lint.
    static let progressOptions: [OptionDeclaration] = [
        .flag("--progress", help: "Show progress on standard error even when it is not a terminal.") { o in o.progress = true },
        .flag("--quiet", short: "-q", help: "Show no progress, also on a terminal.") { o in o.progress = false },
    ]

    /// `--config`, `--locale`, `--source`: where the docs are.
    static let docOptions = [configOption, localeOption, sourceOption]

    static func formatOption(_ choices: [String], help: String) -> OptionDeclaration {
        .value("--format", "format", choices: choices, help: help) { o, v in o.format = v }
    }

    static let baselineOption = OptionDeclaration.value(
        "--baseline", "file",
        help: "Baseline file (default: the config's 'baseline', else docspec-baseline.json); findings it lists are hidden and counted."
    ) { o, v throws(DocSpecError) in
        if v.isEmpty { throw .usage("--baseline needs a file name") }
        o.baselinePath = v
    }

    static let severityOption = OptionDeclaration.value(
        "--severity", "rule=lvl", repeatable: true,
        help: "Level of a rule: error, warning, note or off (e.g. cell-mismatch=warning); repeatable. Overrides the config's 'rules:'."
    ) { o, v in o.severities.append(v) }

    static let checkOption = OptionDeclaration.flag(
        "--check", help: "Write nothing; exit 1 and name each missing, stale or extra file.") { o in o.checkOnly = true }

    /// The options of `lint` and `check`.
    static let findingOptions: [OptionDeclaration] = [
        formatOption(
            ["text", "json", "sarif", "github"],
            help: "Output format for findings: text (default; findings on standard error, a summary line on standard output), json (schema version 2), sarif (SARIF 2.1.0) or github (GitHub Actions annotations; every finding also in $GITHUB_STEP_SUMMARY when set)."),
        baselineOption,
        severityOption,
        .value(
            "--changed-since", "ref",
            help: "Only findings in pages changed since this git ref (or untracked), or whose notes point at one."
        ) { o, v throws(DocSpecError) in
            if v.isEmpty { throw .usage("--changed-since needs a git ref, e.g. --changed-since origin/main") }
            o.changedSince = v
        },
    ] + docOptions + [warningsAsErrorsOption] + progressOptions

    /// `check`'s symbol-graph options.
    static let symbolOptions: [OptionDeclaration] = [
        .flag(
            "--symbols",
            help: "Also check the docs against the library's symbol graph before any build (swift package dump-symbol-graph): symbol= names, documented cases and delegate methods, complete tables."
        ) { o in o.symbols = true },
        .value("--symbol-graphs", "dir", help: "Read the symbol graphs (*.symbols.json) from this folder instead; implies --symbols.") { o, v throws(DocSpecError) in
            if v.isEmpty { throw .usage("--symbol-graphs needs a folder") }
            o.symbolGraphs = v
            o.symbols = true
        },
    ]

    static let findingsExit = "0 clean, 1 findings, 2 usage, config or I/O error (a malformed baseline, an unknown git ref)."
    static let suppressionHelp = """
        Suppress a finding for the next block with an HTML comment on its own lines:
          <!-- docspec:disable-next-block cell-mismatch reason="the ru docs use the new code" -->
        """

    // MARK: the commands

    /// Every command, in the order `docspec --help` lists them.
    static let commandDeclarations: [CommandDeclaration] = [
        findingsCommand(
            "check", "Lint the docs and verify Generated/ is up to date (the one command for CI).", extraOptions: symbolOptions, run: check),
        findingsCommand(
            "lint", "Check every target locale against the source locale for drift.", extraOptions: [watchOption],
            discussion: suppressionHelp + "\n\n" + watchHelp, run: lint),
        CommandDeclaration(
            name: "generate", abstract: "Write conformance tests from the source locale's spec tables and samples.",
            usage: ["generate [--check] [options]"],
            options: [
                checkOption,
                .value("--output", "dir", help: "Output folder (default: the config's 'output', else Generated).") { o, v throws(DocSpecError) in
                    if v.isEmpty { throw .usage("--output needs a folder") }
                    o.output = v
                },
                .value("--import", "module", repeatable: true, help: "A module the generated tests import; repeatable.") { o, v in
                    o.imports.append(v)
                },
                formatOption(["text", "json"], help: "Output format for findings (default: text; text goes to standard error)."),
            ] + docOptions + [warningsAsErrorsOption],
            exitStatus: "0 written (with --check: up to date), 1 findings or stale files, 2 usage, config or I/O error.",
            defaultFormat: "text"
        ) { o, c throws(DocSpecError) in
            let (config, found) = try prepare("generate", o, c)
            return generate(config, o, c.output, found)
        },
        CommandDeclaration(
            name: "extract", abstract: "Print the spec model (pages, tables, rows, code samples) as JSON.",
            discussion: """
                The spec model is printed to standard output as JSON (schema version 1; --format json is the
                default and the only format); diagnostics found while reading go to standard error.
                """,
            arguments: [pageArgument],
            options: [formatOption(["json"], help: "Output format: json (the default and the only one).")] + docOptions + [warningsAsErrorsOption],
            exitStatus: "0 clean, 1 findings, 2 usage, config or I/O error.", defaultFormat: "json"
        ) { o, c throws(DocSpecError) in
            let (config, found) = try prepare("extract", o, c)
            return extract(config, o, c.output, found)
        },
        CommandDeclaration(
            name: "tables", abstract: "Render the spec tables as Markdown, CSV, JSON or HTML (bilingual side by side).",
            discussion: """
                With one locale, each spec table as its page has it. With two or more, one bilingual
                table per table id: one row per key, the invariant columns (codes, keys, values, types,
                URLs) once and the translated columns per locale side by side; an invariant cell that
                differs between locales shows every value. Diagnostics found while reading go to
                standard error.
                """,
            options: [
                formatOption(
                    ["md", "csv", "json", "html"],
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
                .value("--output", "file", help: "Write to this file (atomically) instead of standard output.") { o, v throws(DocSpecError) in
                    if v.isEmpty { throw .usage("--output needs a file name") }
                    o.outputFile = v
                },
            ] + docOptions + [warningsAsErrorsOption],
            exitStatus: "0 clean, 1 findings in the docs, 2 usage, config or I/O error.", defaultFormat: "md"
        ) { o, c throws(DocSpecError) in
            var o = o
            o.rules = c.rules
            var config = try o.config(currentDirectory: c.currentDirectory)
            try o.selectLocales(&config)
            let found = try prepared("tables", config, o)
            return tables(config, o, c.output, found, currentDirectory: c.currentDirectory)
        },
        CommandDeclaration(
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
                formatOption(["text", "json"], help: "Output format for findings (default: text; text goes to standard error)."),
            ] + docOptions + [warningsAsErrorsOption] + progressOptions,
            exitStatus: "0 clean, 1 findings, 2 usage, config or I/O error.", defaultFormat: "text"
        ) { o, c throws(DocSpecError) in
            if o.htmlDirectory == nil { throw .usage("report needs --html <dir>, the folder to write the report into") }
            let (config, found) = try prepare("report", o, c)
            return try report(config, o, c.output, found, currentDirectory: c.currentDirectory)
        },
        CommandDeclaration(
            name: "baseline", abstract: "Record current findings in the baseline file (write), or drop fixed ones (prune).",
            usage: ["baseline write [options]", "baseline prune [--check] [options]"],
            discussion: """
                write records every current finding (what 'docspec lint' reports, after suppressions and
                rule levels) by rule, file and content fingerprint, with a count and no line numbers. prune
                removes entries no current finding matches and lowers counts to what still matches. The file
                is written atomically. Stale generated files are never baselined: run 'docspec generate'.
                """,
            arguments: [
                ArgumentDeclaration(name: "action", repeatable: false, required: true, choices: ["write", "prune"], help: "write or prune."),
            ],
            options: [
                .flag("--check", help: "prune: write nothing; exit 1 if the baseline would change.") { o in o.checkOnly = true },
                .value("--baseline", "file", help: "Baseline file (default: the config's 'baseline', else docspec-baseline.json).") {
                    o, v throws(DocSpecError) in
                    if v.isEmpty { throw .usage("--baseline needs a file name") }
                    o.baselinePath = v
                },
                .value("--severity", "rule=lvl", repeatable: true, help: "Level of a rule: error, warning, note or off; repeatable.") { o, v in
                    o.severities.append(v)
                },
            ] + docOptions + progressOptions,
            exitStatus: "0 written (prune --check: up to date), 1 prune --check would change the file, 2 usage, config or I/O error."
        ) { o, c throws(DocSpecError) in
            var o = o
            o.baselineAction = o.positional.first
            let (config, found) = try prepare("baseline", o, c)
            return try baseline(config, o, c.output, found, currentDirectory: c.currentDirectory)
        },
        CommandDeclaration(
            name: "stamp", abstract: "Record in translations the source content they were reviewed against (translation-of).",
            usage: ["stamp [--check] [options] [<target page>…]"],
            discussion: stampDiscussion,
            arguments: [ArgumentDeclaration(name: "target page", repeatable: true, help: "A page of a target locale (path as on disk); repeatable.")],
            options: [
                .flag("--check", help: "Write nothing; exit 1 and name each page whose stamp is missing or out of date.") { o in o.checkOnly = true },
            ] + docOptions,
            exitStatus: """
                0 done (or, with --check, every stamp up to date), 1 stamps out of date with --check or pages
                that could not be stamped, 2 usage, config or I/O error.
                """
        ) { o, c throws(DocSpecError) in
            let (config, found) = try prepare("stamp", o, c)
            return try stamp(config, found, paths: o.positional, checkOnly: o.checkOnly, output: c.output, currentDirectory: c.currentDirectory)
        },
        CommandDeclaration(
            name: "rules", abstract: "List every rule with its default level, or describe one rule.",
            discussion: """
                Without an argument, one line per rule: id, default level and summary, tab-separated.
                With a rule id: its default level, the layer that emits it, its summary and its help.
                --format json prints the same as one JSON document: for each rule its id, default
                level, layer, summary, help and example (null when it has none).
                """,
            arguments: [ArgumentDeclaration(name: "rule-id", repeatable: false, help: "The rule to describe, e.g. cell-mismatch.")],
            options: [formatOption(["text", "json"], help: "Output format (default: text).")],
            exitStatus: "0 listed, 2 an unknown rule id or option.", defaultFormat: "text"
        ) { o, c throws(DocSpecError) in
            try rules(o, c.rules, c.output)
        },
        FixCommand.declaration,
        LSPCommand.declaration,
    ]

    /// `lint --watch`.
    static let watchOption = OptionDeclaration.flag(
        "--watch", help: "Lint again whenever a page or docspec.yml changes, printing only new and resolved findings; Ctrl-C stops (status 0)."
    ) { o in o.watch = true }

    static let watchHelp = """
        With --watch, lint prints every finding once, then polls the pages and docspec.yml (twice a
        second) and after each change prints only the findings that are new and a 'resolved:' line
        for each one that went away; unchanged pages are not parsed again. Text output only (--format
        json, sarif and github are refused with --watch, as is --changed-since).
        """

    /// `lint` or `check`: the finding options, page arguments, `run` on the prepared config
    /// (`lint --watch` runs `LintWatcher` instead).
    static func findingsCommand(
        _ name: String, _ abstract: String, extraOptions: [OptionDeclaration] = [], discussion: String = suppressionHelp,
        run: @escaping @Sendable (Config, Options, CLIOutput, [DocSet.LocaleFiles], URL) throws(DocSpecError) -> Int32
    ) -> CommandDeclaration {
        CommandDeclaration(
            name: name, abstract: abstract, discussion: discussion, arguments: [pageArgument], options: findingOptions + extraOptions,
            exitStatus: name == "lint" ? findingsExit + " With --watch: 0 when stopped with Ctrl-C." : findingsExit
        ) { o, c throws(DocSpecError) in
            if o.watch {
                try LintWatcher.check(o)
                var o = o
                o.rules = c.rules
                return try LintWatcher(options: o, context: c, clock: SystemWatchClock()).run()
            }
            let (config, found) = try prepare(name, o, c)
            return try run(config, o, c.output, found, c.currentDirectory)
        }
    }

    /// The config of a command that reads the docs, checked, and the pages it reads.
    static func prepare(_ command: String, _ options: Options, _ c: Context) throws(DocSpecError) -> (Config, [DocSet.LocaleFiles]) {
        var options = options
        options.rules = c.rules
        let config = try options.config(currentDirectory: c.currentDirectory)
        let found = try prepared(command, config, options)
        guard ["lint", "check", "extract"].contains(command), !options.positional.isEmpty else { return (config, found) }
        return (config, try DocSet.select(config, found, paths: options.positional.map { (resolve($0, currentDirectory: c.currentDirectory), $0) }))
    }

    /// The `[<page>…]` argument of `lint`, `check` and `extract`.
    static let pageArgument = ArgumentDeclaration(
        name: "page", repeatable: true,
        help: "Only these pages (files, or folders for the pages below them) and their counterparts in the other locales.")

    /// Checks `config` for `command` (enough locales, folders that exist) and lists the pages it
    /// reads: the source locale's for `generate`, every locale's otherwise.
    static func prepared(_ command: String, _ config: Config, _ options: Options) throws(DocSpecError) -> [DocSet.LocaleFiles] {
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
