import DocDiagnostics
import Foundation
import SpecModel

/// DocSpec's configuration: which folders hold which locale, which locale is the source, where
/// generated tests go and what they import. Read from `docspec.yml` at the project root, and
/// overridable from the command line (`--locale ja=docs-ja --source ja`), so DocSpec also runs on
/// any folders without a config file.
public struct Config: Sendable, Equatable {
    /// A locale and its folder (relative to `root`, or absolute).
    public struct Locale: Sendable, Equatable {
        /// The locale code, e.g. `ja` or `ru`.
        public var code: String
        /// The locale's folder, relative to `Config.root` or absolute.
        public var directory: String
    }

    /// The project root: paths in diagnostics are shown relative to it.
    public var root: URL
    /// Locales in the order given; one of them is the source.
    public var locales: [Locale]
    /// The source locale's code.
    public var source: String
    /// Folder for generated tests, relative to `root`.
    public var output: String
    /// Modules the generated tests import.
    public var imports: [String]
    /// Languages whose fenced code blocks become tests (doc-tests). Only `swift`; empty by
    /// default, so doc text never becomes code unless the configuration says so.
    public var docTests: Set<String> = []
    /// Whether `check` and `generate` read the library's symbol graph (`symbols: true`; the
    /// command line's `--symbols`): the symbol check's findings are reported, and a table they
    /// show would not compile is generated as a test failing at its doc line. `false` by default.
    public var symbols = false
    /// The baseline file (`baseline:`), relative to `root`; `nil` for `docspec-baseline.json`.
    public var baseline: String? = nil
    /// Rule levels from `rules:` (rule id → level).
    public var ruleLevels: [String: RuleLevel] = [:]
    /// The rules of the run: the drift rules `lint` runs, and every id `rules:` may name.
    public var rules: RuleRegistry = .standard
    /// The file-name endings of pages, each with its dot, compared ignoring case (`extensions:`;
    /// default `defaultExtensions`).
    public var extensions: [String] = Config.defaultExtensions
    /// Globs of the pages read (`include:`), matched against a page's path relative to its
    /// locale folder (`*` within a path segment, `**` across segments); empty reads every page.
    public var include: [String] = []
    /// Globs of pages not read (`exclude:`), as `include`; applied after it.
    public var exclude: [String] = []

    /// The pages read unless `extensions:` says otherwise: `.md`, `.markdown` and `.mdx`.
    public static let defaultExtensions = [".md", ".markdown", ".mdx"]

    /// Creates a config. `output` is relative to `root`; `source` should be one of the locale codes
    /// (checked by `validate()`).
    public init(root: URL, locales: [Locale], source: String, output: String = "Generated", imports: [String] = []) {
        self.root = root
        self.locales = locales
        self.source = source
        self.output = output
        self.imports = imports
    }

    /// The default config file name.
    public static let fileName = "docspec.yml"

    /// The source locale.
    public var sourceLocale: Locale? { locales.first { $0.code == source } }
    /// Every locale except the source.
    public var targetLocales: [Locale] { locales.filter { $0.code != source } }

    /// The URL of a locale's folder (`directory` resolved against `root`).
    public func url(for locale: Locale) -> URL { resolve(locale.directory) }
    /// The URL of the generated-tests folder (`output` resolved against `root`).
    public var outputURL: URL { resolve(output) }

