import ConformanceGen
import DocDiagnostics
import Foundation
import SpecModel
import Testing

/// Generation with the symbol check (`generate --symbols`): a table whose code would not compile
/// becomes a test that fails at the finding's doc line; every other table and page is generated
/// exactly as without the check.
@Suite("Symbol check: one broken table does not stop the other pages' tests")
struct SymbolIsolationTests {
    static let cornersPage = """
        # 角

        <!-- docspec:table kind=int-enum symbol=Corner -->

        | 値 | ケース |
        |---|---|
        | `3` | `triangle` |

        <!-- docspec:table kind=error-codes symbol=ShapeError -->

        | エラー名 | 説明 |
        |---|---|
        | `TooSmall` | 小さい |

        """

    static func pages(corners: String = cornersPage, observer: String = SymbolCheckTests.delegatePage) throws -> [SpecPage] {
        [try #require(specPage(corners, relativePath: "corners.md")), try #require(specPage(observer, relativePath: "observer.md"))]
    }

    static func generate(_ pages: [SpecPage], symbols: LibrarySymbols?) -> (files: [GeneratedFile], diagnostics: [Diagnostic]) {
        ConformanceTranslator(options: GeneratorOptions(imports: ["Shapes"])).generate(pages, symbols: symbols)
    }

    /// The stub that stands in for the typo's table, as rendered.
    static let typoStub = """
            @Test("docs-ja/corners.md:5 int-enum Corner: not generated (symbol check)")
            func table1_notGenerated() {
        #sourceLocation(file: "docs-ja/corners.md", line: 3)
                DocSpecRef(file: "docs-ja/corners.md", line: 3).fail("symbol=Corner names no type of the library; did you mean 'Corners'? [unknown-symbol]; the table's tests are not generated until docspec check --symbols is clean")
        #sourceLocation()
            }

        """

    @Test("a symbol= typo: its table is a failing test at the directive's line; the page's other table and the other page are unchanged")
    func typoIsolated() throws {
        let pages = try Self.pages()
        let plain = Self.generate(pages, symbols: nil)
        let checked = Self.generate(pages, symbols: try SymbolCheckTests.library())
        #expect(checked.diagnostics.map(\.ruleID) == ["unknown-symbol"])
        #expect(checked.diagnostics.first?.location == DocDiagnostics.SourceLocation(file: "docs-ja/corners.md", line: 3, column: 1))
        // The other page's files, and the other table's data, exactly as without the check.
        let others = { (files: [GeneratedFile]) in files.filter { $0.name != "corners.swift" && $0.name != "data/corners.table1.json" } }
        #expect(others(checked.files) == others(plain.files))
        #expect(checked.files.map(\.name) == ["corners.swift", "data/corners.table2.json", "observer.swift"])
        let page = try #require(checked.files.first { $0.name == "corners.swift" }).contents
        #expect(page.contains(Self.typoStub), "\(page)")
        // Nothing of the broken table is left that names the missing type.
        #expect(!page.contains("Corner.self") && !page.contains("corners.table1.json"))
        #expect(page.contains(".errorCodes(\"docs-ja/corners.md:11 error-codes ShapeError\", \"data/corners.table2.json\", ShapeError.self)"))
        // Without the check the typo's table is generated (and would not compile).
        #expect(try #require(plain.files.first { $0.name == "corners.swift" }).contents.contains("Corner.self"))
    }

    @Test("a renamed delegate method: no conformance class; each finding fails at its own doc line")
    func delegateIsolated() throws {
        let observer = SymbolCheckTests.delegatePage.replacingOccurrences(of: "`shape(_:didResize:)`", with: "`shape(_:didScale:)`")
        let pages = try Self.pages(corners: Self.cornersPage.replacingOccurrences(of: "symbol=Corner ", with: "symbol=Corners "), observer: observer)
        let plain = Self.generate(pages, symbols: nil)
        let checked = Self.generate(pages, symbols: try SymbolCheckTests.library())
        #expect(checked.diagnostics.map(\.ruleID) == ["missing-member", "undocumented-member"])
        #expect(checked.files.filter { $0.name != "observer.swift" } == plain.files.filter { $0.name != "observer.swift" })
        let page = try #require(checked.files.first { $0.name == "observer.swift" }).contents
        #expect(!page.contains("final class") && !page.contains("conformance"))
        #expect(page.contains("func table1_notGenerated() {"))
        #expect(page.contains(#"DocSpecRef(file: "docs-ja/observer.md", line: 7).fail("ShapeObserver has no method 'shape(_:didScale:)'; the library has 'shape(_:didResize:)' [missing-member]; "#))
        #expect(page.contains(#"DocSpecRef(file: "docs-ja/observer.md", line: 3).fail("ShapeObserver requires 'shape(_:didResize:)', which this table (marked complete) does not list [undocumented-member]; "#))
    }

    @Test("a fields table and its json sample naming a type the library lacks: both are failing tests, nothing names the type")
    func typedSampleIsolated() throws {
        let request = """
            # 要求

            <!-- docspec:table kind=fields symbol=Sise -->

            | key | type | required | values | error |
            |---|---|---|---|---|
            | `width` | `int32` | yes | `0...9` | `TooSmall` |

            ```json Sise
            {"width": 3}
            ```

            """
        let pages = try Self.pages(corners: Self.cornersPage.replacingOccurrences(of: "symbol=Corner ", with: "symbol=Corners ")) + [
            try #require(specPage(request, relativePath: "request.md"))
        ]
        let plain = Self.generate(pages, symbols: nil)
        let checked = Self.generate(pages, symbols: try SymbolCheckTests.library())
        #expect(checked.diagnostics.map(\.ruleID) == ["unknown-symbol", "unknown-symbol"])
        #expect(checked.diagnostics.map(\.message) == [
            "symbol=Sise names no type of the library", "the ```json Sise sample names no type of the library",
        ])
        #expect(checked.diagnostics.map { $0.location?.line } == [3, 9])
        let page = try #require(checked.files.first { $0.name == "request.swift" }).contents
        #expect(!page.contains("Sise.self") && !page.contains("Sise.validate"), "\(page)")
        #expect(page.contains("@Test(\"docs-ja/request.md:5 fields Sise: not generated (symbol check)\")"), "\(page)")
        #expect(page.contains("@Test(\"docs-ja/request.md:10 json Sise sample: not generated (symbol check)\")"), "\(page)")
        #expect(page.contains("DocSpecRef(file: \"docs-ja/request.md\", line: 9).fail(\"the ```json Sise sample names no type of the library [unknown-symbol]; the sample's test is not generated until docspec check --symbols is clean\")"), "\(page)")
        // Without the check the sample's decode test names the type, as before.
        #expect(try #require(plain.files.first { $0.name == "request.swift" }).contents.contains("Sise.self"))
        // The other pages, exactly as without the check.
        let others = { (files: [GeneratedFile]) in files.filter { !$0.name.hasPrefix("request") && !$0.name.hasPrefix("data/request") } }
        #expect(others(checked.files) == others(plain.files))
    }

    @Test("findings that fail only at run time generate the table as usual")
    func runTimeFindingsGenerate() throws {
        let corners = Self.cornersPage.replacingOccurrences(of: "symbol=Corner ", with: "symbol=Corners ")
            .replacingOccurrences(of: "`triangle`", with: "`trigon`")
        let pages = try Self.pages(corners: corners)
        let checked = Self.generate(pages, symbols: try SymbolCheckTests.library())
        #expect(checked.diagnostics.map(\.ruleID) == ["missing-member"])
        #expect(checked.files == Self.generate(pages, symbols: nil).files)
    }
}
