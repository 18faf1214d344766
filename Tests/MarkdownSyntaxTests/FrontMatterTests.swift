import DocDiagnostics
import Testing

@testable import MarkdownSyntax

@Suite("Front matter")
struct FrontMatterTests {
    @Test func parsesScalarsNestedMappingAndList() throws {
        let doc = try document("""
            ---
            id: error-codes
            title: エラーコード
            meta:
              owner: チーム
              reviewed: 2024-01-01
            tags:
              - api
              - ошибки
            ---
            # 本文
            """)
        let fm = try #require(doc.frontMatter)
        #expect(fm.string("id") == "error-codes")
        #expect(fm.string("title") == "エラーコード")
        #expect(fm.value["meta"]?["owner"]?.string == "チーム")
        #expect(fm.value["meta"]?["reviewed"]?.string == "2024-01-01")
        #expect(fm.value["tags"]?.array == [.scalar("api"), .scalar("ошибки")])
        #expect(fm.value.entries?.map(\.key) == ["id", "title", "meta", "tags"])
        #expect(fm.lines == 1...10)
    }

    @Test func frontMatterIsNotABlock() throws {
        let doc = try document("---\nid: x\ntitle: y\n---\n\n段落\n")
        #expect(doc.blocks.count == 1)
        guard case .paragraph(let inlines, _) = doc.blocks.first else {
            Issue.record("expected only the paragraph, got \(doc.blocks)")
            return
        }
        #expect(inlines.plainText == "段落")
    }

    @Test func linesAfterFrontMatterKeepTheirFileNumbers() throws {
        let m = marked("""
            ---
            id: errors
            title: Ошибки
            locale: ru
            ---

            1️⃣| Код |2️⃣ Имя |
            |---|---|
            3️⃣| `1` | `A` |
            """)
        let t = try firstTable(m.text)
        #expect(t.range.start == m.location(1))
        #expect(t.header.cells[1].range.start == m.location(2))
        #expect(t.rows.first?.range.start == m.location(3))
        #expect(m.location(1).line == 7)
    }

    @Test func unterminatedFrontMatterIsAnErrorAtLineOneAndBodyStillParses() throws {
        let result = parse("---\nid: x\n\n# 見出し\n\n本文\n")
        #expect(result.diagnostics.map(\.ruleID) == ["front-matter"])
        #expect(result.diagnostics.first?.severity == .error)
        #expect(result.diagnostics.first?.location == Loc(file: "p.md", line: 1, column: 1))
        let doc = try #require(result.document)
        #expect(doc.frontMatter == nil)
        #expect(doc.blocks.contains { if case .heading(1, let i, _) = $0 { i.plainText == "見出し" } else { false } })
    }

    @Test func malformedYAMLIsAnErrorAtItsFileLine() throws {
        let m = marked("---\ntitle: ok\nid: [unclosed1️⃣\n---\n\n# 本文\n")
        let result = parse(m.text)
        let d = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(d.ruleID == "front-matter")
        #expect(d.severity == .error)
        #expect(d.location == m.location(1))
        #expect(d.message.contains("flow sequence"))
        #expect(result.document?.blocks.count == 1)
    }

    @Test func yamlSyntaxErrorPointsAtTheOffendingLineAndColumn() throws {
        let m = marked("---\nid: x\ntitle: a1️⃣: b\n---\n")
        let d = try #require(parse(m.text).diagnostics.first)
        #expect(d.ruleID == "front-matter")
        #expect(d.location == m.location(1))
    }

    @Test func scalarFrontMatterIsAnError() throws {
        let result = parse("---\njust a sentence\n---\n\nText\n")
        #expect(result.diagnostics.map(\.ruleID) == ["front-matter"])
        #expect(result.diagnostics.first?.location?.line == 2)
        #expect(result.document?.frontMatter?.value == .mapping([]))
    }

    @Test func sequenceFrontMatterIsAnError() {
        let result = parse("---\n- a\n- b\n---\n")
        #expect(result.diagnostics.map(\.ruleID) == ["front-matter"])
    }

    @Test func emptyFrontMatterIsAnEmptyMapping() throws {
        let doc = try document("---\n---\n# T\n")
        #expect(doc.frontMatter?.value == .mapping([]))
        #expect(doc.blocks.count == 1)
    }

