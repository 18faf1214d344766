import DocDiagnostics
import Foundation
import SpecModel

/// All pages of all locales, parsed and extracted, with the diagnostics found doing so.
public struct DocSet: Sendable {
    /// Pages per locale code, sorted by path.
    public var pages: [String: [SpecPage]]
    /// Parse and extraction diagnostics of every page, plus `missing-locale` for absent folders;
    /// in locale and file order, not sorted for output.
    public var diagnostics: [Diagnostic]
    /// Per locale, paths (relative to the locale root) of files that exist but could not be read
    /// or parsed; their diagnostics are in `diagnostics`.
    public var unreadable: [String: Set<String>] = [:]

    /// Finds, reads, parses and extracts every page (`Config.extensions`) of the given locales. Pages are
    /// processed in parallel across cores; each page's C parse tree is freed as soon as it is
    /// converted. A missing locale folder is a diagnostic, not a crash.
    ///
    /// - Parameters:
    ///   - config: the locales and where they are.
    ///   - locales: only these locales (default: all).
    ///   - driftModel: also build each page's drift model (`SpecPage.structure`, `.prose`), which
    ///     lint reads; generation and table views do not need it.
    public static func load(_ config: Config, locales: [Config.Locale]? = nil, driftModel: Bool = true) -> DocSet {
        load(config, locales: locales, driftModel: driftModel, discovered: nil)
    }

    /// `load(_:locales:driftModel:)` on the files `discovered` lists (as `discover(_:locales:)` or
    /// `requirePages` listed them), so the folders are not walked again; `nil` walks them.
    static func load(
        _ config: Config, locales: [Config.Locale]? = nil, driftModel: Bool = true, discovered: [LocaleFiles]?
    ) -> DocSet {
        var pages: [String: [SpecPage]] = [:]
        var diagnostics: [Diagnostic] = []
        var unreadable: [String: Set<String>] = [:]
        for found in discovered ?? discover(config, locales: locales ?? config.locales) {
            diagnostics += found.diagnostics
            let results = ParallelMap.map(found.files) { rel in parse(found.locale.code, found.url(rel), rel, config, driftModel: driftModel) }
            pages[found.locale.code] = results.compactMap(\.page).sorted { $0.path < $1.path }
            diagnostics += results.flatMap(\.diagnostics)
            unreadable[found.locale.code] = Set(zip(found.files, results).filter { $0.1.page == nil }.map(\.0) + found.problems)
        }
        return DocSet(pages: pages, diagnostics: diagnostics, unreadable: unreadable)
    }

    /// Reads, parses and extracts one page; `nil` when it was skipped (its diagnostics say why).
    static func parse(
        _ locale: String, _ url: URL, _ rel: String, _ config: Config, driftModel: Bool = true
    ) -> (page: SpecPage?, diagnostics: [Diagnostic]) {
        // Without the drift model nothing reads a spec table's block rows after extraction, so
        // they are freed as converted.
        PageReader.page(
            fileAt: url, displayPath: displayPath(url, root: config.root), locale: locale, relativePath: rel,
            linkLocales: driftModel ? Set(config.locales.map { $0.code.lowercased() }) : nil, releasingSpecRows: !driftModel)
    }

    /// The pages found in one locale's folder.
    struct LocaleFiles {
        var locale: Config.Locale
        /// The locale's folder.
        var dir: URL
        /// Page files (`Config.extensions`) relative to `dir`, sorted.
        var files: [String]
        /// Page entries that cannot be resolved (broken or looping links).
        var problems: [String]
        /// `missing-locale` for an absent folder, `unreadable-file` for each problem.
        var diagnostics: [Diagnostic]

        func url(_ rel: String) -> URL { dir.appendingPathComponent(rel) }
    }

