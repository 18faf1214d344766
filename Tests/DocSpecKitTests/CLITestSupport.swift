import DocSpecKit
import Foundation
import Testing

/// What one `DocSpecCLI.run` printed and returned.
struct CLIResult: Sendable {
    var status: Int32
    var out: String
    var err: String

    /// Both streams, labelled, for failure messages.
    var transcript: String { "exit \(status)\n--- stdout\n\(out)--- stderr\n\(err)" }
}

/// A lock-protected buffer the CLI's output closures append to.
final class OutputBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    func appendOut(_ s: String) { lock.withLock { out += s } }
    func appendErr(_ s: String) { lock.withLock { err += s } }
    var contents: (out: String, err: String) { lock.withLock { (out, err) } }

    var output: CLIOutput {
        CLIOutput(out: { [self] in appendOut($0) }, err: { [self] in appendErr($0) }, errIsTTY: false)
    }
}

/// A copy of a fixture folder (`Fixtures/<name>`) in a fresh temporary folder, removed on deinit.
/// The CLI runs with the copy as its current folder, so paths in output are relative to it.
final class Workspace {
    let root: URL

    init(fixture: String? = nil) throws {
        let fm = FileManager.default
        root = fm.temporaryDirectory.appendingPathComponent("docspec-kit-\(UUID().uuidString)").standardizedFileURL
        if let fixture {
            let source = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent(fixture)
            try fm.copyItem(at: source, to: root)
        } else {
            try fm.createDirectory(at: root, withIntermediateDirectories: true)
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    @discardableResult
    func run(_ arguments: [String]) -> CLIResult {
        let buffer = OutputBuffer()
        let status = DocSpecCLI.run(arguments, output: buffer.output, currentDirectory: root)
        let (out, err) = buffer.contents
        return CLIResult(status: status, out: out, err: err)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: url(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(at: url(path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url(path))
    }

    func write(_ path: String, bytes: [UInt8]) throws {
        try Data(bytes).write(to: url(path))
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(at: url(path)) }

    /// Replaces `old` with `new` in a file, requiring that it occurs.
    func edit(_ path: String, replacing old: String, with new: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let text = try #require(read(path), sourceLocation: sourceLocation)
        #expect(text.contains(old), "\(path) does not contain \(old)", sourceLocation: sourceLocation)
        try write(path, text.replacingOccurrences(of: old, with: new))
    }

    /// Every file and folder below the root (relative path → bytes; folders map to `nil`),
    /// compared by content, not by modification date.
    func snapshot() -> [String: Data?] {
        var out: [String: Data?] = [:]
        let base = root.path
        guard let e = FileManager.default.enumerator(atPath: base) else { return out }
        while let rel = e.nextObject() as? String {
            var isDir: ObjCBool = false
            FileManager.default.fileExists(atPath: base + "/" + rel, isDirectory: &isDir)
            out[rel] = isDir.boolValue ? .some(nil) : FileManager.default.contents(atPath: base + "/" + rel)
        }
        return out
    }

    /// Names of the `.swift` files in a folder, sorted.
    func swiftFiles(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url(folder).path)) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    }
}

/// Golden files under `Fixtures/Golden/`, read through `Bundle.module`. A mismatch fails with a
/// unified-style line diff; with `DOCSPEC_RECORD_GOLDEN=1` the actual text is written to the
/// golden file in the source tree instead (argument-parser's `RECORD_SNAPSHOTS` habit).
enum GoldenFile {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["DOCSPEC_RECORD_GOLDEN"] == "1" }

    static func assertMatches(
        _ actual: String, golden name: String, filePath: String = #filePath,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        if isRecording {
            let url = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Golden/\(name)")
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url, options: .atomic)
            } catch {
                Issue.record("cannot record golden file \(name): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let folder = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
            let data = FileManager.default.contents(atPath: folder.appendingPathComponent("Golden/\(name)").path)
        else {
            Issue.record("golden file Fixtures/Golden/\(name) is missing; run the tests with DOCSPEC_RECORD_GOLDEN=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual {
            Issue.record(
                """
                output differs from golden file Fixtures/Golden/\(name) (re-record with DOCSPEC_RECORD_GOLDEN=1 if the change is intended):
                \(LineDiff.unified(expected: expected, actual: actual, expectedName: "golden/\(name)", actualName: "actual"))
                """,
                sourceLocation: sourceLocation)
        }
    }
}

/// A small line diff (LCS) in unified style with three lines of context.
enum LineDiff {
    enum Op: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    static func lines(_ s: String) -> [String] {
        var out = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if out.last == "" { out.removeLast() }
        return out
    }

    static func ops(_ a: [String], _ b: [String]) -> [Op] {
        let n = a.count
        let m = b.count
        var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var out: [Op] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                out.append(.same(a[i]))
                i += 1
                j += 1
            } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                out.append(.removed(a[i]))
                i += 1
            } else {
                out.append(.added(b[j]))
                j += 1
            }
        }
        return out
    }

    static func unified(expected: String, actual: String, expectedName: String = "expected", actualName: String = "actual", context: Int = 3) -> String {
        let ops = ops(lines(expected), lines(actual))
        let changed = ops.indices.filter { if case .same = ops[$0] { false } else { true } }
        guard !changed.isEmpty else { return "(no line differences; the texts differ only in line endings or encoding)" }
        var hunks: [ClosedRange<Int>] = []
        for c in changed {
            let r = max(0, c - context)...min(ops.count - 1, c + context)
            if let last = hunks.last, r.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                hunks.append(r)
            }
        }
        var out = "--- \(expectedName)\n+++ \(actualName)\n"
        for h in hunks {
            var oldLine = 1
            var newLine = 1
            for op in ops[..<h.lowerBound] {
                switch op {
                case .same: oldLine += 1; newLine += 1
                case .removed: oldLine += 1
                case .added: newLine += 1
                }
            }
            let slice = ops[h]
            let oldCount = slice.filter { if case .added = $0 { false } else { true } }.count
            let newCount = slice.filter { if case .removed = $0 { false } else { true } }.count
            out += "@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@\n"
            for op in slice {
                switch op {
                case .same(let l): out += " \(l)\n"
                case .removed(let l): out += "-\(l)\n"
                case .added(let l): out += "+\(l)\n"
                }
            }
        }
        return out
    }
}