    func resolve(_ path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    /// Loads a config file.
    ///
    /// Every value is checked against the shape its setting takes: a single value (`source`,
    /// `output`, `baseline`), `true` or `false` (`symbols`), a list (`imports`, `doc-tests`,
    /// `extensions`, `include`, `exclude`; a single value where a list belongs is an error) or a
    /// mapping (`locales`, `rules`). A number, `true`/`false` or `null` where a name belongs is an
    /// error too.
    ///
    /// - Parameters:
    ///   - url: the file.
    ///   - displayPath: how messages name the file (the path the user gave); defaults to the
    ///     file name.
    ///   - rules: the rule registry; `rules:` may name only its ids.
    /// - Throws: `DocSpecError.config` for an unreadable file; for malformed YAML, unknown
    ///   (with the nearest known name) or repeated keys and values of the wrong shape, with the
    ///   file, line and column (1-based, in Unicode scalars) of the key or value at fault.
    public static func load(from url: URL, displayPath: String? = nil, rules: RuleRegistry = .standard) throws(DocSpecError) -> Config {
        let display = displayPath ?? url.lastPathComponent
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .config("\(display): is a folder, not a config file")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .config("\(display): cannot read the config file (missing or unreadable)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .config("\(display): the config file is not valid UTF-8")
        }
        let file = ConfigFile(display: display, text: text)
        let value: YAMLValue
        do {
            value = try YAMLParser.parse(text)
        } catch {
            throw .config("malformed YAML: \(error.message)", at: SourceLocation(file: display, line: error.line, column: error.column))
        }
        guard let entries = value.entries else {
            throw .config("expected a mapping of settings (key: value lines)", at: SourceLocation(file: display, line: 1))
        }
        var seen: [String: Int] = [:]
        for e in entries {
            guard knownKeys.contains(e.key) else {
                let hint = Suggestion.hint(e.key, in: knownKeys.sorted())
                throw .config(
                    "unknown setting '\(e.key)'\(hint) (known: \(knownKeys.sorted().joined(separator: ", ")))", at: file.key(e.line))
            }
            if let first = seen[e.key] { throw .config("'\(e.key)' is set twice (first at line \(first))", at: file.key(e.line)) }
            seen[e.key] = e.line
        }
        func entry(_ key: String) -> YAMLEntry? { entries.first { $0.key == key } }
        // A single value naming something (a locale, a folder, a file).
        func name(_ key: String, example: String, typed: Bool = true) throws(DocSpecError) -> String? {
            guard let e = entry(key) else { return nil }
            guard let s = e.value.string else {
                throw .config("'\(key)' must be a single value, e.g. '\(key): \(example)'", at: file.value(e.line))
            }
            if s.isEmpty { throw .config("'\(key)' needs a value, e.g. '\(key): \(example)'", at: file.value(e.line)) }
            // A locale code is never read as a boolean (`no` is Norwegian).
            if typed, let kind = ConfigFile.nonName(s) {
                throw .config(
                    "'\(key)' must be a name, e.g. '\(key): \(example)'; \(s) reads as \(kind) (quote it if it is a name)",
                    at: file.value(e.line))
            }
            return s
        }
        // A list of single values; a single value or a mapping is refused at the value.
        func list(_ key: String, example: String) throws(DocSpecError) -> [String]? {
            guard let e = entry(key) else { return nil }
            guard let items = e.value.array else {
                let what = e.value.string.map { "a single value ('\($0)')" } ?? "a mapping"
                // The user's own value as the list item, when there is one.
                let item = e.value.string.flatMap { $0.isEmpty ? nil : $0 } ?? example
                throw .config("'\(key)' must be a list, not \(what): write '- \(item)' on the next line", at: file.value(e.line))
            }
            var out: [String] = []
            for item in items {
                guard let s = item.string, !s.isEmpty else {
                    throw .config("'\(key)' must list single values, e.g. '- \(example)'", at: file.key(e.line))
                }
                out.append(s)
            }
            return out
        }

        var locales: [Locale] = []
        if let e = entry("locales") {
            guard let le = e.value.entries else {
                throw .config("'locales' must map locale codes to folders, e.g. 'ja: docs-ja'", at: file.value(e.line))
            }
            for l in le {
                guard let dir = l.value.string, !dir.isEmpty else {
                    throw .config("locale '\(l.key)' needs a folder, e.g. '\(l.key): docs-\(l.key)'", at: file.value(l.line))
                }
                if locales.contains(where: { $0.code == l.key }) { throw .config("locale '\(l.key)' is given twice", at: file.key(l.line)) }
                locales.append(Locale(code: l.key, directory: dir))
            }
        }
        let imports = try list("imports", example: "AppStoreServerAPI") ?? []
        for m in imports where !Self.isModuleName(m) {
            throw .config("import '\(m)' is not a module name", at: file.key(seen["imports"] ?? 1))
        }
        var docTests: Set<String> = []
        for language in try list("doc-tests", example: "swift") ?? [] {
            guard language.lowercased() == "swift" else {
                throw .config("'doc-tests' supports the language 'swift' only", at: file.key(seen["doc-tests"] ?? 1))
            }
            docTests.insert("swift")
        }
        var config = Config(
            root: url.deletingLastPathComponent(), locales: locales, source: try name("source", example: "ja", typed: false) ?? "",
            output: try name("output", example: "Generated") ?? "Generated", imports: imports)
        config.docTests = docTests
        if let e = entry("symbols") {
            switch e.value.string {
            case "true": config.symbols = true
            case "false": config.symbols = false
            default: throw .config("'symbols' must be true or false, e.g. 'symbols: true'", at: file.value(e.line))
            }
        }
        config.baseline = try name("baseline", example: "docspec-baseline.json")
        if let items = try list("extensions", example: ".md") {
            config.extensions = []
            for text in items {
                guard !text.contains("/"), text != "." else {
                    throw .config(
                        "'extensions' must list file-name endings like '.md' or 'markdown' (got '\(text)')", at: file.key(seen["extensions"] ?? 1))
                }
                let ext = (text.hasPrefix(".") ? text : "." + text).lowercased()
                if !config.extensions.contains(ext) { config.extensions.append(ext) }
            }
        }
        config.include = try list("include", example: "guides/**") ?? []
        config.exclude = try list("exclude", example: "drafts/**") ?? []
        config.rules = rules
        config.ruleLevels = try ruleLevels(entries, file: file, rules: rules)
        return config
    }

    /// The nearest `docspec.yml`: in `folder`, else in the closest folder above it (as git finds
    /// `.git`), with the path messages show for it (`docspec.yml`, `../docspec.yml`, …); `nil`
    /// when there is none up to the file-system root. A `docspec.yml` that is a folder is skipped.
    public static func find(from folder: URL) -> (url: URL, display: String)? {
        var dir = folder.standardizedFileURL
        var ups = 0
        while true {
            let url = dir.appendingPathComponent(fileName)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                return (url, String(repeating: "../", count: ups) + fileName)
            }
            let parent = dir.deletingLastPathComponent().standardizedFileURL
            if parent.path == dir.path || ups > 64 { return nil }
            dir = parent
            ups += 1
        }
    }