    /// The rule discovering the locale folders emits (`unreadable-file` is MarkdownSyntax's).
    static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "missing-locale", .error, layer: .pageSet, summary: "a locale folder does not exist",
            help: """
                A locale of the configuration (`locales:` or `--locale`) names a folder that does not exist, so none of \
                its pages are checked. Fix the folder name or create the folder.
                """),
    ]

    /// Lists the page files of `locales` like `discover(_:locales:)`, and refuses a doc set with
    /// nothing to check.
    ///
    /// - Throws: `DocSpecError.io` naming the folder and the extensions looked for when a locale's
    ///   folder (which exists: `Config.checkFolders()`) holds no page.
    static func requirePages(_ config: Config, locales: [Config.Locale]) throws(DocSpecError) -> [LocaleFiles] {
        let found = discover(config, locales: locales)
        if let empty = found.first(where: { $0.files.isEmpty && $0.problems.isEmpty }) {
            let looked = config.extensions.map { "*\($0)" }.joined(separator: ", ")
            let filtered = config.include.isEmpty && config.exclude.isEmpty ? "" : ", as 'include:' and 'exclude:' select them"
            throw .io(
                "folder '\(displayPath(empty.dir, root: config.root))' of locale '\(empty.locale.code)' has no Markdown pages "
                    + "(looked for \(looked) in it and its subfolders\(filtered); 'extensions:' in docspec.yml sets the names read)")
        }
        return found
    }

    /// Lists the page files (`Config.extensions`) of each locale without reading them.
    static func discover(_ config: Config, locales: [Config.Locale]) -> [LocaleFiles] {
        locales.map { locale in
            let dir = config.url(for: locale)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
                return LocaleFiles(
                    locale: locale, dir: dir, files: [], problems: [],
                    diagnostics: [.error("missing-locale", "folder '\(displayPath(dir, root: config.root))' of locale '\(locale.code)' does not exist", at: nil)])
            }
            // Another locale's folder inside this one belongs to that locale, also when only
            // some locales are loaded (generate reads the source locale alone).
            let others = Set(config.locales.filter { $0.code != locale.code }.map {
                config.url(for: $0).resolvingSymlinksInPath().standardizedFileURL.path
            })
            var (files, problems) = markdownFiles(in: dir, extensions: config.extensions, excluding: others)
            if !config.include.isEmpty || !config.exclude.isEmpty {
                files = files.filter { isSelected($0, config) }
                problems = problems.filter { isSelected($0, config) }
            }
            let diagnostics: [Diagnostic] = problems.map { rel in
                .error(
                    "unreadable-file", "'\(rel)' is not a readable regular file (a broken or looping symbolic link, a FIFO or a device?); the page was skipped",
                    at: SourceLocation(file: displayPath(dir.appendingPathComponent(rel), root: config.root), line: 1))
            }
            return LocaleFiles(locale: locale, dir: dir, files: files, problems: problems, diagnostics: diagnostics)
        }
    }

    /// Relative paths of the Markdown regular files below `dir` (names ending in one of
    /// `extensions`, compared ignoring case; each extension with its dot, e.g. `.md`), sorted.
    /// Symbolic links to files and folders are followed (each real folder is visited once, so link
    /// cycles end); hidden files and folders are skipped, and so are folders named like pages
    /// (`*.md`) and the folders in `excluding`
    /// (another locale's folder nested inside this one, as in `docs/` + `docs/ru/`), and so is a
    /// link to a folder that holds `dir` (pointing back up, it would bring in the whole tree
    /// around the locale). A folder or file whose real path lies deeper in one of `excluding` than
    /// in `dir` (a link into another locale's folder or one of its subfolders) belongs to that
    /// locale and is skipped too. A page entry that cannot be resolved (a broken or looping link)
    /// is returned in `problems`.
    static func markdownFiles(
        in dir: URL, extensions: [String] = Config.defaultExtensions, excluding: Set<String> = []
    ) -> (files: [String], problems: [String]) {
        let suffixes = extensions.map { $0.lowercased() }
        func isPage(_ name: String) -> Bool {
            let lower = name.lowercased()
            return suffixes.contains { lower.hasSuffix($0) && lower.count > $0.count }
        }
        let fm = FileManager.default
        var files: [String] = []
        var problems: [String] = []
        var visited: Set<String> = []
        let root = dir.resolvingSymlinksInPath().standardizedFileURL.path
        /// Whether the deepest locale folder holding `real` is another locale's.
        func ownedElsewhere(_ real: String) -> Bool {
            let holders = (excluding.union([root])).filter { real == $0 || real.hasPrefix($0 == "/" ? "/" : $0 + "/") }
            guard let deepest = holders.max(by: { $0.count < $1.count }) else { return false }
            return deepest != root
        }
        func walk(_ folder: URL, _ prefix: String) {
            let real = folder.resolvingSymlinksInPath().standardizedFileURL.path
            let holdsRoot = real == "/" || root.hasPrefix(real + "/")
            guard visited.insert(real).inserted, prefix.isEmpty || (!ownedElsewhere(real) && !holdsRoot) else { return }
            guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { return }
            for name in names.sorted() where !name.hasPrefix(".") {
                let url = folder.appendingPathComponent(name)
                let rel = prefix.isEmpty ? name : "\(prefix)/\(name)"
                var isDirectory: ObjCBool = false
                // Resolved once: each resolution reads every component of the path.
                let resolved = url.resolvingSymlinksInPath()
                let exists = fm.fileExists(atPath: resolved.path, isDirectory: &isDirectory)
                if exists, isDirectory.boolValue {
                    if !isPage(name) { walk(url, rel) }
                } else if isPage(name) {
                    // Only regular files are read: a FIFO or device named *.md would block the read.
                    let type = (try? fm.attributesOfItem(atPath: resolved.path))?[.type] as? FileAttributeType
                    if exists && type == .typeRegular {
                        if !ownedElsewhere(resolved.standardizedFileURL.path) { files.append(rel) }
                    } else {
                        problems.append(rel)
                    }
                }
            }
        }
        walk(dir, "")
        return (files.sorted(), problems.sorted())
    }

    /// A path relative to the project root when inside it, else as given.
    static func displayPath(_ url: URL, root: URL) -> String {
        let p = url.standardizedFileURL.path
        let r = root.standardizedFileURL.path
        return p.hasPrefix(r + "/") ? String(p.dropFirst(r.count + 1)) : p
    }
}
