import ConformanceGen
import DocDiagnostics
import Foundation
import SpecModel
import Testing

@Suite("Generation diagnostics, names and determinism")
struct GenerationDiagnosticsTests {
    static let errorCodesPage = """
        # Errors

        <!-- docspec:table kind=error-codes symbol=E -->

        | name | code | status | description |
        |---|---|---|---|
        | `KnownError` | `4000001` | `400` | known |
        """

    // MARK: fields-without-sample

    @Test("a fields table without a json sample is a fields-without-sample error at its directive")
    func fieldsWithoutSample() throws {
        let markdown = """
            # Request

            Some text.

            <!-- docspec:table kind=fields symbol=Request -->

            | key | type | required | values | error |
            |---|---|---|---|---|
            | `a` | `int32` | yes | `0...1` | `KnownError` |
            """
        let pages = [
            try #require(specPage(markdown, relativePath: "request.md")),
            try #require(specPage(Self.errorCodesPage, relativePath: "errors.md")),
        ]
        let (files, diagnostics) = generate(pages)
        let d = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(d.ruleID == "fields-without-sample")
        #expect(d.severity == .error)
        #expect(d.location == DocDiagnostics.SourceLocation(file: "docs-ja/request.md", line: 5, column: 1))
        #expect(d.message.contains("```json Request"))
        // The page had nothing else to test, so it gets no file.
        #expect(files.map(\.name) == ["data/errors.table1.json", "errors.swift"])
    }

