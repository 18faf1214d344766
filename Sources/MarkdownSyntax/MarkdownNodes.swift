import DocDiagnostics

/// An inline element (CommonMark/GFM inline). Inline source positions from cmark-gfm are
/// unreliable (autolinks, soft breaks and text after `\|` in table cells), so inlines carry no
/// ranges; use the enclosing block's or table cell's range.
///
/// Only links and images are boxed (`indirect`): text and code, most inlines, are stored in the
/// array that holds them, one allocation less each (a long table has hundreds of thousands).
public enum Inline: Hashable, Sendable {
    /// Literal text, with entities and backslash escapes already resolved.
    case text(String)
    /// A code span; the literal with GFM's `\|` unescaping already applied.
    case code(String)
    /// Emphasis (`*…*` or `_…_`) around its children. Unknown extension inlines with children
    /// are kept as emphasis too, so their text is not lost.
    case emphasis([Inline])
    /// Strong emphasis (`**…**` or `__…__`) around its children.
    case strong([Inline])
    /// GFM strikethrough (`~~…~~`) around its children.
    case strikethrough([Inline])
    /// A link (inline, reference or autolink): its destination as written (not resolved), its
    /// title (empty when none) and its text.
    indirect case link(destination: String, title: String, children: [Inline])
    /// An image: its source as written (not resolved), its title (empty when none) and its alt
    /// text.
    indirect case image(source: String, title: String, alt: [Inline])
    /// Raw inline HTML, e.g. `<br>` or `<!-- … -->`.
    case html(String)
    /// A soft line break (a newline inside a paragraph); plain text reads it as a space.
    case softBreak
    /// A hard line break (two trailing spaces or a backslash before the newline).
    case lineBreak
    /// A GFM footnote reference `[^label]`, with the label as written.
    case footnoteReference(String)

    /// The text a reader sees, with code spans kept verbatim and breaks as spaces.
    public var plainText: String {
        var out = ""
        appendPlainText(to: &out)
        return out
    }

    /// Appends `plainText` to `out` (one buffer for a whole tree of inlines).
    func appendPlainText(to out: inout String) {
        switch self {
        case .text(let s), .code(let s): out += s
        case .emphasis(let c), .strong(let c), .strikethrough(let c): for x in c { x.appendPlainText(to: &out) }
        case .link(_, _, let c): for x in c { x.appendPlainText(to: &out) }
        case .image(_, _, let alt): for x in alt { x.appendPlainText(to: &out) }
        case .html: break
        case .softBreak, .lineBreak: out += " "
        case .footnoteReference(let s): out += "[^\(s)]"
        }
    }
}

extension Array where Element == Inline {
    /// Concatenated plain text of the inlines.
    public var plainText: String {
        var out = ""
        for x in self { x.appendPlainText(to: &out) }
        return out
    }

    /// The literals of all code spans, in order, searching nested inlines too.
    public var codeSpans: [String] {
        flatMap { inline -> [String] in
            switch inline {
            case .code(let s): [s]
            case .emphasis(let c), .strong(let c), .strikethrough(let c): c.codeSpans
            case .link(_, _, let c): c.codeSpans
            default: []
            }
        }
    }

    /// The first of `codeSpans`, found without collecting the others.
    public var firstCodeSpan: String? {
        for inline in self {
            switch inline {
            case .code(let s): return s
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c):
                if let s = c.firstCodeSpan { return s }
            default: break
            }
        }
        return nil
    }

    /// Where each of `codeSpans` starts in `plainText`, in UTF-8 bytes from its start, in the
    /// same order (one walk; code inside an image's alt text counts as text, as in `codeSpans`).
    public var codeSpanOffsets: [Int] {
        var offsets: [Int] = []
        var length = 0
        func walk(_ inlines: [Inline], recording: Bool) {
            for inline in inlines {
                switch inline {
                case .code(let s):
                    if recording { offsets.append(length) }
                    length += s.utf8.count
                case .emphasis(let c), .strong(let c), .strikethrough(let c), .link(_, _, let c): walk(c, recording: recording)
                case .image(_, _, let alt): walk(alt, recording: false)
                default:
                    var text = ""
                    inline.appendPlainText(to: &text)
                    length += text.utf8.count
                }
            }
        }
        walk(self, recording: true)
        return offsets
    }

    /// Links and images, in order, searching nested inlines too (an image inside a link comes
    /// after the link): destination, plain text (alt text for images) and whether it is an image.
    public var links: [(destination: String, text: String, isImage: Bool)] {
        var out: [(destination: String, text: String, isImage: Bool)] = []
        appendLinks(to: &out)
        return out
    }

    /// Appends `links` to `out`: one walk and one array for a whole tree of inlines (a text
    /// without links allocates nothing).
    func appendLinks(to out: inout [(destination: String, text: String, isImage: Bool)]) {
        for inline in self {
            switch inline {
            case .link(let d, _, let c):
                out.append((d, c.plainText, false))
                c.appendLinks(to: &out)
            case .image(let s, _, let alt): out.append((s, alt.plainText, true))
            case .emphasis(let c), .strong(let c), .strikethrough(let c): c.appendLinks(to: &out)
            default: break
            }
        }
    }

    /// Link and image destinations, in order, searching nested inlines too.
    public var linkDestinations: [String] { links.map(\.destination) }
}

