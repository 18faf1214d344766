import DocDiagnostics
import Testing

@testable import MarkdownSyntax

@Suite("Blocks and inlines")
struct BlockTests {
    @Test func htmlCommentBlockRangeEndsOnItsLastCharacter() throws {
        let m = marked("# T\n\n1️⃣<!-- docspec:table kind=error-codes --2️⃣>\n\n本文\n")
        let doc = try document(m.text)
        guard case .htmlBlock(let literal, let r) = doc.blocks[1] else {
            Issue.record("expected an HTML block, got \(doc.blocks[1])")
            return
        }
        #expect(literal == "<!-- docspec:table kind=error-codes -->\n")
        #expect(r == range(m, 1, 2))
    }

    @Test func multiLineHTMLCommentRangeSpansAllItsLines() throws {
        let m = marked("段落\n\n1️⃣<!-- コメント\nвторая строка\nend --2️⃣>\n\nnext\n")
        let doc = try document(m.text)
        let html = doc.blocks[1]
        #expect(html.range == range(m, 1, 2))
        #expect(html.range.end.line >= html.range.start.line)
    }

    @Test func htmlCommentAtEndOfFileWithoutNewline() throws {
        let m = marked("1️⃣<!-- a\nб --2️⃣>")
        let doc = try document(m.text)
        #expect(doc.blocks.first?.range == range(m, 1, 2))
    }

    @Test func htmlCommentInBlockQuote() throws {
        let m = marked("> 1️⃣<!-- a\n> b --2️⃣>\n")
        let doc = try document(m.text)
        guard case .blockQuote(let inner, _) = doc.blocks.first, case .htmlBlock(_, let r)? = inner.first else {
            Issue.record("expected an HTML block in a quote")
            return
        }
        #expect(r == range(m, 1, 2))
    }

    @Test func fencedCodeBlockInfoAndLiteral() throws {
        let m = marked("1️⃣```json ConsumptionRequestV1\n{\"キー\": 1}\n``2️⃣`\n")
        let doc = try document(m.text)
        guard case .codeBlock(let info, let literal, let fenced, let r) = doc.blocks.first else {
            Issue.record("expected a code block")
            return
        }
        #expect(info == "json ConsumptionRequestV1")
        #expect(literal == "{\"キー\": 1}\n")
        #expect(fenced)
        #expect(r == range(m, 1, 2))
    }

    @Test func indentedCodeBlockIsNotFenced() throws {
        let doc = try document("段落\n\n    let x = 1\n    print(x)\n")
        guard case .codeBlock(let info, let literal, let fenced, let r) = doc.blocks.last else {
            Issue.record("expected a code block")
            return
        }
        #expect(info.isEmpty)
        #expect(literal == "let x = 1\nprint(x)\n")
        #expect(!fenced)
        #expect(r.start.line == 3)
    }

    @Test func tildeFenceWithoutInfo() throws {
        let doc = try document("~~~\nкод\n~~~\n")
        guard case .codeBlock(let info, let literal, let fenced, _) = doc.blocks.first else {
            Issue.record("expected a code block")
            return
        }
        #expect(info == "")
        #expect(literal == "код\n")
        #expect(fenced)
    }

    @Test func taskListItemsCarryCheckedState() throws {
        let doc = try document("- [x] 完了\n- [ ] не сделано\n- 普通\n")
        guard case .list(let ordered, _, let items, _) = doc.blocks.first else {
            Issue.record("expected a list")
            return
        }
        #expect(!ordered)
        #expect(items.map(\.taskChecked) == [true, false, nil])
    }

    @Test func orderedListStart() throws {
        let doc = try document("3. три\n4. четыре\n")
        guard case .list(let ordered, let start, let items, _) = doc.blocks.first else {
            Issue.record("expected a list")
            return
        }
        #expect(ordered)
        #expect(start == 3)
        #expect(items.count == 2)
    }

    @Test func strikethroughEmphasisAndStrong() throws {
        let inlines = try paragraphInlines("~~удалено~~ *強調* **太字**")
        #expect(inlines.contains(.strikethrough([.text("удалено")])))
        #expect(inlines.contains(.emphasis([.text("強調")])))
        #expect(inlines.contains(.strong([.text("太字")])))
    }

