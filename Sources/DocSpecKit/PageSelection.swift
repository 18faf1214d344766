import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel

/// A glob over a page's path relative to its locale folder, as `include:` and `exclude:` take
/// them: `*` matches any run of characters within one path segment, `**` any number of whole
/// segments (`guides/**` matches everything below `guides/`, `**/draft-*.md` a draft at any
/// depth), `?` one character. Matching is by Unicode scalars and case-sensitive; a glob without
/// `/` matches the file name at any depth (as in `.gitignore`).
struct Glob: Sendable, Equatable {
    let pattern: [Unicode.Scalar]
    let anyDepth: Bool

    init(_ text: String) {
        anyDepth = !text.contains("/")
        pattern = Array(text.unicodeScalars)
    }

    /// Whether `path` (segments separated by `/`) matches.
    func matches(_ path: String) -> Bool {
        let p = Array(path.unicodeScalars)
        if anyDepth {
            let name = p.lastIndex(of: "/").map { Array(p[($0 + 1)...]) } ?? p
            return Self.match(pattern[...], name[...])
        }
        return Self.match(pattern[...], p[...])
    }

    static func match(_ g: ArraySlice<Unicode.Scalar>, _ s: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = g.first else { return s.isEmpty }
        if first == "*" {
            let rest = g.dropFirst()
            if rest.first == "*" {
                // `**`: any number of characters, `/` included; `**/` may also match nothing.
                var after = rest.dropFirst()
                let slash = after.first == "/"
                if slash { after = after.dropFirst() }
                if slash, match(after, s) { return true }
                var i = s.startIndex
                while i < s.endIndex {
                    if slash {
                        if s[i] == "/", match(after, s[(i + 1)...]) { return true }
                    } else if match(after, s[i...]) {
                        return true
                    }
                    i += 1
                }
                return !slash && after.isEmpty
            }
            var i = s.startIndex
            while true {
                if match(rest, s[i...]) { return true }
                guard i < s.endIndex, s[i] != "/" else { return false }
                i += 1
            }
        }
        guard let c = s.first else { return false }
        if first == "?" { return c != "/" && match(g.dropFirst(), s.dropFirst()) }
        return first == c && match(g.dropFirst(), s.dropFirst())
    }
}

extension DocSet {
    /// Whether the config's `include:` and `exclude:` keep the page at `rel` (relative to its
    /// locale folder): it matches an include glob (or there are none) and no exclude glob.
    static func isSelected(_ rel: String, _ config: Config) -> Bool {
        (config.include.isEmpty || config.include.contains { Glob($0).matches(rel) }) && !config.exclude.contains { Glob($0).matches(rel) }
    }

    /// `found` limited to the pages `paths` name (files, or folders for the pages below them)
    /// and their counterparts: a source page's translations in every target locale, a
    /// translation's source page (paired as `lint` pairs them: front matter `id`, else path).
    ///
    /// - Parameter paths: absolute, standardised file or folder URLs.
    /// - Throws: `DocSpecError.usage` for a path in no locale folder, or one that is no page
    ///   (a missing file, another extension, excluded by `include:`/`exclude:`).
    static func select(_ config: Config, _ found: [LocaleFiles], paths: [(url: URL, typed: String)]) throws(DocSpecError) -> [LocaleFiles] {
        var chosen: [String: Set<String>] = [:]  // locale → relative paths
        for (url, typed) in paths {
            let real = url.resolvingSymlinksInPath().standardizedFileURL.path
            // The innermost locale folder holding the path (a locale nested in another owns its pages).
            let owners = found.compactMap { f -> (LocaleFiles, String)? in
                let dir = f.dir.resolvingSymlinksInPath().standardizedFileURL.path
                if real == dir { return (f, "") }
                return real.hasPrefix(dir + "/") ? (f, String(real.dropFirst(dir.count + 1))) : nil
            }.max { $0.0.dir.path.count < $1.0.dir.path.count }
            guard let (files, rel) = owners else {
                throw .usage("'\(typed)' is in no locale folder (\(config.locales.map { "\($0.code): \($0.directory)" }.joined(separator: ", ")))")
            }
            let all = files.files + files.problems
            let below = rel.isEmpty ? all : all.filter { $0 == rel || $0.hasPrefix(rel + "/") }
            guard !below.isEmpty else {
                let looked = config.extensions.map { "*\($0)" }.joined(separator: ", ")
                throw .usage(FileManager.default.fileExists(atPath: url.path)
                    ? "'\(typed)' is not a page of locale '\(files.locale.code)' (pages are \(looked)\(config.include.isEmpty && config.exclude.isEmpty ? "" : ", as 'include:' and 'exclude:' select them"))"
                    : "'\(typed)' does not exist")
            }
            chosen[files.locale.code, default: []].formUnion(below)
        }
        // Counterparts, from the pairing lint does (front matter only).
        var stubs: [String: [SpecPage]] = [:]
        for f in found {
            stubs[f.locale.code] = ParallelMap.map(f.files) { rel in
                PageReader.pairingStub(fileAt: f.url(rel), displayPath: displayPath(f.url(rel), root: config.root), locale: f.locale.code, relativePath: rel)
            }.compactMap { $0 }
        }
        let named = chosen
        for target in config.targetLocales {
            let pairs = PageSetRule.pair(
                source: stubs[config.source] ?? [], target: stubs[target.code] ?? [], sourceLocale: config.source, targetLocale: target.code
            ).pairs
            for pair in pairs
            where named[config.source]?.contains(pair.source.relativePath) == true || named[target.code]?.contains(pair.target.relativePath) == true {
                chosen[config.source, default: []].insert(pair.source.relativePath)
                chosen[target.code, default: []].insert(pair.target.relativePath)
            }
        }
        return found.map { f in
            var f = f
            let keep = chosen[f.locale.code] ?? []
            f.files = f.files.filter(keep.contains)
            f.problems = f.problems.filter(keep.contains)
            f.diagnostics = f.diagnostics.filter { d in
                d.location.map { loc in keep.contains { displayPath(f.url($0), root: config.root) == loc.file } } ?? true
            }
            return f
        }
    }
}