    @Test func dotsCloseFrontMatter() throws {
        let doc = try document("---\nid: a\n...\ntext\n")
        #expect(doc.frontMatter?.string("id") == "a")
        #expect(doc.frontMatter?.lines == 1...3)
    }

    @Test func fileWithOnlyFrontMatterHasNoBlocks() throws {
        let result = parse("---\nid: only\n---\n")
        #expect(result.diagnostics.isEmpty)
        let doc = try #require(result.document)
        #expect(doc.blocks.isEmpty)
        #expect(doc.frontMatter?.string("id") == "only")
    }

    @Test func thematicBreakNotAtFileStartIsNotFrontMatter() throws {
        let doc = try document("text\n\n---\nid: x\n---\n")
        #expect(doc.frontMatter == nil)
    }

    @Test func frontMatterWithCRLF() throws {
        let m = marked("---\r\nid: crlf\r\n---\r\n\r\n1️⃣# 見出2️⃣し\r\n")
        let doc = try document(m.text)
        #expect(doc.frontMatter?.string("id") == "crlf")
        #expect(doc.blocks.first?.range == range(m, 1, 2))
    }
}

@Suite("YAMLParser")
struct YAMLParserTests {
    @Test func mappingKeepsKeyOrderAndLines() throws {
        let v = try YAMLParser.parse("zeta: 1\nalpha: 2\nмю: 3\n")
        #expect(v.entries?.map(\.key) == ["zeta", "alpha", "мю"])
        #expect(v.entries?.map(\.line) == [1, 2, 3])
    }

    @Test func scalarsAreNotTypeResolved() throws {
        let v = try YAMLParser.parse("n: 1\nq: \"1\"\nb: true\nnothing:\n")
        #expect(v["n"] == .scalar("1"))
        #expect(v["q"] == .scalar("1"))
        #expect(v["b"] == .scalar("true"))
        #expect(v["nothing"] == .scalar(""))
    }

    @Test func emptyTextIsEmptyMapping() throws {
        #expect(try YAMLParser.parse("") == .mapping([]))
    }

    @Test func flowCollectionsAndNesting() throws {
        let v = try YAMLParser.parse("a: {b: [1, 2], c: {d: e}}")
        #expect(v["a"]?["b"]?.array == [.scalar("1"), .scalar("2")])
        #expect(v["a"]?["c"]?["d"]?.string == "e")
    }

    @Test func aliasesAreRejected() {
        #expect(throws: YAMLError.self) {
            try YAMLParser.parse("base: &b x\ncopy: *b\n")
        }
        do {
            _ = try YAMLParser.parse("base: &b x\ncopy: *b\n")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 7)
            #expect(error.message.contains("alias"))
        }
    }

    @Test func syntaxErrorCarriesLineAndColumn() {
        do {
            _ = try YAMLParser.parse("a: 1\nb: [x\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.line >= 2)
            #expect(!error.message.isEmpty)
        }
    }
}

@Suite("Front matter keys")
struct FrontMatterKeyTests {
    @Test("a key given twice is an error at its second line; the first value is kept")
    func duplicateKey() throws {
        let parsed = parse("---\nid: a\ntitle: t\nid: b\n---\n# T\n")
        #expect(parsed.diagnostics.map(\.ruleID) == ["front-matter"])
        #expect(parsed.diagnostics.first?.location?.line == 4)
        #expect(parsed.document?.frontMatter?.string("id") == "a")
    }
}

@Suite("YAML shapes DocSpec refuses")
struct YAMLShapeTests {
    @Test("a second YAML document is an error, not silently ignored")
    func secondDocument() {
        #expect(throws: YAMLError.self) { try YAMLParser.parse("a: 1\n---\nb: 2\n") }
    }

    @Test("a list as a mapping key is an error with its line")
    func complexKey() {
        do {
            _ = try YAMLParser.parse("ok: 1\n? [a, b]\n: 2\n")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("mapping key must be a plain value"))
            #expect(error.line == 2)
        }
    }
}

@Suite("Front matter delimiters")
struct FrontMatterDelimiterTests {
    @Test("an indented --- inside a block scalar does not close the front matter")
    func indentedDelimiterIsContent() throws {
        let parsed = parse("---\ndescription: |\n  a\n  ---\n  b\nid: kept\n---\n# T\n")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        #expect(parsed.document?.frontMatter?.string("id") == "kept")
        #expect(parsed.document?.frontMatter?.string("description") == "a\n---\nb\n")
    }
}
