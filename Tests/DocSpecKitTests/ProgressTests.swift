@testable import DocSpecKit
import Foundation
import Testing

/// Progress on standard error: on a pseudo-terminal by default (the built `docspec` run under
/// `script`), never in a pipe unless `--progress`, never with `--quiet`.
@Suite("progress")
struct ProgressTests {
    /// The `docspec` executable next to this test bundle.
    static var binary: URL {
        Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("docspec")
    }

    /// Runs `docspec <arguments>` in `folder` under `script`, so its standard output and error are
    /// a pseudo-terminal; returns what the terminal received, with `\r\n` as `\n`.
    func onPseudoTerminal(_ arguments: [String], in folder: URL) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = ([Self.binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read with retries: the child's exit (SIGCHLD) can interrupt a read with EINTR, which
        // `readDataToEndOfFile()` turns into a crash.
        var data = Data()
        let handle = pipe.fileHandleForReading
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if n > 0 {
                data.append(contentsOf: buffer[..<n])
            } else if n == 0 || errno != EINTR {
                break
            }
        }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"))
    }

    /// The terminal's bytes with `\r` and erase-line shown as `<CR>` and `<EL>`, and the
    /// intermediate progress states (how many, and their estimates, depend on timing) left out: the first line, the final
    /// counts and the clearing of the line stay.
    static func normalised(_ text: String) -> String {
        var shown = text.replacingOccurrences(of: "\r", with: "<CR>").replacingOccurrences(of: "\u{1B}[K", with: "<EL>")
        shown = shown.replacingOccurrences(
            of: #"<CR><EL>docspec lint: (\d+)/4 pages parsed, (\d+)/2 pairs checked( \([^)]*\))?(?=<CR><EL>docspec lint: \d)"#, with: "", options: .regularExpression,
            range: nil)
        return shown
    }

    @Test("on a pseudo-terminal: page count and folders up front, progress rewritten in place and cleared (golden)")
    func pseudoTerminal() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary.path), FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            Issue.record("needs the built docspec next to the test bundle (\(Self.binary.path)) and /usr/bin/script")
            return
        }
        let ws = try Workspace(fixture: "clean")
        let r = try onPseudoTerminal(["lint"], in: ws.root)
        #expect(r.status == 0, "\(r.text)")
        // Intermediate states are dropped only when a later state follows: the last one is final.
        let kept = Self.normalised(r.text)
        GoldenFile.assertMatches(kept, golden: "progress-terminal.txt")
        #expect(kept.contains("<CR><EL>docspec lint: 4/4 pages parsed, 2/2 pairs checked<CR><EL>"), "\(kept)")

        let quiet = try onPseudoTerminal(["lint", "--quiet"], in: ws.root)
        #expect(quiet.status == 0)
        #expect(!quiet.text.contains("pages parsed") && !quiet.text.contains("\r"), "\(quiet.text)")
    }

    @Test("not a terminal: no progress unless --progress, then whole lines")
    func pipe() throws {
        let ws = try Workspace(fixture: "clean")
        #expect(!ws.run(["lint"]).err.contains("pages parsed"))
        let forced = ws.run(["lint", "--progress"])
        #expect(forced.err.hasPrefix("docspec lint: 4 pages: ja 2 (docs-ja), ru 2 (docs-ru)\n"), "\(forced.err)")
        #expect(forced.err.hasSuffix("docspec lint: 4/4 pages parsed, 2/2 pairs checked\n"), "\(forced.err)")
        #expect(!forced.err.contains("\r"))
        #expect(forced.out == ws.run(["lint"]).out)
    }

    @Test("the estimate appears after 2 s and 2% of the work, from the rate so far")
    func estimate() {
        #expect(LintProgress.estimate(elapsed: 1.9, done: 500, total: 1000) == nil)
        #expect(LintProgress.estimate(elapsed: 10, done: 10, total: 1000) == nil)
        #expect(LintProgress.estimate(elapsed: 10, done: 500, total: 1000) == "10s")
        #expect(LintProgress.estimate(elapsed: 30, done: 200, total: 1000) == "2m 00s")
        #expect(LintProgress.estimate(elapsed: 10, done: 1000, total: 1000) == nil)
        #expect(LintProgress.number(1_234_567) == "1,234,567")
        #expect(LintProgress.number(999) == "999")
    }

    @Test("a slow run shows percent and time left in place")
    func slowRun() {
        let lines = LockedLines()
        let time = LockedLines.Clock()
        let progress = LintProgress(label: "docspec lint", terminal: true, write: { lines.append($0) }, clock: { time.now })
        progress.begin(pages: 4, pairs: 2)
        time.now = 3
        progress.pageParsed()
        time.now = 6
        progress.pageParsed()
        progress.finish()
        #expect(lines.all == [
            "\r\u{1B}[Kdocspec lint: 1/4 pages parsed, 0/2 pairs checked (16%, about 15s left)",
            "\r\u{1B}[Kdocspec lint: 2/4 pages parsed, 0/2 pairs checked (33%, about 12s left)",
            "\r\u{1B}[Kdocspec lint: 2/4 pages parsed, 0/2 pairs checked (33%, about 12s left)\r\u{1B}[K",
        ], "\(lines.all)")
    }
}

/// Lines written from several threads, and a settable clock.
final class LockedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ s: String) { lock.withLock { lines.append(s) } }
    var all: [String] { lock.withLock { lines } }

    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0.0
        var now: Double {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }
}