/// A GFM table cell. `range` covers the bytes between the pipes (surrounding spaces included),
/// converted to character columns. Its ranges are stored packed (one path, `Int32` positions):
/// a long table holds hundreds of thousands of cells.
public struct TableCell: Hashable, Sendable {
    /// The cell's inline content.
    public var inlines: [Inline]
    /// The file of both ranges.
    var file: String
    var packedRange: PackedRange
    var packedContentRange: PackedRange
    /// `true` when cmark-gfm padded a row that had fewer cells than the header.
    public var isPadding: Bool

    /// The whole cell between its pipes, spaces included; for a padding cell, the point at the
    /// row's end.
    public var range: SourceRange {
        get { packedRange.range(file: file) }
        set {
            file = newValue.file
            packedRange = PackedRange(newValue)
        }
    }

    /// The range of the cell's content: `range` without the surrounding spaces. Diagnostics
    /// about a cell point here.
    public var contentRange: SourceRange {
        get { packedContentRange.range(file: file) }
        set {
            file = newValue.file
            packedContentRange = PackedRange(newValue)
        }
    }

    /// A cell; both ranges are in the file of `range`.
    public init(inlines: [Inline], range: SourceRange, contentRange: SourceRange, isPadding: Bool) {
        self.inlines = inlines
        file = range.file
        packedRange = PackedRange(range)
        packedContentRange = PackedRange(contentRange)
        self.isPadding = isPadding
    }

    /// The reader-visible text of the cell, trimmed.
    public var plainText: String { inlines.plainText.trimmingSpaces }
}

/// A table row (header or body) with the number of cells actually written in the source line.
public struct TableRow: Hashable, Sendable {
    /// Cells as cmark-gfm built them: body rows are cut or padded to the header's cell count
    /// (see `sourceCellCount`).
    public var cells: [TableCell]
    /// The file of `range`.
    var file: String
    var packedRange: PackedRange
    /// The row's range (a single source line).
    public var range: SourceRange {
        get { packedRange.range(file: file) }
        set {
            file = newValue.file
            packedRange = PackedRange(newValue)
        }
    }
    /// Cells written in the source line, counted with GFM's rules (unescaped `|` separates cells,
    /// also inside code spans). cmark-gfm silently drops cells past the header's count and pads
    /// missing ones; comparing this with the header's count finds ragged rows.
    public var sourceCellCount: Int

    /// A row of `cells` on `range`.
    public init(cells: [TableCell], range: SourceRange, sourceCellCount: Int) {
        self.cells = cells
        file = range.file
        packedRange = PackedRange(range)
        self.sourceCellCount = sourceCellCount
    }
}

/// Column alignment from the delimiter row.
public enum TableAlignment: String, Hashable, Sendable, Codable {
    /// No colon: `---`.
    case none
    /// A leading colon: `:--`.
    case left
    /// Colons on both sides: `:-:`.
    case center
    /// A trailing colon: `--:`.
    case right
}

/// A GFM pipe table.
public struct Table: Hashable, Sendable {
    /// The header row; its cell count is the table's column count.
    public var header: TableRow
    /// The body rows in source order (the delimiter row is not included).
    public var rows: [TableRow]
    /// One alignment per column, from the delimiter row (`:--`, `:-:`, `--:`).
    public var alignments: [TableAlignment]
    /// The table's range, header row through last body row.
    public var range: SourceRange
}

/// A list item's content blocks.
public struct ListItem: Hashable, Sendable {
    /// The item's content blocks.
    public var blocks: [Block]
    /// The item's range, list marker included.
    public var range: SourceRange
    /// For GFM task list items, whether the box is checked; `nil` for ordinary items.
    public var taskChecked: Bool?
}

