/// One replacement in a file's text: the bytes `range` (UTF-8 offsets into the page text as
/// parsed, that is without a byte order mark) replaced by `replacement`. `start` and `end` say
/// the same for people and for SARIF: 1-based lines, columns in Unicode scalars, `end`
/// **exclusive** (the position just after the last replaced character; equal to `start` for an
/// insertion).
public struct TextEdit: Hashable, Sendable, Codable {
    /// UTF-8 byte offsets into the page text (BOM removed), half-open.
    public var range: Range<Int>
    /// Where the replaced text starts (1-based line, column in Unicode scalars).
    public var start: SourceLocation
    /// Just after the replaced text (exclusive).
    public var end: SourceLocation
    /// The new text (line endings as the file has them).
    public var replacement: String

    /// Creates an edit of the bytes `range`, located at `start`..<`end`.
    public init(range: Range<Int>, start: SourceLocation, end: SourceLocation, replacement: String) {
        self.range = range
        self.start = start
        self.end = end
        self.replacement = replacement
    }
}

/// A mechanical repair attached to a finding: edits to the finding's file that make what must not
/// change (a number, a code span, a link target, a cell, a fence's info string, a sample's code)
/// match the source locale. It never touches translated prose: every edit replaces an invariant
/// token, or inserts a block wrapped in a marker comment (`--insert-missing`).
public struct Fix: Hashable, Sendable, Codable {
    /// The rule the fix repairs, e.g. `number-mismatch`.
    public var ruleID: String
    /// The file the edits apply to (display path, as in the finding's location).
    public var file: String
    /// What the fix does, one line, e.g. "replace '10' with '100'".
    public var description: String
    /// The edits, in file order; they never overlap.
    public var edits: [TextEdit]
    /// The fix inserts a block of the source locale, untranslated and marked for translation
    /// (a missing section): `docspec fix` applies it only with `--insert-missing`.
    public var inserts: Bool = false

    /// Creates a fix of `ruleID` in `file`.
    public init(ruleID: String, file: String, description: String, edits: [TextEdit]) {
        self.ruleID = ruleID
        self.file = file
        self.description = description
        self.edits = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}

extension Fix {
    /// One fix doing what the fixes of the parts of a finding that stands for several do (same
    /// rule and file; parts without a fix stay as they are, and the finding stays for them), or
    /// `nil` when no part has one or their edits overlap.
    public static func merged(_ fixes: [Fix?]) -> Fix? {
        let all = fixes.compactMap { $0 }
        guard let first = all.first, all.allSatisfy({ $0.file == first.file && $0.ruleID == first.ruleID }) else { return nil }
        if all.count == 1 && fixes.count == 1 { return first }
        let edits = all.flatMap(\.edits).sorted { $0.range.lowerBound < $1.range.lowerBound }
        for (a, b) in zip(edits, edits.dropFirst()) where a.range.upperBound > b.range.lowerBound { return nil }
        let of = all.count == fixes.count ? "" : " (\(all.count) of \(fixes.count) parts; the others need a translator)"
        return Fix(ruleID: first.ruleID, file: first.file, description: first.description + (all.count > 1 ? ", …" : "") + of, edits: edits)
    }
}

/// Line starts of a text, to convert between UTF-8 byte offsets, (line, scalar column) locations
/// and LSP's (line, UTF-16 column) positions. Built in one pass over the bytes.
public struct TextIndex: Sendable {
    /// The text's UTF-8 bytes.
    public let bytes: [UInt8]
    /// Byte offset of the start of each line (line 1 at index 0). A line ends at `\n`; a `\r`
    /// before it belongs to the line ending.
    public let lineStarts: [Int]

    /// Indexes `text`.
    public init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { starts.append(i + 1) }
        lineStarts = starts
    }

    /// Number of lines (a final line without a line break counts; an empty text has one line).
    public var lineCount: Int { lineStarts.count }

    /// The byte range of a 1-based line's content, without its line ending; empty past the end.
    public func lineRange(_ line: Int) -> Range<Int> {
        guard line >= 1, line <= lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<max(start, end)
    }

    /// The text of a 1-based line, without its line ending.
    public func line(_ line: Int) -> String {
        String(decoding: bytes[lineRange(line)], as: UTF8.self)
    }

    /// The byte offset of a 1-based line and 1-based column counted in Unicode scalars; clamped to
    /// the line's end.
    public func offset(line: Int, column: Int) -> Int {
        let r = lineRange(line)
        var i = r.lowerBound
        var col = 1
        while i < r.upperBound, col < column {
            i += Self.scalarLength(bytes[i])
            col += 1
        }
        return min(i, r.upperBound)
    }

    /// The byte offset of an LSP position: 0-based line, 0-based column in UTF-16 code units;
    /// clamped to the line's end (and the text's end).
    public func offset(lspLine: Int, utf16Column: Int) -> Int {
        if lspLine >= lineStarts.count { return bytes.count }
        let r = lineRange(lspLine + 1)
        var i = r.lowerBound
        var units = 0
        while i < r.upperBound, units < utf16Column {
            let n = Self.scalarLength(bytes[i])
            units += n == 4 ? 2 : 1
            i += n
        }
        return min(i, r.upperBound)
    }

    /// The 1-based line holding byte `offset` (a line's end belongs to it).
    public func lineOf(_ offset: Int) -> Int {
        var lo = 0
        var hi = lineStarts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lineStarts[mid] <= offset { lo = mid + 1 } else { hi = mid }
        }
        return max(lo, 1)
    }

    /// The location of byte `offset`: 1-based line, 1-based column in Unicode scalars.
    public func location(_ offset: Int, file: String) -> SourceLocation {
        let line = lineOf(offset)
        var col = 1
        var i = lineStarts[line - 1]
        while i < offset, i < bytes.count {
            i += Self.scalarLength(bytes[i])
            col += 1
        }
        return SourceLocation(file: file, line: line, column: col)
    }

    /// The LSP position of byte `offset`: 0-based line and 0-based UTF-16 column.
    public func lspPosition(_ offset: Int) -> (line: Int, character: Int) {
        let line = lineOf(offset)
        var units = 0
        var i = lineStarts[line - 1]
        while i < offset, i < bytes.count {
            let n = Self.scalarLength(bytes[i])
            units += n == 4 ? 2 : 1
            i += n
        }
        return (line - 1, units)
    }

    /// The edit replacing bytes `range` with `replacement`, located in `file`.
    public func edit(_ range: Range<Int>, _ replacement: String, file: String) -> TextEdit {
        TextEdit(range: range, start: location(range.lowerBound, file: file), end: location(range.upperBound, file: file), replacement: replacement)
    }

    /// The bytes of a UTF-8 sequence starting with `lead` (1 for a stray continuation byte).
    @inline(__always) public static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The line break the text uses: `\r\n` when its first line break is one, else `\n`.
    public var lineBreak: String {
        guard lineStarts.count > 1 else { return "\n" }
        let nl = lineStarts[1] - 1
        return nl > 0 && bytes[nl - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }
}

extension Array where Element == TextEdit {
    /// `bytes` with the edits applied (non-overlapping edits; an edit overlapping an earlier one
    /// is skipped). Offsets are those of `bytes`.
    public func applied(to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var at = 0
        for e in sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            guard e.range.lowerBound >= at, e.range.upperBound <= bytes.count else { continue }
            out += bytes[at..<e.range.lowerBound]
            out.append(contentsOf: e.replacement.utf8)
            at = e.range.upperBound
        }
        out += bytes[at...]
        return out
    }
}
