import DocDiagnostics
import DocSpecTestSupport
import Testing

@testable import MarkdownSyntax

@Suite("Block and cell positions in character columns")
struct PositionTests {
    @Test func japaneseTableCellsStartAtCharacterColumns() throws {
        let m = marked("""
            1️⃣| コード |2️⃣ 名前 |3️⃣ 説明 |
            |---|---|---|
            4️⃣|5️⃣ `E001` |6️⃣ 不正な入力 |7️⃣ 値が正しくありません |
            """)
        let t = try firstTable(m.text)
        #expect(t.header.cells.map(\.range.start) == [m.location(1).with(column: 2), m.location(2), m.location(3)])
        #expect(t.header.range.start == m.location(1))
        let row = try #require(t.rows.first)
        #expect(row.range.start == m.location(4))
        #expect(row.cells.map(\.range.start) == [m.location(5), m.location(6), m.location(7)])
        #expect(row.cells.map(\.plainText) == ["E001", "不正な入力", "値が正しくありません"])
    }

    @Test func russianTableCellsStartAtCharacterColumns() throws {
        let m = marked("""
            | Код |1️⃣ Имя ошибки |2️⃣ Описание |
            |---|---|---|
            | `4000040` |3️⃣ `InvalidPlayTimeError` |4️⃣ Недопустимое значение playTime5️⃣ |
            """)
        let t = try firstTable(m.text)
        #expect(t.header.cells.dropFirst().map(\.range.start) == [m.location(1), m.location(2)])
        let row = try #require(t.rows.first)
        #expect(row.cells[1].range.start == m.location(3))
        #expect(row.cells[2].range == range(m, 4, 5))
    }

    @Test func cellEndIsInclusiveCharacterColumn() throws {
        let m = marked("""
            |1️⃣ 名前2️⃣ |3️⃣ имя4️⃣ |
            |---|---|
            | a | b |
            """)
        let t = try firstTable(m.text)
        #expect(t.header.cells.map(\.range) == [range(m, 1, 2), range(m, 3, 4)])
    }

    @Test func headingParagraphAndCodeBlockRanges() throws {
        let m = marked("""
            1️⃣# エラーコード一2️⃣覧

            3️⃣Это первая строка,
            а это вторая строка4️⃣.

            5️⃣```swift
            let エラー = 1
            ``6️⃣`
            """)
        let blocks = try document(m.text).blocks
        #expect(blocks.count == 3)
        #expect(blocks.map(\.range) == [range(m, 1, 2), range(m, 3, 4), range(m, 5, 6)])
    }

    @Test func setextHeadingEndsAtItsUnderline() throws {
        let m = marked("""
            1️⃣Заголовок
            ====2️⃣=

            Текст.
            """)
        let blocks = try document(m.text).blocks
        guard case .heading(let level, _, let r) = blocks.first else {
            Issue.record("expected a heading, got \(blocks)")
            return
        }
        #expect(level == 1)
        #expect(r == range(m, 1, 2))
    }

    @Test func setextHeadingFollowedDirectlyByAParagraph() throws {
        let m = marked("1️⃣Раздел\n--2️⃣-\nТекст сразу после.\n")
        let blocks = try document(m.text).blocks
        #expect(blocks.count == 2)
        #expect(blocks.first?.range == range(m, 1, 2))
        #expect(blocks.last?.range.start.line == 3)
    }

    @Test func cellWithoutSpacesEndsOnItsLastWideCharacter() throws {
        let m = marked("|1️⃣名2️⃣前|3️⃣им4️⃣я|\n|---|---|\n|a|b|\n")
        let t = try firstTable(m.text)
        #expect(t.header.cells.map(\.range) == [range(m, 1, 2), range(m, 3, 4)])
    }

