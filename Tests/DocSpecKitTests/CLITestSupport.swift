import DocSpecTestSupport
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
            _ = FileManager.default.fileExists(atPath: base + "/" + rel, isDirectory: &isDir)
            out[rel] = isDir.boolValue ? .some(nil) : FileManager.default.contents(atPath: base + "/" + rel)
        }
        return out
    }

    /// Names of the `.swift` files in a folder and of the `.json` files in its `data` folder
    /// (as `data/<name>`), sorted: the files `docspec generate` writes.
    func generatedFiles(in folder: String) -> [String] {
        let fm = FileManager.default
        let swift = ((try? fm.contentsOfDirectory(atPath: url(folder).path)) ?? []).filter { $0.hasSuffix(".swift") }
        let data = ((try? fm.contentsOfDirectory(atPath: url(folder + "/data").path)) ?? []).filter { $0.hasSuffix(".json") }
        return (swift + data.map { "data/" + $0 }).sorted()
    }
}

/// Golden files under `Fixtures/Golden/`, read through `Bundle.module`; see `GoldenCheck`.
enum GoldenFile {
    static var isRecording: Bool { GoldenCheck.isRecording }

    static func assertMatches(
        _ actual: String, golden name: String, filePath: String = #filePath,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let source = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Golden/\(name)")
        let bundled = Bundle.module.url(forResource: "Fixtures", withExtension: nil)?.appendingPathComponent("Golden/\(name)")
        if let failure = GoldenCheck.check(actual, bundled: bundled, source: source, displayName: "Fixtures/Golden/\(name)") {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }
}
