import DocDiagnostics
import Foundation
import MarkdownSyntax
import SpecModel

/// All pages of all locales, parsed and extracted, with the diagnostics found doing so.
public struct DocSet: Sendable {
    /// Pages per locale code, sorted by path.
    public var pages: [String: [SpecPage]]
    /// Parse and extraction diagnostics of every page, plus `missing-locale` for absent folders;
    /// in locale and file order, not sorted for output.
    public var diagnostics: [Diagnostic]
    /// Markdown files found per locale (including ones that failed to parse).
    public var fileCounts: [String: Int]
    /// Per locale, paths (relative to the locale root) of files that exist but could not be read
    /// or parsed; their diagnostics are in `diagnostics`.
    public var unreadable: [String: Set<String>] = [:]

    /// Finds, reads, parses and extracts every `*.md` page of the given locales. Pages are
    /// processed in parallel across cores; each page's C parse tree is freed as soon as it is
    /// converted. A missing locale folder is a diagnostic, not a crash.
    public static func load(_ config: Config, locales: [Config.Locale]? = nil) -> DocSet {
        var pages: [String: [SpecPage]] = [:]
        var diagnostics: [Diagnostic] = []
        var counts: [String: Int] = [:]
        var unreadable: [String: Set<String>] = [:]
        for locale in locales ?? config.locales {
            let dir = config.url(for: locale)
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir.path, isDirectory: &isDir), isDir.boolValue else {
                diagnostics.append(.error("missing-locale", "folder '\(displayPath(dir, root: config.root))' of locale '\(locale.code)' does not exist", at: nil))
                pages[locale.code] = []
                counts[locale.code] = 0
                continue
            }
            let (files, problems) = markdownFiles(in: dir)
            counts[locale.code] = files.count + problems.count
            for rel in problems {
                diagnostics.append(.error(
                    "unreadable-file", "'\(rel)' is not a readable file (a broken or looping symbolic link?); the page was skipped",
                    at: SourceLocation(file: displayPath(dir.appendingPathComponent(rel), root: config.root), line: 1)))
            }
            let results = ParallelMap.map(files) { rel -> (SpecPage?, [Diagnostic]) in
                let url = dir.appendingPathComponent(rel)
                let display = displayPath(url, root: config.root)
                let parsed = MarkdownParser.parse(fileAt: url, displayPath: display)
                guard let doc = parsed.document else { return (nil, parsed.diagnostics) }
                let (page, extraction) = SpecExtractor.extract(doc, locale: locale.code, relativePath: rel)
                return (page, parsed.diagnostics + extraction)
            }
            pages[locale.code] = results.compactMap(\.0).sorted { $0.path < $1.path }
            diagnostics += results.flatMap(\.1)
            unreadable[locale.code] = Set(zip(files, results).filter { $0.1.0 == nil }.map(\.0) + problems)
        }
        return DocSet(pages: pages, diagnostics: diagnostics, fileCounts: counts, unreadable: unreadable)
    }

    /// Relative paths of `*.md` regular files below `dir`, sorted; hidden files and folders are
    /// skipped, and so are folders whose name ends in `.md`. A `.md` entry that is neither a
    /// file nor a folder (a broken or looping symbolic link) is returned in `problems`.
    static func markdownFiles(in dir: URL) -> (files: [String], problems: [String]) {
        let keys: [URLResourceKey] = [.isRegularFileKey, .isDirectoryKey]
        guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles]) else {
            return ([], [])
        }
        let base = dir.standardizedFileURL.path
        var files: [String] = []
        var problems: [String] = []
        for case let url as URL in e where url.pathExtension.lowercased() == "md" {
            let p = url.standardizedFileURL.path
            let rel = p.hasPrefix(base + "/") ? String(p.dropFirst(base.count + 1)) : url.lastPathComponent
            let resolved = url.resolvingSymlinksInPath()
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: resolved.path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { files.append(rel) }
            } else {
                problems.append(rel)
            }
        }
        return (files.sorted(), problems.sorted())
    }

    /// A path relative to the project root when inside it, else as given.
    static func displayPath(_ url: URL, root: URL) -> String {
        let p = url.standardizedFileURL.path
        let r = root.standardizedFileURL.path
        return p.hasPrefix(r + "/") ? String(p.dropFirst(r.count + 1)) : p
    }
}

/// Maps over an array on all cores, keeping the order.
enum ParallelMap {
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        if items.count < 2 { return items.map(transform) }
        let box = ResultBox<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            box.set(i, transform(items[i]))
        }
        return box.values()
    }

    final class ResultBox<R>: @unchecked Sendable {
        private var storage: [R?]
        private let lock = NSLock()
        init(count: Int) { storage = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ value: R) {
            lock.lock()
            storage[i] = value
            lock.unlock()
        }
        func values() -> [R] { storage.compactMap { $0 } }
    }
}