    /// The settings `docspec.yml` may have.
    static let knownKeys: Set<String> = [
        "source", "locales", "output", "imports", "doc-tests", "symbols", "baseline", "rules", "extensions", "include", "exclude",
    ]

    /// Checks that no two locales share a folder and that every locale folder exists and is a
    /// folder.
    ///
    /// - Throws: `DocSpecError.usage` naming both locales when two of them resolve to the same
    ///   folder (after following symbolic links); `DocSpecError.io` naming the locale and its
    ///   folder when the folder is missing or is a file.
    public func checkFolders() throws(DocSpecError) {
        var seen: [String: String] = [:]
        for locale in locales {
            let real = url(for: locale).resolvingSymlinksInPath().standardizedFileURL.path
            if let other = seen[real] {
                throw .usage("locales '\(other)' and '\(locale.code)' have the same folder '\(locale.directory)'")
            }
            seen[real] = locale.code
        }
        for locale in locales {
            var isDirectory: ObjCBool = false
            let url = url(for: locale)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw .io("folder '\(locale.directory)' of locale '\(locale.code)' does not exist")
            }
            guard isDirectory.boolValue else {
                throw .io("'\(locale.directory)' of locale '\(locale.code)' is a file, not a folder")
            }
        }
    }

    /// A Swift module name: ASCII letters, digits and `_`, not starting with a digit.
    static func isModuleName(_ m: String) -> Bool {
        guard let f = m.first, f.isASCII, f.isLetter || f == "_" else { return false }
        return m.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// Checks the config is usable.
    public func validate() throws(DocSpecError) {
        if locales.isEmpty { throw .usage("no locales: give --locale <code>=<folder> (at least two) or a docspec.yml") }
        if source.isEmpty { throw .usage("no source locale: give --source <code> or 'source:' in docspec.yml") }
        if sourceLocale == nil {
            throw .usage("source locale '\(source)' is not one of the locales (\(locales.map(\.code).joined(separator: ", ")))")
        }
        if Set(locales.map(\.code)).count != locales.count { throw .usage("a locale is given twice") }
        for m in imports where !Self.isModuleName(m) {
            throw .config("import '\(m)' is not a module name")
        }
    }
}