    @Test("a json sample for another type, or without a type, is not a baseline", arguments: ["json", "json Other", "swift Request"])
    func sampleOfAnotherType(info: String) throws {
        let markdown = """
            ```\(info)
            {"a": 1}
            ```

            <!-- docspec:table kind=fields symbol=Request -->

            | key | type | required | values | error |
            |---|---|---|---|---|
            | `a` | `int32` | yes | `0...1` | — |
            """
        let (_, diagnostics) = generate([try #require(specPage(markdown))])
        #expect(diagnostics.map(\.ruleID) == ["fields-without-sample"])
    }

    // MARK: unknown-json-key

    @Test("a key of the typed JSON sample that the fields table does not list is unknown-json-key at the key's line")
    func misspelledSampleKey() throws {
        let markdown = """
            # Request

            <!-- docspec:table kind=fields symbol=Request -->

            | key | type | required | values | error |
            |---|---|---|---|---|
            | `playTime` | `int32` | yes | `0...1` | — |

            ```json Request
            {
              "plyTime": 1
            }
            ```
            """
        let (_, diagnostics) = generate([try #require(specPage(markdown, relativePath: "request.md"))])
        let d = try #require(diagnostics.first { $0.ruleID == "unknown-json-key" })
        #expect(d.location == DocDiagnostics.SourceLocation(file: "docs-ja/request.md", line: 11, column: 1))
        #expect(d.message.contains("'plyTime'"))
        #expect(d.notes.first?.location?.line == 3)
    }

    // MARK: errors without a number

    @Test("a fields row may name an error no error-codes table lists: it is matched by name at run time, without a code")
    func errorWithoutTable() throws {
        let markdown = """
            ```json Request
            {"a": 1, "b": 2}
            ```

            <!-- docspec:table kind=fields symbol=Request -->

            | key | type | required | values | error |
            |---|---|---|---|---|
            | `a` | `int32` | yes | `0...1` | `KnownError` |
            | `b` | `int32` | yes | `0...1` | `TooLarge` |
            """
        let pages = [
            try #require(specPage(markdown, relativePath: "request.md")),
            try #require(specPage(Self.errorCodesPage, relativePath: "errors.md")),
        ]
        let (files, diagnostics) = generate(pages)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let data = try #require(files.first { $0.name == "data/request.table1.json" }).contents
        #expect(data.contains(#"{"line":9,"key":"a","required":true,"valid":["0","1"],"invalid":["-1","2"],"error":"KnownError","code":4000001}"#))
        #expect(data.contains(#"{"line":10,"key":"b","required":true,"valid":["0","1"],"invalid":["-1","2"],"error":"TooLarge"}"#))
    }

    // MARK: extreme values

    @Test("integer ranges at the limits of Int64 generate without overflow", arguments: [
        ("`-9223372036854775808...9223372036854775807`", [String]()),
        ("`9223372036854775807...9223372036854775807`", ["9223372036854775806"]),
        ("`-9223372036854775808...-9223372036854775808`", ["-9223372036854775807"]),
        ("`-9223372036854775808...0`, `1...9223372036854775807`", []),
    ])
    func extremeRanges(values: String, invalid: [String]) throws {
        let markdown = """
            ```json Request
            {"a": 1}
            ```

            <!-- docspec:table kind=fields symbol=Request -->

            | key | type | required | values | error |
            |---|---|---|---|---|
            | `a` | `int64` | yes | \(values) | `KnownError` |
            """
        let pages = [try #require(specPage(markdown, relativePath: "request.md")), try #require(specPage(Self.errorCodesPage, relativePath: "errors.md"))]
        let (files, diagnostics) = generate(pages)
        #expect(diagnostics.isEmpty)
        let row = try #require(dataRows(files, "data/request.table1.json")?.first)
        #expect(row["invalid"] as? [String] == invalid)
        let valid = try #require(row["valid"] as? [String])
        #expect(valid.contains("-9223372036854775808") == values.hasPrefix("`-9223372036854775808"))
        #expect(valid.contains("9223372036854775807") == values.hasSuffix("9223372036854775807`"))
    }

    @Test("a wide range contributes its ends and middle; values just outside become invalid values")
    func rangeSampling() throws {
        let markdown = """
            ```json Request
            {"a": 1}
            ```

            <!-- docspec:table kind=fields symbol=Request -->

            | key | type | required | values | error |
            |---|---|---|---|---|
            | `a` | `int32` | yes | `0...1000` | `KnownError` |
            """
        let pages = [try #require(specPage(markdown, relativePath: "request.md")), try #require(specPage(Self.errorCodesPage, relativePath: "errors.md"))]
        let row = try #require(dataRows(generate(pages).files, "data/request.table1.json")?.first)
        #expect(row["valid"] as? [String] == ["0", "500", "1000"])
        #expect(row["invalid"] as? [String] == ["-1", "1001"])
    }

    // MARK: names

    static let awkwardIDs = [
        "エラー/コード", "коды-ошибок", "../../etc/passwd", "a b.c", "DocSpecSupport", "Errors", "errors",
        "with:colon*star?", "1starts-with-digit", String(repeating: "long", count: 60), "\u{202E}bidi", "-",
    ]

    func awkwardPages() throws -> [SpecPage] {
        try Self.awkwardIDs.enumerated().map { i, id in
            let markdown = """
                ---
                id: "\(id)"
                ---

                <!-- docspec:table kind=string-enum symbol=S\(i) -->

                | value | description |
                |---|---|
                | `v\(i)` | d |
                """
            return try #require(specPage(markdown, relativePath: "p\(i).md"))
        }
    }

    @Test("page ids with non-ASCII and path characters give safe, unique file names")
    func fileNames() throws {
        let (files, _) = generate(try awkwardPages())
        // A page file and a data file for its one table each.
        #expect(files.count == 2 * Self.awkwardIDs.count)
        let names = files.map(\.name)
        for name in names {
            #expect(name.range(of: #"^([A-Za-z0-9_-]{1,85}\.swift|data/[A-Za-z0-9_-]{1,85}\.table[0-9]+\.json)$"#, options: .regularExpression) != nil, "\(name)")
        }
        #expect(Set(names.map { $0.lowercased() }).count == names.count, "unique even on case-insensitive file systems: \(names)")
    }

    @Test("page ids with non-ASCII and path characters give valid, unique Swift type names")
    func typeNames() throws {
        let (files, _) = generate(try awkwardPages())
        var typeNames: [String] = []
        for f in files where !f.name.contains(".table") {
            for line in f.contents.split(separator: "\n") where line.hasPrefix("struct ") {
                let name = String(line.dropFirst("struct ".count).dropLast(" {".count))
                typeNames.append(name)
                #expect(name.range(of: #"^[A-Za-z_][A-Za-z0-9_]*$"#, options: .regularExpression) != nil, "\(name)")
            }
        }
        #expect(typeNames.count == Self.awkwardIDs.count)
        #expect(Set(typeNames).count == typeNames.count)
    }

    @Test("the same pages in any order give the same files and diagnostics")
    func deterministicOrder() throws {
        let pages = try awkwardPages()
        var rng = SplitMix64(seed: 7)
        let baseline = generate(pages)
        for _ in 0..<5 {
            let shuffled = generate(pages.shuffled(using: &rng))
            #expect(shuffled.files == baseline.files)
            #expect(shuffled.diagnostics == baseline.diagnostics)
        }
    }

    @Test("pages without symbols or spec tables produce no file")
    func nothingToGenerate() throws {
        let markdown = """
            # Just prose

            <!-- docspec:table kind=string-enum -->

            | value | description |
            |---|---|
            | `a` | b |

            ```json
            {}
            ```
            """
        let (files, diagnostics) = generate([try #require(specPage(markdown))])
        // Not even the support file: plain translated docs need no Generated/ folder.
        #expect(files.map(\.name) == [])
        #expect(diagnostics.isEmpty)
    }

    @Test("the imports option is rendered after Foundation, Testing and DocSpecTesting")
    func imports() throws {
        let page = try #require(specPage(Self.errorCodesPage, relativePath: "errors.md"))
        let file = try #require(generate([page], imports: ["ModA", "ModB"]).files.first { $0.name == "errors.swift" })
        #expect(file.contents.contains("import Foundation\nimport Testing\nimport DocSpecTesting\nimport ModA\nimport ModB\n"))
    }
}
