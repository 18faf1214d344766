import DocDiagnostics
import Foundation

/// How `lint --watch` waits between looks at the files: the system clock (interrupted by
/// Ctrl-C), or a test's clock that changes files and stops when its script ends.
protocol WatchClock: AnyObject {
    /// Waits `interval` seconds; `false` when watching should stop (SIGINT, or a test's end).
    func wait(_ interval: TimeInterval) -> Bool
}

/// Where `lint --watch` learns that files changed: each watched file's modification time and
/// size, by path. Two equal snapshots mean nothing changed.
protocol WatchedFiles: AnyObject {
    /// The stamps of `configFile` (when there is one) and of every page `config` reads (`nil`
    /// when the last configuration could not be read: only `configFile` is watched then).
    func snapshot(config: Config?, configFile: URL?) -> [String: LintCache.Stamp]
}

/// Polls: lists the locale folders' pages and reads their modification times and sizes.
final class PolledFiles: WatchedFiles {
    func snapshot(config: Config?, configFile: URL?) -> [String: LintCache.Stamp] {
        var out: [String: LintCache.Stamp] = [:]
        if let configFile { out[configFile.standardizedFileURL.path] = LintCache.stamp(configFile) ?? LintCache.Stamp(modified: -1, size: 0) }
        guard let config else { return out }
        for f in DocSet.discover(config, locales: config.locales) {
            // A missing folder is watched too: creating it is a change (its modification time
            // is not: it changes with every atomic save of a page in it).
            out[f.dir.standardizedFileURL.path] = LintCache.Stamp(modified: LintCache.stamp(f.dir) == nil ? -1 : 0, size: 0)
            for rel in f.files {
                let url = f.url(rel)
                out[url.standardizedFileURL.path] = LintCache.stamp(url) ?? LintCache.Stamp(modified: -1, size: 0)
            }
        }
        return out
    }
}

/// The process clock: sleeps in short steps and stops at SIGINT (Ctrl-C), which it catches so
/// that watching ends with status 0 instead of the signal's default.
final class SystemWatchClock: WatchClock, @unchecked Sendable {
    private let lock = NSLock()
    private var interrupted = false
    private var source: DispatchSourceSignal?

    init() {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.interrupt() }
        source.resume()
        self.source = source
    }

    deinit {
        source?.cancel()
        signal(SIGINT, SIG_DFL)
    }

    func interrupt() { lock.withLock { interrupted = true } }

    func wait(_ interval: TimeInterval) -> Bool {
        let end = Date().addingTimeInterval(interval)
        while Date() < end {
            if lock.withLock({ interrupted }) { return false }
            Thread.sleep(forTimeInterval: min(0.05, max(0, end.timeIntervalSinceNow)))
        }
        return !lock.withLock { interrupted }
    }
}

/// `docspec lint --watch`: lints once and prints every finding, then after each change of a
/// page or of `docspec.yml` lints again and prints only the difference: the findings that are
/// new, and a `resolved:` line for each finding that went away. A look at the files that finds
/// nothing changed prints nothing. Unchanged pages are not re-parsed and pairs of unchanged pages
/// not re-checked (`LintCache`); a changed `docspec.yml` starts from scratch.
///
/// Findings are told apart by their fingerprints (rule, file and content, not the line), so
/// inserting lines above a finding does not report it again. Text output only: new findings on
/// standard error, as `lint` prints them; `resolved:` lines and one summary line per run on
/// standard output.
final class LintWatcher {
    let options: DocSpecCLI.LintOptions
    let context: DocSpecCLI.Context
    let clock: WatchClock
    let files: WatchedFiles
    let interval: TimeInterval

    private(set) var cache = LintCache()
    private var config: Config?
    private var stamps: [String: LintCache.Stamp] = [:]
    /// The findings of the last run, by `key`.
    private var previous: [String: Diagnostic] = [:]

    init(
        options: DocSpecCLI.LintOptions, context: DocSpecCLI.Context, clock: WatchClock, files: WatchedFiles = PolledFiles(),
        interval: TimeInterval = 0.5
    ) {
        self.options = options
        self.context = context
        self.clock = clock
        self.files = files
        self.interval = interval
    }

    /// The formats `--watch` prints: text only (a stream of changes is not one JSON or SARIF document).
    static func check(_ options: DocSpecCLI.LintOptions) throws(DocSpecError) {
        guard options.run.format == .text else {
            throw .usage("--watch prints text (new and resolved findings as files change); --format \(options.run.format.rawValue) is for a single run without --watch")
        }
        if options.run.policy.changedSince != nil {
            throw .usage("--watch reports what changes while it runs; --changed-since is for a single run")
        }
    }