/// Errors that stop a command (exit code 2). Problems in the docs are diagnostics, not errors.
public enum DocSpecError: Error, Equatable, CustomStringConvertible {
    /// A bad invocation (an unknown option, a missing value) or an unusable configuration (no
    /// locales, an unknown source locale, a locale given twice, two locales sharing a folder).
    case usage(String)
    /// A config or baseline file that cannot be read, is malformed or has an invalid setting;
    /// the location is where in the file (errors from `Config.load(from:displayPath:rules:)`
    /// about the file's content have one), `nil` for the file as a whole (the message names it).
    case config(String, at: SourceLocation? = nil)
    /// A file-system problem, e.g. a locale folder that is missing or is a file.
    case io(String)

    /// The error message, without location or prefix.
    public var message: String {
        switch self {
        case .usage(let m), .config(let m, _), .io(let m): m
        }
    }

    /// Where in a file the error is, or `nil`.
    public var location: SourceLocation? {
        if case .config(_, let location) = self { return location }
        return nil
    }

    /// The message, after `file:line:column: ` when the error has a location.
    public var description: String {
        location.map { "\($0): \(message)" } ?? message
    }
}

/// A config file's text, for the locations of its errors.
struct ConfigFile {
    /// How messages name the file.
    var display: String
    /// The file's lines, without line endings.
    var lines: [Substring]

    init(display: String, text: String) {
        self.display = display
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }

    /// The location of the key on `line` (its first character after indentation and `- `).
    func key(_ line: Int) -> SourceLocation {
        guard line >= 1, line <= lines.count else { return SourceLocation(file: display, line: line) }
        let indent = lines[line - 1].unicodeScalars.prefix { $0 == " " || $0 == "\t" || $0 == "-" }.count
        return SourceLocation(file: display, line: line, column: indent + 1)
    }

    /// The location of the value after the key on `line` (after `key:`), or of the key when the
    /// value is on the following lines.
    func value(_ line: Int) -> SourceLocation {
        guard line >= 1, line <= lines.count else { return SourceLocation(file: display, line: line) }
        let scalars = Array(lines[line - 1].unicodeScalars)
        guard let colon = scalars.firstIndex(of: ":") else { return key(line) }
        var i = colon + 1
        while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" { i += 1 }
        guard i < scalars.count, scalars[i] != "#" else { return key(line) }
        return SourceLocation(file: display, line: line, column: i + 1)
    }

    /// What a plain YAML scalar reads as when it is not a name: "a number", "a boolean" or
    /// "null"; `nil` for a name. (YAML 1.1 booleans included, as most YAML readers take them.)
    static func nonName(_ s: String) -> String? {
        if ["true", "false", "yes", "no", "on", "off", "True", "False", "Yes", "No", "TRUE", "FALSE"].contains(s) { return "a boolean" }
        if ["~", "null", "Null", "NULL"].contains(s) { return "null" }
        let scalars = s.unicodeScalars
        if scalars.contains(where: { ("0"..."9").contains($0) }), scalars.allSatisfy({ ("0"..."9").contains($0) || "+-._eExXoOabcdefABCDEF".unicodeScalars.contains($0) }),
            Double(s) != nil || Int(s.filter { $0 != "_" }) != nil || s.hasPrefix("0x") || s.hasPrefix("0o")
        {
            return "a number"
        }
        return nil
    }
}
