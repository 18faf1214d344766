import Foundation
/// A small, forgiving scanner for the HTML that Markdown pages embed (HTML blocks and inline
/// HTML): tags with their attributes, the text between them, `<code>` contents and `<table>`
/// rows. It never fails; malformed markup becomes text.
enum HTMLScanner {
    struct Tag {
        var name: String
        var attributes: [(name: String, value: String?)]
        var closing: Bool
    }

    struct Result {
        var tags: [Tag] = []
        /// Text outside tags and comments, with a few entities decoded.
        var text = ""
        /// Contents of `<code>` elements.
        var codeTexts: [String] = []
    }

    static func scan(_ html: String) -> Result {
        var r = Result()
        let u = Array(html.unicodeScalars)
        var i = 0
        var codeDepth = 0
        var code = ""
        while i < u.count {
            if u[i] == "<" {
                if i + 3 < u.count, u[i + 1] == "!", u[i + 2] == "-", u[i + 3] == "-" {
                    i = (SiteSyntax.find(u, from: i + 4, "-->") ?? u.count - 3) + 3
                    continue
                }
                if let (tag, end) = parseTag(u, i) {
                    r.tags.append(tag)
                    if tag.name == "code" {
                        if tag.closing {
                            if codeDepth > 0 {
                                codeDepth -= 1
                                if codeDepth == 0 {
                                    let c = decode(code).trimmingSpaces
                                    if !c.isEmpty { r.codeTexts.append(c) }
                                    code = ""
                                }
                            }
                        } else {
                            codeDepth += 1
                        }
                    }
                    r.text += " "
                    i = end
                    continue
                }
            }
            if codeDepth > 0 { code.unicodeScalars.append(u[i]) } else { r.text.unicodeScalars.append(u[i]) }
            i += 1
        }
        r.text = decode(r.text)
        return r
    }

    /// Parses `<name attr="v" attr2 …>` or `</name>` at `start`; `nil` when it is not a tag.
    static func parseTag(_ u: [Unicode.Scalar], _ start: Int) -> (Tag, Int)? {
        var i = start + 1
        var closing = false
        if i < u.count, u[i] == "/" {
            closing = true
            i += 1
        }
        var name = ""
        while i < u.count, u[i].properties.isAlphabetic || (u[i].isASCII && u[i].properties.numericType != nil) || u[i] == "-" || u[i] == "." {
            name.unicodeScalars.append(u[i])
            i += 1
        }
        guard !name.isEmpty, let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        var attributes: [(String, String?)] = []
        while i < u.count {
            // A tag is short; a `<` that never closes is text (and must not cost a scan of the
            // rest of the page each time).
            if i - start > 2_000 { return nil }
            while i < u.count, u[i] == " " || u[i] == "\n" || u[i] == "\t" || u[i] == "\r" { i += 1 }
            guard i < u.count else { return nil }
            if u[i] == ">" { return (Tag(name: name.lowercased(), attributes: attributes, closing: closing), i + 1) }
            if u[i] == "/" { i += 1; continue }
            var attr = ""
            while i < u.count, !" \n\t\r=>/".unicodeScalars.contains(u[i]) {
                attr.unicodeScalars.append(u[i])
                i += 1
            }
            guard !attr.isEmpty else { return nil }
            var value: String? = nil
            while i < u.count, u[i] == " " { i += 1 }
            if i < u.count, u[i] == "=" {
                i += 1
                while i < u.count, u[i] == " " { i += 1 }
                var v = ""
                if i < u.count, u[i] == "\"" || u[i] == "'" || u[i] == "{" {
                    let close: Unicode.Scalar = u[i] == "{" ? "}" : u[i]
                    i += 1
                    while i < u.count, u[i] != close, i - start <= 2_000 {
                        v.unicodeScalars.append(u[i])
                        i += 1
                    }
                    i += 1
                } else {
                    while i < u.count, !" \n\t\r>".unicodeScalars.contains(u[i]) {
                        v.unicodeScalars.append(u[i])
                        i += 1
                    }
                }
                value = decode(v)
            }
            attributes.append((attr.lowercased(), value))
        }
        return nil
    }

