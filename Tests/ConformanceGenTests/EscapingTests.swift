import ConformanceGen
import DocDiagnostics
import Foundation
import SpecModel
import Testing

/// Doc text (table cells, JSON samples) reaches generated code only inside escaped literals.
@Suite("Doc text enters generated code only as escaped string literals")
struct EscapingTests {
    /// Cells and a sample full of Swift syntax: quotes, backslashes, `"""`, `\(`, `#`.
    static let markdown = #"""
        ---
        id: escaping
        ---

        # Escaping

        ```json EvilRequest
        {"text": "\"\"\" \\(exit(1)) #\"", "kind": "x\\(exit(1))"}
        ```

        <!-- docspec:table kind=error-codes symbol=EvilError -->

        | name | code | status | description |
        |---|---|---|---|
        | `EvilError` | `4000001` | `400` | "quoted" \(exit(2)) """ # |

        <!-- docspec:table kind=string-enum symbol=EvilEnum complete -->

        | value | description |
        |---|---|
        | `x\(exit(1))` | interpolation |
        | `say "hi"` | quote |
        | `back\slash` | backslash |
        | `"""` | triple quote |
        | `#"raw"#` | raw delimiters |
        | `#if false` | hash |

        <!-- docspec:table kind=fields symbol=EvilRequest -->

        | key | type | required | values | error |
        |---|---|---|---|---|
        | `kind` | `string` | yes | `"x\(exit(1))"`, `"a\"b"` | `EvilError` |
        | `text` | `string` | no | `""` | — |

        <!-- docspec:table kind=endpoint symbol=EvilEndpoint -->

        | environment | method | base-url | path |
        |---|---|---|---|
        | `Production` | `GET` | `https://example.com` | `/v1/\(exit(1))/"q"/#frag` |
        """#

    static let nastyCells = [#"x\(exit(1))"#, #"say "hi""#, #"back\slash"#, #"""""#, ##"#"raw"#"##, "#if false"]

    func generated() throws -> String {
        let page = try #require(specPage(Self.markdown, relativePath: "escaping.md"))
        let (files, diagnostics) = generate([page])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(files.first { $0.name == "escaping.swift" }).contents
    }

    /// The page's data files (a table each), by name.
    func dataFiles() throws -> [GeneratedFile] {
        let page = try #require(specPage(Self.markdown, relativePath: "escaping.md"))
        return generate([page]).files.filter { $0.name.hasPrefix("data/escaping.table") }
    }

    @Test("every string literal decodes and holds the cell text exactly; the data files' JSON gives the cells back")
    func literalsHoldTheCells() throws {
        let source = try generated()
        let lexed = try #require(lexGeneratedSwift(source), "the generated file has a literal that is not a plain, decodable literal")
        #expect(lexed.literals.contains { $0.hasPrefix(#"{"text": "\"\"\" \\(exit(1)) #\"""#) }, "the JSON sample")
        let files = try dataFiles()
        let enumValues = try #require(dataRows(files, "data/escaping.table2.json")).compactMap { $0["value"] as? String }
        #expect(enumValues == Self.nastyCells)
        let paths = try #require(dataRows(files, "data/escaping.table4.json")).compactMap { $0["path"] as? String }
        #expect(paths == [#"/v1/\(exit(1))/"q"/#frag"#])
        let valid = try #require(dataRows(files, "data/escaping.table3.json")?.first?["valid"] as? [String])
        #expect(valid.contains(#""x\(exit(1))""#), "the fields value token keeps its JSON quotes")
        for cell in Self.nastyCells { #expect(!source.contains(cell), "no cell text in the page file: \(cell)") }
    }

    @Test("outside literals and comments there is no backslash, hash or cell text")
    func codeOutsideLiteralsIsClean() throws {
        let lexed = try #require(lexGeneratedSwift(try generated()))
        // The only `#` allowed outside literals: the `#sourceLocation` lines that map test bodies
        // to the markdown file (their path argument is a string literal), and the `#filePath`
        // next to which a table's data file is read.
        let code = lexed.code.replacingOccurrences(of: #"#sourceLocation\((file: "", line: \d+)?\)"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "besides: #filePath)", with: ")")
        #expect(lexed.code.contains("#sourceLocation(file: \"\", line: "), "the bodies are mapped to the doc")
        #expect(!code.contains("\\"))
        #expect(!code.contains("#"))
        #expect(!lexed.code.contains("exit("))
        #expect(!lexed.code.contains("say"))
        #expect(!lexed.code.contains("raw"))
    }

    @Test("the escaped forms appear and no interpolation survives")
    func escapedForms() throws {
        let data = try dataFiles().map(\.contents).joined()
        let source = try generated() + data
        // Data files are JSON, never compiled; they still hold every cell escaped for JSON.
        #expect(!data.isEmpty)
        #expect(source.contains(#""x\\(exit(1))""#))
        #expect(source.contains(#""say \"hi\"""#))
        #expect(source.contains(#""back\\slash""#))
        #expect(source.contains(#""\"\"\"""#))
        #expect(source.contains(##""#\"raw\"#""##))
        #expect(source.contains(#""\"x\\(exit(1))\"""#))
        // Remove every escaped backslash pair: what is left has no `\(` that Swift would interpolate.
        #expect(!source.replacingOccurrences(of: #"\\"#, with: "").contains(#"\("#))
    }

    @Test("descriptions (prose) never enter the generated code")
    func proseStaysOut() throws {
        let source = try generated()
        #expect(!source.contains("exit(2)"))
        #expect(!source.contains("interpolation"))
    }

    @Test("a page id with line breaks and quotes cannot leave the header comment")
    func headerComment() throws {
        let markdown = """
            ---
            id: "evil\\n}\\nstruct Injected {\\u2028\\"x\\""
            ---

            <!-- docspec:table kind=string-enum symbol=S -->

            | value | description |
            |---|---|
            | `a` | b |
            """
        let page = try #require(specPage(markdown, relativePath: "evil.md"))
        #expect(page.id.contains("\n"))
        let (files, _) = generate([page])
        let file = try #require(files.first { !$0.name.contains(".table") })
        let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("// Generated by DocSpec from docs-ja/evil.md (page id \"evil\\u{A}}\\u{A}struct Injected {\\u{2028}\"x\"\")"))
        #expect(lines[1].hasPrefix("// Regenerate with"))
        #expect(lines[2] == "")
        #expect(!file.contents.contains("\nstruct Injected"))
        #expect(!file.contents.unicodeScalars.contains("\u{2028}"))
        #expect(lexGeneratedSwift(file.contents) != nil)
    }

    @Test("generated files parse with the Swift compiler", .enabled(if: swiftcPath != nil))
    func swiftcParses() throws {
        let swiftc = try #require(swiftcPath)
        let escaping = try #require(specPage(Self.markdown, relativePath: "escaping.md"))
        let (files, _) = generate([escaping] + (try fixturePages()))
        let folder = try TempFolder()
        let sources = files.filter { $0.name.hasSuffix(".swift") }
        for f in sources { try folder.write(f.name, f.contents) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = ["-parse"] + sources.map { folder.url.appendingPathComponent($0.name).path }
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readToEndRetryingInterrupts()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: output, as: UTF8.self))")
    }
}

/// `swiftc` from `PATH`, if any.
let swiftcPath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    return path.split(separator: ":").map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()
