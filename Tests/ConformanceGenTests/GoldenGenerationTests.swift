import ConformanceGen
import DocSpecTestSupport
import Foundation
import SpecModel
import Testing

/// Fixture doc set (`Golden/Input/docs-ja`, two pages covering every table kind) → generated
/// files, compared with `Golden/Generated/<file>.golden`.
@Suite("Golden: generated conformance tests")
struct GoldenGenerationTests {
    @Test("the fixture covers every table kind and a json sample")
    func fixtureCoversEveryKind() throws {
        let pages = try fixturePages()
        let kinds = Set(pages.flatMap(\.tables).map(\.kind))
        #expect(kinds == Set(TableKind.allCases))
        #expect(pages.flatMap(\.tables).contains { $0.kind == .errorCodes && $0.complete })
        #expect(pages.flatMap(\.codeSamples).contains { $0.language == "json" && $0.symbol == "FixtureRequest" })
    }

    /// One file per page, and one data file per table with rows (the delegate table has none:
    /// it is compile-time only). No support file: the checks live in DocSpecTesting.
    static let fileNames = [
        "data/errors.table1.json", "data/errors.table2.json", "data/request.table1.json", "data/request.table2.json",
        "data/request.table3.json", "data/request.table4.json", "errors.swift", "request.swift",
    ]

    @Test("generation reports no diagnostics and writes one file per page and one data file per table")
    func fileList() throws {
        let (files, diagnostics) = generate(try fixturePages())
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(files.map(\.name) == Self.fileNames)
    }

    @Test("each generated file matches its golden file", arguments: GoldenGenerationTests.fileNames)
    func matchesGolden(_ name: String) throws {
        let (files, _) = generate(try fixturePages())
        let file = try #require(files.first { $0.name == name })
        GoldenFile.assertMatches(file.contents, golden: "Generated/\(name).golden")
    }

    @Test("no golden file is left over from a page that no longer generates one")
    func noStaleGoldens() throws {
        let (files, _) = generate(try fixturePages())
        let folder = try #require(GoldenFile.bundleFolder).appendingPathComponent("Generated")
        let fm = FileManager.default
        let data = try fm.contentsOfDirectory(atPath: folder.appendingPathComponent("data").path).map { "data/" + $0 }
        let goldens = (try fm.contentsOfDirectory(atPath: folder.path).filter { $0 != "data" } + data).sorted()
        if !GoldenFile.isRecording {
            #expect(goldens == files.map { "\($0.name).golden" }.sorted())
        }
    }

    @Test("output does not depend on the host: no absolute paths, dates or temp folders")
    func hostIndependent() throws {
        let (files, _) = generate(try fixturePages())
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let bundle = try #require(GoldenFile.bundleFolder).path
        for f in files {
            #expect(!f.contents.contains(bundle), "\(f.name)")
            #expect(!f.contents.contains(home + "/"), "\(f.name)")
            #expect(!f.contents.contains("/tmp/"), "\(f.name)")
            #expect(f.contents.range(of: #"20\d\d-\d\d-\d\d"#, options: .regularExpression) == nil, "\(f.name)")
        }
    }

    @Test("generating twice, or from pages in another order, gives identical files")
    func deterministic() throws {
        let pages = try fixturePages()
        let first = generate(pages)
        let second = generate(pages)
        let reversed = generate(pages.reversed())
        #expect(first.files == second.files)
        #expect(first.files == reversed.files)
        #expect(first.diagnostics == reversed.diagnostics)
    }

    @Test("each row reports at its markdown line")
    func rowLines() throws {
        let (files, _) = generate(try fixturePages())
        let errors = try #require(files.first { $0.name == "data/errors.table1.json" }).contents
        let endpoint = try #require(files.first { $0.name == "data/errors.table2.json" }).contents
        // `InvalidPlayTimeError` is on line 16 of errors.md, the Sandbox endpoint row on line 29;
        // each data file names the page once, for all its rows.
        #expect(errors.contains("\n" + #""file":"docs-ja/errors.md","line":14,"rows":["#))
        #expect(errors.contains(#"{"line":16,"name":"InvalidPlayTimeError","code":4000040,"status":400,"retryable":"no"}"#))
        #expect(endpoint.contains(#"{"line":29,"environment":"Sandbox","#))
    }

