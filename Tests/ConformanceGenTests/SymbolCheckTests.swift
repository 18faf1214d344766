import ConformanceGen
import DocDiagnostics
import Foundation
import SpecModel
import Testing

/// `docspec check --symbols`: the docs against a symbol graph, before any build.
@Suite("Symbol check: divergence found before compiling")
struct SymbolCheckTests {
    /// A symbol graph as `swift package dump-symbol-graph` writes it (the fields the check reads).
    static func graph(_ symbols: [(kind: String, path: [String], parameters: [String])]) throws -> SymbolGraph {
        let list: [[String: Any]] = symbols.enumerated().map { i, s in
            var symbol: [String: Any] = [
                "kind": ["identifier": s.kind, "displayName": s.kind], "identifier": ["precise": "s:\(i)", "interfaceLanguage": "swift"],
                "pathComponents": s.path, "names": ["title": s.path.joined(separator: ".")], "accessLevel": "public",
            ]
            if !s.parameters.isEmpty {
                symbol["functionSignature"] = ["parameters": s.parameters.map { type in
                    ["name": "p", "declarationFragments": [
                        ["kind": "identifier", "spelling": "p"], ["kind": "text", "spelling": ": "], ["kind": "typeIdentifier", "spelling": type],
                    ]]
                }]
            }
            return symbol
        }
        let data = try JSONSerialization.data(withJSONObject: ["metadata": [:], "module": ["name": "Shapes"], "symbols": list, "relationships": []])
        return try JSONDecoder().decode(SymbolGraph.self, from: data)
    }

    static func library() throws -> LibrarySymbols {
        LibrarySymbols([try graph([
            ("swift.enum", ["Corners"], []), ("swift.enum.case", ["Corners", "triangle"], []), ("swift.enum.case", ["Corners", "square"], []),
            ("swift.enum", ["ShapeError"], []), ("swift.enum.case", ["ShapeError", "tooSmall"], []),
            ("swift.enum.case", ["ShapeError", "tooLarge"], []),
            ("swift.protocol", ["ShapeObserver"], []),
            ("swift.method", ["ShapeObserver", "shape(_:didResize:)"], ["Shape", "Int"]),
            ("swift.method", ["ShapeObserver", "shapeDidVanish(_:)"], ["Shape"]),
        ])])
    }

    @Test("a symbol= typo is reported at the directive's line with the near miss")
    func typo() throws {
        let page = try #require(specPage("# 角\n\n<!-- docspec:table kind=int-enum symbol=Corner -->\n\n| 値 | ケース |\n|---|---|\n| `3` | `triangle` |\n", relativePath: "corners.md"))
        let d = SymbolCheck.check([page], try Self.library())
        #expect(d.map(\.ruleID) == ["unknown-symbol"])
        #expect(d.first?.location == DocDiagnostics.SourceLocation(file: "docs-ja/corners.md", line: 3, column: 1))
        #expect(d.first?.message == "symbol=Corner names no type of the library; did you mean 'Corners'?")
    }

    @Test("a symbol= qualified by its module (Shapes.Corners, as Swift resolves it) names the type; another module's name does not")
    func moduleQualified() throws {
        let table = "<!-- docspec:table kind=int-enum symbol=%@ complete -->\n\n| 値 | ケース |\n|---|---|\n| `3` | `triangle` |\n| `4` | `square` |\n"
        let page = try #require(specPage("# 角\n\n" + table.replacingOccurrences(of: "%@", with: "Shapes.Corners"), relativePath: "corners.md"))
        #expect(SymbolCheck.check([page], try Self.library()).isEmpty)
        let other = try #require(specPage("# 角\n\n" + table.replacingOccurrences(of: "%@", with: "Other.Corners"), relativePath: "corners.md"))
        #expect(SymbolCheck.check([other], try Self.library()).map(\.ruleID) == ["unknown-symbol"])
        let typo = try #require(specPage("# 角\n\n" + table.replacingOccurrences(of: "%@", with: "Shapes.Corner"), relativePath: "corners.md"))
        #expect(SymbolCheck.check([typo], try Self.library()).map(\.message) == ["symbol=Shapes.Corner names no type of the library; did you mean 'Shapes.Corners'?"])
    }

