import ConformanceGen
import Foundation
import Testing

/// A table's rows are data: one generated file per table holding one JSON text in a raw string
/// literal, decoded by `DocSpecTable.load` at run time. The page's file holds no row.
@Suite("Large tables: rows as data")
struct LargeTableTests {
    static let rowCount = 260

    /// A `complete` int-enum table of `rowCount` rows; row i documents value i * 3.
    static var page: String {
        var page = "# 大きな表\n\n<!-- docspec:table kind=int-enum symbol=Big complete -->\n\n| 値 | ケース | 説明 |\n|---|---|---|\n"
        for i in 0..<rowCount { page += "| `\(i * 3)` | `v\(i * 3)` | 説明 |\n" }
        return page
    }

    /// The first markdown line of a row: the heading, a blank line, the directive, a blank line,
    /// the header and the delimiter row come first.
    static let firstRowLine = 7

    /// The JSON text between the data file's raw string delimiters.
    @Test("every row is in the table's data file with its line, in order; the page file names no row")
    func rowsAsData() throws {
        let spec = try #require(specPage(Self.page, relativePath: "big.md"))
        #expect(spec.tables.first?.rows.count == Self.rowCount)
        let files = generate([spec], imports: []).files
        #expect(files.map(\.name) == ["big.swift", "data/big.table1.json"].sorted())
        let page = try #require(files.first { $0.name == "big.swift" }).contents
        let data = try #require(files.first { $0.name == "data/big.table1.json" }).contents
        #expect(data.hasPrefix(GenerationCheck.jsonMarker))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        #expect(object["file"] as? String == "docs-ja/big.md")
        #expect(object["line"] as? Int == 5)
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.compactMap { $0["line"] as? Int } == Array(Self.firstRowLine..<(Self.firstRowLine + Self.rowCount)))
        #expect(rows.compactMap { $0["value"] as? Int } == (0..<Self.rowCount).map { $0 * 3 })
        #expect(rows.compactMap { $0["case"] as? String } == (0..<Self.rowCount).map { "v\($0 * 3)" })
        // The page names the table's data file and type once; one test runs the page's checks.
        #expect(page.contains(#"    static let table1: DocSpecTableCheck = .intEnum("docs-ja/big.md:5 int-enum "#))
        #expect(page.contains(#", "data/big.table1.json", "#))
        #expect(page.contains("arguments: Self.checks)\n"))
        #expect(!page.contains("v3"), "no row in the page file")
    }

    @Test("changing one row changes only the table's data file")
    func oneRowChanged() throws {
        let spec = try #require(specPage(Self.page, relativePath: "big.md"))
        let changed = try #require(specPage(Self.page.replacingOccurrences(of: "| `v30` |", with: "| `v30x` |"), relativePath: "big.md"))
        let before = generate([spec], imports: []).files
        let after = generate([changed], imports: []).files
        #expect(zip(before, after).filter { $0.0 != $0.1 }.map(\.0.name) == ["data/big.table1.json"])
    }

    @Test("the generated files of a large complete table type-check against a matching enum")
    func largeTableTypeChecks() throws {
        let swiftc = try #require(LiteralCompileTests.swiftc(), "swiftc not found on PATH")
        let modules = docSpecTestingModuleArguments()
        try #require(!modules.isEmpty, "the built DocSpecTesting module was not found")
        let spec = try #require(specPage(Self.page, relativePath: "big.md"))
        let folder = try TempFolder()
        var paths: [String] = []
        for f in generate([spec], imports: []).files where f.name.hasSuffix(".swift") {
            try folder.write(f.name, f.contents)
            paths.append(folder.url.appendingPathComponent(f.name).path)
        }
        let cases = (0..<Self.rowCount).map { "    case v\($0 * 3) = \($0 * 3)" }.joined(separator: "\n")
        try folder.write("Stub.swift", "enum Big: Int, CaseIterable {\n\(cases)\n}\n")
        let result = try LiteralCompileTests.run(
            swiftc, ["-typecheck", "-swift-version", "6", "-parse-as-library"] + modules + [folder.url.appendingPathComponent("Stub.swift").path] + paths)
        #expect(result.status == 0, "generated code does not type-check:\n\(result.output.prefix(4000))")
    }
}
