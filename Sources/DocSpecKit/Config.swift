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
    /// The baseline file (`baseline:`), relative to `root`; `nil` for `docspec-baseline.json`.
    public var baseline: String? = nil
    /// Rule levels from `rules:` (rule id → level).
    public var ruleLevels: [String: RuleLevel] = [:]
    /// The rules of the run: the drift rules `lint` runs, and every id `rules:` may name.
    public var rules: RuleRegistry = .standard

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
    /// - Parameters:
    ///   - url: the file.
    ///   - displayPath: how messages name the file (the path the user gave); defaults to the
    ///     file name.
    ///   - rules: the rule registry; `rules:` may name only its ids.
    /// - Throws: `DocSpecError.config` naming the file and line for an unreadable file, malformed
    ///   YAML, unknown or repeated keys, and values of the wrong shape.
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
        let value: YAMLValue
        do {
            value = try YAMLParser.parse(text)
        } catch {
            throw .config("\(display):\(error.line):\(error.column): malformed YAML: \(error.message)")
        }
        guard let entries = value.entries else { throw .config("\(display):1: expected a mapping of settings (key: value lines)") }
        let known: Set<String> = ["source", "locales", "output", "imports", "doc-tests", "baseline", "rules"]
        var seen: [String: Int] = [:]
        for e in entries {
            guard known.contains(e.key) else {
                throw .config("\(display):\(e.line): unknown setting '\(e.key)' (known: \(known.sorted().joined(separator: ", ")))")
            }
            if let first = seen[e.key] { throw .config("\(display):\(e.line): '\(e.key)' is set twice (first at line \(first))") }
            seen[e.key] = e.line
        }
        func scalar(_ key: String) throws(DocSpecError) -> String? {
            guard let entry = entries.first(where: { $0.key == key }) else { return nil }
            guard let s = entry.value.string else {
                throw .config("\(display):\(entry.line): '\(key)' must be a single value, e.g. '\(key): \(key == "source" ? "ja" : key == "baseline" ? "docspec-baseline.json" : "Generated")'")
            }
            return s
        }
        var locales: [Locale] = []
        if let entry = entries.first(where: { $0.key == "locales" }) {
            guard let le = entry.value.entries else {
                throw .config("\(display):\(entry.line): 'locales' must map locale codes to folders, e.g. 'ja: docs-ja'")
            }
            for e in le {
                guard let dir = e.value.string, !dir.isEmpty else { throw .config("\(display):\(e.line): locale '\(e.key)' needs a folder") }
                if locales.contains(where: { $0.code == e.key }) { throw .config("\(display):\(e.line): locale '\(e.key)' is given twice") }
                locales.append(Locale(code: e.key, directory: dir))
            }
        }
        var imports: [String] = []
        if let entry = entries.first(where: { $0.key == "imports" }) {
            switch entry.value {
            case .scalar(let s): imports = [s]
            case .sequence(let items):
                for item in items {
                    guard let s = item.string else { throw .config("\(display):\(entry.line): 'imports' must list module names") }
                    imports.append(s)
                }
            case .mapping:
                throw .config("\(display):\(entry.line): 'imports' must list module names, e.g. '- AppStoreServerAPI'")
            }
        }
        let output = try scalar("output") ?? "Generated"
        if output.isEmpty, let line = seen["output"] { throw .config("\(display):\(line): 'output' needs a folder") }
        for m in imports where !Self.isModuleName(m) {
            throw .config("\(display):\(seen["imports"] ?? 1): import '\(m)' is not a module name")
        }
        var docTests: Set<String> = []
        if let entry = entries.first(where: { $0.key == "doc-tests" }) {
            let items: [YAMLValue]
            switch entry.value {
            case .scalar: items = [entry.value]
            case .sequence(let list): items = list
            case .mapping: throw .config("\(display):\(entry.line): 'doc-tests' must list languages, e.g. '- swift'")
            }
            for item in items {
                guard let language = item.string?.lowercased(), language == "swift" else {
                    throw .config("\(display):\(entry.line): 'doc-tests' supports the language 'swift' only")
                }
                docTests.insert(language)
            }
        }
        var config = Config(
            root: url.deletingLastPathComponent(), locales: locales, source: try scalar("source") ?? "",
            output: output, imports: imports)
        config.docTests = docTests
        config.baseline = try scalar("baseline")
        if config.baseline?.isEmpty == true, let line = seen["baseline"] { throw .config("\(display):\(line): 'baseline' needs a file name") }
        config.rules = rules
        config.ruleLevels = try ruleLevels(entries, display: display, rules: rules)
        return config
    }

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
    /// A config file that cannot be read, is malformed or has an invalid setting; errors from
    /// `load(from:displayPath:)` name the file and line.
    case config(String)
    /// A file-system problem, e.g. a locale folder that is missing or is a file.
    case io(String)

    /// The error message, without any prefix.
    public var description: String {
        switch self {
        case .usage(let m), .config(let m), .io(let m): m
        }
    }
}
