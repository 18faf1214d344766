import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the test process when a doc-test sample is still running well after its time limit:
/// `.timeLimit` cannot stop a busy loop, and CI must not hang. Writes
/// `file:line: error: …` to standard error before exiting with status 1.
public final class DocSpecWatchdog: @unchecked Sendable {
    private let timer: DispatchSourceTimer

    /// Starts a timer of `seconds` for the sample at `ref`.
    public init(_ ref: DocSpecRef, seconds: Int) {
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .seconds(seconds))
        timer.setEventHandler {
            let message = "\(ref.file):\(ref.line): error: the sample is still running after \(seconds) s; ending the test process\n"
            FileHandle.standardError.write(Data(message.utf8))
            exit(1)
        }
        timer.resume()
    }

    /// Stops the timer; call when the sample returns.
    public func cancel() { timer.cancel() }
}

/// What doc-test samples report when they throw, or do not throw though marked `throws`.
public enum DocSpecDocTest {
    /// Records that a sample threw `error`, at `ref`: the doc line of the statement that threw
    /// (the generated test records each statement's line before it runs).
    public static func thrown(_ error: any Error, _ ref: DocSpecRef) {
        ref.fail("the sample threw \(String(reflecting: error))")
    }

    /// Records that a sample marked `throws` returned without throwing, at its first line.
    public static func didNotThrow(_ ref: DocSpecRef) {
        ref.fail("the sample is marked throws, but it returned without throwing")
    }
}

extension DocSpecCheck {
    /// Checks a sample marked `compile-fail`: type-checks it with `swiftc` in a separate run
    /// (the package's built modules on the search path) and expects an error inside the sample's
    /// own lines. Compiling cleanly, or failing for another reason (a missing module, an error
    /// outside the sample), fails the test at the doc's line.
    ///
    /// - Parameters:
    ///   - ref: The sample's first code line.
    ///   - imports: Modules the sample is compiled with.
    ///   - setupLine: The first line of the page's setup code, or 0 for none.
    ///   - setup: The setup code's text.
    ///   - code: The sample's text.
    ///   - generatedFile: The generated test file's `#filePath`; the package root is its
    ///     folder's parent, where C module maps under `Sources/` are found.
    public static func doesNotCompile(
        _ ref: DocSpecRef, imports: [String], setupLine: Int, setup: String, code: String, generatedFile: String
    ) {
        let fm = FileManager.default
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        guard let swiftc = path.split(separator: ":").map({ "\(String($0))/swiftc" }).first(where: { fm.isExecutableFile(atPath: $0) }) else {
            ref.fail("compile-fail sample: swiftc is not on PATH, so the sample cannot be checked")
            return
        }
        // The built modules sit next to the test bundle: <scratch>/debug/Modules.
        var modules: String?
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("Modules")
            if imports.allSatisfy({ fm.fileExists(atPath: candidate.appendingPathComponent("\($0).swiftmodule").path) }) {
                modules = candidate.path
                break
            }
            dir.deleteLastPathComponent()
        }
        guard let modules else {
            ref.fail("compile-fail sample: the built modules (\(imports.joined(separator: ", "))) were not found next to the test bundle")
            return
        }
        // C modules (system library targets) are found through their module maps.
        let root = URL(fileURLWithPath: generatedFile).deletingLastPathComponent().deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let cModules = ((try? fm.contentsOfDirectory(atPath: sources.path)) ?? []).sorted()
            .map { sources.appendingPathComponent($0) }
            .filter { fm.fileExists(atPath: $0.appendingPathComponent("module.modulemap").path) }
            .flatMap { ["-I", $0.path] }
        var text = "import Foundation\n" + imports.map { "import \($0)\n" }.joined()
        text += "func docSpecSample() async throws {\n"
        if setupLine > 0 {
            text += "#sourceLocation(file: \"\(ref.file)\", line: \(setupLine))\n" + setup + "\n"
        }
        text += "#sourceLocation(file: \"\(ref.file)\", line: \(ref.line))\n" + code + "\n#sourceLocation()\n}\n"
        let folder = fm.temporaryDirectory.appendingPathComponent("docspec-compile-fail-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Sample.swift")
        do {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        } catch {
            ref.fail("compile-fail sample: cannot write a temporary file: \(error)")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = ["-typecheck", "-swift-version", "6", "-parse-as-library", "-I", modules] + cModules + [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            ref.fail("compile-fail sample: cannot run swiftc: \(error)")
            return
        }
        let output = String(decoding: readToEnd(pipe.fileHandleForReading), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 0 {
            ref.fail("the sample is marked compile-fail, but it compiles")
            return
        }
        let firstLine = setupLine > 0 ? setupLine : ref.line
        let lastLine = ref.line + code.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let errorLines = output.split(separator: "\n").filter { $0.contains(": error: ") }
        let inSample = errorLines.contains { line in
            guard line.hasPrefix("\(ref.file):") else { return false }
            let number = line.dropFirst(ref.file.count + 1).prefix { $0.isNumber }
            return Int(number).map { (firstLine...lastLine).contains($0) } ?? false
        }
        if !inSample || errorLines.contains(where: { $0.contains("no such module") }) {
            ref.fail("the compile-fail sample did not fail inside its own lines: \(errorLines.first.map(String.init) ?? output)")
        }
    }
}

/// Every byte of `handle` up to end of file, retrying a `read(2)` a signal interrupted (`EINTR`):
/// corelibs Foundation's `readDataToEndOfFile()` traps then, which happens when other child
/// processes of the test run finish while swiftc's output is read.
private func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    let descriptor = handle.fileDescriptor
    while true {
        let count = buffer.withUnsafeMutableBytes { raw -> Int in
            #if canImport(Glibc)
            return Glibc.read(descriptor, raw.baseAddress, raw.count)
            #else
            return Darwin.read(descriptor, raw.baseAddress, raw.count)
            #endif
        }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
            return data
        }
    }
}
