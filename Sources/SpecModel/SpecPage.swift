import DocDiagnostics
import MarkdownSyntax

/// One cell of a spec table row.
public struct SpecCell: Hashable, Sendable {
    /// The schema column this cell belongs to (`code`, `description`, …).
    public var column: String
    /// The reader-visible text, trimmed (code spans kept verbatim, without backticks).
    public var text: String
    /// The literals of the cell's code spans, in order.
    public var codeSpans: [String]
    /// The cell's range (between its pipes).
    public var range: SourceRange
    /// The invariant value used for comparison across locales and for generation: the code spans
    /// joined by `, ` when the cell has any, else the trimmed text; `yes`/`no` normalised for
    /// `yesNo` columns. Empty for prose.
    public var value: String
}

/// A body row of a spec table.
public struct SpecRow: Hashable, Sendable {
    /// Cells in the table's column order (only the columns the table has).
    public var cells: [SpecCell]
    /// The value of the kind's key column.
    public var key: String
    public var range: SourceRange

    /// The cell of a schema column, if the table has it.
    public func cell(_ column: String) -> SpecCell? { cells.first { $0.column == column } }
    /// The invariant value of a column, or `nil` when the table lacks the column.
    public func value(_ column: String) -> String? { cell(column)?.value }
    public var line: Int { range.start.line }
}

/// A table marked by a `docspec:table` directive, with its columns bound to the kind's schema.
public struct SpecTable: Hashable, Sendable {
    /// Pairs the table across locales: the `id=` attribute, else `<kind>:<symbol>`.
    public var id: String
    public var kind: TableKind
    /// The library type the table specifies.
    public var symbol: String?
    /// The table lists every case of `symbol`.
    public var complete: Bool
    public var directive: Directive
    /// Schema column names in source order.
    public var columns: [String]
    public var rows: [SpecRow]
    /// The range of the table itself (header through last row).
    public var range: SourceRange
    /// Texts of the headings enclosing the table, outermost first.
    public var headingPath: [String]
}

/// A fenced (or indented) code block.
public struct CodeSample: Hashable, Sendable {
    /// The first word of the info string (`json`, `swift`), lower-cased; empty when none.
    public var language: String
    /// The remaining words of the info string.
    public var attributes: [String]
    /// The library type named in the info string (first bare capitalised word), e.g.
    /// `ConsumptionRequestV1` in ```` ```json ConsumptionRequestV1 ````.
    public var symbol: String?
    /// The block's content.
    public var code: String
    public var fenced: Bool
    /// The range of the whole block, fences included. The first code line is `range.start.line + 1`
    /// for fenced blocks.
    public var range: SourceRange
    public var headingPath: [String]

    /// The line of the first code line.
    public var firstCodeLine: Int { fenced ? range.start.line + 1 : range.start.line }
}

/// A heading.
public struct SpecHeading: Hashable, Sendable {
    public var level: Int
    public var text: String
    public var range: SourceRange
}

/// A link or image target.
public struct SpecLink: Hashable, Sendable {
    public var destination: String
    public var text: String
    public var isImage: Bool
    /// The range of the enclosing block (cmark-gfm's inline positions are unreliable).
    public var range: SourceRange
}

/// A page of one locale, reduced to what DocSpec specifies and checks.
public struct SpecPage: Hashable, Sendable {
    /// Front matter `id`, else the path relative to the locale root without `.md`.
    public var id: String
    public var locale: String
    /// Path as shown to users (relative to the project root when possible).
    public var path: String
    /// Path relative to the locale's root folder.
    public var relativePath: String
    /// Front matter `title`, else the first level-1 heading, else the id.
    public var title: String
    public var frontMatter: FrontMatter?
    public var headings: [SpecHeading]
    public var tables: [SpecTable]
    public var codeSamples: [CodeSample]
    public var links: [SpecLink]
    /// Every DocSpec directive on the page, in order (also those that failed to bind).
    public var directives: [Directive]
    /// The parsed page, for checks that need every block.
    public var document: MarkdownDocument

    /// Number of spec rows on the page.
    public var rowCount: Int { tables.reduce(0) { $0 + $1.rows.count } }
}
