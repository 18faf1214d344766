import DocDiagnostics

/// A page's parse kept across edits (the language server re-checks a page on every keystroke):
/// after an edit only the top-level blocks around the changed bytes are parsed again, and the
/// blocks before and after them are kept (those after it moved by the lines the edit added or
/// removed). The result is always the one `MarkdownParser.parse(_:path:)` gives for the new
/// text, by the argument `PiecewiseParse` rests on:
///
/// - cmark-gfm reads a page line by line, so the lines before the first changed byte parse as
///   before; a line `a` before that byte, after a blank line, where the previous parse started
///   a top-level block starts one again, with every earlier block closed and line `a` read as
///   at the start of a page (`]:` definitions, resolved page-wide, are the exception: such
///   pages are parsed whole).
/// - The new text from line `a` through a line `k` after a blank line, at or after the last
///   changed byte, is parsed alone; when its last top-level block starts on line `k`, and the
///   previous parse started a top-level block after a blank line on the same line (same bytes
///   from there to the end), everything from `k` on parses as before.
///
/// When no such line `k` is found after a few tries, the page is parsed from line `a` to its
/// end; a page with front matter changed, a `]:` or a conversion diagnostic (nesting too deep)
/// is parsed whole.
public struct IncrementalParse: Sendable {
    /// The parse of the current text, as `MarkdownParser.parse(_:path:)` gives it.
    public private(set) var result: ParseResult
    /// The path shown in diagnostics.
    public let path: String
    /// The lines (1-based, of the new text) parsed again by the last `update`, `nil` when the
    /// whole page was parsed (for tests: that the splice is taken).
    public private(set) var reparsedLines: ClosedRange<Int>?
    /// Which blocks of the current parse the last `update` kept from the parse before it, `nil`
    /// when the whole page was parsed: what lets a caller keep what it derived from those blocks.
    public private(set) var splice: Splice?
    /// The body cmark-gfm read (front matter blanked), `nil` when the next update must parse
    /// the whole page.
    var body: [UInt8]?
    var frontMatterDiagnostics: [Diagnostic] = []

    /// Parses `text` whole.
    public init(_ text: String, path: String) {
        self.path = path
        result = ParseResult(document: nil, diagnostics: [])
        parseWhole(Array(text.utf8))
    }

    /// The blocks an update kept: blocks `0..<keptPrefix` are those of the parse before it,
    /// unchanged, and blocks from `suffixStart` on are its blocks from `oldSuffixStart` on, each
    /// moved `lineShift` lines down (up when negative); the blocks between were parsed again.
    public struct Splice: Sendable, Hashable {
        /// How many leading blocks are the previous parse's, unchanged.
        public var keptPrefix: Int
        /// The first block (index in the new parse) of the kept trailing blocks.
        public var suffixStart: Int
        /// The index of that block in the previous parse.
        public var oldSuffixStart: Int
        /// Lines the trailing blocks moved by.
        public var lineShift: Int

        /// The block of the previous parse that block `b` of the new parse is, with the lines it
        /// moved by; `nil` for a block parsed again.
        public func previous(_ b: Int) -> (block: Int, lineShift: Int)? {
            if b < keptPrefix { return (b, 0) }
            if b >= suffixStart { return (b - suffixStart + oldSuffixStart, lineShift) }
            return nil
        }
    }

    mutating func parseWhole(_ bytes: [UInt8]) {
        reparsedLines = nil
        splice = nil
        var read = MarkdownParser.body(bytes, path: path)
        guard var page = read.body.take() else {
            result = ParseResult(document: nil, diagnostics: read.diagnostics)
            body = nil
            return
        }
        let (converted, conversion) = PiecewiseParse.parse(page.body, path: path)
        page.document.blocks = MDXComponents.expand(converted, path: path)
        result = ParseResult(document: page.document, diagnostics: page.frontMatterDiagnostics + conversion)
        frontMatterDiagnostics = page.frontMatterDiagnostics
        body = conversion.isEmpty && !PiecewiseParse.hasDefinitionMark(page.body) ? page.body : nil
    }

    /// How many lines after the edit are tried as the end of the re-parsed stretch.
    static let endTries = 4