    @Test func tableNestedInListItemKeepsContainerIndent() throws {
        let m = marked("""
            - 項目

              1️⃣| キー |2️⃣ 値 |
              |---|---|
              | `a` |3️⃣ б |
            """)
        let doc = try document(m.text)
        guard case .list(_, _, let items, _) = doc.blocks.first else {
            Issue.record("expected a list")
            return
        }
        guard case .table(let t) = items.first?.blocks.last else {
            Issue.record("expected a table in the list item")
            return
        }
        #expect(t.range.start == m.location(1))
        #expect(t.header.cells[1].range.start == m.location(2))
        #expect(t.rows.first?.cells[1].range.start == m.location(3))
        #expect(t.rows.first?.sourceCellCount == 2)
    }

    @Test func tableInBlockQuoteCountsCellsAfterTheQuoteMarker() throws {
        let m = marked("""
            > | ключ |1️⃣ значение |
            > |---|---|
            > | `a` |2️⃣ б |
            """)
        let t = try firstTable(m.text)
        #expect(t.header.cells[1].range.start == m.location(1))
        #expect(t.rows.first?.cells[1].range.start == m.location(2))
        #expect(t.header.sourceCellCount == 2)
        #expect(t.rows.first?.sourceCellCount == 2)
    }

    @Test func cellColumnAfterFiftyThousandWideCharacters() throws {
        let wide = String(repeating: "あ", count: 50_000)
        let m = marked("| a | b |\n|---|---|\n| \(wide) |1️⃣ b |\n")
        let t = try firstTable(m.text)
        #expect(t.rows.first?.cells[1].range.start == m.location(1))
        #expect(m.location(1).column == 50_005)
    }

    /// Rows of generated cells in three scripts, of lengths that make the converter count a
    /// line forwards, backwards from its last conversion and from the line's start: every
    /// cell's content starts and ends on its text's first and last scalar, and every row ends
    /// on its line's last scalar (the `|`).
    @Test func cellColumnsOfGeneratedRowsPointAtTheirText() throws {
        var g = SeededGenerator(seed: 11)
        let words = ["名前", "値", "コード一覧", "имя", "значение", "key", "a", "𝒳", "é"]
        for round in 0..<40 {
            let columns = 1 + Int(g.next() % 6)
            var lines: [[String]] = []
            for _ in 0..<(1 + Int(g.next() % 4)) {
                lines.append((0..<columns).map { _ in g.text(of: 1 + Int(g.next() % 9), from: words) })
            }
            let row = { (cells: [String]) in "|" + cells.map { " \($0) " }.joined(separator: "|") + "|" }
            let text = ([row(lines[0]), "|" + Array(repeating: "---", count: columns).joined(separator: "|") + "|"] + lines.dropFirst().map(row))
                .joined(separator: "\n") + "\n"
            let t = try firstTable(text)
            let sourceLines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0).unicodeScalars) }
            for (k, r) in ([t.header] + t.rows).enumerated() {
                let line = k == 0 ? 1 : k + 2
                let scalars = sourceLines[line - 1]
                #expect(r.range.end.column == scalars.count, "round \(round), row \(k)")
                for (cell, expected) in zip(r.cells, lines[k]) {
                    let c = cell.contentRange
                    #expect(c.start.line == line && c.end.line == line)
                    let start = c.start.column - 1
                    let end = c.end.column - 1
                    #expect(start >= 0 && end < scalars.count && start <= end, "round \(round), row \(k)")
                    guard start >= 0, end < scalars.count, start <= end else { continue }
                    #expect(String(String.UnicodeScalarView(scalars[start...end])) == expected, "round \(round), row \(k)")
                }
            }
        }
    }

    @Test func documentRecordsItsPathAndLineCount() throws {
        let doc = try document("# a\n\nb\n", path: "docs-ja/x.md")
        #expect(doc.path == "docs-ja/x.md")
        #expect(doc.lineCount == 3)
        #expect(doc.blocks.first?.range.start.file == "docs-ja/x.md")
    }
}

extension DocDiagnostics.SourceLocation {
    func with(column: Int) -> Self {
        var copy = self
        copy.column = column
        return copy
    }
}