    @Test func autolinkBecomesALink() throws {
        let inlines = try paragraphInlines("詳細は https://developer.apple.com/documentation を参照")
        #expect(inlines.linkDestinations == ["https://developer.apple.com/documentation"])
        #expect(inlines.plainText == "詳細は https://developer.apple.com/documentation を参照")
    }

    @Test func linkDestinationTitleAndText() throws {
        let inlines = try paragraphInlines("[ドキュメント](https://example.com/a \"題名\")")
        #expect(inlines == [.link(destination: "https://example.com/a", title: "題名", children: [.text("ドキュメント")])])
    }

    @Test func imageSourceAndAlt() throws {
        let inlines = try paragraphInlines("![схема](img/diagram.png)")
        #expect(inlines == [.image(source: "img/diagram.png", title: "", alt: [.text("схема")])])
        #expect(inlines.linkDestinations == ["img/diagram.png"])
    }

    @Test func footnoteReferenceAndDefinition() throws {
        let m = marked("本文[^注1]\n\n[^注1]: 脚注の内1️⃣容\n\n後の段落\n")
        let doc = try document(m.text)
        guard case .paragraph(let inlines, _) = doc.blocks.first else {
            Issue.record("expected a paragraph")
            return
        }
        #expect(inlines.contains(.footnoteReference("注1")))
        guard case .footnoteDefinition(let label, let blocks, let r) = doc.blocks.last else {
            Issue.record("expected a footnote definition, got \(doc.blocks)")
            return
        }
        #expect(label == "注1")
        #expect(blocks.count == 1)
        #expect(r.end == m.location(1))
    }

    @Test func footnoteLabelsFollowTheirReferencesNotTheirOrder() throws {
        let doc = try document("a[^x] b[^y]\n\n[^y]: Y\n\n[^x]: X\n")
        guard case .paragraph(let inlines, _) = doc.blocks.first else {
            Issue.record("expected a paragraph")
            return
        }
        #expect(inlines.filter { if case .footnoteReference = $0 { true } else { false } } == [.footnoteReference("x"), .footnoteReference("y")])
        let labels = doc.blocks.compactMap { block -> String? in
            if case .footnoteDefinition(let label, _, _) = block { label } else { nil }
        }
        #expect(labels.sorted() == ["x", "y"])
    }

    @Test func listAndQuoteRangesEndOnTheirLastCharacter() throws {
        let m = marked("1️⃣- первый\n- второ2️⃣й\n\n3️⃣> 引用\n> 二行4️⃣目\n\n段落\n")
        let doc = try document(m.text)
        #expect(doc.blocks[0].range == range(m, 1, 2))
        #expect(doc.blocks[1].range == range(m, 3, 4))
    }

    @Test func escapedPipeInCodeSpanInTableCell() throws {
        let t = try firstTable("| a | b |\n|---|---|\n| `a\\|b` | x |\n")
        let cell = try #require(t.rows.first?.cells.first)
        #expect(cell.inlines == [.code("a|b")])
        #expect(cell.plainText == "a|b")
        #expect(t.rows.first?.sourceCellCount == 2)
    }

    @Test func tableAlignments() throws {
        let t = try firstTable("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | 2 | 3 | 4 |\n")
        #expect(t.alignments == [.left, .center, .right, .none])
    }

    @Test func softAndHardBreaksReadAsSpaces() throws {
        let inlines = try paragraphInlines("一行目\n二行目  \n三行目")
        #expect(inlines.contains(.softBreak))
        #expect(inlines.contains(.lineBreak))
        #expect(inlines.plainText == "一行目 二行目 三行目")
    }

    @Test func inlineHTMLIsKeptButHasNoPlainText() throws {
        let inlines = try paragraphInlines("a<br>b")
        #expect(inlines.contains(.html("<br>")))
        #expect(inlines.plainText == "ab")
    }

    @Test func thematicBreakAndBlockQuote() throws {
        let doc = try document("> цитата\n\n***\n")
        guard case .blockQuote(let inner, _) = doc.blocks.first else {
            Issue.record("expected a quote")
            return
        }
        #expect(inner.count == 1)
        guard case .thematicBreak(let r) = doc.blocks.last else {
            Issue.record("expected a thematic break")
            return
        }
        #expect(r.start.line == 3)
    }
}
