import DocDiagnostics
import Testing

@testable import MarkdownSyntax

/// MDX components that CommonMark swallows into one HTML block are expanded while converting:
/// their content is parsed once, on its own line numbers (nothing re-parses it later).
@Suite("MDX components")
struct ComponentTests {
    @Test func componentContentIsParsedOnItsOwnLines() throws {
        let doc = try #require(MarkdownParser.parse("# T\n\n<Intro>\nReact の **コンポーネント** と `useState`。\n- 項目\n</Intro>\n\nafter\n", path: "p.md").document)
        guard case .component(let name, let literal, let content, let range) = doc.blocks[1] else {
            Issue.record("expected a component, got \(doc.blocks[1])")
            return
        }
        #expect(name == "Intro")
        #expect(literal.hasPrefix("<Intro>\nReact の"))
        #expect(range.start.line == 3)
        guard case .paragraph(let inlines, let r)? = content.first else {
            Issue.record("expected a paragraph, got \(content)")
            return
        }
        #expect(r.start.line == 4)
        #expect(inlines.plainText == "React の コンポーネント と useState。")
        guard case .list(_, _, let items, let lr)? = content.dropFirst().first else {
            Issue.record("expected a list, got \(content)")
            return
        }
        #expect(lr.start.line == 5)
        #expect(items.count == 1)
        #expect(content.count == 2, "the closing tag is not content")
    }

    @Test func aComponentThatShowsCodeIsACodeBlockOfItsLines() throws {
        let doc = try #require(MarkdownParser.parse("text\n\n<TerminalBlock>\nnpm install react\n</TerminalBlock>\n", path: "p.md").document)
        guard case .codeBlock(let info, let literal, true, let range)? = doc.blocks.dropFirst().first else {
            Issue.record("expected a fenced code block, got \(doc.blocks)")
            return
        }
        #expect(info == "")
        #expect(literal == "npm install react\n")
        #expect(range.start.line == 3 && range.end.line == 5, "the tags stand where a fence's lines would")
    }

    @Test func componentsThatHoldFencesOrShowNoCodeAndOtherHTMLStayHTMLBlocks() throws {
        for text in [
            "<TerminalBlock>\n```\nnpm install react\n```\n</TerminalBlock>\n", "<TerminalBlock>\n</TerminalBlock>\n",
            "<CodeStep step={1}>\nuseState\n</CodeStep>\n", "<div>\ntext\n</div>\n", "<Intro />\n", "<!-- a\nb -->\n", "<intro>\ntext\n</intro>\n"] {
            let doc = try #require(MarkdownParser.parse(text, path: "p.md").document)
            guard case .htmlBlock = doc.blocks.first else {
                Issue.record("\(text.debugDescription): expected an HTML block, got \(doc.blocks)")
                continue
            }
        }
    }

    @Test func nestedComponentsInListsAndQuotesAreExpandedToo() throws {
        let doc = try #require(MarkdownParser.parse("> <Note>\n> 注意して。\n> </Note>\n", path: "p.md").document)
        guard case .blockQuote(let blocks, _) = doc.blocks[0], case .component(let name, _, let content, _)? = blocks.first else {
            Issue.record("expected a component in the quote, got \(doc.blocks)")
            return
        }
        #expect(name == "Note")
        #expect(content.count == 1)
    }
}
