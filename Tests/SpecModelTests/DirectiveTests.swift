import DocDiagnostics
import Testing

@testable import SpecModel

@Suite("Directive parsing")
struct DirectiveTests {
    func parsed(_ literal: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Directive {
        let result = try #require(directive(literal), sourceLocation: sourceLocation)
        return try result.get()
    }

    func failure(_ literal: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
        let result = try #require(directive(literal), sourceLocation: sourceLocation)
        guard case .failure(let e) = result else {
            Issue.record("expected a failure, got \(result)", sourceLocation: sourceLocation)
            throw CancellationError()
        }
        return e.diagnostic
    }

    @Test func flagsAndKeyValuesInSourceOrder() throws {
        let d = try parsed("<!-- docspec:table kind=error-codes symbol=APIError complete -->\n")
        #expect(d.name == "table")
        #expect(d.attributes == [
            .init(key: "kind", value: "error-codes"), .init(key: "symbol", value: "APIError"), .init(key: "complete", value: nil),
        ])
        #expect(d.value("kind") == "error-codes")
        #expect(d.value("complete") == nil)
        #expect(d.has("complete"))
        #expect(!d.has("id"))
        #expect(d.canonical == "docspec:table kind=error-codes symbol=APIError complete")
    }

    @Test func quotedValueWithSpacesAndEscapedQuotes() throws {
        let d = try parsed(#"<!-- docspec:table kind=fields id="エラー \"一覧\" 表" columns="key, type" -->"#)
        #expect(d.value("id") == #"エラー "一覧" 表"#)
        #expect(d.value("columns") == "key, type")
        #expect(d.canonical == #"docspec:table kind=fields id="エラー \"一覧\" 表" columns="key, type""#)
    }

    @Test func multiLineDirectiveAndNoSpaceBeforeClose() throws {
        let d = try parsed("<!--docspec:table\n  kind=int-enum\n  symbol=PlayTime-->")
        #expect(d.value("kind") == "int-enum")
        #expect(d.value("symbol") == "PlayTime")
    }

    @Test func rangeIsTheCommentsRange() throws {
        let r = SourceRange(file: "x.md", line: 7, column: 3)
        let d = try #require(DirectiveParser.parse(htmlBlock: "<!-- docspec:table kind=fields -->", range: r)).get()
        #expect(d.range == r)
    }

    @Test func duplicateAttributeIsMalformed() throws {
        let d = try failure("<!-- docspec:table kind=fields kind=endpoint -->")
        #expect(d.ruleID == "malformed-directive")
        #expect(d.severity == .error)
        #expect(d.message.contains("kind"))
        #expect(d.location == Loc(file: pagePath, line: 1))
    }

    @Test func unterminatedQuoteIsMalformed() throws {
        #expect(try failure(#"<!-- docspec:table kind=fields id="open -->"#).ruleID == "malformed-directive")
    }

    @Test func emptyValueIsMalformed() throws {
        #expect(try failure("<!-- docspec:table kind= symbol=X -->").ruleID == "malformed-directive")
    }

    @Test func missingNameIsMalformed() throws {
        let d = try failure("<!-- docspec: kind=fields -->")
        #expect(d.ruleID == "malformed-directive")
        #expect(d.message.contains("name"))
    }

    @Test(arguments: [
        "<!-- docspec table kind=error-codes -->",
        "<!-- docspec-table kind=error-codes -->",
        "<!-- DocSpec:table kind=error-codes -->",
        "<!-- docspec:table kind=error-codes",
        "<!-- docspec:table kind=error-codes --> trailing",
        "<!-- docspec:table kind=error-codes ; -->",
    ])
    func looksLikeADirectiveButIsMalformed(literal: String) throws {
        #expect(try failure(literal).ruleID == "malformed-directive")
    }

    @Test func unknownDirectiveName() throws {
        let d = try failure("<!-- docspec:tabel kind=fields -->")
        #expect(d.ruleID == "unknown-directive")
        #expect(d.message.contains("tabel"))
    }

    @Test(arguments: [
        "<!-- 普通のコメント -->",
        "<!-- TODO: docspec later -->",
        "<div>docspec:table</div>",
        "<!---->",
    ])
    func nonDirectiveHTMLIsIgnored(literal: String) {
        #expect(directive(literal) == nil)
    }
}
