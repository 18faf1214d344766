// One of the two files that import cmark-gfm (the other is CmarkHTML.swift, which renders
// blocks to HTML). It parses a page with cmark-gfm and its core extensions into an arena
// (`CmarkArena`), converts the C tree once into immutable Swift values, and frees all C memory
// before returning. cmark-gfm positions are 1-based UTF-8 byte columns with inclusive ends;
// they are converted here to Unicode-scalar columns (see `SourceLocation`).
import CCmarkArena
import CCmarkGFM
import DocDiagnostics
import Foundation

enum CmarkConverter {
    /// Extensions attached to every parser.
    static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// Registers the core extensions exactly once. `cmark_gfm_core_extensions_ensure_registered`
    /// is not thread-safe (two threads racing on it register twice, which renumbers the table
    /// node types under a running parser); a Swift `static let` runs its initialiser once.
    static let registration: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// Held while cmark-gfm parses. Its inline parser enables the attached extensions' special
    /// characters (`~` for strikethrough, `|` for tables) in a process-wide table and disables
    /// them again when it is done (`cmark_manage_extensions_special_characters`, around inline
    /// parsing in `cmark_parser_finish` and around each table row while feeding), so two pages
    /// parsed at once on different threads could lose `~~strike~~` or table cells at random. The
    /// conversion into Swift values, most of the work, runs outside the lock.
    static let parseLock = NSLock()

    /// Deepest block nesting (block quotes, lists) and inline nesting (emphasis, links) that is
    /// converted. Deeper content would overflow a worker thread's stack in the recursive
    /// conversion; it is reported and its text kept flat instead.
    static let maxDepth = 64

