import Foundation
import Testing

/// The built `docspec` allocates through jemalloc (Package.swift links it into the executable):
/// jemalloc reads `MALLOC_CONF` and, with `stats_print:true`, writes its statistics to standard
/// error at exit; glibc's malloc ignores the variable. Skipped for a build made with
/// `DOCSPEC_SYSTEM_MALLOC=1`.
@Suite("allocator", .enabled(if: ProcessInfo.processInfo.environment["DOCSPEC_SYSTEM_MALLOC"] == nil))
struct AllocatorTests {
    @Test("docspec lint runs on jemalloc: its statistics at exit, the lint result unchanged")
    func lintRunsOnJemalloc() throws {
        let binary = ProgressTests.binary
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("needs the built docspec next to the test bundle (\(binary.path))")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-allocator-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (locale, text) in [("ja", "# 概要\n\n値は 42 です。\n"), ("ru", "# Обзор\n\nЗначение равно 43.\n")] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs-\(locale)"), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: folder.appendingPathComponent("docs-\(locale)/page.md"))
        }
        func run(_ environment: [String: String]) throws -> (status: Int32, out: String, err: String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["lint", "--locale", "ja=docs-ja", "--locale", "ru=docs-ru", "--source", "ja"]
            process.currentDirectoryURL = folder
            var inherited = ProcessInfo.processInfo.environment
            inherited["MALLOC_CONF"] = nil
            process.environment = inherited.merging(environment) { $1 }
            // Output into files: nothing to drain while the process runs.
            let outURL = folder.appendingPathComponent("out-\(environment.count)"), errURL = folder.appendingPathComponent("err-\(environment.count)")
            try Data().write(to: outURL)
            try Data().write(to: errURL)
            process.standardOutput = try FileHandle(forWritingTo: outURL)
            process.standardError = try FileHandle(forWritingTo: errURL)
            try process.run()
            process.waitUntilExit()
            let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
            return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
        }
        let plain = try run([:])
        let withStats = try run(["MALLOC_CONF": "stats_print:true"])
        #expect(plain.status == 0, "the planted number drift is a warning: \(plain.err)")
        #expect(plain.err.contains("[number-mismatch]"), "\(plain.err)")
        #expect(!plain.err.contains("jemalloc statistics"))
        #expect(withStats.status == plain.status)
        #expect(withStats.out == plain.out)
        #expect(withStats.err.hasPrefix(plain.err), "the findings come first, then jemalloc's statistics")
        #expect(withStats.err.contains("___ Begin jemalloc statistics ___"), "docspec does not allocate through jemalloc")
    }
}
