import DocDiagnostics
import MarkdownSyntax
import Testing

@testable import SpecModel

@Suite("Cell values, rows and page metadata")
struct PageModelTests {
    @Test func codeSpansJoinedProseEmptyYesNoNormalised() throws {
        let m = marked("""
            <!-- docspec:table kind=fields symbol=R -->

            | キー | 型 | 必須 | 許容値 | エラー | 説明 |
            |---|---|---|---|---|---|
            1️⃣| `a` | `int32` | ✓ | `0...7`, `-1` or `"X"` | `E` | 値は `0...7` です |
            | `b` | `bool` | — | `true` | `E` | 任意 |
            """)
        let x = try extract(m.text)
        #expect(x.diagnostics.isEmpty)
        let rows = try #require(x.table?.rows)
        #expect(rows[0].value("values") == #"0...7, -1, "X""#)
        #expect(rows[0].cell("values")?.codeSpans == ["0...7", "-1", #""X""#])
        #expect(rows[0].cell("values")?.text == #"0...7, -1 or "X""#)
        #expect(rows[0].value("description") == "")
        #expect(rows[0].cell("description")?.text == "値は 0...7 です")
        #expect(rows.map { $0.value("required") } == ["yes", "no"])
        #expect(rows[0].key == "a")
        #expect(rows[0].line == m.location(1).line)
        #expect(rows[0].range.start == m.location(1))
    }

    @Test(arguments: [
        ("はい", "yes"), ("いいえ", "no"), ("必須", "yes"), ("任意", "no"), ("да", "yes"), ("Нет", "no"),
        ("✓", "yes"), ("—", "no"), ("`yes`", "yes"), ("**No**", "no"),
    ])
    func yesNoWordsNormalise(word: String, expected: String) throws {
        let x = try extract("""
            <!-- docspec:table kind=fields symbol=R -->

            | key | type | required | values | error |
            |---|---|---|---|---|
            | `a` | `bool` | \(word) | `true` | — |
            """)
        #expect(x.diagnostics.isEmpty)
        #expect(x.table?.rows.first?.value("required") == expected)
    }

    @Test func yesNoParser() {
        #expect(YesNo.parse(" はい ") == true)
        #expect(YesNo.parse("ДА") == true)
        #expect(YesNo.parse("maybe") == nil)
        #expect(YesNo.parse("") == nil)
    }

    @Test func cellRangeIsItsContent() throws {
        let m = marked("<!-- docspec:table kind=string-enum symbol=S -->\n\n| Значение | Описание |\n|---|---|\n| 1️⃣`A2️⃣` | 3️⃣описани4️⃣е|\n")
        let row = try #require(try extract(m.text).table?.rows.first)
        #expect(row.cell("value")?.range == SourceRange(start: m.location(1), end: m.location(2)))
        #expect(row.cell("description")?.range == SourceRange(start: m.location(3), end: m.location(4)))
    }

    @Test func headingPathOfTableInNestedSections() throws {
        let x = try extract("""
            # エラーコード

            ## 一般

            ### 詳細 `400`

            <!-- docspec:table kind=string-enum symbol=A -->

            | 値 | 説明 |
            |---|---|
            | `X` | x |

            ## 別の節

            <!-- docspec:table kind=string-enum symbol=B -->

            | 値 | 説明 |
            |---|---|
            | `Y` | y |
            """)
        #expect(x.page.tables.map(\.headingPath) == [["エラーコード", "一般", "詳細 400"], ["エラーコード", "別の節"]])
        #expect(x.page.headings.map(\.level) == [1, 2, 3, 2])
    }

    @Test func tableInListItemBindsAndKeepsHeadingPath() throws {
        let x = try extract("""
            ## Раздел

            - Пункт

              <!-- docspec:table kind=string-enum symbol=S -->

              | Значение | Описание |
              |---|---|
              | `A` | a |
            """, locale: "ru")
        #expect(x.diagnostics.isEmpty)
        #expect(x.table?.headingPath == ["Раздел"])
        #expect(x.table?.rows.first?.key == "A")
    }

    @Test func pageIDAndTitleFromFrontMatter() throws {
        let x = try extract("---\nid: error-codes\ntitle: エラーコード\n---\n\n# 別の見出し\n", relativePath: "api/errors.md")
        #expect(x.page.id == "error-codes")
        #expect(x.page.title == "エラーコード")
        #expect(x.page.relativePath == "api/errors.md")
        #expect(x.page.locale == "ja")
        #expect(x.page.path == pagePath)
    }

