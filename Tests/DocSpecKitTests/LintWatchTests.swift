@testable import DocSpecKit
import Foundation
import Testing

/// `docspec lint --watch` driven by a scripted clock: each tick first changes files (or not),
/// then the watcher looks at them; what it printed is split per tick.
@Suite("lint --watch")
struct LintWatchTests {
    /// A clock that runs one scripted step per wait and stops when the script ends; before each
    /// step it marks the output, so the output can be split per tick.
    final class ScriptedClock: WatchClock {
        var steps: [() throws -> Void]
        let mark: (Int) -> Void
        var tick = 0

        init(mark: @escaping (Int) -> Void, _ steps: [() throws -> Void]) {
            self.mark = mark
            self.steps = steps
        }

        func wait(_ interval: TimeInterval) -> Bool {
            tick += 1
            mark(tick)
            guard !steps.isEmpty else { return false }
            try? steps.removeFirst()()
            return true
        }
    }

    static let ja = "# 制限\n\n上限は 100 件です。`limit` を指定します。\n\n## 詳細\n\n詳しくは [API](https://example.com/api) を参照。\n"
    static let ru = "# Ограничения\n\nПредел — 100 записей. Укажите `limit`.\n\n## Подробности\n\nСм. [API](https://example.com/api).\n"

    struct Run {
        var status: Int32
        /// Per tick (0: the first run), standard output and standard error.
        var ticks: [(out: String, err: String)]
        var parsed: Int
    }

    /// Runs `lint --watch` in `w` with the steps as ticks.
    static func watch(_ w: Workspace, _ arguments: [String], _ steps: [() throws -> Void]) throws -> Run {
        let buffer = OutputBuffer()
        var marks: [(Int, Int)] = [(0, 0)]
        let clock = ScriptedClock(mark: { _ in
            let (o, e) = buffer.contents
            marks.append((o.count, e.count))
        }, steps)
        let options = try DocSpecCLI.lintCommand.parse(arguments, all: DocSpecCLI.commandDeclarations)
        let context = DocSpecCLI.Context(output: buffer.output, currentDirectory: w.root, rules: .standard)
        try LintWatcher.check(options)
        let watcher = LintWatcher(options: options, context: context, clock: clock)
        let status = try watcher.run()
        let (o, e) = buffer.contents
        marks.append((o.count, e.count))
        var ticks: [(String, String)] = []
        for (a, b) in zip(marks, marks.dropFirst()) {
            ticks.append((String(o.dropFirst(a.0).prefix(b.0 - a.0)), String(e.dropFirst(a.1).prefix(b.1 - a.1))))
        }
        return Run(status: status, ticks: ticks, parsed: watcher.cache.parsedCount)
    }

    static func workspace() throws -> Workspace {
        let w = try Workspace()
        let fm = FileManager.default
        for l in ["ja", "ru"] { try fm.createDirectory(at: w.url(l), withIntermediateDirectories: true) }
        try "source: ja\nlocales:\n  ja: ja\n  ru: ru\n".write(to: w.url("docspec.yml"), atomically: true, encoding: .utf8)
        try ja.write(to: w.url("ja/limits.md"), atomically: true, encoding: .utf8)
        try ru.write(to: w.url("ru/limits.md"), atomically: true, encoding: .utf8)
        try ja.replacingOccurrences(of: "制限", with: "概要").write(to: w.url("ja/other.md"), atomically: true, encoding: .utf8)
        try ru.replacingOccurrences(of: "Ограничения", with: "Обзор").write(to: w.url("ru/other.md"), atomically: true, encoding: .utf8)
        return w
    }

    @Test("a drift typed into a page is printed, its fix is 'resolved', an unchanged tick prints nothing")
    func scenario() throws {
        let w = try Self.workspace()
        let page = w.url("ru/limits.md")
        let run = try Self.watch(w, [], [
            { try Self.ru.replacingOccurrences(of: "100 записей", with: "1000 записей").write(to: page, atomically: true, encoding: .utf8) },
            {},
            { try Self.ru.replacingOccurrences(of: "Укажите", with: "Задайте").write(to: page, atomically: true, encoding: .utf8) },
            { try Self.ru.write(to: page, atomically: true, encoding: .utf8) },
        ])
        #expect(run.status == 0)
        #expect(run.ticks.count == 6)
        let (first, drift, unchanged, fixed, prose, stop) = (run.ticks[0], run.ticks[1], run.ticks[2], run.ticks[3], run.ticks[4], run.ticks[5])
        #expect(first.err == "", "\(first)")
        #expect(first.out.contains("docspec lint --watch: watching 4 pages (Ctrl-C stops); 0 errors, 0 warnings"), "\(first)")
        // The drifted number, at its line, as lint prints it.
        #expect(drift.err.contains("ru/limits.md:3:"), "\(drift)")
        #expect(drift.err.contains("[number-mismatch]"), "\(drift)")
        #expect(drift.out.contains(": ru/limits.md changed; 1 new, 0 resolved; 0 errors, 1 warning"), "\(drift)")
        #expect(unchanged.out == "" && unchanged.err == "", "\(unchanged)")
        #expect(fixed.err == "", "\(fixed)")
        #expect(fixed.out.contains("resolved: ru/limits.md:3: warning:"), "\(fixed)")
        #expect(fixed.out.contains("[number-mismatch]"), "\(fixed)")
        #expect(fixed.out.contains("1 resolved; 0 errors, 0 warnings"), "\(fixed)")
        // A prose edit changes no finding: one summary line, nothing else.
        #expect(prose.err == "" && prose.out.hasSuffix("0 new, 0 resolved; 0 errors, 0 warnings\n"), "\(prose)")
        #expect(prose.out.split(separator: "\n").count == 1, "\(prose)")
        #expect(stop.out == "docspec lint --watch: stopped\n")
        // 4 pages at the start, then only the edited page at each of its 3 changes.
        #expect(run.parsed == 4 + 3)
    }