    /// Re-parses the page after its text became `text`.
    public mutating func update(_ text: String) {
        let bytes = Array(text.utf8)
        guard let old = body, let oldDoc = result.document, case let read = MarkdownParser.body(bytes, path: path), var page = read.body,
            page.document.frontMatter == oldDoc.frontMatter, page.frontMatterDiagnostics == frontMatterDiagnostics,
            !PiecewiseParse.hasDefinitionMark(page.body),
            let blocks = Self.splice(old: old, oldBlocks: oldDoc.blocks, new: page.body, path: path)
        else { return parseWhole(bytes) }
        page.document.blocks = blocks.blocks
        result = ParseResult(document: page.document, diagnostics: frontMatterDiagnostics)
        body = page.body
        reparsedLines = blocks.reparsed
        splice = blocks.splice
    }

    /// The blocks of `new` from those of `old` and a parse of the changed stretch; `nil` when
    /// that parse gives a diagnostic (the page is then parsed whole).
    static func splice(old: [UInt8], oldBlocks: [Block], new: [UInt8], path: String) -> (blocks: [Block], reparsed: ClosedRange<Int>?, splice: Splice)? {
        if old == new {
            return (oldBlocks, nil, Splice(keptPrefix: oldBlocks.count, suffixStart: oldBlocks.count, oldSuffixStart: oldBlocks.count, lineShift: 0))
        }
        var p = 0
        let shorter = min(old.count, new.count)
        while p < shorter, old[p] == new[p] { p += 1 }
        var s = 0
        while s < shorter - p, old[old.count - 1 - s] == new[new.count - 1 - s] { s += 1 }
        let lines = PiecewiseParse.Lines(new)
        let oldLines = PiecewiseParse.Lines(old)
        // 0-based line of a byte offset.
        func line(_ offset: Int, _ l: PiecewiseParse.Lines) -> Int {
            var lo = 0
            var hi = l.count
            while lo + 1 < hi {
                let mid = (lo + hi) / 2
                if l.starts[mid] <= offset { lo = mid } else { hi = mid }
            }
            return lo
        }
        guard lines.count > 0 else { return ([], nil, Splice(keptPrefix: 0, suffixStart: 0, oldSuffixStart: oldBlocks.count, lineShift: 0)) }
        // The start: the last old top-level block that starts after a blank line, on a line
        // before the changed one (a block started by a later line, as a table's header is by
        // its delimiter row, would not do).
        let changedLine = line(p, lines)
        /// Whether old block `b` starts a stretch: the first block on its line, after a blank
        /// line, with every earlier block ended on an earlier line.
        func startsStretch(_ b: Int) -> Bool {
            let l = oldBlocks[b].range.start.line - 1
            guard b > 0 else { return true }
            return l > 0 && oldLines.isBlank(l - 1) && oldBlocks[b - 1].range.end.line - 1 < l
        }
        var startBlock = (oldBlocks.firstIndex { $0.range.start.line - 1 >= changedLine } ?? oldBlocks.count) - 1
        while startBlock > 0, !startsStretch(startBlock) { startBlock -= 1 }
        let a = startBlock > 0 ? oldBlocks[startBlock].range.start.line - 1 : 0
        let prefix = oldBlocks[..<max(startBlock, 0)]
        guard a < lines.count else { return nil }
        // The end: a line at or after the last changed byte where the old parse started a block.
        let changeEnd = new.count - s
        let byteShift = new.count - old.count
        var oldStarts: [Int: Int] = [:]  // old block start offset → block index
        for i in max(startBlock, 0) + 1..<max(oldBlocks.count, max(startBlock, 0) + 1) where startsStretch(i) {
            let l = oldBlocks[i].range.start.line - 1
            if l < oldLines.count { oldStarts[oldLines.starts[l]] = i }
        }
        var k = line(changeEnd, lines)
        if k < lines.count, lines.starts[k] < changeEnd { k += 1 }
        var tries = 0
        let arena = CmarkArena()  // every trial parse reuses the memory of the one before
        while k < lines.count, tries < endTries {
            defer { k += 1 }
            guard k > a, lines.isBlank(k - 1), let kept = oldStarts[lines.starts[k] - byteShift],
                case let oldLine = line(lines.starts[k] - byteShift, oldLines), oldLine > 0, oldLines.isBlank(oldLine - 1)
            else { continue }
            tries += 1
            let piece = PiecewiseParse.parsePiece(lines, prefix: [], prefixLines: 0, start: a, through: k, path: path, arena: arena)
            guard piece.diagnostics.isEmpty else { return nil }
            // The piece's blocks before line `k` must all end before it, and one must start on it.
            let before = piece.blocks.prefix { $0.range.start.line < k + 1 }
            guard before.count < piece.blocks.count, before.allSatisfy({ $0.range.end.line < k + 1 }) else { continue }
            let shift = k - oldLine
            let middle = MDXComponents.expand(Array(before), path: path)
            return (
                Array(prefix) + middle + oldBlocks[kept...].map { $0.shiftingLines(by: shift) }, (a + 1)...k,
                Splice(keptPrefix: prefix.count, suffixStart: prefix.count + middle.count, oldSuffixStart: kept, lineShift: shift)
            )
        }
        let piece = PiecewiseParse.parsePiece(lines, prefix: [], prefixLines: 0, start: a, through: lines.count - 1, path: path, arena: arena)
        guard piece.diagnostics.isEmpty else { return nil }
        let middle = MDXComponents.expand(piece.blocks, path: path)
        return (
            Array(prefix) + middle, (a + 1)...lines.count,
            Splice(keptPrefix: prefix.count, suffixStart: prefix.count + middle.count, oldSuffixStart: oldBlocks.count, lineShift: 0)
        )
    }
}

