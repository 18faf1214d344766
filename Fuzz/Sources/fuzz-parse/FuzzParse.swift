// Markdown parse and tree walk: any bytes through MarkdownParser (BOM, lone CR, UTF-8 check,
// front matter, cmark-gfm, conversion), then every node of the tree visited.
// Oracles: a page that parses has every range inside the file (1 ≤ start line ≤ end line ≤ line
// count) and parsing the same bytes twice gives the same document.
import DocDiagnostics
import FuzzSupport
import MarkdownSyntax

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParseOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = bytes(data, size)
    let result = MarkdownParser.parse(bytes: input, path: "fuzz.md")
    guard let doc = result.document else {
        if result.diagnostics.isEmpty { oracleFailure("a page that did not parse has no diagnostic") }
        return 0
    }
    var walker = TreeWalker(lineCount: max(doc.lineCount, 1))
    for block in doc.blocks { walker.visit(block) }
    if let fm = doc.frontMatter { _ = fm.value.entries?.count }
    let again = MarkdownParser.parse(bytes: input, path: "fuzz.md")
    if again.document != doc { oracleFailure("parsing the same bytes twice gave different documents") }
    return 0
}

struct TreeWalker {
    let lineCount: Int
    var nodes = 0

    func check(_ r: SourceRange, _ what: String) {
        guard r.start.line >= 1, r.start.line <= r.end.line, r.end.line <= lineCount else {
            oracleFailure("\(what) range \(r) outside lines 1...\(lineCount)")
        }
    }

    mutating func visit(_ block: Block) {
        nodes += 1
        check(block.range, "block")
        switch block {
        case .heading(_, let inlines, _), .paragraph(let inlines, _):
            visit(inlines)
        case .codeBlock(let info, let literal, _, _):
            nodes += info.utf8.count + literal.utf8.count
        case .htmlBlock(let literal, _):
            nodes += literal.utf8.count
        case .component(_, let literal, let content, _):
            nodes += literal.utf8.count
            for b in content { visit(b) }
        case .table(let table):
            for row in [table.header] + table.rows {
                check(row.range, "table row")
                for cell in row.cells {
                    check(cell.range, "table cell")
                    check(cell.contentRange, "table cell content")
                    visit(cell.inlines)
                    _ = cell.plainText
                }
            }
        case .list(_, _, let items, _):
            for item in items {
                check(item.range, "list item")
                for b in item.blocks { visit(b) }
            }
        case .blockQuote(let blocks, _), .footnoteDefinition(_, let blocks, _):
            for b in blocks { visit(b) }
        case .thematicBreak:
            break
        }
    }

    mutating func visit(_ inlines: [Inline]) {
        _ = inlines.plainText
        _ = inlines.codeSpans
        _ = inlines.links
        for inline in inlines {
            nodes += 1
            switch inline {
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c), .image(_, _, let c):
                visit(c)
            default:
                break
            }
        }
    }
}

@_cdecl("fuzz_parse_main")
public func fuzzParseMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runFuzzer(argc, argv, fuzzParseOne)
}
