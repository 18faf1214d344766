import ConformanceGen
import Foundation
import Testing

/// Large tables are emitted as typed arrays of at most 50 rows: one array literal per table made
/// the type checker's memory grow faster than linearly with its rows.
@Suite("Large tables: typed row arrays of at most 50 rows")
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

    /// `static let <name>: <type> = [` declarations in order, with their element lines.
    static func arrays(in source: String) -> [(name: String, type: String, elements: [String])] {
        var out: [(name: String, type: String, elements: [String])] = []
        var current: (name: String, type: String, elements: [String])?
        for line in source.components(separatedBy: "\n") {
            if line.hasPrefix("    static let "), line.hasSuffix(" = ["), let colon = line.range(of: ": ") {
                let name = String(line[line.index(line.startIndex, offsetBy: 15)..<colon.lowerBound])
                current = (name, String(line[colon.upperBound...].dropLast(4)), [])
            } else if line == "    ]", let c = current {
                out.append(c)
                current = nil
            } else if current != nil {
                current?.elements.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        return out
    }

    /// The integers of `label: N` (or of `(value, N)` tuples when `label` is nil) in order.
    static func lines(_ elements: [String], label: String?) -> [Int] {
        elements.compactMap { e in
            if let label {
                guard let r = e.range(of: "\(label): ") else { return nil }
                return Int(e[r.upperBound...].prefix { $0.isNumber })
            }
            return e.split(separator: ", ").last.flatMap { Int($0.prefix { $0.isNumber }) }
        }
    }

    @Test("rows and documented values are split into typed arrays of 50, joined in the table's order with every row's line")
    func chunks() throws {
        let spec = try #require(specPage(Self.page, relativePath: "big.md"))
        #expect(spec.tables.first?.rows.count == Self.rowCount)
        let file = try #require(generate([spec], imports: []).files.first { $0.name == "big.swift" }).contents
        let arrays = Self.arrays(in: file)
        let expectedLines = Array(Self.firstRowLine..<(Self.firstRowLine + Self.rowCount))

        let rows = arrays.filter { $0.name.hasPrefix("rows1_") }
        #expect(rows.map(\.name) == (0..<6).map { "rows1_\($0)" })
        #expect(rows.allSatisfy { $0.type == "[DocSpecIntEnumRow]" })
        #expect(rows.map(\.elements.count) == [50, 50, 50, 50, 50, 10])
        #expect(Self.lines(rows.flatMap(\.elements), label: "line") == expectedLines)
        #expect(Self.lines(rows.flatMap(\.elements), label: "value") == (0..<Self.rowCount).map { $0 * 3 })
        let references = (0..<6).map { "        Self.rows1_\($0),\n" }.joined()
        #expect(file.contains("    @Test(\"docs-ja/big.md:5 int-enum Big\", arguments: Array([\n\(references)    ].joined()))\n"))

        let documented = arrays.filter { $0.name.hasPrefix("documented1_") }
        #expect(documented.map(\.name) == (0..<6).map { "documented1_\($0)" })
        #expect(documented.allSatisfy { $0.type == "[(Int64, Int)]" })
        #expect(documented.map(\.elements.count) == [50, 50, 50, 50, 50, 10])
        #expect(Self.lines(documented.flatMap(\.elements), label: nil) == expectedLines)
        let documentedReferences = (0..<6).map { "            Self.documented1_\($0),\n" }.joined()
        #expect(file.contains("documented: Array([\n\(documentedReferences)        ].joined()))\n"))
    }

    @Test("a table of 50 rows or fewer is one typed array, passed as it is")
    func smallTable() throws {
        let spec = try #require(specPage(
            "# 表\n\n<!-- docspec:table kind=string-enum symbol=Small -->\n\n| 値 | 説明 |\n|---|---|\n| `A` | a |\n| `B` | b |\n",
            relativePath: "small.md"))
        let file = try #require(generate([spec], imports: []).files.first { $0.name == "small.swift" }).contents
        #expect(Self.arrays(in: file).map(\.name) == ["rows1_0"])
        #expect(file.contains("    static let rows1_0: [DocSpecStringEnumRow] = [\n"))
        #expect(file.contains("arguments: Self.rows1_0)\n"))
    }

    @Test("the generated file of a large complete table type-checks against a matching enum")
    func largeTableTypeChecks() throws {
        let swiftc = try #require(LiteralCompileTests.swiftc(), "swiftc not found on PATH")
        let spec = try #require(specPage(Self.page, relativePath: "big.md"))
        let folder = try TempFolder()
        var paths: [String] = []
        for f in generate([spec], imports: []).files {
            try folder.write(f.name, f.contents)
            paths.append(folder.url.appendingPathComponent(f.name).path)
        }
        let cases = (0..<Self.rowCount).map { "    case v\($0 * 3) = \($0 * 3)" }.joined(separator: "\n")
        try folder.write("Stub.swift", "enum Big: Int, CaseIterable {\n\(cases)\n}\n")
        let result = try LiteralCompileTests.run(
            swiftc, ["-typecheck", "-swift-version", "6", "-parse-as-library", folder.url.appendingPathComponent("Stub.swift").path] + paths)
        #expect(result.status == 0, "generated code does not type-check:\n\(result.output.prefix(4000))")
    }
}