/// A block-level element (CommonMark/GFM block). Every block carries its source range, with
/// cmark-gfm's known position defects (HTML blocks, setext headings) corrected.
public indirect enum Block: Hashable, Sendable {
    /// An ATX (`#`) or setext (underlined) heading; `level` is 1–6. A setext heading's range
    /// ends on its underline.
    case heading(level: Int, inlines: [Inline], range: SourceRange)
    /// A paragraph.
    case paragraph(inlines: [Inline], range: SourceRange)
    /// A fenced or indented code block. `info` is the whole info string (empty for indented).
    case codeBlock(info: String, literal: String, fenced: Bool, range: SourceRange)
    /// An HTML block, e.g. a `<!-- … -->` comment, with its literal text.
    case htmlBlock(literal: String, range: SourceRange)
    /// An MDX component whose opening tag is not followed by a blank line (`<Intro>` then text),
    /// which CommonMark reads as one HTML block swallowing its content: the block's `literal` as
    /// cmark-gfm gave it, the component's `name` (`Intro`, `Note`), and its `content` — the lines
    /// between the tags parsed as Markdown, on their own line numbers. Components that show code
    /// (`<TerminalBlock>`, `<Sandpack>`, …) stay `htmlBlock`s.
    case component(name: String, literal: String, content: [Block], range: SourceRange)
    /// A GFM pipe table; its range is `Table.range`.
    case table(Table)
    /// A bullet or ordered list; `start` is the first item's number (meaningful only when
    /// `ordered`).
    case list(ordered: Bool, start: Int, items: [ListItem], range: SourceRange)
    /// A block quote (`>`) and its content blocks.
    case blockQuote(blocks: [Block], range: SourceRange)
    /// A thematic break (`---`, `***` or `___`).
    case thematicBreak(range: SourceRange)
    /// A GFM footnote definition `[^label]: …`, with the label as written and its content blocks.
    case footnoteDefinition(label: String, blocks: [Block], range: SourceRange)

    /// The block's source range (for a table, `Table.range`).
    public var range: SourceRange {
        switch self {
        case .heading(_, _, let r), .paragraph(_, let r), .codeBlock(_, _, _, let r), .htmlBlock(_, let r), .component(_, _, _, let r),
            .list(_, _, _, let r), .blockQuote(_, let r), .thematicBreak(let r), .footnoteDefinition(_, _, let r):
            r
        case .table(let t): t.range
        }
    }
}

/// A parsed Markdown page: front matter and the block tree. Holds only Swift values (no C memory).
public struct MarkdownDocument: Hashable, Sendable {
    /// Path as shown in diagnostics.
    public var path: String
    /// The page's YAML front matter; `nil` when the page has none or it is never closed.
    public var frontMatter: FrontMatter?
    /// Top-level blocks in source order. Front-matter lines are blanked, not removed, so line
    /// numbers are the file's own.
    public var blocks: [Block]
    /// Number of lines in the file.
    public var lineCount: Int
    /// The page's text as parsed: a byte order mark removed and lone CRs read as line breaks;
    /// front matter and CRLF line endings kept. For checks on the source text itself (the
    /// content hashes that stamp a translation).
    public var text: String = ""

    /// A document made of the given parts (pages are normally made by `MarkdownParser`).
    public init(path: String, frontMatter: FrontMatter?, blocks: [Block], lineCount: Int) {
        self.path = path
        self.frontMatter = frontMatter
        self.blocks = blocks
        self.lineCount = lineCount
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    public var trimmingSpaces: String {
        // On UTF-8 bytes, with `Character` semantics: a CRLF pair is one character, not a space.
        // Read through the string's contiguous bytes (its `UTF8View` index arithmetic costs
        // more than the scan).
        var copy = self
        let (lo, hi, n) = copy.withUTF8 { u -> (Int, Int, Int) in
            let r = String.trimmedSpaceBounds(u)
            return (r.lowerBound, r.upperBound, u.count)
        }
        if lo == 0 && hi == n { return self }
        // The bounds are next to ASCII bytes: scalar boundaries.
        let u = utf8
        return String(self[u.index(u.startIndex, offsetBy: lo)..<u.index(u.startIndex, offsetBy: hi)])
    }

    /// The bounds of UTF-8 `u` without leading and trailing spaces, tabs and newlines, as
    /// `trimmingSpaces` cuts them (a CR LF pair is one `Character`, not a space, and stays).
    public static func trimmedSpaceBounds(_ u: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var start = 0
        while start < u.count, isSpace(u[start]) {
            if u[start] == 0x0D, start + 1 < u.count, u[start + 1] == 0x0A { break }
            start += 1
        }
        var end = u.count
        while end > start {
            let last = end - 1
            guard isSpace(u[last]) else { break }
            if u[last] == 0x0A, last > start, u[last - 1] == 0x0D { break }
            end = last
        }
        return start..<end
    }
}