    static func decode(_ s: String) -> String {
        // Tested on the bytes: an `&` byte that is no `&` character (a combining mark after it)
        // starts none of the entities either, so the result is the same.
        guard s.utf8.contains(UInt8(ascii: "&")) else { return s }
        return s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&nbsp;", with: " ").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// One row of an HTML table, as `tableRows` reads it.
    struct TableRow {
        /// Each cell's raw inner HTML, in order.
        var cells: [String] = []
        /// The 0-based line offset of the row's start within the HTML block.
        var lineOffset: Int
        /// How many of the cells are `<th>`.
        var headerCells = 0
        /// Columns the row spans (each cell's `colspan`, 1 when absent).
        var span = 0

        init(lineOffset: Int) { self.lineOffset = lineOffset }

        /// Every cell is a header cell.
        var isHeader: Bool { !cells.isEmpty && headerCells == cells.count }
    }

    /// The rows of the first `<table>` in `html`: each row's cells (`<th>`/`<td>`) as raw inner
    /// HTML, with the 0-based line offset of the row's start. `nil` when there is no table.
    static func tableRows(_ html: String) -> [TableRow]? {
        let u = Array(html.unicodeScalars)
        var i = 0
        var line = 0
        var inTable = false
        var rows: [TableRow] = []
        var cell: String? = nil
        var cellIsHeader = false
        var cellSpan = 1
        var cellDepth = 0
        while i < u.count {
            if u[i] == "\n" { line += 1 }
            if u[i] == "<", let (tag, end) = parseTag(u, i) {
                let tagStartLine = line
                for k in i..<end where u[k] == "\n" && k != i { line += 1 }
                // End tags of cells and rows may be left out (valid HTML): a new cell or row,
                // or the table's end, closes the open cell. `cellDepth` counts tables nested in
                // the open cell, whose cells belong to them.
                func closeCell() {
                    if let c = cell {
                        if rows.isEmpty { rows.append(TableRow(lineOffset: line)) }
                        rows[rows.count - 1].cells.append(c)
                        rows[rows.count - 1].headerCells += cellIsHeader ? 1 : 0
                        rows[rows.count - 1].span += cellSpan
                        cell = nil
                    }
                }
                switch (tag.name, tag.closing) {
                case ("table", false) where !inTable:
                    inTable = true
                case ("table", false) where cell != nil:
                    cellDepth += 1
                case ("table", true) where cellDepth > 0:
                    cellDepth -= 1
                case ("table", true) where inTable:
                    closeCell()
                    return rows
                case ("tr", false) where inTable && cellDepth == 0:
                    closeCell()
                    rows.append(TableRow(lineOffset: tagStartLine))
                case ("td", false) where inTable && cellDepth == 0, ("th", false) where inTable && cellDepth == 0:
                    closeCell()
                    cell = ""
                    cellIsHeader = tag.name == "th"
                    cellSpan = tag.attributes.first { $0.name.lowercased() == "colspan" }?.value.flatMap { Int($0) }.map { max($0, 1) } ?? 1
                    i = end
                    continue
                case ("td", true) where cellDepth == 0, ("th", true) where cellDepth == 0, ("tr", true) where cellDepth == 0:
                    closeCell()
                    i = end
                    continue
                default: break
                }
                if cell != nil { cell! += String(String.UnicodeScalarView(u[i..<end])) }
                i = end
                continue
            }
            if cell != nil { cell!.unicodeScalars.append(u[i]) }
            i += 1
        }
        if inTable, let c = cell {
            if rows.isEmpty { rows.append(TableRow(lineOffset: line)) }
            rows[rows.count - 1].cells.append(c)
            rows[rows.count - 1].headerCells += cellIsHeader ? 1 : 0
            rows[rows.count - 1].span += cellSpan
        }
        return inTable ? rows : nil
    }
}
