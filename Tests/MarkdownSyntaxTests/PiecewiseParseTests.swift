import DocDiagnostics
import Foundation
import DocSpecTestSupport
import Testing

@testable import MarkdownSyntax

/// A large page is parsed in pieces (issue 13, memory proportional to the page); the pieces
/// must give exactly the blocks, ranges and diagnostics of one parse. Each page here is parsed
/// once whole and once cut at every place the piece parser accepts (pieces of one byte), and at
/// random piece sizes.
@Suite("Parsing a page in pieces gives the one-parse blocks")
struct PiecewiseParseTests {
    static let whole = PiecewiseParse.Sizes(threshold: .max, piece: 1)

    /// Every cut the parser accepts, on pieces of `piece` bytes.
    static let tiny = PiecewiseParse.Sizes(threshold: 0, piece: 1)

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func markdownFiles(under folder: URL) -> [URL] {
        guard let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
    }

    /// The bundled docs, the test fixtures, the docs/ pages and, when present, `../shared/corpus`.
    static var realPages: [URL] {
        let root = packageRoot
        return ["docs-ja", "docs-ru", "docs", "Tests"].flatMap { markdownFiles(under: root.appendingPathComponent($0)) }
            + markdownFiles(under: root.deletingLastPathComponent().appendingPathComponent("shared/corpus"))
    }

    func expectSame(_ text: [UInt8], _ label: String, sizes: PiecewiseParse.Sizes = tiny, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let one = MarkdownParser.parse(bytes: text, path: "p.md", pieces: Self.whole)
        let pieces = MarkdownParser.parse(bytes: text, path: "p.md", pieces: sizes)
        #expect(one.document?.blocks == pieces.document?.blocks, "\(label)", sourceLocation: sourceLocation)
        #expect(one.diagnostics == pieces.diagnostics, "\(label)", sourceLocation: sourceLocation)
        if one.document?.blocks != pieces.document?.blocks, let a = one.document?.blocks, let b = pieces.document?.blocks {
            let i = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            Issue.record("\(label): first difference at block \(i): \(i < a.count ? "\(a[i])" : "-") vs \(i < b.count ? "\(b[i])" : "-")", sourceLocation: sourceLocation)
        }
    }

    @Test("bundled docs, fixtures and corpus pages")
    func realPagesMatch() throws {
        let pages = Self.realPages
        #expect(pages.count > 20)
        var cut = 0
        for url in pages {
            let bytes = try [UInt8](Data(contentsOf: url))
            expectSame(bytes, url.path)
            if let body = MarkdownParser.prepare(bytes, path: "p.md").bytes.map({ bytes -> [UInt8] in
                var body = bytes
                _ = FrontMatterSplitter.split(&body, path: "p.md")
                return body
            }),
                !PiecewiseParse.hasDefinitionMark(body), (PiecewiseParse.inPieces(body, path: "p.md", pieceSize: 1)?.count ?? 0) > 1
            {
                cut += 1
            }
        }
        // Most pages have no link reference definitions and are really cut.
        #expect(cut * 2 > pages.count, "\(cut) of \(pages.count) pages cut")
    }

