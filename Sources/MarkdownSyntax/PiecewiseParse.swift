import DocDiagnostics

/// Parses a large page in pieces, so cmark-gfm's tree (about 25 times the text it parses) is
/// never built for the whole page at once. The blocks are the ones one parse of the page gives,
/// with the same ranges:
///
/// - A piece ends before a line `k` where one parse starts a new top-level block: the piece is
///   parsed together with line `k`, and the cut is kept only when its last top-level block starts
///   on line `k` (then every block before it was closed by line `k`, and line `k` is read as it is
///   at the start of a page; that last block is dropped and parsed again with the next piece).
/// - A long top-level GFM table is cut between two rows: the piece before it, parsed with the
///   first row after the cut, must end in that table with that row as its last one; the next
///   piece is parsed behind a copy of the table's header and delimiter lines (cmark-gfm reads a
///   row from its line and the table's column count only), and its table's rows join the table.
/// - Pages with a `]:` anywhere (link reference definitions, footnote definitions: global to the
///   page) are parsed in one piece, and so is a page whose pieces do not fit together as above.
///
/// Candidate cuts are found by a cheap line scan (a blank line before a line at column 0 that
/// is no list item, outside fences; or between two lines starting with `|`); the check above is
/// what makes a cut safe, so a wrong guess only costs a parse. After a refused cut the next
/// candidate is looked for twice as far, so refusals cost at most about one more parse of the page.
enum PiecewiseParse {
    /// When a page is parsed in pieces, and how large a piece is (both in bytes).
    struct Sizes: Sendable {
        /// Pages of at most this many bytes are parsed in one piece.
        var threshold: Int
        /// A piece ends at the first cut after this many bytes.
        var piece: Int

        /// Pieces of 1 MiB for pages over 4 MiB: ordinary pages are parsed in one piece.
        static let standard = Sizes(threshold: 4 << 20, piece: 1 << 20)
    }

    /// Blocks and diagnostics of `body` (validated UTF-8, front matter blanked), as
    /// `CmarkConverter.parse` gives them for the whole page.
    static func parse(_ body: [UInt8], path: String, sizes: Sizes = .standard) -> (blocks: [Block], diagnostics: [Diagnostic]) {
        guard body.count > sizes.threshold, !hasDefinitionMark(body), let pieces = inPieces(body, path: path, pieceSize: max(sizes.piece, 1)) else {
            return CmarkConverter.parse(body, path: path)
        }
        return (pieces.blocks, pieces.diagnostics)
    }

    /// The joined blocks and diagnostics of the pieces, and how many pieces were parsed.
    struct Pieces {
        var blocks: [Block]
        var diagnostics: [Diagnostic]
        var count: Int
    }

    /// `true` when the bytes contain `]:`, which every link reference and footnote definition has.
    static func hasDefinitionMark(_ bytes: [UInt8]) -> Bool {
        var previous: UInt8 = 0
        for b in bytes {
            if b == UInt8(ascii: ":"), previous == UInt8(ascii: "]") { return true }
            previous = b
        }
        return false
    }

    /// The lines of a body: each line's first byte offset; a final newline starts no line.
    struct Lines {
        let bytes: [UInt8]
        let starts: [Int]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var starts = [0]
            for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") && i + 1 < bytes.count { starts.append(i + 1) }
            self.starts = bytes.isEmpty ? [] : starts
        }

        var count: Int { starts.count }
        /// Offset after line `i` (0-based), its newline included.
        func end(_ i: Int) -> Int { i + 1 < starts.count ? starts[i + 1] : bytes.count }
        func first(_ i: Int) -> UInt8? { starts[i] < end(i) ? bytes[starts[i]] : nil }

        func isBlank(_ i: Int) -> Bool {
            bytes[starts[i]..<end(i)].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
        }