    @Test("an error documented with — for its number is known by name; its field test checks the name")
    func unnumberedError() throws {
        let (files, diagnostics) = generate(try fixturePages())
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let request = try #require(files.first { $0.name == "data/request.table1.json" }).contents
        #expect(request.contains(#""error":"PercentageOutOfRangeError"}"#))
        let errors = try #require(files.first { $0.name == "data/errors.table1.json" }).contents
        #expect(!errors.contains("PercentageOutOfRangeError"), "no code test for an unpublished number")
    }

    @Test("a json-object table checks each key against the library's exampleJSONObject()")
    func jsonObjectRows() throws {
        let (files, _) = generate(try fixturePages())
        let request = try #require(files.first { $0.name == "request.swift" }).contents
        let data = try #require(files.first { $0.name == "data/request.table4.json" }).contents
        #expect(data.contains(#"{"line":57,"key":"alg","type":"string","value":"\"ES256\""}"#))
        #expect(data.contains(#"{"line":58,"key":"exp","type":"integer"}"#))
        #expect(request.contains("try FixtureToken.Header.exampleJSONObject()"))
        #expect(request.contains("DocSpecCheck.completeKeys("))
    }

    @Test("field tests take the error code from the error-codes table of another page")
    func crossPageErrorCodes() throws {
        let (files, _) = generate(try fixturePages())
        let request = try #require(files.first { $0.name == "data/request.table1.json" }).contents
        #expect(request.contains(#""error":"InvalidPlayTimeError","code":4000040}"#))
        #expect(request.contains(#""invalid":[],"error":"\u2014"}"#), "— (escaped: data files are ASCII), no code, no invalid values")
    }
}

@Suite("Golden helper: line diff")
struct LineDiffTests {
    @Test("a changed line shows as - and + with context and a hunk header")
    func unifiedDiff() {
        let expected = "a\nb\nc\nd\ne\nf\ng\nh\n"
        let actual = "a\nb\nc\nD\ne\nf\ng\nh\nnew\n"
        let diff = LineDiff.unified(expected: expected, actual: actual)
        #expect(diff == """
            --- expected
            +++ actual
            @@ -1,8 +1,9 @@
             a
             b
             c
            -d
            +D
             e
             f
             g
             h
            +new

            """)
    }

    @Test("a golden mismatch fails with the diff in the message", .disabled(if: GoldenFile.isRecording, "would overwrite the golden file"))
    func mismatchShowsDiff() throws {
        let (files, _) = generate(try fixturePages())
        let errors = try #require(files.first { $0.name == "data/errors.table1.json" }).contents
        let edited = errors.replacingOccurrences(of: #""code":4000040"#, with: #""code":4000004"#)
        // The comparison itself (what assertMatches records as the issue), checked directly so
        // the suite's run stays free of known issues.
        let name = "Generated/data/errors.table1.json.golden"
        let text = try #require(GoldenCheck.check(
            edited, bundled: GoldenFile.bundleFolder?.appendingPathComponent(name),
            source: GoldenFile.sourceFolder().appendingPathComponent(name), displayName: "Golden/\(name)"))
        #expect(text.contains(#"-{"line":16,"name":"InvalidPlayTimeError","code":4000040"#))
        #expect(text.contains(#"+{"line":16,"name":"InvalidPlayTimeError","code":4000004"#))
        #expect(text.contains("@@ -"))
        #expect(text.hasPrefix("output differs from golden file Golden/Generated/data/errors.table1.json.golden"))
    }

    @Test("equal texts have no hunks; line-ending-only changes are explained")
    func noDifference() {
        #expect(LineDiff.ops(["x"], ["x"]) == [.same("x")])
        #expect(LineDiff.unified(expected: "a\n", actual: "a\r\n").contains("-a"))
    }
}
