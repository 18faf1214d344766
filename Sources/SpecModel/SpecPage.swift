import DocDiagnostics
import MarkdownSyntax

/// One cell of a spec table row.
public struct SpecCell: Hashable, Sendable {
    /// The schema column this cell belongs to (`code`, `description`, …).
    public var column: String
    /// The reader-visible text, trimmed (code spans kept verbatim, without backticks).
    public var text: String
    /// The literals of the cell's code spans, in order.
    public var codeSpans: [String] {
        get {
            switch spans {
            case .none: []
            case .one(let s): [s]
            case .many(let all): all
            case .placed(let all): all.map(\.literal)
            }
        }
        set { spans = CodeSpans(newValue) }
    }

    /// The cell as its page formats it: `text` cut into runs of plain text and code spans, in
    /// order (concatenated, the segments' strings are `text`). Emphasis and links are plain text.
    public var segments: [CellSegment] {
        let codes = codeSpans
        guard !codes.isEmpty else { return text.isEmpty ? [] : [.text(text)] }
        let offsets: [Int]
        if case .placed(let all) = spans { offsets = all.map(\.offset) } else { offsets = Self.searchedOffsets(codes, in: text) }
        let bytes = Array(text.utf8)
        var out: [CellSegment] = []
        var cursor = 0
        for (code, offset) in zip(codes, offsets) {
            let start = min(max(offset, cursor), bytes.count)
            let end = min(start + code.utf8.count, bytes.count)
            if start > cursor { out.append(.text(String(decoding: bytes[cursor..<start], as: UTF8.self))) }
            if end > start { out.append(.code(String(decoding: bytes[start..<end], as: UTF8.self))) }
            cursor = end
        }
        if cursor < bytes.count { out.append(.text(String(decoding: bytes[cursor...], as: UTF8.self))) }
        return out
    }

    /// Where each code literal starts in `text` (UTF-8 bytes), found left to right; a literal not
    /// found is placed at the end of the previous one.
    static func searchedOffsets(_ codes: [String], in text: String) -> [Int] {
        let bytes = Array(text.utf8)
        var cursor = 0
        return codes.map { code in
            let needle = Array(code.utf8)
            var i = cursor
            while i + needle.count <= bytes.count, !bytes[i..<(i + needle.count)].elementsEqual(needle) { i += 1 }
            let found = i + needle.count <= bytes.count ? i : cursor
            cursor = min(found + needle.count, bytes.count)
            return found
        }
    }
    /// The code spans, the usual one without an array of its own (a long table has hundreds of
    /// thousands of cells).
    var spans: CodeSpans

    enum CodeSpans: Hashable, Sendable {
        case none
        case one(String)
        case many([String])
        /// Code spans whose places in `text` a left-to-right search would not find (a literal
        /// that also occurs earlier as plain text): each with its UTF-8 offset in `text`.
        case placed([Placed])

        struct Placed: Hashable, Sendable {
            var offset: Int
            var literal: String
        }

        init(_ spans: [String]) {
            switch spans.count {
            case 0: self = .none
            case 1: self = .one(spans[0])
            default: self = .many(spans)
            }
        }
    }
    /// The file of `range`, and the range packed (a long table holds hundreds of thousands of cells).
    var file: String
    var packedRange: PackedRange
    /// The range of the cell's content (without the spaces next to its pipes); for a cell the
    /// row is missing, the end of the row.
    public var range: SourceRange {
        get { packedRange.range(file: file) }
        set {
            file = newValue.file
            packedRange = PackedRange(newValue)
        }
    }
    /// The invariant value used for comparison across locales and for generation: the code spans
    /// joined by `, ` when the cell has any, else the trimmed text; `yes`/`no` normalised for
    /// `yesNo` columns. Empty for prose.
    public var value: String
    /// `false` when the value does not fit its column (already reported as `invalid-cell`):
    /// drift rules do not report that cell again.
    public var isValid: Bool = true