    /// The `docspec.yml` read: `--config`, else the one found from the current folder.
    var configFile: URL? {
        if let path = options.run.docs.configPath { return DocSpecCLI.resolve(path, currentDirectory: context.currentDirectory) }
        return Config.find(from: context.currentDirectory)?.url
    }

    /// Lints, then watches until the clock stops; returns 0 (or 2 when the first run cannot read
    /// the configuration or the pages, as `lint` does).
    func run() throws(DocSpecError) -> Int32 {
        let watched = configFile
        stamps = files.snapshot(config: nil, configFile: watched)
        let (config, found) = try DocSpecCLI.prepare("lint", options.run.docs, pages: options.run.pages, context)
        self.config = config
        stamps = files.snapshot(config: config, configFile: watched)
        try lint(config, found, changed: [])
        while clock.wait(interval) { step(configFile: watched) }
        context.output.out("docspec lint --watch: stopped\n")
        return 0
    }

    /// One look at the files: nothing when nothing changed, else a run and its difference.
    func step(configFile: URL?) {
        let now = files.snapshot(config: config, configFile: configFile)
        guard now != stamps else { return }
        var changed = Set(now.keys).union(stamps.keys).filter { now[$0] != stamps[$0] }
        stamps = now
        let configChanged = configFile.map { changed.contains($0.standardizedFileURL.path) } ?? false
        do throws(DocSpecError) {
            if configChanged || config == nil { cache = LintCache() }
            let (config, found) = try DocSpecCLI.prepare("lint", options.run.docs, pages: options.run.pages, context)
            if self.config == nil || configChanged {
                // After a broken docspec.yml every page looks new: the change was the config.
                if self.config == nil, let configFile { changed = [configFile.standardizedFileURL.path] }
                self.config = config
                stamps = files.snapshot(config: config, configFile: configFile)
            }
            try lint(config, found, changed: changed)
        } catch {
            // A broken docspec.yml or a missing folder while editing: say so, keep watching.
            _ = DocSpecCLI.fail(error, "lint", context.output, context.currentDirectory)
            if configChanged { config = nil }
        }
    }

    /// Lints with the cache and prints what differs from the last run.
    private func lint(_ config: Config, _ found: [DocSet.LocaleFiles], changed: Set<String>) throws(DocSpecError) {
        cache.retain(Set(found.flatMap { f in f.files.map { f.url($0).standardizedFileURL.path } }))
        let result = Pipeline.lint(
            config, retention: .generationInput, discovered: found, generationSource: DocSpecCLI.generationSource(config, pages: options.run.pages), cache: cache)
        let shown = try DocSpecCLI.findings(
            result.diagnostics, docSet: result.docSet, config: config, policy: options.run.policy, currentDirectory: context.currentDirectory)
        let root = DocSpecCLI.rootPath(config)
        let keyed = Self.keyed(shown.shown, root: root)
        let current = Dictionary(keyed, uniquingKeysWith: { a, _ in a })
        let added = keyed.filter { previous[$0.key] == nil }.map(\.diagnostic)
        let resolved = previous.filter { current[$0.key] == nil }.map(\.value).sortedForOutput()
        let output = context.output
        if !added.isEmpty { output.err(DocSpecCLI.errorRenderer(output, root: config.root).render(added)) }
        for d in resolved { output.out("resolved: \(Self.describe(d))\n") }
        previous = current
        let files = changed.sorted().map { DocSet.displayPath(URL(fileURLWithPath: $0), root: config.root) }
        let what = files.isEmpty
            ? "watching \(found.reduce(0) { $0 + $1.files.count }) pages (Ctrl-C stops)"
            : "\(files.prefix(3).joined(separator: ", "))\(files.count > 3 ? " and \(files.count - 3) more" : "") changed; \(added.count) new, \(resolved.count) resolved"
        output.out("docspec lint --watch: \(what); \(DocSpecCLI.counts(shown.shown, hidden: shown.hidden))\n")
    }

    /// `file:line: severity: message [rule]`, for a finding that went away.
    static func describe(_ d: Diagnostic) -> String {
        let place = d.location.map { "\($0.file):\($0.line): " } ?? ""
        return "\(place)\(d.severity.rawValue): \(ControlCharacters.escaped(d.message)) [\(d.ruleID)]"
    }

    /// The findings by identity, in order: severity and fingerprint, with an ordinal for repeats.
    static func keyed(_ diagnostics: [Diagnostic], root: String) -> [(key: String, diagnostic: Diagnostic)] {
        var seen: [String: Int] = [:]
        return diagnostics.map { d in
            let base = "\(d.severity.rawValue) \(d.fingerprint(relativeTo: root))"
            let n = seen[base, default: 0] + 1
            seen[base] = n
            return (n == 1 ? base : "\(base) #\(n)", d)
        }
    }
}
