import DocDiagnostics
import SpecModel

/// Pairs pages of two locales (by front matter `id`, then by path relative to the locale root,
/// then by path ignoring case, then by front matter `slug` as MDN writes it) and reports pages
/// that exist in only one of them.
public enum PageSetRule {
    /// The rules pairing emits.
    public static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "missing-page", .error, layer: .pageSet, summary: "a source-locale page has no translation in the target locale",
            help: """
                A page of the source locale has no page in the target locale, paired by front matter id, then by path \
                (exact, then ignoring case), then by front matter slug. Readers of that locale miss the page. Translate it, \
                or give the translation the source page's id or path if it exists under another name.
                """),
        RuleDescriptor(
            "orphan-page", .warning, layer: .pageSet, summary: "a target-locale page has no source-locale page",
            help: """
                A page of the target locale pairs with no source page: the source page was renamed or deleted, or the \
                translation's id or path differs. Its content is not checked for drift. Rename the translation to match, \
                give it the source page's id, or delete it.
                """),
        RuleDescriptor(
            "duplicate-page-id", .error, layer: .pageSet, summary: "two pages of one locale share a front matter id",
            help: """
                Two pages of the same locale have the same front matter `id`, so pages cannot be paired by id (the shorter \
                path keeps it). Give each page a unique id.
                """),
    ]

    /// Where a page's id is written: its front matter `id` line, else line 1.
    static func idLocation(_ page: SpecPage) -> SourceLocation {
        SourceLocation(file: page.path, line: page.frontMatter?.fileLine(of: "id") ?? 1)
    }

    /// The page's front matter `slug` (MDN), lowercased; `nil` when it has none.
    static func slug(_ page: SpecPage) -> String? {
        page.frontMatter?.string("slug").map { $0.trimmingSpaces.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Pairs and page-level findings.
    public struct Result: Sendable {
        /// Paired pages, in source-page path order.
        public var pairs: [PagePair]
        /// `missing-page`, `orphan-page` and `duplicate-page-id` findings.
        public var diagnostics: [Diagnostic]
    }

    /// Pairs `source` with `target` pages.
    ///
    /// - Parameters:
    ///   - source: the source locale's pages.
    ///   - target: the target locale's pages.
    ///   - sourceLocale: the source locale's code, for messages.
    ///   - targetLocale: the target locale's code, for messages.
    ///   - unreadableSource: paths, relative to the source locale's root, of files that exist but
    ///     could not be parsed (already reported, e.g. as `invalid-utf8`); a target page whose
    ///     counterpart is one of them is not reported as orphaned.
    ///   - unreadableTarget: the same for the target locale; a source page whose counterpart is
    ///     one of them is not reported as missing.
    public static func pair(
        source: [SpecPage], target: [SpecPage], sourceLocale: String, targetLocale: String,
        unreadableSource: Set<String> = [], unreadableTarget: Set<String> = []
    ) -> Result {
        var diagnostics: [Diagnostic] = []
        func index(_ pages: [SpecPage]) -> [String: SpecPage] {
            var out: [String: SpecPage] = [:]
            // Deterministic whatever the input order: the shorter path (the original rather than
            // a copy such as `errors-copy.md`) keeps the id, then the path order decides.
            for p in pages.sorted(by: { ($0.relativePath.count, $0.path) < ($1.relativePath.count, $1.path) }) {
                if let other = out[p.id] {
                    diagnostics.append(.error(
                        "duplicate-page-id", "page id '\(p.id)' is also used by \(other.path)", at: idLocation(p),
                        notes: [DiagnosticNote("the other page with this id", at: idLocation(other))]))
                } else {
                    out[p.id] = p
                }
            }
            return out
        }
        let sourceByID = index(source)
        var targetByID = index(target)
        var targetByPath = Dictionary(target.map { ($0.relativePath, $0) }, uniquingKeysWith: { a, _ in a })
        var pairs: [PagePair] = []
        for s in source.sorted(by: { $0.path < $1.path }) where sourceByID[s.id]?.path == s.path {
            var match = targetByID[s.id]
            if match == nil, let byPath = targetByPath[s.relativePath], sourceByID[byPath.id] == nil {
                match = byPath
            }
            // Case-only path differences (MDN's `readyState` vs `readystate` folders) are the same
            // page on a case-insensitive site.
            if match == nil, let byPath = targetByPath.first(where: { $0.key.lowercased() == s.relativePath.lowercased() })?.value,
                sourceByID[byPath.id] == nil
            {
                match = byPath
            }
            // MDN-style `slug:` front matter names the page whatever its file is called.
            if match == nil, let slug = Self.slug(s), let bySlug = targetByPath.values.first(where: { Self.slug($0) == slug }),
                sourceByID[bySlug.id] == nil
            {
                match = bySlug
            }
            guard let t = match else {
                if unreadableTarget.contains(s.relativePath) { continue }
                diagnostics.append(.error(
                    "missing-page",
                    "page '\(s.id)' has no \(targetLocale) translation (no page with id '\(s.id)' or path '\(s.relativePath)')",
                    at: SourceLocation(file: s.path, line: 1)))
                continue
            }
            targetByID[t.id] = nil
            targetByPath[t.relativePath] = nil
            pairs.append(PagePair(source: s, target: t))
        }
        let paired = Set(pairs.map(\.target.path))
        for t in target.sorted(by: { $0.path < $1.path })
        where !paired.contains(t.path) && targetByID[t.id]?.path == t.path && !unreadableSource.contains(t.relativePath) {
            diagnostics.append(.warning(
                "orphan-page",
                "page '\(t.id)' exists in \(targetLocale) but not in the source locale \(sourceLocale)",
                at: SourceLocation(file: t.path, line: 1)))
        }
        return Result(pairs: pairs, diagnostics: diagnostics)
    }
}