    @Test func pageIDFromPathAndTitleFromFirstH1() throws {
        let x = try extract("## 前置き\n\n# Коды ошибок\n\n# Второй\n", locale: "ru", relativePath: "api/errors.md")
        #expect(x.page.id == "api/errors")
        #expect(x.page.title == "Коды ошибок")
    }

    @Test func titleFallsBackToID() throws {
        let x = try extract("本文だけ\n", relativePath: "index.md")
        #expect(x.page.id == "index")
        #expect(x.page.title == "index")
    }

    @Test func emptyFrontMatterIDFallsBackToPath() throws {
        let x = try extract("---\nid: \"\"\n---\n", relativePath: "a.md")
        #expect(x.page.id == "a")
    }

    @Test func linksAndImagesAreCollectedWithBlockRanges() throws {
        let m = marked("1️⃣見る [ドキュメント](https://example.com/doc) と ![図](img/a.png)\n\n| a | b |\n|---|---|\n|2️⃣ [x](#anchor) | 2 |\n")
        let x = try extract(m.text)
        #expect(x.page.links.map(\.destination) == ["https://example.com/doc", "img/a.png", "#anchor"])
        #expect(x.page.links.map(\.isImage) == [false, true, false])
        #expect(x.page.links.map(\.text) == ["ドキュメント", "図", "x"])
        #expect(x.page.links[0].range.start == m.location(1))
        #expect(x.page.links[2].range.start == m.location(2))
    }

    @Test func rowCountSumsAllTables() throws {
        let x = try extract("""
            <!-- docspec:table kind=string-enum symbol=A -->

            | 値 | 説明 |
            |---|---|
            | `X` | x |
            | `Y` | y |

            <!-- docspec:table kind=string-enum symbol=B -->

            | 値 | 説明 |
            |---|---|
            | `Z` | z |
            """)
        #expect(x.page.rowCount == 3)
        #expect(x.page.directives.count == 2)
    }
}

@Suite("Code samples")
struct CodeSampleTests {
    func sample(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CodeSample {
        try #require(try extract(text).page.codeSamples.first, sourceLocation: sourceLocation)
    }

    @Test func jsonWithSymbol() throws {
        let m = marked("# 例\n\n```json ConsumptionRequestV1\n1️⃣{\"customerConsented\": true}\n```\n")
        let s = try sample(m.text)
        #expect(s.language == "json")
        #expect(s.attributes == ["ConsumptionRequestV1"])
        #expect(s.symbol == "ConsumptionRequestV1")
        #expect(s.code == "{\"customerConsented\": true}\n")
        #expect(s.fenced)
        #expect(s.firstCodeLine == m.location(1).line)
        #expect(s.headingPath == ["例"])
    }

    @Test func swiftWithoutAttributesHasNoSymbol() throws {
        let s = try sample("```swift\nlet a = 1\n```\n")
        #expect(s.language == "swift")
        #expect(s.attributes.isEmpty)
        #expect(s.symbol == nil)
    }

    @Test func languageIsLowercasedAndBracesStripped() throws {
        #expect(try sample("```JSON\n{}\n```\n").language == "json")
        #expect(try sample("```{.swift}\nx\n```\n").language == "swift")
    }

    @Test func symbolIsFirstCapitalisedValidWord() throws {
        let s = try sample("```json title=\"x\" lower Ünicode Bad-Name AppStore.Request Other\n{}\n```\n")
        #expect(s.attributes == ["title=\"x\"", "lower", "Ünicode", "Bad-Name", "AppStore.Request", "Other"])
        #expect(s.symbol == "AppStore.Request")
    }

    @Test func indentedBlockHasNoLanguage() throws {
        let m = marked("段落\n\n    1️⃣let x = 1\n")
        let s = try sample(m.text)
        #expect(s.language == "")
        #expect(!s.fenced)
        #expect(s.firstCodeLine == m.location(1).line)
    }
}

@Suite("SymbolName")
struct SymbolNameTests {
    @Test(arguments: ["APIError", "_Private", "AppStore.APIError", "V1"])
    func valid(name: String) { #expect(SymbolName.isValid(name)) }

    @Test(arguments: ["", "1Bad", "A..B", "A.", "Имя", "エラー", "A-B", "A B", String(repeating: "A", count: 201), "class", "_", "self", "Self", "Type", "A.Type", "A.self", "Any"])
    func invalid(name: String) { #expect(!SymbolName.isValid(name)) }
}
