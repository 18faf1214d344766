/// A position in a source file.
///
/// - `line` is 1-based.
/// - `column` is 1-based and counted in **Unicode scalar values** (code points) from the start of
///   the line, so a column points at the same character in a Japanese or Russian line as an
///   editor that counts characters does. cmark-gfm reports UTF-8 byte columns; the Markdown front
///   end converts them. For BMP text (all Japanese and Cyrillic letters) this also equals the
///   UTF-16 column used by LSP and SARIF's default `utf16CodeUnits`.
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// Path of the file as shown to users (relative to the project root where possible).
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based column in Unicode scalar values.
    public var column: Int

    /// Creates a location; `line` and `column` are 1-based, `column` in Unicode scalars.
    public init(file: String, line: Int, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file path, then line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A range in a source file. `end` is **inclusive**: it is the location of the last character of
/// the range (the convention cmark-gfm uses), on the same or a later line than `start`.
public struct SourceRange: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The first character of the range.
    public var start: SourceLocation
    /// The last character of the range (inclusive).
    public var end: SourceLocation

    /// Creates a range from `start` to the inclusive `end`.
    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = end
    }

    /// A single-point range at `line`/`column`.
    public init(file: String, line: Int, column: Int = 1) {
        self.start = SourceLocation(file: file, line: line, column: column)
        self.end = self.start
    }

    /// The file of `start`.
    public var file: String { start.file }
    /// `file:line:column-endLine:endColumn`, e.g. `a.md:3:1-5:12`.
    public var description: String { "\(start.description)-\(end.line):\(end.column)" }
}

/// A `SourceRange` without its file, in 16 bytes: lines and columns as `Int32` (clamped, so
/// a position past 2³¹ − 1 reads as that). For values held by the hundred thousand, such as
/// table cells, which keep one path for all their ranges.
public struct PackedRange: Hashable, Sendable {
    /// 1-based line and Unicode-scalar column of the first character.
    public var startLine: Int32
    public var startColumn: Int32
    /// 1-based line and Unicode-scalar column of the last character (inclusive).
    public var endLine: Int32
    public var endColumn: Int32

    /// `range` without its file.
    public init(_ range: SourceRange) {
        startLine = Int32(clamping: range.start.line)
        startColumn = Int32(clamping: range.start.column)
        endLine = Int32(clamping: range.end.line)
        endColumn = Int32(clamping: range.end.column)
    }

    /// The range in `file`.
    public func range(file: String) -> SourceRange {
        SourceRange(
            start: SourceLocation(file: file, line: Int(startLine), column: Int(startColumn)),
            end: SourceLocation(file: file, line: Int(endLine), column: Int(endColumn)))
    }
}
