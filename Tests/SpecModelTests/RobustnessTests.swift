import DocDiagnostics
import MarkdownSyntax
import Testing

@testable import SpecModel

@Suite("Extraction stays readable on bad input")
struct RobustnessTests {
    @Test("invalid cells: at most three per column, then one summary at the header")
    func invalidCellsAreCapped() throws {
        var page = "<!-- docspec:table kind=int-enum symbol=P -->\n\n| 値 | ケース |\n|---|---|\n"
        for i in 0..<7 { page += "| `x\(i)` | `case\(i)` |\n" }
        let x = try extract(page)
        let invalid = x.diagnostics("invalid-cell")
        #expect(invalid.count == 4)
        #expect(invalid.last?.message.contains("4 more invalid cells") == true)
        #expect(invalid.last?.location?.line == 3)
        #expect(x.table?.invalidCellCount == 7)
    }

    @Test("a Swift keyword as symbol is invalid-symbol", arguments: ["class", "Self", "_", "A.Type", "self"])
    func keywordSymbol(symbol: String) throws {
        let x = try extract("<!-- docspec:table kind=string-enum symbol=\(symbol) -->\n\n| 値 | 説明 |\n|---|---|\n| `A` | a |\n")
        #expect(x.rules == ["invalid-symbol"])
        #expect(x.page.tables.isEmpty)
        #expect(x.page.failedTables.map(\.id) == ["string-enum:\(symbol)"])
    }

    @Test("front matter id that is not a non-empty string is an error at the id line; the path is used", arguments: ["[1, 2]", "{a: 1}", "\"\"", "", "~", "null"])
    func badID(value: String) throws {
        let x = try extract("---\ntitle: t\nid: \(value)\n---\n# T\n", relativePath: "dir/page.md")
        #expect(x.rules == ["front-matter"])
        #expect(x.diagnostics.first?.location?.line == 3)
        #expect(x.page.id == "dir/page")
    }

    @Test("info strings: mdBook and VitePress attributes are split from the language", arguments: [
        ("rust,ignore,does_not_compile", "rust", ["ignore", "does_not_compile"]),
        ("js{3-10}", "js", ["{3-10}"]),
        ("ts:line-numbers {1}", "ts", ["line-numbers", "{1}"]),
        ("{.swift}", "swift", []),
        ("json ConsumptionRequestV1", "json", ["ConsumptionRequestV1"]),
    ])
    func infoStrings(info: String, language: String, attributes: [String]) throws {
        let x = try extract("```\(info)\ncode\n```\n")
        let sample = try #require(x.page.codeSamples.first)
        #expect(sample.language == language)
        #expect(sample.attributes == attributes)
    }

    @Test("a directive at the end of a list item does not reach a table in the next item")
    func directiveStaysInItsItem() throws {
        let x = try extract("- <!-- docspec:table kind=string-enum symbol=S -->\n\n- | 値 | 説明 |\n  |---|---|\n  | `A` | a |\n")
        #expect(x.rules == ["orphan-directive"])
        #expect(x.page.tables.isEmpty)
    }
}

@Suite("Directive and info-string edge cases")
struct DirectiveEdgeTests {
    @Test("complete takes no value; it applies only to enum and error-code tables", arguments: [
        ("kind=string-enum symbol=S complete=no", "'complete' is a flag and takes no value"),
        ("kind=fields symbol=S complete", "'complete' applies to error-codes, string-enum, int-enum, json-object and delegate-parameters tables, not fields"),
    ])
    func completeFlag(attributes: String, message: String) throws {
        let x = try extract("<!-- docspec:table \(attributes) -->\n\n| 値 | 説明 |\n|---|---|\n| `A` | a |\n")
        #expect(x.diagnostics.contains { $0.ruleID == "malformed-directive" && $0.message.contains(message) }, "\(x.diagnostics)")
    }

    @Test("quoted info-string attributes stay whole and never become the type")
    func quotedTitle() throws {
        let x = try extract("```json title=\"Request Body for Refund\"\n{}\n```\n")
        let sample = try #require(x.page.codeSamples.first)
        #expect(sample.attributes == ["title=\"Request Body for Refund\""])
        #expect(sample.symbol == nil)
        #expect(x.diagnostics.isEmpty)
    }

    @Test("a json sample naming a keyword as its type is invalid-symbol at the sample", arguments: ["Type", "Self", "Foo.Type"])
    func keywordInInfoString(word: String) throws {
        let x = try extract("```json \(word)\n{}\n```\n")
        #expect(x.rules == ["invalid-symbol"])
        #expect(x.diagnostics.first?.location?.line == 1)
    }
}

@Suite("Comments that are not directives")
struct CommentTests {
    @Test("ordinary comments starting with 'docspec' are not directives", arguments: [
        "<!-- DocSpec tables below are generated -->", "<!-- docspecs are great -->", "<!-- docspec-ignore -->",
    ])
    func ordinaryComment(comment: String) throws {
        let x = try extract("\(comment)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
        #expect(x.diagnostics.isEmpty, "\(x.diagnostics)")
    }

    @Test("a typo'd directive with attributes is still malformed-directive")
    func typoWithAttributes() throws {
        let x = try extract("<!-- docspec table kind=string-enum symbol=S -->\n\n| 値 | 説明 |\n|---|---|\n| `A` | a |\n")
        #expect(x.rules == ["malformed-directive"])
    }

    @Test("a directive inside a paragraph or a div is misplaced-directive", arguments: [
        "Text <!-- docspec:table kind=string-enum symbol=S -->", "<div><!-- docspec:table kind=string-enum symbol=S --></div>",
    ])
    func misplaced(line: String) throws {
        let x = try extract("\(line)\n\n| 値 | 説明 |\n|---|---|\n| `A` | a |\n")
        #expect(x.rules == ["misplaced-directive"])
        #expect(x.page.tables.isEmpty)
    }
}

@Suite("One value per cell")
struct OneValueTests {
    @Test("two code spans in a single-value column are invalid-cell; a directive followed by another says so")
    func twoValues() throws {
        let x = try extract("<!-- docspec:table kind=string-enum symbol=S -->\n\n| 値 | 説明 |\n|---|---|\n| `c`, `d` | two |\n")
        #expect(x.rules == ["invalid-cell"])
        #expect(x.diagnostics.first?.message.contains("expected one value, found 2") == true)
        let y = try extract("<!-- docspec:table kind=string-enum symbol=S -->\n\n<!-- docspec:table kind=string-enum symbol=T -->\n\n| 値 | 説明 |\n|---|---|\n| `c` | c |\n")
        #expect(y.rules == ["orphan-directive"])
        #expect(y.diagnostics.first?.message.contains("another directive follows it") == true)
    }
}

@Suite("Links")
struct LinkTests {
    @Test("links carry their destination, text, block line and heading path")
    func linkHeadingPath() throws {
        let x = try extract("# 概要\n\n## 参照\n\n[エラー](error-codes.md) と ![図](img/a.png)\n")
        #expect(x.page.links.map(\.destination) == ["error-codes.md", "img/a.png"])
        #expect(x.page.links.map(\.isImage) == [false, true])
        #expect(x.page.links.first?.headingPath == ["概要", "参照"])
        #expect(x.page.links.first?.range.start.line == 5)
    }
}