    /// Pieces of Markdown that meet at the cut points: tables (long, attached to a paragraph,
    /// ragged, in containers), lists (loose, nested, with code), fences with blank lines and
    /// pipes, HTML blocks that run over blank lines, block quotes, setext headings, components.
    static let snippets: [String] = [
        "# Heading `code`\n",
        "Paragraph with *emphasis* and `code`.\nSecond line.\n",
        "Setext heading\n---\n",
        "Setext one\n===\n",
        "| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3 | `x\\|y` |\n| 5 |\n| 6 | 7 | 8 |\n| 9 | **b** |\n",
        "| ヘッダー | 値 |\n|---|---|\n| 行 | 長い日本語のセル |\n| 二 | ёжик |\n| 三 | [link](https://e.x) |\n",
        "Intro text\n| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\nlazy row\n| 3 | 4 |\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\n# ends the table\n",
        "| not | a table |\n| just | pipes |\n",
        "> | q | t |\n> |---|---|\n> | 1 | 2 |\n> | 3 | 4 |\n",
        "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n",
        "- one\n- two\n\n- three\n\n  continued\n",
        "1. first\n2. second\n\n3. third\n",
        "- outer\n  - inner\n\n    inner text\n- back\n",
        "- item with code\n\n  ```\n  code\n\n  x\n  ```\n",
        "```swift\nlet a = 1\n\n| not | a row |\n\nText at column 0\n```\n",
        "~~~\n```\n\nstill code\n~~~\n",
        "````\n```\n\n| x |\n````\n",
        "    indented code\n\n    more code\n",
        "<!-- a comment\n\nthat spans blank lines\n\n| x | y |\n-->\n",
        "<pre>\npre text\n\n| a |\n</pre>\n",
        "<div>\nhtml block\n</div>\n",
        "<span>type seven</span>\n",
        "<script>\nlet x = 1\n\nlet y = 2\n</script>\n",
        "> quote\n> more\n\n> second quote\n",
        "> quote\nlazy line\n",
        "***\n",
        "Text\n\n---\n",
        "<Intro>\nComponent text with `code`.\n</Intro>\n",
        "<Note>\n\nInside a component.\n\n</Note>\n",
        "Line with trailing spaces  \nhard break\n",
        "Autolink https://example.com and ~~strike~~.\n",
        "- [ ] task\n- [x] done\n",
        String(repeating: ">", count: 70) + " deep\n",
        "=== not a heading\n",
        "+ plus list\n\n+ again\n",
        "10) ordered paren\n",
        "\t tab start\n",
        "text\r\nwith CRLF\r\n\r\n| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n| 3 | 4 |\r\n",
        "```\nunclosed fence at the end\n\ncol 0\n",
        "<!-- unclosed comment\n\ncol 0 text\n",
    ]

    @Test("synthetic pages cut around tables, lists, fences and HTML blocks")
    func syntheticPagesMatch() {
        var rng = SeededGenerator(seed: 13)
        var cut = 0
        for n in 0..<400 {
            var page = ""
            for _ in 0..<Int.random(in: 2...14, using: &rng) {
                page += Self.snippets.randomElement(using: &rng)!
                page += ["\n", "\n", "\n\n", ""].randomElement(using: &rng)!
            }
            let bytes = Array(page.utf8)
            expectSame(bytes, "page \(n): \(page.debugDescription)")
            expectSame(bytes, "page \(n), random pieces: \(page.debugDescription)", sizes: PiecewiseParse.Sizes(threshold: 0, piece: Int.random(in: 1...120, using: &rng)))
            if (PiecewiseParse.inPieces(bytes, path: "p.md", pieceSize: 1)?.count ?? 0) > 2 { cut += 1 }
        }
        #expect(cut > 200, "\(cut) of 400 pages cut into three or more pieces")
    }

    @Test("a long table is cut between rows and joined into one table")
    func longTable() throws {
        var page = "---\ntitle: t\n---\n\n# Errors\n\n<!-- docspec:table kind=error-codes -->\n| 名前 | コード |\n|---|--:|\n"
        for i in 0..<500 { page += "| `E\(i)` | `\(i)` |\n" }
        page += "\nAfter.\n"
        let bytes = Array(page.utf8)
        expectSame(bytes, "long table")
        var body = bytes
        _ = FrontMatterSplitter.split(&body, path: "p.md")
        let pieces = try #require(PiecewiseParse.inPieces(body, path: "p.md", pieceSize: 256))
        #expect(pieces.count > 20)
        let tables = pieces.blocks.compactMap { if case .table(let t) = $0 { t } else { nil } }
        #expect(tables.count == 1)
        #expect(tables.first?.rows.count == 500)
    }

    @Test("a page with a link reference definition or a footnote is parsed in one piece")
    func definitionsKeepOnePiece() {
        #expect(PiecewiseParse.hasDefinitionMark(Array("a [x]\n\n[x]: /u\n".utf8)))
        #expect(PiecewiseParse.hasDefinitionMark(Array("a[^1]\n\n[^1]: note\n".utf8)))
        #expect(!PiecewiseParse.hasDefinitionMark(Array("a [x] b: c\n".utf8)))
        // Cut at the blank line, the reference would not resolve in the first piece.
        expectSame(Array("see [the spec]\n\n[the spec]: https://e.x\n".utf8), "reference")
        expectSame(Array("note[^a]\n\n[^a]: the note\n".utf8), "footnote")
    }
}