        /// The fence a line opens or closes (`` ` `` or `~`, and its length), at most three spaces in.
        func fence(_ i: Int) -> (char: UInt8, length: Int, rest: ArraySlice<UInt8>)? {
            var j = starts[i]
            let e = end(i)
            while j < e, j - starts[i] < 3, bytes[j] == UInt8(ascii: " ") { j += 1 }
            guard j < e, bytes[j] == UInt8(ascii: "`") || bytes[j] == UInt8(ascii: "~") else { return nil }
            let c = bytes[j]
            var k = j
            while k < e, bytes[k] == c { k += 1 }
            return k - j >= 3 ? (c, k - j, bytes[k..<e]) : nil
        }
    }

    /// Finds candidate cuts in order, tracking fenced code blocks.
    struct Scanner {
        let lines: Lines
        /// The next line to look at.
        var next = 1
        var openFence: (char: UInt8, length: Int)?

        init(_ lines: Lines) {
            self.lines = lines
            if lines.count > 0 { track(0) }
        }

        mutating func track(_ i: Int) {
            guard let f = lines.fence(i) else { return }
            let spaceOnly = f.rest.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
            if let open = openFence {
                if f.char == open.char, f.length >= open.length, spaceOnly { openFence = nil }
            } else if f.char == UInt8(ascii: "~") || !f.rest.contains(UInt8(ascii: "`")) {
                openFence = (f.char, f.length)
            }
        }

        /// The next line `k` (≥ `from`) before which a piece may end, or `nil` at the end.
        mutating func candidate(from: Int) -> Int? {
            while next < lines.count {
                let k = next
                next += 1
                let wasInFence = openFence != nil
                track(k)
                guard k >= from, !wasInFence, openFence == nil || lines.fence(k) != nil else { continue }
                guard let b = lines.first(k) else { continue }
                let pipe = UInt8(ascii: "|")
                if b == pipe, lines.first(k - 1) == pipe { return k }
                if lines.isBlank(k - 1), !lines.isBlank(k), !Self.mayContinue(b) { return k }
            }
            return nil
        }

        /// A line starting with this byte could continue a list or an indented block.
        static func mayContinue(_ b: UInt8) -> Bool {
            b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: "*")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
        }
    }

    /// One parse of lines `start...k` behind `prefix`, as file lines, into `arena` (reset after
    /// the piece is converted, so every piece reuses the memory of the one before).
    static func parsePiece(
        _ lines: Lines, prefix: [UInt8], prefixLines: Int, start: Int, through k: Int, path: String, arena: CmarkArena
    ) -> (blocks: [Block], diagnostics: [Diagnostic]) {
        var bytes = prefix
        bytes.append(contentsOf: lines.bytes[lines.starts[start]..<lines.end(k)])
        return CmarkConverter.parse(bytes, path: path, lineOffset: start - prefixLines, arena: arena)
    }

    /// `body` parsed in pieces of at least `pieceSize` bytes; `nil` when the pieces do not join.
    static func inPieces(_ body: [UInt8], path: String, pieceSize: Int) -> Pieces? {
        let lines = Lines(body)
        let arena = CmarkArena()
        var scanner = Scanner(lines)
        var blocks: [Block] = []
        var tooDeep: Diagnostic?
        var start = 0
        /// The header line (0-based) of the table the current piece continues.
        var continuedHeader: Int?
        var target = pieceSize
        var from = 1
        var count = 1
        while true {
            var prefix: [UInt8] = []
            if let h = continuedHeader { prefix = Array(body[lines.starts[h]..<lines.end(h + 1)]) }
            let prefixLines = continuedHeader == nil ? 0 : 2
            // The first candidate at least `target` bytes into the piece.
            var k: Int?
            while let c = scanner.candidate(from: from) {
                if lines.starts[c] - lines.starts[start] >= target { k = c; break }
            }
            guard let k else {
                let last = parsePiece(lines, prefix: prefix, prefixLines: prefixLines, start: start, through: lines.count - 1, path: path, arena: arena)
                guard join(last.blocks, into: &blocks, continuing: continuedHeader, start: start) else { return nil }
                tooDeep = tooDeep ?? last.diagnostics.first
                return Pieces(blocks: blocks, diagnostics: tooDeep.map { [$0] } ?? [], count: count)
            }
            var piece = parsePiece(lines, prefix: prefix, prefixLines: prefixLines, start: start, through: k, path: path, arena: arena)
            let line = k + 1  // line k as a 1-based file line
            var cutHeader: Int?
            var cut = false
            if let last = piece.blocks.last, last.range.start.line == line, piece.blocks.count > (continuedHeader == nil ? 0 : 1) {
                piece.blocks.removeLast()
                cut = true
            } else if case .table(var t) = piece.blocks.last, let row = t.rows.last, row.range.start.line == line {
                let continues = continuedHeader != nil && piece.blocks.count == 1
                if continues || (t.range.start == t.header.range.start && t.rows.count > 1) {
                    cutHeader = continues ? continuedHeader : t.header.range.start.line - 1
                    piece.blocks.removeLast()
                    t.rows.removeLast()
                    piece.blocks.append(.table(t))
                    cut = true
                }
            }
            if !cut {
                // Not a safe cut: look twice as far.
                from = k + 1
                target *= 2
                continue
            }
            guard join(piece.blocks, into: &blocks, continuing: continuedHeader, start: start) else { return nil }
            tooDeep = tooDeep ?? piece.diagnostics.first { ($0.location?.line ?? 0) < line }
            start = k
            count += 1
            continuedHeader = cutHeader
            target = pieceSize
            from = k + 1
        }
    }

    /// Appends a piece's blocks; a piece continuing a table must begin with that table (its
    /// header the copy, its first row the piece's first line), whose rows join the table.
    static func join(_ piece: [Block], into blocks: inout [Block], continuing header: Int?, start: Int) -> Bool {
        guard header != nil else {
            blocks.append(contentsOf: piece)
            return true
        }
        guard case .table(let more) = piece.first, more.header.range.start.line == start - 1, more.rows.first?.range.start.line == start + 1,
            case .table(var table) = blocks.popLast()
        else { return false }
        table.rows.append(contentsOf: more.rows)
        table.range.end = more.range.end
        blocks.append(.table(table))
        blocks.append(contentsOf: piece.dropFirst())
        return true
    }
}
