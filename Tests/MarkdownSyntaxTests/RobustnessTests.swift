import DocDiagnostics
import Testing

@testable import MarkdownSyntax

@Suite("Degenerate input does not crash")
struct RobustnessTests {
    @Test func emptyFile() throws {
        let result = MarkdownParser.parse(bytes: [], path: "p.md")
        #expect(result.diagnostics.isEmpty)
        let doc = try #require(result.document)
        #expect(doc.blocks.isEmpty)
        #expect(doc.frontMatter == nil)
        #expect(doc.lineCount == 0)
    }

    @Test("a paragraph cmark-gfm leaves without a position (the line a table was split from) gets the next block's; found by fuzz-parse")
    func blockWithoutPosition() throws {
        for text in ["|\nx\n-|", "|\n\u{1}\n-|"] {
            let doc = try document(text)
            #expect(doc.blocks.count == 2, "\(doc.blocks)")
            for block in doc.blocks {
                #expect(block.range.start.line >= 1 && block.range.end.line <= doc.lineCount, "\(text.debugDescription): \(block)")
            }
        }
    }

    @Test func onlyNewlines() throws {
        let doc = try document("\n\n\n")
        #expect(doc.blocks.isEmpty)
        #expect(doc.lineCount == 3)
    }

    @Test func hundredThousandCharacterLine() throws {
        let long = String(repeating: "長", count: 100_000)
        let m = marked("\(long)\n\n1️⃣# после\n")
        let doc = try document(m.text)
        #expect(doc.blocks.count == 2)
        guard case .paragraph(let inlines, let r) = doc.blocks.first else {
            Issue.record("expected a paragraph")
            return
        }
        #expect(inlines.plainText.count == 100_000)
        #expect(r.end.column == 100_000)
        #expect(doc.blocks.last?.range.start == m.location(1))
    }

    @Test func sixtyNestedBlockQuotesAreKept() throws {
        let doc = try document(String(repeating: ">", count: 60) + " глубоко\n")
        var depth = 0
        var blocks = doc.blocks
        while case .blockQuote(let inner, _)? = blocks.first {
            depth += 1
            blocks = inner
        }
        #expect(depth == 60)
        guard case .paragraph(let inlines, _)? = blocks.first else {
            Issue.record("expected the innermost paragraph")
            return
        }
        #expect(inlines.plainText == "глубоко")
    }

    @Test("nesting past the limit is cut with one warning, not a stack overflow", arguments: [300, 1_500, 20_000])
    func deepBlockQuotesAreCut(levels: Int) throws {
        let parsed = parse(String(repeating: ">", count: levels) + " глубоко\n")
        #expect(parsed.diagnostics.map(\.ruleID) == ["nesting-too-deep"])
        var depth = 0
        var blocks = try #require(parsed.document).blocks
        while case .blockQuote(let inner, _)? = blocks.first {
            depth += 1
            blocks = inner
        }
        #expect(depth == 65, "64 levels converted, the 65th kept empty")
    }

    @Test("exactly 64 levels are converted without a warning")
    func sixtyFourLevels() throws {
        let parsed = parse(String(repeating: ">", count: 64) + " x\n")
        #expect(parsed.diagnostics.isEmpty)
    }

    @Test("deeply nested emphasis keeps its text, flattened")
    func deepEmphasis() throws {
        let parsed = parse(String(repeating: "*", count: 20_000) + "x" + String(repeating: "*", count: 20_000) + "\n")
        #expect(parsed.document != nil)
        #expect(parsed.document?.blocks.count == 1)
    }

    @Test func threeHundredNestedLists() throws {
        let text = (0..<300).map { String(repeating: "  ", count: $0) + "- 項目\($0)" }.joined(separator: "\n")
        let doc = try document(text)
        var depth = 0
        var blocks = doc.blocks
        while let list = blocks.first(where: { if case .list = $0 { true } else { false } }),
            case .list(_, _, let items, _) = list
        {
            depth += 1
            blocks = items.first?.blocks ?? []
        }
        #expect(depth == 65)
    }

    @Test func deeplyNestedInlineBrackets() throws {
        let text = String(repeating: "[", count: 5_000) + "x" + String(repeating: "]", count: 5_000)
        let doc = try document(text)
        #expect(doc.blocks.count == 1)
    }

    @Test func unclosedFenceRunsToEndOfFile() throws {
        let doc = try document("```swift\nlet a = 1\n")
        guard case .codeBlock(_, let literal, true, let r) = doc.blocks.first else {
            Issue.record("expected a fenced code block")
            return
        }
        #expect(literal == "let a = 1\n")
        #expect(r.start.line == 1)
    }

    @Test func parsingIsSafeFromManyTasks() async throws {
        let text = "| a | б |\n|---|---|\n| 1 | 2 |\n"
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<32 {
                group.addTask { tables(in: parse(text).document?.blocks ?? []).count }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(counts == Array(repeating: 1, count: 32))
    }
}