    /// Parses UTF-8 bytes (already validated, BOM and front matter removed) into blocks, with a
    /// `nesting-too-deep` warning when content is nested past `maxDepth`. `lineOffset` is added to
    /// every line number (a piece of a page, see `PiecewiseParse`, gives its lines' numbers in the
    /// file this way); columns are the bytes' own.
    ///
    /// cmark-gfm allocates from `arena` (a fresh one when `nil`), which is reset before this
    /// returns: the parser and its tree are freed at once, not node by node. A page parsed in
    /// pieces passes the same arena for every piece, so each piece reuses the memory the one before
    /// it used.
    static func parse(_ bytes: [UInt8], path: String, lineOffset: Int = 0, arena: CmarkArena? = nil) -> (blocks: [Block], diagnostics: [Diagnostic]) {
        _ = registration
        let arena = arena ?? CmarkArena()
        // Every cmark-gfm call from here on allocates from the arena, on this thread only; the
        // reset runs last, after the conversion has copied out everything it reads.
        let previous = docspec_arena_enter(arena.pointer)
        defer {
            docspec_arena_leave(previous)
            arena.reset()
        }
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES
        guard let parser = cmark_parser_new_with_mem(options, CmarkArena.allocator) else { return ([], []) }
        for name in extensionNames {
            if let ext = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, ext)
            }
        }
        parseLock.lock()
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        let finished = cmark_parser_finish(parser)
        parseLock.unlock()
        guard let root = finished else { return ([], []) }
        let converter = Converter(bytes: bytes, path: path, lineOffset: lineOffset)
        // cmark-gfm moves referenced footnote definitions to the end of the document in reference
        // order and replaces each reference's label with that 1-based ordinal.
        converter.footnoteLabels = converter.children(of: root)
            .filter { cmark_node_get_type($0) == CMARK_NODE_FOOTNOTE_DEFINITION }
            .map(converter.footnoteLabel)
        let blocks = converter.blocks(ofChildrenOf: root)
        var diagnostics: [Diagnostic] = []
        if let at = converter.tooDeep {
            diagnostics.append(.warning(
                "nesting-too-deep",
                "content is nested more than \(maxDepth) levels deep (block quotes, lists or emphasis); deeper blocks are not checked and deeper inline markup is read as plain text",
                at: at))
        }
        return (blocks, diagnostics)
    }

    private final class Converter {
        /// Current block and inline nesting depth, and where nesting first went too deep.
        var blockDepth = -1  // the document node itself is not a nesting level
        var inlineDepth = -1
        var tooDeep: SourceLocation?

        let bytes: [UInt8]
        let path: String
        /// Added to cmark-gfm's line numbers (the bytes' own) in every `SourceLocation` made.
        let lineOffset: Int
        /// Byte offset of the start of each line (index 0 = line 1).
        let lineStarts: [Int]
        /// Labels of the footnote definitions, in cmark-gfm's reference order.
        var footnoteLabels: [String] = []

        let tableType = docspec_node_table()
        let rowType = docspec_node_table_row()
        let cellType = docspec_node_table_cell()
        let strikeType = docspec_node_strikethrough()

        /// `bytes`, copied once for the column conversions of every block and cell, which read
        /// them through a pointer (an array slice each cost more than the counting).
        let raw: UnsafeMutableBufferPointer<UInt8>

        init(bytes: [UInt8], path: String, lineOffset: Int) {
            self.bytes = bytes
            self.path = path
            self.lineOffset = lineOffset
            self.lineStarts = MarkdownParser.lineStarts(bytes)
            raw = .allocate(capacity: max(bytes.count, 1))
            _ = raw.initialize(from: bytes)
        }

        deinit { raw.deallocate() }

        // MARK: positions

        /// Byte range of a 1-based line, without its newline.
        func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
            let r = lineRange(line)
            return r.isEmpty && r.lowerBound == 0 ? [] : bytes[r]
        }

        /// `lineBytes(line)`'s offsets in `bytes` (`0..<0` for a line the page does not have).
        func lineRange(_ line: Int) -> Range<Int> {
            guard line >= 1, line <= lineStarts.count else { return 0..<0 }
            let start = lineStarts[line - 1]
            var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
            if end > start, raw[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return start..<max(start, end)
        }

        /// The last conversion on a line, so the cells of a long row are converted left to right
        /// in linear time rather than each from the start of the line.
        var columnCache: (line: Int, byte: Int, scalar: Int) = (0, 1, 1)

        /// Converts a 1-based byte column to a 1-based Unicode-scalar column.
        func scalarColumn(line: Int, byteColumn: Int) -> Int {
            guard byteColumn > 1 else { return max(byteColumn, 1) }
            let lb = lineRange(line)
            var startByte = 1
            var count = 0
            if columnCache.line == line, columnCache.byte <= byteColumn {
                startByte = columnCache.byte
                count = columnCache.scalar - 1
            }
            let from = min(lb.lowerBound + startByte - 1, lb.upperBound)
            let to = min(lb.lowerBound + byteColumn - 1, lb.upperBound)
            if from < to { count += Self.scalarStarts(UnsafeBufferPointer(rebasing: raw[from..<to])) }
            columnCache = (line, byteColumn, count + 1)
            return count + 1
        }

        /// The number of bytes of `b` that start a UTF-8 sequence (are not continuation bytes
        /// `10xxxxxx`): eight bytes at a time, a continuation byte being one whose top bit is set
        /// and whose next bit is clear; the word's continuation bytes (0 or 1 each) are summed
        /// by one multiplication into its top byte.
        static func scalarStarts(_ b: UnsafeBufferPointer<UInt8>) -> Int {
            guard let base = b.baseAddress else { return 0 }
            let n = b.count
            var count = 0
            var i = 0
            let high: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= n {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                count += 8 - Int((((w & (~w << 1) & high) >> 7) &* 0x0101_0101_0101_0101) >> 56)
                i += 8
            }
            while i < n {
                if base[i] & 0xC0 != 0x80 { count += 1 }
                i += 1
            }
            return count
        }

        /// The scalar column of the character whose last byte is at `byteColumn` (cmark-gfm's
        /// inclusive end columns point at the last byte of a multibyte character).
        func endLocation(line: Int, byteColumn: Int) -> SourceLocation {
            SourceLocation(file: path, line: line + lineOffset, column: max(scalarColumn(line: line, byteColumn: max(byteColumn, 0) + 1) - 1, 1))
        }

        func location(line: Int, byteColumn: Int) -> SourceLocation {
            SourceLocation(file: path, line: line + lineOffset, column: scalarColumn(line: line, byteColumn: byteColumn))
        }

        func range(_ node: OpaquePointer) -> SourceRange {
            if cmark_node_get_start_line(node) < 1 {
                // cmark-gfm leaves some nodes without a position (the paragraph it cut a table's
                // header line from, as in "|\nx\n-|"): place them, as a point, where the next
                // node with a position starts (a following sibling, else an enclosing node).
                var anchor = cmark_node_next(node) ?? cmark_node_parent(node)
                while let a = anchor, cmark_node_get_start_line(a) < 1 { anchor = cmark_node_next(a) ?? cmark_node_parent(a) }
                let at = anchor.map { location(line: Int(cmark_node_get_start_line($0)), byteColumn: Int(cmark_node_get_start_column($0))) }
                    ?? SourceLocation(file: path, line: 1)
                return SourceRange(start: at, end: at)
            }
            let sl = Int(cmark_node_get_start_line(node))
            let sc = Int(cmark_node_get_start_column(node))
            var el = Int(cmark_node_get_end_line(node))
            var ec = Int(cmark_node_get_end_column(node))
            if el < sl || (el == sl && ec < sc) {
                // cmark-gfm reports bogus ends for HTML blocks and setext headings.
                el = sl
                ec = max(lineBytes(sl).count, 1)
            } else if ec == 0, el > sl {
                // Containers closed by a blank line (footnote definitions, …) end at column 0 of
                // the line after their content: end on the last non-blank line instead.
                el -= 1
                while el > sl, lineBytes(el).allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { el -= 1 }
                ec = max(lineBytes(el).count, 1)
            }
            return SourceRange(start: location(line: sl, byteColumn: sc), end: endLocation(line: el, byteColumn: ec))
        }

        /// cmark-gfm ends a setext heading on the line *after* its underline (at that line's
        /// length) unless the heading ends the input: end it on the underline's last character.
        func setextUnderlineEnd(_ r: SourceRange) -> SourceLocation {
            for line in (r.start.line + 1 - lineOffset)...(r.end.line - lineOffset) {
                let lb = lineBytes(line)
                let content = lb.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">") }
                var trimmed = content
                while let l = trimmed.last, l == UInt8(ascii: " ") || l == UInt8(ascii: "\t") { trimmed.removeLast() }
                guard let f = trimmed.first, f == UInt8(ascii: "=") || f == UInt8(ascii: "-"), trimmed.allSatisfy({ $0 == f }) else { continue }
                return endLocation(line: line, byteColumn: trimmed.endIndex - lb.startIndex)
            }
            return r.end
        }

        // MARK: tree

        func children(of node: OpaquePointer) -> [OpaquePointer] {
            convertedChildren(of: node) { $0 }
        }

        /// `transform` of each child of `node` that it does not map to `nil`, in order, read
        /// straight from the child links (no array of the children first).
        func convertedChildren<T>(of node: OpaquePointer, _ transform: (OpaquePointer) -> T?) -> [T] {
            // Counted first, so the array is allocated once at its size instead of growing.
            var count = 0
            var next = cmark_node_first_child(node)
            while let c = next {
                count += 1
                next = cmark_node_next(c)
            }
            guard count > 0 else { return [] }
            var out: [T] = []
            out.reserveCapacity(count)
            var child = cmark_node_first_child(node)
            while let c = child {
                if let x = transform(c) { out.append(x) }
                child = cmark_node_next(c)
            }
            return out
        }

        func literal(_ node: OpaquePointer) -> String {
            guard let p = cmark_node_get_literal(node) else { return "" }
            return String(cString: p)
        }

        /// A footnote definition's label, read from the `[^label]:` before its content on its start
        /// line (cmark-gfm's API does not expose it and starts the node at the content).
        func footnoteLabel(_ node: OpaquePointer) -> String {
            let lb = lineBytes(Int(cmark_node_get_start_line(node)))
            let before = Array(lb.prefix(max(Int(cmark_node_get_start_column(node)) - 1, 0)))
            guard let open = before.indices.last(where: { before[$0] == UInt8(ascii: "[") && before.indices.contains($0 + 1) && before[$0 + 1] == UInt8(ascii: "^") }),
                let close = before[(open + 2)...].firstIndex(of: UInt8(ascii: "]"))
            else { return literal(node) }
            return String(decoding: before[(open + 2)..<close], as: UTF8.self)
        }

        func blocks(ofChildrenOf node: OpaquePointer) -> [Block] {
            blockDepth += 1
            defer { blockDepth -= 1 }
            if blockDepth > CmarkConverter.maxDepth {
                if tooDeep == nil { tooDeep = range(node).start }
                return []
            }
            return convertedChildren(of: node, block)
        }

        func block(_ node: OpaquePointer) -> Block? {
            let type = cmark_node_get_type(node)
            switch type {
            case CMARK_NODE_HEADING:
                var r = range(node)
                if r.end.line > r.start.line { r.end = setextUnderlineEnd(r) }
                return .heading(level: Int(cmark_node_get_heading_level(node)), inlines: inlines(ofChildrenOf: node), range: r)
            case CMARK_NODE_PARAGRAPH:
                return .paragraph(inlines: inlines(ofChildrenOf: node), range: range(node))
            case CMARK_NODE_CODE_BLOCK:
                let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
                // cmark_node_get_fenced writes through all three out-pointers (no NULL checks).
                var fenceLength: Int32 = 0
                var fenceOffset: Int32 = 0
                var fenceChar: CChar = 0
                let fenced = cmark_node_get_fenced(node, &fenceLength, &fenceOffset, &fenceChar) != 0
                return .codeBlock(info: info, literal: literal(node), fenced: fenced, range: range(node))
            case CMARK_NODE_HTML_BLOCK:
                let text = literal(node)
                var r = range(node)
                // The end position of an HTML block is bogus in cmark-gfm: derive it from the literal.
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let lineCount = max(1, text.hasSuffix("\n") ? lines.count - 1 : lines.count)
                let endLine = r.start.line - lineOffset + lineCount - 1
                r.end = endLocation(line: endLine, byteColumn: lineBytes(endLine).count)
                return .htmlBlock(literal: text, range: r)
            case CMARK_NODE_LIST:
                let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                let items = children(of: node).map { item -> ListItem in
                    var checked: Bool?
                    if let t = cmark_node_get_type_string(item), String(cString: t) == "tasklist" {
                        checked = cmark_gfm_extensions_get_tasklist_item_checked(item)
                    }
                    return ListItem(blocks: blocks(ofChildrenOf: item), range: range(item), taskChecked: checked)
                }
                return .list(ordered: ordered, start: Int(cmark_node_get_list_start(node)), items: items, range: range(node))
            case CMARK_NODE_BLOCK_QUOTE:
                return .blockQuote(blocks: blocks(ofChildrenOf: node), range: range(node))
            case CMARK_NODE_THEMATIC_BREAK:
                return .thematicBreak(range: range(node))
            case CMARK_NODE_FOOTNOTE_DEFINITION:
                return .footnoteDefinition(label: footnoteLabel(node), blocks: blocks(ofChildrenOf: node), range: range(node))
            default:
                if type == tableType { return .table(table(node)) }
                return nil
            }
        }

        func table(_ node: OpaquePointer) -> Table {
            let columnCount = Int(cmark_gfm_extensions_get_table_columns(node))
            var alignments: [TableAlignment] = []
            if let raw = cmark_gfm_extensions_get_table_alignments(node) {
                for i in 0..<columnCount {
                    switch raw[i] {
                    case UInt8(ascii: "l"): alignments.append(.left)
                    case UInt8(ascii: "c"): alignments.append(.center)
                    case UInt8(ascii: "r"): alignments.append(.right)
                    default: alignments.append(.none)
                    }
                }
            }
            var rows = convertedChildren(of: node) { cmark_node_get_type($0) == rowType ? row($0) : nil }
            let header = rows.isEmpty ? TableRow(cells: [], range: range(node), sourceCellCount: 0) : rows.removeFirst()
            return Table(header: header, rows: rows, alignments: alignments, range: range(node))
        }

        func row(_ node: OpaquePointer) -> TableRow {
            let r = range(node)
            let shift = rowColumnShift(node)
            let cells = convertedChildren(of: node) { cell -> TableCell? in
                guard cmark_node_get_type(cell) == cellType else { return nil }
                let padding = cmark_node_get_start_line(cell) == 0 || cmark_node_get_start_column(cell) == 0
                let cr = padding ? SourceRange(start: r.end, end: r.end) : cellRange(cell, shift: shift)
                return TableCell(
                    inlines: inlines(ofChildrenOf: cell), range: cr, contentRange: padding ? cr : contentRange(cell, cr, shift: shift),
                    isPadding: padding)
            }
            let rowStart = max(Int(cmark_node_get_start_column(node)) - 1 + shift, 0)
            var row = TableRow(cells: cells, range: r, sourceCellCount: Self.countCells(lineBytes(r.start.line - lineOffset).dropFirst(rowStart)))
            if shift != 0 {
                row.range.start = location(line: Int(cmark_node_get_start_line(node)), byteColumn: Int(cmark_node_get_start_column(node)) + shift)
            }
            return row
        }

        /// What to add to cmark-gfm's byte columns of a table row and its cells to get the row's
        /// own: cmark-gfm counts every row's columns from the table's first column, so a row
        /// indented less or more than the header line (`  | a |` over `| b |`, or `>| c |` in a
        /// quote whose header is `> | a |`) gets columns that point beside its cells. A row starts
        /// at the first byte of its line that is not a space, a tab or a block quote marker (a
        /// row cannot start with `>`: that line would open a block quote). 0 when the shifted
        /// columns would leave the line.
        func rowColumnShift(_ node: OpaquePointer) -> Int {
            let line = Int(cmark_node_get_start_line(node))
            guard line >= 1, let table = cmark_node_parent(node) else { return 0 }
            let lb = lineBytes(line)
            var d = 0
            while d < lb.count, lb[lb.startIndex + d] == UInt8(ascii: " ") || lb[lb.startIndex + d] == UInt8(ascii: "\t") || lb[lb.startIndex + d] == UInt8(ascii: ">") { d += 1 }
            let shift = d + 1 - Int(cmark_node_get_start_column(table))
            // (The row's end column is already the line's own; its start and its cells' columns
            // are not.)
            let start = Int(cmark_node_get_start_column(node)) + shift
            guard shift != 0, start >= 1, start <= lb.count else { return 0 }
            return shift
        }

        /// A table cell's range, its byte columns moved by `shift` (`rowColumnShift`).
        func cellRange(_ cell: OpaquePointer, shift: Int) -> SourceRange {
            guard shift != 0 else { return range(cell) }
            let line = Int(cmark_node_get_start_line(cell))
            let sc = Int(cmark_node_get_start_column(cell)) + shift
            let ec = max(min(Int(cmark_node_get_end_column(cell)) + shift, lineBytes(line).count), sc - 1)
            return SourceRange(start: location(line: line, byteColumn: sc), end: endLocation(line: line, byteColumn: ec))
        }

        /// The cell's range without the spaces around its content (where a reader's eye goes).
        func contentRange(_ cell: OpaquePointer, _ full: SourceRange, shift: Int = 0) -> SourceRange {
            let line = Int(cmark_node_get_start_line(cell))
            let startByte = Int(cmark_node_get_start_column(cell)) + shift
            let endByte = Int(cmark_node_get_end_column(cell)) + shift
            let lb = lineBytes(line)
            guard startByte >= 1, endByte >= startByte, lb.startIndex + endByte <= lb.endIndex else { return full }
            var first = startByte
            var last = endByte
            func byte(_ col: Int) -> UInt8 { lb[lb.startIndex + col - 1] }
            while first < last, byte(first) == UInt8(ascii: " ") || byte(first) == UInt8(ascii: "\t") { first += 1 }
            while last > first, byte(last) == UInt8(ascii: " ") || byte(last) == UInt8(ascii: "\t") { last -= 1 }
            if first == last, byte(first) == UInt8(ascii: " ") { return full }
            return SourceRange(start: location(line: line, byteColumn: first), end: endLocation(line: line, byteColumn: last))
        }

        /// Counts the cells of a raw table row the way cmark-gfm splits it: on every `|` not directly
        /// preceded by a backslash (also inside code spans, and also after `\\`, as cmark-gfm's
        /// longest-match cell scanner does), ignoring a leading and a trailing pipe.
        static func countCells(_ line: ArraySlice<UInt8>) -> Int {
            // Read in place: the line without the spaces and tabs around it, its unescaped pipes
            // counted, with where the first and the last one are.
            func isBlank(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }
            var lo = line.startIndex
            var hi = line.endIndex
            while lo < hi, isBlank(line[lo]) { lo += 1 }
            while hi > lo, isBlank(line[hi - 1]) { hi -= 1 }
            var pipes = 0
            var first = -1
            var last = -1
            var i = lo
            while i < hi {
                if line[i] == UInt8(ascii: "|"), i == lo || line[i - 1] != UInt8(ascii: "\\") {
                    if pipes == 0 { first = i - lo }
                    last = i - lo
                    pipes += 1
                }
                i += 1
            }
            let length = hi - lo
            var count = pipes + 1
            if first == 0 { count -= 1 }
            if pipes > 0, last == length - 1, length > 1 || pipes > 1 { count -= 1 }
            return max(count, 0)
        }

        func inlines(ofChildrenOf node: OpaquePointer) -> [Inline] {
            inlineDepth += 1
            defer { inlineDepth -= 1 }
            if inlineDepth > CmarkConverter.maxDepth {
                if tooDeep == nil, cmark_node_get_start_line(node) > 0 { tooDeep = range(node).start }
                return [.text(flatText(node))]
            }
            return convertedChildren(of: node, inline)
        }

        /// The literal text below a node, collected without recursion.
        func flatText(_ node: OpaquePointer) -> String {
            guard let iter = cmark_iter_new(node) else { return "" }
            defer { cmark_iter_free(iter) }
            var out = ""
            while true {
                let event = cmark_iter_next(iter)
                if event == CMARK_EVENT_DONE { break }
                if event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iter), current != node,
                    let p = cmark_node_get_literal(current)
                {
                    out += String(cString: p)
                }
            }
            return out
        }

        func inline(_ node: OpaquePointer) -> Inline? {
            let type = cmark_node_get_type(node)
            switch type {
            case CMARK_NODE_TEXT: return .text(literal(node))
            case CMARK_NODE_CODE: return .code(literal(node))
            case CMARK_NODE_EMPH: return .emphasis(inlines(ofChildrenOf: node))
            case CMARK_NODE_STRONG: return .strong(inlines(ofChildrenOf: node))
            case CMARK_NODE_HTML_INLINE: return .html(literal(node))
            case CMARK_NODE_SOFTBREAK: return .softBreak
            case CMARK_NODE_LINEBREAK: return .lineBreak
            case CMARK_NODE_FOOTNOTE_REFERENCE:
                let ordinal = literal(node)
                if let n = Int(ordinal), footnoteLabels.indices.contains(n - 1) { return .footnoteReference(footnoteLabels[n - 1]) }
                return .footnoteReference(ordinal)
            case CMARK_NODE_LINK:
                return .link(
                    destination: cmark_node_get_url(node).map { String(cString: $0) } ?? "",
                    title: cmark_node_get_title(node).map { String(cString: $0) } ?? "",
                    children: inlines(ofChildrenOf: node))
            case CMARK_NODE_IMAGE:
                return .image(
                    source: cmark_node_get_url(node).map { String(cString: $0) } ?? "",
                    title: cmark_node_get_title(node).map { String(cString: $0) } ?? "",
                    alt: inlines(ofChildrenOf: node))
            default:
                if type == strikeType { return .strikethrough(inlines(ofChildrenOf: node)) }
                // Unknown extension inline: keep its text so nothing is lost.
                let kids = inlines(ofChildrenOf: node)
                return kids.isEmpty ? .text(literal(node)) : .emphasis(kids)
            }
        }
    }
}
