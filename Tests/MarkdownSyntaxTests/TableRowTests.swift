import DocDiagnostics
import Testing

@testable import MarkdownSyntax

@Suite("Table rows: sourceCellCount and padding")
struct TableRowTests {
    /// The first body row of a three-column table whose body is `row`.
    func row(_ row: String) throws -> TableRow {
        let t = try firstTable("| a | b | c |\n|---|---|---|\n\(row)\n")
        return try #require(t.rows.first)
    }

    @Test func fullRowHasHeaderCount() throws {
        let r = try row("| 1 | 2 | 3 |")
        #expect(r.sourceCellCount == 3)
        #expect(r.cells.map(\.isPadding) == [false, false, false])
    }

    @Test func extraCellsAreCountedButDroppedByCmark() throws {
        let r = try row("| 1 | 2 | 3 | 4 | 5 |")
        #expect(r.sourceCellCount == 5)
        #expect(r.cells.count == 3)
        #expect(r.cells.map(\.plainText) == ["1", "2", "3"])
    }

    @Test func missingCellsAreCountedAndPadded() throws {
        let m = marked("| a | b | c |\n|---|---|---|\n| 1 |2️⃣\n")
        let t = try firstTable(m.text)
        let r = try #require(t.rows.first)
        #expect(r.sourceCellCount == 1)
        #expect(r.cells.count == 3)
        #expect(r.cells.map(\.isPadding) == [false, true, true])
        #expect(r.cells[1].range.start.line == 3)
    }

    @Test(arguments: [
        ("1 | 2 | 3", 3),
        ("| 1 | 2 | 3", 3),
        ("1 | 2 | 3 |", 3),
        ("| 1 | 2 | 3 |   ", 3),
        ("| 1 \\| x | 2 | 3 |", 3),
        ("| `1\\|x` | 2 | 3 |", 3),
        ("| `1|x` | 2 | 3 |", 4),
        ("| 1 | 2 |", 2),
        ("| 1 | 2 | 3 | 4 |", 4),
        ("| ключ | 値 | ✓ |", 3),
        ("| | | |", 3),
    ])
    func sourceCellCount(row text: String, count: Int) throws {
        #expect(try row(text).sourceCellCount == count)
    }

    @Test func pipeAfterEscapedBackslashIsStillEscapedLikeCmark() throws {
        // cmark-gfm's cell scanner pulls a `|` preceded by any backslash into the cell.
        let t = try firstTable("| a | b |\n|---|---|\n| x \\\\| y | z |\n")
        let r = try #require(t.rows.first)
        #expect(r.cells.count == 2)
        #expect(r.cells.map(\.isPadding) == [false, false])
        #expect(r.sourceCellCount == 2)
    }

    @Test func headerCountsItsOwnCells() throws {
        let t = try firstTable("名前 | コード\n--|--\nA | 1\n")
        #expect(t.header.sourceCellCount == 2)
        #expect(t.header.cells.map(\.plainText) == ["名前", "コード"])
    }

    @Test func textLineAfterTableBecomesARow() throws {
        let t = try firstTable("| a | b |\n|---|---|\n| 1 | 2 |\nтекст\n")
        #expect(t.rows.count == 2)
        #expect(t.rows.last?.sourceCellCount == 1)
    }
}

/// cmark-gfm counts every row's byte columns from the table's first column; a row indented less
/// or more than the header line, or a quoted row written `>|` under a `> |` header, got cell
/// ranges beside its cells (found by fuzz-fix: a cell fix copied the wrong bytes on every run).
@Suite("Table rows indented unlike their header")
struct TableRowIndentTests {
    /// The content ranges of the first cells of every body row, as (start, end) marker pairs
    /// (a marker before a cell's first and before its last character).
    func check(_ fixture: String, _ pairs: [[(Int, Int)]], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let m = marked(fixture)
        let t = try firstTable(m.text)
        #expect(t.rows.count == pairs.count, sourceLocation: sourceLocation)
        for (row, expected) in zip(t.rows, pairs) {
            for (cell, (s, e)) in zip(row.cells, expected) {
                #expect(cell.contentRange.start == m.location(s), "start of '\(cell.plainText)'", sourceLocation: sourceLocation)
                #expect(cell.contentRange.end == m.location(e), "end of '\(cell.plainText)'", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func rowLessIndentedThanHeader() throws {
        try check("  | a | b |\n  |---|---|\n| 1️⃣`A2️⃣` | 3️⃣値 |\n|5️⃣x6️⃣y |\n", [[(1, 2), (3, 3)], [(5, 6)]])
    }

    @Test func rowMoreIndentedThanHeader() throws {
        try check("| a | b |\n|---|---|\n   | 1️⃣c | 3️⃣клю4️⃣ч |\n", [[(1, 1), (3, 4)]])
    }

    @Test func quotedRowWithoutSpaceAfterMarker() throws {
        try check("> | a | b |\n> |---|---|\n>| 1️⃣e | 2️⃣f |\n", [[(1, 1), (2, 2)]])
    }
}
