import Foundation

/// Progress of a lint run on standard error: the pages and locale folders up front, then pages
/// parsed and pairs checked with an estimate of the time left. On a terminal one line is
/// rewritten in place (at most every 100 ms) and cleared at the end, so findings and the summary
/// print as without it; elsewhere (`--progress` into a pipe or a CI log) a line every 2 seconds.
///
/// Thread-safe: the pipeline reports from its worker threads.
final class LintProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let write: @Sendable (String) -> Void
    private let terminal: Bool
    private let label: String
    private let clock: @Sendable () -> Double
    private var start = 0.0
    private var lastDraw = -Double.infinity
    private var pages = (done: 0, total: 0)
    private var pairs = (done: 0, total: 0)
    private var drawn = false

    /// - Parameters:
    ///   - label: the line's prefix, e.g. `docspec lint`.
    ///   - terminal: rewrite one line in place (`\r`, erase to end of line) rather than print lines.
    ///   - clock: seconds since some fixed point (tests pass their own).
    init(
        label: String, terminal: Bool, write: @escaping @Sendable (String) -> Void,
        clock: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.label = label
        self.terminal = terminal
        self.write = write
        self.clock = clock
    }

    /// The line printed before any page is read: `docspec lint: 1,024 pages: ja 512 (docs-ja), ru 512 (docs-ru)`.
    func announce(_ found: [DocSet.LocaleFiles], _ config: Config) {
        let total = found.reduce(0) { $0 + $1.files.count }
        let perLocale = found.map { "\($0.locale.code) \(Self.number($0.files.count)) (\(DocSet.displayPath($0.dir, root: config.root)))" }
        write("\(label): \(Self.number(total)) page\(total == 1 ? "" : "s"): \(perLocale.joined(separator: ", "))\n")
    }

    /// Starts counting: `pages` to parse and `pairs` to check.
    func begin(pages: Int, pairs: Int) {
        lock.withLock {
            start = clock()
            self.pages = (0, pages)
            self.pairs = (0, pairs)
        }
    }

    /// One page was parsed.
    func pageParsed() { update { $0.pages.done += 1 } }

    /// One page pair was checked.
    func pairChecked() { update { $0.pairs.done += 1 } }

    /// Prints the final counts and, on a terminal, clears the line.
    func finish() {
        lock.withLock {
            write(line(now: clock()) + (terminal ? "\r\u{1B}[K" : ""))
        }
    }

    private func update(_ change: (LintProgress) -> Void) {
        lock.withLock {
            change(self)
            let now = clock()
            guard now - lastDraw >= (terminal ? 0.1 : 2) else { return }
            lastDraw = now
            write(line(now: now))
        }
    }

    /// The progress line (with `\r` and erase on a terminal, else with a line ending).
    private func line(now: Double) -> String {
        var text = "\(label): \(Self.number(pages.done))/\(Self.number(pages.total)) pages parsed, "
            + "\(Self.number(pairs.done))/\(Self.number(pairs.total)) pairs checked"
        let work = pages.total + pairs.total
        if work > 0, let left = Self.estimate(elapsed: now - start, done: pages.done + pairs.done, total: work) {
            text += " (\(Int(Double(pages.done + pairs.done) / Double(work) * 100))%, about \(left) left)"
        }
        return terminal ? "\r\u{1B}[K" + text : text + "\n"
    }

    /// The time left, as `45s` or `2m 05s`, from the rate so far; `nil` until the run has gone
    /// on for 2 seconds and done 2% of its work (earlier rates mislead), or when it is done.
    static func estimate(elapsed: Double, done: Int, total: Int) -> String? {
        guard elapsed >= 2, total > 0, done * 50 >= total, done < total else { return nil }
        let left = Int((elapsed / Double(done) * Double(total - done)).rounded(.up))
        return left < 60 ? "\(left)s" : "\(left / 60)m \(String(format: "%02d", left % 60))s"
    }

    /// `1,024`: thousands separated by commas, whatever the locale.
    static func number(_ n: Int) -> String {
        var digits = Array(String(n))
        var out: [Character] = []
        while digits.count > 3 {
            out = [","] + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return String(digits + out)
    }
}
