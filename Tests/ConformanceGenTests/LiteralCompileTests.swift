@testable import ConformanceGen
import DocDiagnostics
import Foundation
import MarkdownSyntax
import SpecModel
import Testing

/// Compiles generated Swift with the toolchain's `swiftc` and runs it: the strongest check that
/// doc text can only ever become an inert string literal whose run-time value is the text.
@Suite("Generated code compiles and keeps cell text exactly")
struct LiteralCompileTests {
    /// Texts a cell may hold that are dangerous in Swift source.
    static let hostile = [
        "quote \" inside", "back\\slash", "triple \"\"\" quotes", "interpolation \\(exit(1))", "hash # and #\"raw\"#",
        "#sourceLocation(file: \"x\", line: 1)", "\"); exit(1); (\"", "\\u{41}", "line\nbreak", "tab\there", "nul\u{0}byte",
        "bidi \u{202E}evil\u{202C}", "sep \u{2028} \u{2029}", "日本語の「値」", "Русский текст", "emoji 👨‍👩‍👧 🇯🇵", "*/ /* // comment",
        String(repeating: "long ", count: 3000),
    ]

    /// Deterministic pseudo-random strings (SplitMix64) mixing ASCII punctuation, escapes,
    /// control characters, CJK, Cyrillic and astral-plane scalars.
    static func fuzzStrings(count: Int, seed: UInt64) -> [String] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let pools: [[UInt32]] = [
            Array(0x20...0x7E), [0x22, 0x5C, 0x28, 0x29, 0x23, 0x0A, 0x0D, 0x09, 0x00, 0x7F], Array(0x01...0x1F),
            Array(0x3040...0x30FF), Array(0x0410...0x044F), [0x200B, 0x200E, 0x202E, 0x2028, 0x2029, 0xFEFF, 0xE000],
            [0x1F600, 0x1F1EF, 0x1F1F5, 0x10FFFD, 0x20BB7],
        ]
        return (0..<count).map { _ in
            let length = Int(next() % 40)
            var s = String.UnicodeScalarView()
            for _ in 0..<length {
                let pool = pools[Int(next() % UInt64(pools.count))]
                if let scalar = Unicode.Scalar(pool[Int(next() % UInt64(pool.count))]) { s.append(scalar) }
            }
            return String(s)
        }
    }

    static func swiftc() -> URL? {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swiftc" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }.map(URL.init(fileURLWithPath:))
    }

    static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readToEndRetryingInterrupts()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("2,000 fuzzed and hostile texts: the literals compile and equal the text at run time")
    func literalsRoundTrip() throws {
        let swiftc = try #require(Self.swiftc(), "swiftc not found on PATH")
        let texts = Self.hostile + Self.fuzzStrings(count: 2_000, seed: 0xD0C5_9EC)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-literals-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var program = "let values: [String] = [\n"
        for t in texts { program += "    \(SwiftRenderer.stringLiteral(t)),\n" }
        program += "]\nfor v in values { print(v.utf8.map { String($0, radix: 16) }.joined(separator: \" \")) }\n"
        let source = dir.appendingPathComponent("main.swift")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let binary = dir.appendingPathComponent("literals")
        let compiled = try Self.run(swiftc, ["-swift-version", "6", "-Onone", source.path, "-o", binary.path])
        #expect(compiled.status == 0, "swiftc failed:\n\(compiled.output.prefix(4000))")
        guard compiled.status == 0 else { return }
        let ran = try Self.run(binary, [])
        let lines = ran.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expected = texts.map { $0.utf8.map { String($0, radix: 16) }.joined(separator: " ") }
        #expect(Array(lines.prefix(expected.count)) == expected)
    }

    @Test("A spec table whose cells hold \", \\, \"\"\", \\( and # generates tests that type-check")
    func hostileCellsTypeCheck() throws {
        let swiftc = try #require(Self.swiftc(), "swiftc not found on PATH")
        let values = ["a\"b", "c\\d", "e\"\"\"f", "g\\(exit(1))h", "#i#", "#\"j\"#"]
        var page = "---\nid: hostile\n---\n# 表\n\n<!-- docspec:table kind=string-enum symbol=Hostile complete -->\n\n| 値 | 説明 |\n|---|---|\n"
        for v in values {
            // A code span containing backticks-free text; `\` and `"` survive as typed.
            page += "| `\(v)` | 説明 |\n"
        }
        let parsed = MarkdownParser.parse(page, path: "docs-ja/hostile.md")
        let document = try #require(parsed.document)
        let (spec, diagnostics) = SpecExtractor.extract(document, locale: "ja", relativePath: "hostile.md")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(spec.tables.first?.rows.map(\.key) == values)
        let (files, genDiagnostics) = ConformanceTranslator(options: GeneratorOptions(imports: [])).generate([spec])
        #expect(genDiagnostics.isEmpty)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for f in files {
            let url = dir.appendingPathComponent(f.name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try f.contents.write(to: url, atomically: true, encoding: .utf8)
            if f.name.hasSuffix(".swift") { paths.append(url.path) }
        }
        let stub = dir.appendingPathComponent("Stub.swift")
        let cases = values.enumerated().map { "    case c\($0.offset) = \(SwiftRenderer.stringLiteral($0.element))" }.joined(separator: "\n")
        try "enum Hostile: String, CaseIterable {\n\(cases)\n}\n".write(to: stub, atomically: true, encoding: .utf8)
        let modules = docSpecTestingModuleArguments()
        try #require(!modules.isEmpty, "the built DocSpecTesting module was not found")
        let result = try Self.run(swiftc, ["-typecheck", "-swift-version", "6", "-parse-as-library"] + modules + [stub.path] + paths)
        #expect(result.status == 0, "generated code does not type-check:\n\(result.output.prefix(4000))")
        // The hostile text appears only as JSON in the data file, which is not compiled.
        let generated = try #require(files.first { $0.name == "data/hostile.table1.json" }).contents
        #expect(generated.contains(#"{"line":13,"value":"g\\(exit(1))h"}"#))
        #expect(files.filter { $0.name.hasSuffix(".swift") }.allSatisfy { !$0.contents.contains("exit(1)") })
    }

    @Test("2,000 fuzzed and hostile texts in a table's data: the data file is printable ASCII JSON that gives the texts back")
    func dataRoundTrip() throws {
        let texts = Self.hostile + Self.fuzzStrings(count: 2_000, seed: 0xDA7A)
        let source = DataTableFixture.render(texts)
        #expect(source.hasPrefix(GenerationCheck.jsonMarker))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(source.utf8)) as? [String: Any])
        #expect(object["file"] as? String == "docs-ja/hostile \u{202E}.md")
        let rows = try #require(object["rows"] as? [[String: Any]])
        let values = rows.compactMap { $0["value"] as? String }
        #expect(values.count == texts.count)
        let differing = zip(values, texts).enumerated().filter { Array($0.element.0.unicodeScalars) != Array($0.element.1.unicodeScalars) }
        #expect(differing.isEmpty, "first difference: \(differing.first.map { "\($0.offset): \($0.element.0.debugDescription) ≠ \($0.element.1.debugDescription)" } ?? "")")
        #expect(!source.unicodeScalars.contains { $0.value > 0x7E || ($0.value < 0x20 && $0 != "\n") }, "the data file is printable ASCII")
    }
}

/// A string-enum table's data file whose rows hold arbitrary texts (no markdown can carry some
/// of them: line breaks, NUL, lone control characters).
enum DataTableFixture {
    static func render(_ texts: [String]) -> String {
        let rows = texts.enumerated().map { i, text in DataRow(line: i + 1, [("value", .string(text))]) }
        let table = DataTable(
            index: 1, path: "data/hostile.table1.json", kind: .stringEnum, symbol: "Hostile", file: "docs-ja/hostile \u{202E}.md",
            line: 1, rows: rows)
        return table.render(regenerate: "docspec generate")
    }
}
