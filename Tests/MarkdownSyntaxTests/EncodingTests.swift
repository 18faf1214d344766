import DocDiagnostics
import Testing

@testable import MarkdownSyntax

@Suite("Encoding: BOM, invalid UTF-8, NUL, CRLF")
struct EncodingTests {
    /// Parses the marked text's bytes with `bad` inserted at marker 1.
    func parseWithBadBytes(_ m: Marked, _ bad: [UInt8], after: String = "tail\n") -> ParseResult {
        MarkdownParser.parse(bytes: m.bytes + bad + Array(after.utf8), path: "p.md")
    }

    @Test func byteOrderMarkIsStripped() throws {
        let m = marked("1️⃣# Заголовок\n\n| a |2️⃣ б |\n|---|---|\n| 1 | 2 |\n")
        let result = MarkdownParser.parse(bytes: [0xEF, 0xBB, 0xBF] + m.bytes, path: "p.md")
        #expect(result.diagnostics.isEmpty)
        let doc = try #require(result.document)
        #expect(doc.blocks.first?.range.start == m.location(1))
        guard case .heading(_, let inlines, _) = doc.blocks.first else {
            Issue.record("expected a heading")
            return
        }
        #expect(inlines.plainText == "Заголовок")
        #expect(tables(in: doc.blocks).first?.header.cells[1].range.start == m.location(2))
    }

    @Test func byteOrderMarkBeforeFrontMatter() throws {
        let result = MarkdownParser.parse(bytes: [0xEF, 0xBB, 0xBF] + Array("---\nid: bom\n---\n".utf8), path: "p.md")
        #expect(result.document?.frontMatter?.string("id") == "bom")
    }

    @Test(arguments: [
        [0xC3, 0x28] as [UInt8],  // a lead byte followed by ASCII
        [0xFF],  // never valid
        [0xC0, 0xAF],  // overlong '/'
        [0xED, 0xA0, 0x80],  // UTF-16 surrogate U+D800
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0x80],  // a lone continuation byte
    ])
    func invalidUTF8IsAnErrorAtItsCharacterColumn(bad: [UInt8]) throws {
        let m = marked("# 見出し\n\nテキスト1️⃣")
        let result = parseWithBadBytes(m, bad)
        #expect(result.document == nil)
        let d = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(d.ruleID == "invalid-utf8")
        #expect(d.severity == .error)
        #expect(d.location == m.location(1))
        #expect(d.message.contains("0x\(String(bad[0], radix: 16, uppercase: true))"))
    }

    @Test func truncatedSequenceAtEndOfFile() throws {
        let m = marked("ok\nабв1️⃣")
        let result = MarkdownParser.parse(bytes: m.bytes + [0xE3, 0x81], path: "p.md")
        #expect(result.document == nil)
        #expect(result.diagnostics.first?.location == m.location(1))
    }

    @Test func fourByteScalarCountsAsOneColumn() throws {
        let m = marked("😀𝄞1️⃣")
        let result = MarkdownParser.parse(bytes: m.bytes + [0xFF], path: "p.md")
        #expect(result.diagnostics.first?.location == m.location(1))
        #expect(m.location(1).column == 3)
    }

    @Test func nulByteIsAnErrorAtItsLocation() throws {
        let m = marked("# title\n\nабв1️⃣")
        let result = MarkdownParser.parse(bytes: m.bytes + [0x00] + Array("x\n".utf8), path: "p.md")
        #expect(result.document == nil)
        let d = try #require(result.diagnostics.first)
        #expect(d.ruleID == "invalid-utf8")
        #expect(d.severity == .error)
        #expect(d.location == m.location(1))
    }

    @Test func crlfLineEndingsKeepPositions() throws {
        let m = marked("1️⃣# Заголово2️⃣к\r\n\r\n| a |3️⃣ б |\r\n|---|---|\r\n4️⃣| 1 |5️⃣ жжж6️⃣ |\r\n\r\n7️⃣<!-- c\r\nd --8️⃣>\r\n")
        let doc = try document(m.text)
        #expect(doc.blocks.first?.range == range(m, 1, 2))
        let t = try #require(tables(in: doc.blocks).first)
        #expect(t.header.cells[1].range.start == m.location(3))
        #expect(t.rows.first?.range.start == m.location(4))
        #expect(t.rows.first?.cells[1].range == range(m, 5, 6))
        #expect(t.rows.first?.sourceCellCount == 2)
        #expect(doc.blocks.last?.range == range(m, 7, 8))
        #expect(doc.lineCount == 8)
    }
}

@Suite("Classic Mac line endings")
struct LoneCRTests {
    @Test("lone CR line endings: lines, table rows and cell counts are right")
    func loneCR() throws {
        let text = "# Title\r\r| a | b |\r|---|---|\r| 1 | 2 |\r"
        let doc = try document(text)
        let table = try #require(tables(in: doc.blocks).first)
        #expect(table.range.start.line == 3)
        #expect(table.rows.first?.range.start.line == 5)
        #expect(table.rows.first?.sourceCellCount == 2)
        #expect(table.header.sourceCellCount == 2)
    }
}

@Suite("UTF-16 pages")
struct UTF16Tests {
    static func utf16(_ s: String, bigEndian: Bool) -> [UInt8] {
        s.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    @Test("a UTF-16 page, with or without a byte order mark, is skipped with a message that says UTF-16",
          arguments: [(true, false), (true, true), (false, false), (false, true)])
    func utf16Page(_ bom: Bool, _ bigEndian: Bool) throws {
        let bytes = (bom ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []) + Self.utf16("# Заголовок\n\ntext\n", bigEndian: bigEndian)
        let result = MarkdownParser.parse(bytes: bytes, path: "p.md")
        #expect(result.document == nil)
        let d = try #require(result.diagnostics.first)
        #expect(d.ruleID == "invalid-utf8")
        #expect(d.message.contains("UTF-16 (\(bigEndian ? "big" : "little")-endian)"), "\(d.message)")
        #expect(d.message.contains("convert it to UTF-8"), "\(d.message)")
        #expect(d.location?.line == 1)
    }

    @Test("a NUL byte in a UTF-8 page is still reported as a NUL byte")
    func nulIsNotUTF16() throws {
        let result = MarkdownParser.parse(bytes: Array("# Title\n\nab\u{0}cd\n".utf8), path: "p.md")
        #expect(result.diagnostics.first?.message.contains("NUL byte") == true)
    }
}