    /// A cell of `column`. `codeOffsets`, when given, are where each code span starts in `text`
    /// (UTF-8 bytes, one per `codeSpans` element); without them `segments` finds the code spans in
    /// `text` left to right.
    public init(column: String, text: String, codeSpans: [String], codeOffsets: [Int]? = nil, range: SourceRange, value: String, isValid: Bool = true) {
        self.column = column
        self.text = text
        if let offsets = codeOffsets, offsets.count == codeSpans.count, offsets != Self.searchedOffsets(codeSpans, in: text) {
            spans = .placed(zip(offsets, codeSpans).map { CodeSpans.Placed(offset: $0, literal: $1) })
        } else {
            spans = CodeSpans(codeSpans)
        }
        file = range.file
        packedRange = PackedRange(range)
        self.value = value
        self.isValid = isValid
    }
}

/// A run of a spec table cell's text: plain text, or the literal of a code span.
public enum CellSegment: Hashable, Sendable {
    case text(String)
    case code(String)
}

/// A body row of a spec table.
public struct SpecRow: Hashable, Sendable {
    /// Cells in the table's column order (only the columns the table has).
    public var cells: [SpecCell]
    /// The value of the kind's key column.
    public var key: String
    /// The file of `range`, and the range packed.
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

    /// A row of `cells` identified by `key`.
    public init(cells: [SpecCell], key: String, range: SourceRange) {
        self.cells = cells
        self.key = key
        file = range.file
        packedRange = PackedRange(range)
    }

    /// The cell of a schema column, if the table has it.
    public func cell(_ column: String) -> SpecCell? { cells.first { $0.column == column } }
    /// The invariant value of a column, or `nil` when the table lacks the column.
    public func value(_ column: String) -> String? { cell(column)?.value }
    /// The row's 1-based source line.
    public var line: Int { range.start.line }
}

/// A table marked by a `docspec:table` directive, with its columns bound to the kind's schema.
public struct SpecTable: Hashable, Sendable {
    /// Pairs the table across locales: the `id=` attribute, else `<kind>:<symbol>`.
    public var id: String
    /// The table kind named by the directive's `kind=`.
    public var kind: TableKind
    /// The library type the table specifies.
    public var symbol: String?
    /// The table lists every case of `symbol`.
    public var complete: Bool
    /// The `docspec:table` directive that marks the table.
    public var directive: Directive
    /// Schema column names in source order.
    public var columns: [String]
    /// The body rows in source order.
    public var rows: [SpecRow]
    /// The range of the table itself (header through last row).
    public var range: SourceRange
    /// Texts of the headings enclosing the table, outermost first.
    public var headingPath: [String]
    /// Number of cells that did not fit their column (each reported as `invalid-cell`).
    public var invalidCellCount: Int = 0
    /// The header row's cell texts as the page writes them (translated in a translation), one per
    /// column in `columns` order, for views that show the table.
    public var headerTexts: [String] = []
}

/// A fenced (or indented) code block.
public struct CodeSample: Hashable, Sendable {
    /// The first word of the info string (`json`, `swift`), lower-cased; empty when none.
    public var language: String
    /// The remaining words of the info string.
    public var attributes: [String]
    /// The info string as written after the fence, trimmed (for messages, which quote it
    /// verbatim).
    public var info: String = ""
    /// The library type named in the info string (first bare capitalised word), e.g.
    /// `ConsumptionRequestV1` in ```` ```json ConsumptionRequestV1 ````.
    public var symbol: String?
    /// The block's content.
    public var code: String
    /// `true` for a fenced block, `false` for an indented one.
    public var fenced: Bool
    /// The range of the whole block, fences included. The first code line is `range.start.line + 1`
    /// for fenced blocks.
    public var range: SourceRange
    /// Texts of the headings enclosing the sample, outermost first.
    public var headingPath: [String]
    /// Hidden setup code for a doc-test, from a `<!-- docspec:setup … -->` comment right before
    /// the block: compiled and run before the sample, not shown to readers.
    public var setup: String? = nil
    /// The markdown line of the setup code's first line.
    public var setupFirstLine: Int? = nil