    @Test("a finding moved by lines inserted above it is not reported again; a new page and docspec.yml are watched")
    func movedAndConfig() throws {
        let w = try Self.workspace()
        try Self.ru.replacingOccurrences(of: "100 записей", with: "1000 записей").write(to: w.url("ru/limits.md"), atomically: true, encoding: .utf8)
        let run = try Self.watch(w, [], [
            {
                try Self.ru.replacingOccurrences(of: "100 записей", with: "1000 записей")
                    .replacingOccurrences(of: "# Ограничения\n", with: "# Ограничения\n\nВведение.\n")
                    .write(to: w.url("ru/limits.md"), atomically: true, encoding: .utf8)
            },
            { try "source: ja\nlocales:\n  ja: ja\n  ru: ru\nrules:\n  number-mismatch: error\n".write(to: w.url("docspec.yml"), atomically: true, encoding: .utf8) },
            { try "source: ja\nlocales: [\n".write(to: w.url("docspec.yml"), atomically: true, encoding: .utf8) },
            { try "source: ja\nlocales:\n  ja: ja\n  ru: ru\n".write(to: w.url("docspec.yml"), atomically: true, encoding: .utf8) },
            {
                try Self.ja.write(to: w.url("ja/new.md"), atomically: true, encoding: .utf8)
                try Self.ru.replacingOccurrences(of: "`limit`", with: "`limits`").write(to: w.url("ru/new.md"), atomically: true, encoding: .utf8)
            },
        ])
        #expect(run.status == 0)
        #expect(run.ticks[0].err.contains("ru/limits.md:3:"), "\(run.ticks[0])")
        // Moved two lines down: same finding, nothing new or resolved.
        #expect(run.ticks[1].err == "", "\(run.ticks[1])")
        #expect(run.ticks[1].out.contains("0 new, 0 resolved; 0 errors, 1 warning"), "\(run.ticks[1])")
        // The level changed: the warning went, an error came.
        // At the number itself (after "Не более ").
        #expect(run.ticks[2].err.contains("ru/limits.md:5:10: error:"), "\(run.ticks[2])")
        #expect(run.ticks[2].out.contains("resolved: ru/limits.md:5: warning:"), "\(run.ticks[2])")
        #expect(run.ticks[2].out.contains(": docspec.yml changed; 1 new, 1 resolved; 1 error, 0 warnings"), "\(run.ticks[2])")
        // A broken docspec.yml is reported and watching goes on.
        #expect(run.ticks[3].err.contains("docspec.yml"), "\(run.ticks[3])")
        #expect(run.ticks[4].out.contains(": docspec.yml changed; 1 new, 1 resolved; 0 errors, 1 warning"), "\(run.ticks[4])")
        // A new pair of pages is found and checked.
        #expect(run.ticks[5].err.contains("ru/new.md:3:"), "\(run.ticks[5])")
        #expect(run.ticks[5].out.contains(": ja/new.md, ru/new.md changed; 1 new, 0 resolved"), "\(run.ticks[5])")
    }

    @Test("a save of the same text (new modification time, same bytes) parses nothing and prints only the summary")
    func sameBytes() throws {
        let w = try Self.workspace()
        let page = w.url("ru/limits.md")
        let run = try Self.watch(w, [], [
            {
                try Self.ru.write(to: page, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: page.path)
            },
        ])
        #expect(run.ticks[1].err == "", "\(run.ticks[1])")
        #expect(run.ticks[1].out == "docspec lint --watch: ru/limits.md changed; 0 new, 0 resolved; 0 errors, 0 warnings\n", "\(run.ticks[1])")
        #expect(run.parsed == 4)
    }

    @Test("--watch refuses json, sarif and github output and --changed-since")
    func refusedFormats() throws {
        let w = try Self.workspace()
        for format in ["json", "sarif", "github"] {
            let r = w.run(["lint", "--watch", "--format", format])
            #expect(r.status == 2)
            #expect(r.err.contains("--watch prints text"), "\(r.transcript)")
        }
        let r = w.run(["lint", "--watch", "--changed-since", "HEAD"])
        #expect(r.status == 2 && r.err.contains("--changed-since is for a single run"), "\(r.transcript)")
        #expect(w.run(["lint", "--help"]).out.contains("--watch"))
    }
}