    @Test("a protocol as an int-enum's symbol, an enum as a delegate-parameters': at the directive, breaking the build")
    func wrongSort() throws {
        let intEnum = try #require(specPage(
            "# 角\n\n<!-- docspec:table kind=int-enum symbol=ShapeObserver -->\n\n| 値 | ケース |\n|---|---|\n| `3` | `triangle` |\n", relativePath: "corners.md"))
        let delegate = try #require(specPage(Self.delegatePage.replacingOccurrences(of: "symbol=ShapeObserver", with: "symbol=Corners"), relativePath: "observer.md"))
        let found = SymbolCheck.findings([intEnum, delegate], try Self.library())
        #expect(found.map(\.diagnostic.message) == [
            "symbol=ShapeObserver names a protocol of the library; a table of kind int-enum needs the enum, struct or class it tests, not a protocol",
            "symbol=Corners names an enum of the library; a table of kind delegate-parameters needs a protocol",
        ])
        #expect(found.map(\.diagnostic.ruleID) == ["unknown-symbol", "unknown-symbol"] && found.allSatisfy(\.breaksBuild))
        #expect(found.map { $0.diagnostic.location?.line } == [3, 3])
    }

    @Test("a typealias of a library type is checked as that type; an alias of a type the graphs lack is not checked")
    func typealiases() throws {
        func alias(_ name: String, _ target: [[String: String]]) -> [String: Any] {
            [
                "kind": ["identifier": "swift.typealias", "displayName": "Type Alias"], "identifier": ["precise": "s:alias\(name)", "interfaceLanguage": "swift"],
                "pathComponents": [name], "names": ["title": name],
                "declarationFragments": [["kind": "keyword", "spelling": "typealias"], ["kind": "text", "spelling": " "], ["kind": "identifier", "spelling": name], ["kind": "text", "spelling": " = "]] + target,
            ]
        }
        func type(_ kind: String, _ path: [String], _ id: String) -> [String: Any] {
            ["kind": ["identifier": kind, "displayName": ""], "identifier": ["precise": id, "interfaceLanguage": "swift"], "pathComponents": path, "names": ["title": path.last ?? ""]]
        }
        let symbols: [[String: Any]] = [
            type("swift.enum", ["Corners"], "s:C"), type("swift.enum.case", ["Corners", "triangle"], "s:Ct"),
            type("swift.enum", ["Outer"], "s:O"), type("swift.enum", ["Outer", "Inner"], "s:OI"), type("swift.enum.case", ["Outer", "Inner", "a"], "s:OIa"),
            alias("Sides", [["kind": "typeIdentifier", "spelling": "Corners", "preciseIdentifier": "s:C"]]),
            alias("Nested", [
                ["kind": "typeIdentifier", "spelling": "Outer", "preciseIdentifier": "s:O"], ["kind": "text", "spelling": "."],
                ["kind": "typeIdentifier", "spelling": "Inner", "preciseIdentifier": "s:OI"],
            ]),
            alias("Number", [["kind": "typeIdentifier", "spelling": "Int", "preciseIdentifier": "s:Si"]]),
        ]
        let data = try JSONSerialization.data(withJSONObject: ["metadata": [:], "module": ["name": "Shapes"], "symbols": symbols, "relationships": []])
        let library = LibrarySymbols([try JSONDecoder().decode(SymbolGraph.self, from: data)])
        #expect(library.typeName("Sides") == "Corners" && library.typeName("Shapes.Nested") == "Outer.Inner" && library.typeName("Number") == "Number")
        func check(_ symbol: String, _ rows: String) throws -> [String] {
            let page = try #require(specPage(
                "# 角\n\n<!-- docspec:table kind=int-enum symbol=\(symbol) complete -->\n\n| 値 | ケース |\n|---|---|\n" + rows, relativePath: "corners.md"))
            return SymbolCheck.check([page], library).map(\.message)
        }
        #expect(try check("Sides", "| `3` | `triangle` |\n").isEmpty)
        #expect(try check("Sides", "| `3` | `trigon` |\n") == ["Corners has no case 'trigon'", "Corners has the case 'triangle', which this table (marked complete) does not list"])
        #expect(try check("Nested", "| `1` | `a` |\n").isEmpty)
        #expect(try check("Number", "| `1` | `a` |\n").isEmpty)
    }

    @Test("a documented case the library lacks is reported at its row; complete reports the library's extra case at the directive")
    func cases() throws {
        let page = try #require(specPage(
            "# 角\n\n<!-- docspec:table kind=int-enum symbol=Corners complete -->\n\n| 値 | ケース |\n|---|---|\n| `3` | `trigon` |\n",
            relativePath: "corners.md"))
        let d = SymbolCheck.check([page], try Self.library())
        #expect(d.map(\.ruleID) == ["missing-member", "undocumented-member", "undocumented-member"])
        #expect(d.map { $0.location?.line } == [7, 3, 3])
        #expect(d[0].message == "Corners has no case 'trigon'")
        #expect(d[1].message.contains("'triangle'") && d[2].message.contains("'square'"))
    }

    @Test("plain errors without numbers are matched by name in any usual spelling")
    func errorNames() throws {
        let page = try #require(specPage(
            "# E\n\n<!-- docspec:table kind=error-codes symbol=ShapeError complete -->\n\n| エラー名 | 説明 |\n|---|---|\n| `TooSmallError` | 小さい |\n| `TooLarge` | 大きい |\n",
            relativePath: "errors.md"))
        #expect(SymbolCheck.check([page], try Self.library()).isEmpty)
    }

    static let delegatePage = """
        # O

        <!-- docspec:table kind=delegate-parameters symbol=ShapeObserver complete -->

        | メソッド | パラメータの型 | 説明 |
        |---|---|---|
        | `shape(_:didResize:)` | `Shape`, `Int` | 大きさ |
        | `shapeDidVanish(_:)` | `Shape` | 消えた |
        """

    @Test("a renamed delegate parameter label is reported at its row, naming the library's method")
    func renamedLabel() throws {
        let page = try #require(specPage(Self.delegatePage.replacingOccurrences(of: "`shape(_:didResize:)`", with: "`shape(_:didScale:)`"), relativePath: "o.md"))
        let d = SymbolCheck.check([page], try Self.library())
        #expect(d.map(\.ruleID) == ["missing-member", "undocumented-member"])
        #expect(d[0].location?.line == 7)
        #expect(d[0].message == "ShapeObserver has no method 'shape(_:didScale:)'; the library has 'shape(_:didResize:)'")
        #expect(d[1].location?.line == 3)
    }

    @Test("a parameter type that differs is reported at the row's parameters cell")
    func retyped() throws {
        let page = try #require(specPage(Self.delegatePage.replacingOccurrences(of: "`Shape`, `Int`", with: "`Shape`, `Double`"), relativePath: "o.md"))
        let d = SymbolCheck.check([page], try Self.library())
        #expect(d.map(\.ruleID) == ["member-signature"])
        #expect(d.first?.location?.line == 7)
        #expect(d.first?.message == "the parameters of ShapeObserver.shape(_:didResize:) are (Shape, Int) in the library, the docs say (Shape, Double)")
        #expect(SymbolCheck.check([try #require(specPage(Self.delegatePage, relativePath: "o.md"))], try Self.library()).isEmpty)
    }

    @Test("a fields error that no table lists and the library does not have is unknown-error-name at its cell")
    func unknownErrorName() throws {
        let page = try #require(specPage("""
            ```json Corners
            {"size": 1}
            ```

            <!-- docspec:table kind=fields symbol=Corners -->

            | key | type | required | values | error |
            |---|---|---|---|---|
            | `size` | `int32` | yes | `1...9` | `TooSmall` |
            | `corners` | `int32` | yes | `3...4` | `TooBent` |
            """, relativePath: "shape.md"))
        let d = SymbolCheck.check([page], try Self.library())
        #expect(d.map(\.ruleID) == ["unknown-error-name"])
        #expect(d.first?.location?.line == 10)
    }
}