    /// The code as drift checks compare it: comments and trailing whitespace removed, blank lines
    /// dropped (`CodeNormalizer.normalized(_:language:)`); computed once with the page's drift
    /// model, `nil` otherwise.
    public var normalizedCode: String? = nil

    /// The line of the first code line.
    public var firstCodeLine: Int { fenced ? range.start.line + 1 : range.start.line }
}

/// A heading.
public struct SpecHeading: Hashable, Sendable {
    /// The heading level, 1–6 (`#` is 1).
    public var level: Int
    /// The heading's plain text, trimmed.
    public var text: String
    /// The heading's range.
    public var range: SourceRange
}

/// A link or image target.
public struct SpecLink: Hashable, Sendable {
    /// The link destination or image source, not resolved against the page.
    public var destination: String
    /// The link text, or the image's alt text, as plain text.
    public var text: String
    /// `true` for an image, `false` for a link.
    public var isImage: Bool
    /// The range of the enclosing block (cmark-gfm's inline positions are unreliable).
    public var range: SourceRange
    /// Texts of the headings enclosing the link, outermost first.
    public var headingPath: [String] = []
}

/// A table directive that failed: its table id when the directive names a kind, and where it is.
public struct FailedTable: Hashable, Sendable {
    /// `id=` or `<kind>:<symbol>`; `nil` when the directive could not be read.
    public var id: String?
    /// Where the failed directive starts (1-based line and column).
    public var location: SourceLocation
}

/// A page of one locale, reduced to what DocSpec specifies and checks.
public struct SpecPage: Hashable, Sendable {
    /// Front matter `id`, else the path relative to the locale root without `.md`.
    public var id: String
    /// The page's locale code, e.g. `ja`.
    public var locale: String
    /// Path as shown to users (relative to the project root when possible).
    public var path: String
    /// Path relative to the locale's root folder.
    public var relativePath: String
    /// Front matter `title`, else the first level-1 heading, else the id.
    public var title: String
    /// The page's front matter, or `nil` when it has none.
    public var frontMatter: FrontMatter?
    /// Every heading on the page, in source order.
    public var headings: [SpecHeading]
    /// Tables bound to a valid `docspec:table` directive, in source order.
    public var tables: [SpecTable]
    /// Every fenced or indented code block, in source order.
    public var codeSamples: [CodeSample]
    /// Links and images in headings, paragraphs and table cells, in source order.
    public var links: [SpecLink]
    /// Every DocSpec directive on the page, in order (also those that failed to bind).
    public var directives: [Directive]
    /// Table directives that could not produce a spec table (malformed, unknown kind, wrong
    /// columns, no table after them); already reported. Drift rules use them so that one broken
    /// table is not also reported as missing or extra in the other locale.
    public var failedTables: [FailedTable] = []
    /// The parsed page, for checks that need every block.
    public var document: MarkdownDocument
    /// For each `docspec:disable-next-block` and `docspec:disable-next-line` comment (by its first
    /// line), the lines it applies to (the next block; the line right after the comment); `nil`
    /// when no block or a blank line follows it. Kept when the block tree is released.
    public var suppressedLines: [Int: ClosedRange<Int>?] = [:]

    /// The page as block alignment and the drift rules read it (blocks with their invariant
    /// tokens, sections, generic tables), built once at extraction when link locales are given
    /// (see `SpecExtractor.extract(_:locale:relativePath:linkLocales:)`); `nil` otherwise, and
    /// once released after the page's pairs were checked.
    public var structure: PageStructure? = nil
    /// The page's prose units and top-level sections (what untranslated-text reads), built with
    /// `structure`.
    public var prose: ProseText.Page? = nil

    /// Number of spec rows on the page.
    public var rowCount: Int { tables.reduce(0) { $0 + $1.rows.count } }
}
