import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel

/// What `lint --watch` keeps between runs so that a run after one edit re-parses only the pages
/// that changed and re-checks only the pairs with a changed page: each page's parsed model with
/// its read diagnostics, by file, and each pair's drift findings, by the two pages' contents.
///
/// A page is reused when its file's modification time and size are unchanged, or when they
/// changed but its bytes did not (a `touch`, an editor saving the same text). The cache is only
/// valid for one configuration: the watcher makes a new one when `docspec.yml` changes. Memory
/// grows with the doc set (every page's full model is kept, unlike a one-shot `lint`). Safe to use
/// from the parallel groups of `Pipeline.lint` (one lock).
final class LintCache: @unchecked Sendable {
    /// A file's identity for the cache: modification time and size, then a hash of its bytes.
    struct Stamp: Hashable, Sendable {
        var modified: TimeInterval
        var size: UInt64
    }

    struct Entry {
        var stamp: Stamp
        /// A 64-bit hash of the file's bytes (this process only: `Hasher` is seeded per process).
        var content: Int
        var page: SpecPage?
        var diagnostics: [Diagnostic]
    }

    struct PairPaths: Hashable {
        var source: String
        var target: String
    }

    struct PairResult {
        /// The two pages' content hashes the result was computed on.
        var contents: [Int]
        var drift: [Diagnostic]
        var analysis: PairAnalysis
    }

    private let lock = NSLock()
    private var pages: [String: Entry] = [:]
    private var pairs: [PairPaths: PairResult] = [:]
    /// Pages parsed (not reused) since the cache was made, for tests and the watcher's summary.
    private(set) var parsedCount = 0
    /// Pairs checked (not reused) since the cache was made.
    private(set) var checkedCount = 0

    /// The file's modification time and size, or `nil` when it cannot be read.
    static func stamp(_ url: URL) -> Stamp? {
        guard let a = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        let modified = (a[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? 0
        let size = (a[.size] as? NSNumber)?.uint64Value ?? 0
        return Stamp(modified: modified, size: size)
    }

    /// The parsed page at `url`: the cached one when the file is unchanged, else `parse()`'s.
    func page(_ url: URL, parse: () -> (page: SpecPage?, diagnostics: [Diagnostic])) -> (page: SpecPage?, diagnostics: [Diagnostic]) {
        let key = url.standardizedFileURL.path
        let stamp = Self.stamp(url) ?? Stamp(modified: -1, size: 0)
        lock.lock()
        let cached = pages[key]
        lock.unlock()
        if let cached, cached.stamp == stamp { return (cached.page, cached.diagnostics) }
        let content = Self.contentHash(url)
        if var cached, cached.content == content {
            cached.stamp = stamp
            lock.lock()
            pages[key] = cached
            lock.unlock()
            return (cached.page, cached.diagnostics)
        }
        let parsed = parse()
        lock.lock()
        pages[key] = Entry(stamp: stamp, content: content, page: parsed.page, diagnostics: parsed.diagnostics)
        parsedCount += 1
        lock.unlock()
        return parsed
    }

    /// The drift of the pair of the pages at `source` and `target` (both read through
    /// `page(_:parse:)` first): the cached result when neither page's content changed, else
    /// `analyze()`'s.
    func drift(
        source: URL, target: URL, analyze: () -> (diagnostics: [Diagnostic], analysis: PairAnalysis)
    ) -> (diagnostics: [Diagnostic], analysis: PairAnalysis) {
        let s = source.standardizedFileURL.path, t = target.standardizedFileURL.path
        let key = PairPaths(source: s, target: t)
        lock.lock()
        let contents = [pages[s]?.content ?? 0, pages[t]?.content ?? 0]
        let cached = pairs[key]
        lock.unlock()
        if let cached, cached.contents == contents { return (cached.drift, cached.analysis) }
        var result = analyze()
        result.analysis.blocks = nil
        lock.lock()
        pairs[key] = PairResult(contents: contents, drift: result.diagnostics, analysis: result.analysis)
        checkedCount += 1
        lock.unlock()
        return result
    }

    /// Forgets pages whose files are no longer among `paths` (deleted or renamed pages).
    func retain(_ paths: Set<String>) {
        lock.lock()
        pages = pages.filter { paths.contains($0.key) }
        pairs = pairs.filter { paths.contains($0.key.source) && paths.contains($0.key.target) }
        lock.unlock()
    }

    static func contentHash(_ url: URL) -> Int {
        guard let data = try? Data(contentsOf: url) else { return 0 }
        var hasher = Hasher()
        hasher.combine(data)
        return hasher.finalize()
    }
}