extension PackedRange {
    fileprivate mutating func shiftLines(by d: Int32) {
        startLine += d
        endLine += d
    }
}

extension SourceRange {
    fileprivate func shiftingLines(by d: Int) -> SourceRange {
        var r = self
        r.start.line += d
        r.end.line += d
        return r
    }
}

extension TableRow {
    fileprivate mutating func shiftLines(by d: Int32) {
        packedRange.shiftLines(by: d)
        for i in cells.indices {
            cells[i].packedRange.shiftLines(by: d)
            cells[i].packedContentRange.shiftLines(by: d)
        }
    }
}

extension Block {
    /// The block with every range `d` lines further down (up when negative).
    func shiftingLines(by d: Int) -> Block {
        guard d != 0 else { return self }
        switch self {
        case .heading(let level, let inlines, let r): return .heading(level: level, inlines: inlines, range: r.shiftingLines(by: d))
        case .paragraph(let inlines, let r): return .paragraph(inlines: inlines, range: r.shiftingLines(by: d))
        case .codeBlock(let info, let literal, let fenced, let r): return .codeBlock(info: info, literal: literal, fenced: fenced, range: r.shiftingLines(by: d))
        case .htmlBlock(let literal, let r): return .htmlBlock(literal: literal, range: r.shiftingLines(by: d))
        case .component(let name, let literal, let content, let r):
            return .component(name: name, literal: literal, content: content.map { $0.shiftingLines(by: d) }, range: r.shiftingLines(by: d))
        case .table(var t):
            let d32 = Int32(clamping: d)
            t.header.shiftLines(by: d32)
            for i in t.rows.indices { t.rows[i].shiftLines(by: d32) }
            t.range = t.range.shiftingLines(by: d)
            return .table(t)
        case .list(let ordered, let start, let items, let r):
            return .list(
                ordered: ordered, start: start,
                items: items.map { ListItem(blocks: $0.blocks.map { $0.shiftingLines(by: d) }, range: $0.range.shiftingLines(by: d), taskChecked: $0.taskChecked) },
                range: r.shiftingLines(by: d))
        case .blockQuote(let blocks, let r): return .blockQuote(blocks: blocks.map { $0.shiftingLines(by: d) }, range: r.shiftingLines(by: d))
        case .thematicBreak(let r): return .thematicBreak(range: r.shiftingLines(by: d))
        case .footnoteDefinition(let label, let blocks, let r):
            return .footnoteDefinition(label: label, blocks: blocks.map { $0.shiftingLines(by: d) }, range: r.shiftingLines(by: d))
        }
    }
}
