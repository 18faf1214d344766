import DocDiagnostics
import Testing

@testable import MarkdownSyntax

/// cmark-gfm parses into a bump arena (`CmarkArena`) that is reset after each parse: the
/// blocks must be those of the page, however cmark-gfm's buffers grew, and a page parsed in
/// pieces must reuse the memory of the piece before instead of taking more.
@Suite("cmark-gfm's arena")
struct CmarkArenaTests {
    /// A page of headings, paragraphs with inline markup, a table and a list (every node kind
    /// the converter reads), `sections` times.
    static func page(sections: Int) -> [UInt8] {
        var text = ""
        for i in 0..<sections {
            text += "## 見出し \(i)\n\n段落 \(i) は *強調* と `code\(i)`、[リンク](#a\(i)) と ~~取り消し~~ を含みます。\n\n"
            text += "| 名前 | 値 |\n|---|--:|\n| `a\(i)` | \(i) |\n\n- [x] 項目\n- 項目 \(i)\n\n"
        }
        return Array(text.utf8)
    }

    @Test("one arena parses the same page again and again in the memory of the first parse")
    func reuse() throws {
        let bytes = Self.page(sections: 400)
        let arena = CmarkArena()
        let first = CmarkConverter.parse(bytes, path: "p.md", arena: arena)
        let capacity = arena.capacity
        #expect(capacity > 0)
        #expect(first.blocks.count == 400 * 4)
        for _ in 0..<5 {
            let again = CmarkConverter.parse(bytes, path: "p.md", arena: arena)
            #expect(again.blocks == first.blocks)
            #expect(again.diagnostics == first.diagnostics)
        }
        #expect(arena.capacity == capacity, "the arena grew from \(capacity) to \(arena.capacity) bytes")
    }

    @Test("a code block and a paragraph longer than an arena chunk keep every byte")
    func largeBuffers() throws {
        // cmark-gfm grows one buffer per block line by line (realloc): past the 1 MiB chunk size
        // the buffer moves to a chunk of its own.
        let line = String(repeating: "x", count: 99) + "\n"
        let code = String(repeating: line, count: 30_000)
        let paragraph = String(repeating: "word ", count: 500_000)
        let bytes = Array(("```\n" + code + "```\n\n" + paragraph + "\n").utf8)
        let parsed = CmarkConverter.parse(bytes, path: "p.md")
        #expect(parsed.blocks.count == 2)
        guard parsed.blocks.count == 2, case .codeBlock(_, let text, _, _) = parsed.blocks[0], case .paragraph(let inlines, _) = parsed.blocks[1] else {
            Issue.record("unexpected blocks")
            return
        }
        #expect(text == code)
        #expect(inlines.plainText == String(paragraph.dropLast()))
    }
}
