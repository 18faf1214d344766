import DocDiagnostics
import Foundation
import MarkdownSyntax


/// A table of any origin, for comparing pages that have no DocSpec directives: a GFM pipe
/// table, an HTML `<table>` block, or a definition list (MDN's `- term` / `  - : description`),
/// so a definition list in one locale can be compared with a table in another.
public struct GenericTable: Hashable, Sendable {
    /// Where a generic table came from.
    public enum Origin: String, Hashable, Sendable {
        /// A GFM pipe table.
        case pipe = "table"
        /// An HTML `<table>` block.
        case html
        /// A definition list (`- term` followed by `  - : description`).
        case definitionList = "definition list"
    }

    /// One body row: its cells' plain texts, tokens and where the row starts.
    public struct Row: Hashable, Sendable {
        /// Each cell's reader-visible text, site syntax removed.
        public var cells: [String]
        /// The invariant tokens of all cells of the row.
        public var tokens: InvariantTokens
        /// Where the row (or definition list item) starts.
        public var location: SourceLocation
        /// The first cell's first code span, else its text (a term that is only a cross-reference
        /// macro: the macro's label, `{{HTTPStatus(100, "100 Continue")}}` → `100 Continue`): what
        /// the row is about.
        public var key: String = ""
        /// The key is a code span (an identifier, an operator), the same in every locale.
        public var keyIsCode = false
        /// Link targets of the first cell (a term that is a cross-reference macro links to its
        /// own page).
        public var keyLinks: [String] = []

        /// Numbers that are a whole cell (`| 1 |`): values, compared even when small.
        public var wholeCellNumbers: Set<String> {
            Set(cells.filter { !$0.isEmpty && $0.allSatisfy { $0.isNumber || $0 == "." || $0 == "," } })
        }
    }

    /// Where the table came from.
    public var origin: Origin
    /// Number of columns (2 for a definition list: term and description).
    public var columnCount: Int
    /// Body rows (header rows and group rows excluded).
    public var rows: [Row]
    /// Group rows of an HTML table (`<tr><th colspan="4">Informational</th></tr>`): the titles
    /// that stand for section headings in a table that lists several groups, with the index of
    /// the first body row of the group.
    public var groups: [(title: String, firstRow: Int)] = []

    public static func == (a: GenericTable, b: GenericTable) -> Bool {
        a.origin == b.origin && a.columnCount == b.columnCount && a.rows == b.rows
            && a.groups.map(\.title) == b.groups.map(\.title) && a.groups.map(\.firstRow) == b.groups.map(\.firstRow)
    }

    public func hash(into h: inout Hasher) {
        h.combine(origin)
        h.combine(columnCount)
        h.combine(rows)
        for g in groups {
            h.combine(g.title)
            h.combine(g.firstRow)
        }
    }
}

/// One block of a page as block alignment sees it.
public struct PageUnit: Hashable, Sendable {
    /// What kind of block this is.
    public enum Kind: Hashable, Sendable {
        /// A heading of level 1–6.
        case heading(Int)
        /// A paragraph, list, block quote or footnote: prose.
        case prose
        /// An HTML block that is not a table (components, comments, markup).
        case html
        /// A table of any origin (see `GenericTable`).
        case table
        /// A fenced or indented code block.
        case code
    }

    /// The block's kind.
    public var kind: Kind
    /// The block's source range.
    public var range: SourceRange
    /// Invariant tokens of the block's prose (not of code blocks).
    public var tokens: InvariantTokens
    /// Letters of prose (site syntax and code removed): a language-independent length measure.
    public var letterCount: Int
    /// For a heading: its text without anchor; for a table: a short description.
    public var title: String = ""
    /// For a heading: its `{#id}` / `{/*id*/}` anchor, if written.
    public var anchor: String? = nil
    /// For a table: its rows.
    public var table: GenericTable? = nil
    /// For a code block: language and code with comments removed.
    public var codeKey: String? = nil
    /// For a table: bound to a `docspec:table` directive (compared by `TableDriftRule`).
    public var isSpecTable: Bool = false
    /// The tagged tokens (of all rows, for a table), sorted: what block alignment compares.
    public var tags: [UInt64] = []
}

/// A section: a heading and the blocks up to the next heading of any level. The part before
/// the first heading is a section without heading.
public struct PageSection: Hashable, Sendable {
    /// Index of the heading unit, `nil` for the part before the first heading.
    public var headingIndex: Int?
    /// The heading level (0 for the part before the first heading).
    public var level: Int
    /// The heading text (empty for the part before the first heading).
    public var title: String
    /// Indices of the body units (not the heading).
    public var body: Range<Int>
}

/// A page reduced to its block sequence and sections, for block alignment.
public struct PageStructure: Hashable, Sendable {
    /// Every block in reading order (list contents are one prose unit; code blocks and tables
    /// nested in lists or quotes follow it as their own units).
    public var units: [PageUnit] = []
    /// The sections, in order.
    public var sections: [PageSection] = []
    /// For each top-level block of the page, the units made of it (an empty range for a block
    /// that is no unit: a thematic break, site syntax alone).
    public var blockUnits: [Range<Int>] = []
    /// Prose letters on the page.
    public var letterCount: Int { units.reduce(0) { $0 + $1.letterCount } }

    /// Builds the structure of `page`; `locales` are the locale codes removed from link targets.
    ///
    /// With `previous`, the same page before an edit (its structure built with the same
    /// `locales`) and which of its top-level blocks the new parse kept (`IncrementalParse.splice`),
    /// the units of a kept block are those of the previous structure, moved by the lines the
    /// block moved, instead of being extracted again: a unit is a function of its block, of the
    /// page's spec tables and directives (whether a table is a spec table, worked out again here)
    /// and of the code sample normalised at its line (compared; a block whose differs is
    /// extracted again), so the structure is the one built without `previous`.
    public init(_ page: SpecPage, locales: Set<String>, previous: (page: SpecPage, splice: IncrementalParse.Splice)? = nil) {
        let extractor = TokenExtractor(locales: locales)
        var builder = Builder(page: page, extractor: extractor)
        let old = previous.flatMap { p -> (structure: PageStructure, splice: IncrementalParse.Splice, code: [Int: (language: String, code: String)])? in
            guard let s = p.page.structure, s.blockUnits.count == p.page.document.blocks.count, p.page.path == page.path else { return nil }
            return (s, p.splice, Builder.normalizedCode(p.page))
        }
        var fresh: [Range<Int>] = []
        // About one unit per top-level block (more when lists hold code blocks or tables).
        builder.units.reserveCapacity((old?.structure.units.count ?? page.document.blocks.count) + 16)
        for (b, block) in page.document.blocks.enumerated() {
            let start = builder.units.count
            if let old, let (ob, shift) = old.splice.previous(b), ob < old.structure.blockUnits.count,
                builder.reuse(old.structure.units[old.structure.blockUnits[ob]], lineShift: shift, previousCode: old.code)
            {
                blockUnits.append(start..<builder.units.count)
                continue
            }
            builder.add(block)
            blockUnits.append(start..<builder.units.count)
            fresh.append(start..<builder.units.count)
        }
        units = builder.units
        for r in fresh {
            for i in r {
                var tags: [UInt64]
                if let table = units[i].table {
                    tags = []
                    tags.reserveCapacity(table.rows.reduce(0) { $0 + $1.tokens.count })
                    for row in table.rows { row.tokens.appendTaggedHashes(to: &tags) }
                } else {
                    tags = units[i].tokens.taggedHashes
                }
                tags.sort()
                units[i].tags = tags
            }
        }
        var start = 0
        var heading: Int? = nil
        func close(_ end: Int) {
            let h = heading.map { units[$0] }
            var level = 0
            if case .heading(let l)? = h?.kind { level = l }
            sections.append(PageSection(headingIndex: heading, level: level, title: h?.title ?? "", body: start..<end))
        }
        for (i, u) in units.enumerated() {
            if case .heading = u.kind {
                close(i)
                heading = i
                start = i + 1
            }
        }
        close(units.count)
    }

    struct Builder {
        let page: SpecPage
        let extractor: TokenExtractor
        var units: [PageUnit] = []
        let specTableLines: [ClosedRange<Int>]
        let failedDirectiveLines: [Int]
        /// Code samples already normalised at extraction, by first line.
        let normalizedCode: [Int: (language: String, code: String)]

        init(page: SpecPage, extractor: TokenExtractor) {
            self.page = page
            self.extractor = extractor
            specTableLines = page.tables.map { $0.range.start.line...$0.range.end.line }
            failedDirectiveLines = page.failedTables.map(\.location.line)
            normalizedCode = Self.normalizedCode(page)
        }

        /// The page's code samples normalised at extraction, by first line.
        static func normalizedCode(_ page: SpecPage) -> [Int: (language: String, code: String)] {
            Dictionary(
                page.codeSamples.compactMap { c in c.normalizedCode.map { (c.range.start.line, (c.language, $0)) } },
                uniquingKeysWith: { a, _ in a })
        }

        /// Appends the units `previous` of a block the page kept from its previous parse,
        /// `lineShift` lines further down, as `add` would make them of the moved block: tables
        /// are spec tables as this page's directives say, and a code unit's key is kept when the
        /// sample normalised at its line (`previousCode` on the previous page, `normalizedCode`
        /// here) is the same, byte for byte. Returns `false`, appending nothing, when one is not.
        mutating func reuse(_ previous: ArraySlice<PageUnit>, lineShift d: Int, previousCode: [Int: (language: String, code: String)]) -> Bool {
            let start = units.count
            func same(_ a: String?, _ b: String?) -> Bool {
                guard let a, let b else { return a == nil && b == nil }
                return a.utf8.elementsEqual(b.utf8)
            }
            for var u in previous {
                if u.kind == .code, let key = u.codeKey {
                    let language = String(decoding: key.utf8.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
                    let line = u.range.start.line
                    let before = previousCode[line].flatMap { $0.language == language ? $0.code : nil }
                    let now = normalizedCode[line + d].flatMap { $0.language == language ? $0.code : nil }
                    guard same(before, now) else {
                        units.removeSubrange(start...)
                        return false
                    }
                }
                if d != 0 {
                    u.range.start.line += d
                    u.range.end.line += d
                    if u.table != nil {
                        for r in u.table!.rows.indices { u.table!.rows[r].location.line += d }
                    }
                }
                if u.table?.origin == .pipe { u.isSpecTable = isSpec(u.range) }
                units.append(u)
            }
            return true
        }

        func isSpec(_ range: SourceRange) -> Bool {
            let line = range.start.line
            return specTableLines.contains { $0.contains(line) }
                || failedDirectiveLines.contains { $0 < line && line - $0 <= 3 }
        }

        mutating func add(_ block: Block) {
            switch block {
            case .heading(let level, let inlines, let range):
                var raw = ""
                let tokens = extractor.tokens(inlines, plainText: &raw)
                let anchor = SiteSyntax.headingAnchor(raw)
                let title = SiteSyntax.strip(raw).trimmingSpaces
                units.append(PageUnit(
                    kind: .heading(level), range: range, tokens: tokens,
                    letterCount: Self.letters(title), title: title, anchor: anchor))
            case .paragraph(let inlines, let range):
                var plainCount = 0
                let tokens = extractor.tokens(inlines, plainCount: &plainCount)
                // A paragraph that is only site syntax (`{{Compat}}`, `::: tip`) is not prose.
                let (empty, note, letters) = Self.proseFacts(tokens.textBytes, 0..<plainCount)
                if empty && tokens.isEmpty { return }
                if note { return }
                units.append(PageUnit(kind: .prose, range: range, tokens: tokens, letterCount: letters))
            case .codeBlock(let info, let literal, _, let range):
                let language = Self.codeLanguage(info)
                let normalized = normalizedCode[range.start.line].flatMap { $0.language == language ? $0.code : nil }
                    ?? CodeNormalizer.normalized(literal, language: language)
                let key = language + "\n" + normalized
                units.append(PageUnit(kind: .code, range: range, tokens: InvariantTokens(), letterCount: 0, codeKey: key))
            case .htmlBlock(let literal, let range), .component(_, let literal, _, let range):
                if literal.lowercased().hasBytes("<table"), let table = htmlTable(literal, range) {
                    units.append(table)
                    return
                }
                var tokens = InvariantTokens()
                extractor.tokens(html: literal, into: &tokens)
                let text = HTMLScanner.scan(literal).text
                let letters = Self.letters(SiteSyntax.strip(text))
                if tokens.isEmpty && letters == 0 { return }
                units.append(PageUnit(kind: .html, range: range, tokens: tokens, letterCount: letters))
            case .table(let t):
                var rows: [GenericTable.Row] = []
                rows.reserveCapacity(t.rows.count)
                for row in t.rows {
                    var tokens = InvariantTokens()
                    var keyLinks: [String] = []
                    var cells: [String] = []
                    cells.reserveCapacity(row.cells.count)
                    for (k, cell) in row.cells.enumerated() {
                        // The cell's tokens go straight into the row's (as a union of the cells').
                        let plainBytes = extractor.appendTokens(cell.inlines, to: &tokens, separated: true)
                        if k == 0 { keyLinks = tokens.links }
                        cells.append(Self.cellText(cell.inlines, tokens.textBytes[plainBytes]))
                    }
                    let firstCode = row.cells.first?.inlines.firstCodeSpan
                    rows.append(GenericTable.Row(
                        cells: cells, tokens: tokens, location: row.range.start,
                        key: firstCode ?? cells.first ?? "", keyIsCode: firstCode != nil,
                        keyLinks: keyLinks))
                }
                let table = GenericTable(origin: .pipe, columnCount: t.header.cells.count, rows: rows)
                units.append(PageUnit(
                    kind: .table, range: t.range, tokens: InvariantTokens(), letterCount: 0, title: "table", table: table,
                    isSpecTable: isSpec(t.range)))
            case .list(_, _, let items, let range):
                if let table = definitionList(items, range) {
                    units.append(table)
                    return
                }
                var tokens = InvariantTokens()
                var letters = 0
                var nested: [Block] = []
                collectProse(items.flatMap(\.blocks), &tokens, &letters, &nested)
                units.append(PageUnit(kind: .prose, range: range, tokens: tokens, letterCount: letters))
                for b in nested { add(b) }
            case .blockQuote(let blocks, let range), .footnoteDefinition(_, let blocks, let range):
                if case .paragraph(let first, _)? = blocks.first, Self.isTranslatorNote(first.plainText) { return }
                var tokens = InvariantTokens()
                var letters = 0
                var nested: [Block] = []
                collectProse(blocks, &tokens, &letters, &nested)
                if tokens.isEmpty && letters == 0 && nested.isEmpty { return }
                units.append(PageUnit(kind: .prose, range: range, tokens: tokens, letterCount: letters))
                for b in nested { add(b) }
            case .thematicBreak:
                return
            }
        }

        /// A code block's language: the first word of its info string (words split on spaces),
        /// lower-cased; "" without one. An ASCII info string is read on its bytes.
        static func codeLanguage(_ info: String) -> String {
            var info = info
            let ascii = info.withUTF8 { b -> String? in
                // A non-ASCII byte (a combining mark on a space) can make the `Character` split
                // differ: such an info string is left to the general path.
                for c in b where c >= 0x80 { return nil }
                var start = 0
                while start < b.count, b[start] == 0x20 { start += 1 }
                var end = start
                while end < b.count, b[end] != 0x20 { end += 1 }
                return String(unsafeUninitializedCapacity: end - start) { out in
                    for k in start..<end {
                        let c = b[k]
                        out[k - start] = c &- 0x41 < 26 ? c | 0x20 : c
                    }
                    return end - start
                }
            }
            return ascii ?? info.split(separator: " ").first.map { String($0).lowercased() } ?? ""
        }

        /// A pipe table cell's text: `SiteSyntax.strip(plain.trimmingSpaces).trimmingSpaces` of
        /// its plain text (`TokenExtractor.plainText`, whose UTF-8 bytes are `bytes`; trimmed, it
        /// is `TableCell.plainText`), worked out on the bytes: one string is made, none when the
        /// plain text is a text or code span alone that needs neither trimming nor stripping.
        static func cellText(_ inlines: [Inline], _ bytes: ArraySlice<UInt8>) -> String {
            bytes.withUnsafeBufferPointer { b in
                let r = String.trimmedSpaceBounds(b)
                let t = UnsafeBufferPointer(rebasing: b[r])
                guard SiteSyntax.holdsSiteSyntax(t) else {
                    return r.count == b.count ? TokenExtractor.plainText(inlines, bytes) : String(decoding: t, as: UTF8.self)
                }
                return SiteSyntax.strippedBytes(t).withUnsafeBufferPointer { s in
                    String(decoding: UnsafeBufferPointer(rebasing: s[String.trimmedSpaceBounds(s)]), as: UTF8.self)
                }
            }
        }

        /// Prose of nested blocks into one token set; code blocks and tables are returned in
        /// `nested` to become units of their own.
        func collectProse(_ blocks: [Block], _ tokens: inout InvariantTokens, _ letters: inout Int, _ nested: inout [Block]) {
            for b in blocks {
                switch b {
                case .paragraph(let inlines, _), .heading(_, let inlines, _):
                    let plain = extractor.appendTokens(inlines, to: &tokens, separated: true)
                    letters += Self.strippedLetters(tokens.textBytes, plain)
                case .list(_, _, let items, _):
                    collectProse(items.flatMap(\.blocks), &tokens, &letters, &nested)
                case .blockQuote(let inner, _), .footnoteDefinition(_, let inner, _):
                    collectProse(inner, &tokens, &letters, &nested)
                case .htmlBlock(let literal, _), .component(_, let literal, _, _):
                    if literal.lowercased().hasBytes("<table") {
                        nested.append(b)
                    } else {
                        extractor.tokens(html: literal, into: &tokens)
                        letters += Self.letters(SiteSyntax.strip(HTMLScanner.scan(literal).text))
                    }
                case .codeBlock, .table:
                    nested.append(b)
                case .thematicBreak:
                    break
                }
            }
        }

        /// MDN's definition list: every (or nearly every) item is a term paragraph followed by a
        /// nested list whose item starts with `: `.
        func definitionList(_ items: [ListItem], _ range: SourceRange) -> PageUnit? {
            func isDefinitionItem(_ item: ListItem) -> Bool {
                guard item.blocks.count >= 2, case .paragraph = item.blocks[0],
                    case .list(_, _, let defs, _) = item.blocks[1], let first = defs.first?.blocks.first,
                    case .paragraph(let def, _) = first, case .text(let lead)? = def.first
                else { return false }
                return lead.hasPrefix(":")
            }
            let proper = items.filter(isDefinitionItem).count
            guard proper > 0, proper * 2 >= items.count else { return nil }
            var rows: [GenericTable.Row] = []
            for item in items {
                // A term whose description is missing is still a row (its term is compared).
                guard case .paragraph(let term, _)? = item.blocks.first else { continue }
                guard isDefinitionItem(item), case .list(_, _, let defs, _) = item.blocks[1],
                    case .paragraph(let def, _)? = defs.first?.blocks.first
                else {
                    let termText = SiteSyntax.strip(term.plainText).trimmingSpaces
                    var tokens = extractor.tokens(term)
                    var letters = 0
                    var nested: [Block] = []
                    collectProse(Array(item.blocks.dropFirst()), &tokens, &letters, &nested)
                    rows.append(GenericTable.Row(
                        cells: [termText, ""], tokens: tokens, location: item.range.start, key: term.codeSpans.first ?? Self.termKey(termText, term.plainText),
                        keyIsCode: term.codeSpans.first != nil, keyLinks: extractor.tokens(term).links))
                    continue
                }
                var tokens = extractor.tokens(term)
                var letters = 0
                var nested: [Block] = []
                collectProse(defs.flatMap(\.blocks) + item.blocks.dropFirst(2), &tokens, &letters, &nested)
                let description = SiteSyntax.strip(def.plainText.dropFirst().description).trimmingSpaces
                let termText = SiteSyntax.strip(term.plainText).trimmingSpaces
                rows.append(GenericTable.Row(
                    cells: [termText, description], tokens: tokens, location: item.range.start,
                    key: term.codeSpans.first ?? Self.termKey(termText, term.plainText), keyIsCode: term.codeSpans.first != nil,
                    keyLinks: extractor.tokens(term).links))
            }
            guard !rows.isEmpty else { return nil }
            return PageUnit(
                kind: .table, range: range, tokens: InvariantTokens(), letterCount: 0, title: "definition list",
                table: GenericTable(origin: .definitionList, columnCount: 2, rows: rows))
        }

        /// A term's key when it has no code span: its text, or when the term starts with a
        /// macro (`{{HTTPStatus(226, "226 IM Used")}} ([HTTP Delta encoding](…))`) or its text is
        /// only punctuation, the macros' labels: what the term names, not its aside.
        static func termKey(_ text: String, _ raw: String) -> String {
            let startsWithMacro = raw.utf8.drop { $0 == UInt8(ascii: " ") }.starts(with: "{{".utf8)
            if !startsWithMacro, text.unicodeScalars.contains(where: { Script.isLetter($0) || $0.properties.numericType != nil }) { return text }
            let label = SiteSyntax.macroLabel(raw)
            return label.isEmpty ? text : label
        }

        func htmlTable(_ literal: String, _ range: SourceRange) -> PageUnit? {
            guard var rows = HTMLScanner.tableRows(literal), !rows.isEmpty else { return nil }
            let columnCount = rows.map(\.span).max() ?? 0
            // A row of one header cell spanning the table is a group row: it titles the rows
            // after it, as a heading would (`<th colspan="4">Informational</th>`).
            func isGroup(_ r: HTMLScanner.TableRow) -> Bool { r.isHeader && r.cells.count == 1 && columnCount > 1 }
            if !rows.contains(where: { $0.headerCells > 0 }) {
                // A `<thead>` whose header cells are written as `<td>` (older markup).
                if literal.lowercased().hasBytes("<thead") { rows.removeFirst() }
            } else {
                // Leading header rows are the table's header.
                while let first = rows.first, first.isHeader, !isGroup(first) { rows.removeFirst() }
            }
            var groups: [(title: String, firstRow: Int)] = []
            var bodyRows: [HTMLScanner.TableRow] = []
            for r in rows {
                if isGroup(r) {
                    groups.append((SiteSyntax.strip(HTMLScanner.scan(r.cells[0]).text).trimmingSpaces, bodyRows.count))
                } else {
                    bodyRows.append(r)
                }
            }
            let body = bodyRows.map { row -> GenericTable.Row in
                // Each cell scanned once: its tokens, its text, and for the first cell the key.
                var tokens = InvariantTokens()
                var cells: [String] = []
                var firstCode: String?
                var keyLinks: [String] = []
                for (k, cell) in row.cells.enumerated() {
                    let scanned = HTMLScanner.scan(cell)
                    extractor.tokens(scanned: scanned, into: &tokens)
                    cells.append(SiteSyntax.strip(scanned.text).trimmingSpaces)
                    if k == 0 {
                        firstCode = scanned.codeTexts.first
                        keyLinks = tokens.links
                    }
                }
                return GenericTable.Row(
                    cells: cells, tokens: tokens,
                    location: SourceLocation(file: range.start.file, line: range.start.line + row.lineOffset),
                    key: firstCode ?? cells.first ?? "", keyIsCode: firstCode != nil, keyLinks: keyLinks)
            }
            return PageUnit(
                kind: .table, range: range, tokens: InvariantTokens(), letterCount: 0, title: "HTML table",
                table: GenericTable(origin: .html, columnCount: columnCount, rows: body, groups: groups))
        }

        /// Markers that open a translator's note: content only the translation has, on purpose.
        static let translatorNoteMarkers = [
            "訳注", "訳者注", "訳者より", "translator's note", "translator’s note", "примечание переводчика",
            "прим. пер", "примечание от переводчика", "от переводчика", "译注", "譯註",
        ]

        /// The scalars of each of `translatorNoteMarkers`.
        static let translatorNoteMarkerScalars: [[Unicode.Scalar]] = translatorNoteMarkers.map { Array($0.unicodeScalars) }

        /// The first scalars of `translatorNoteMarkers`, lower and upper case.
        static let translatorNoteInitials: Set<Unicode.Scalar> = Set(translatorNoteMarkers.flatMap { marker -> [Unicode.Scalar] in
            guard let f = marker.unicodeScalars.first else { return [] }
            return [f] + Array(String(f).uppercased().unicodeScalars) + Array(String(f).lowercased().unicodeScalars)
        })

        /// What a translator's note may start with before its marker: white space, an opening
        /// bracket, emphasis.
        static func isNoteLead(_ u: Unicode.Scalar) -> Bool {
            u == " " || u == "\t" || u == "\n" || u == "\r" || "(（[【*_".unicodeScalars.contains(u)
        }

        /// Whether a block is a translator's note (`訳注：…`, `> **Примечание переводчика:** …`).
        static func isTranslatorNote(_ text: String) -> Bool {
            // Only the start of the block matters: lower-case a short prefix, not the paragraph.
            let lead = text.unicodeScalars.drop(while: isNoteLead)
            // Almost no block starts like a marker: its first letter decides before lower-casing.
            guard let first = lead.first, translatorNoteInitials.contains(first) else { return false }
            // Many blocks start with an initial (`П…`, `О…`, `t…`): the lower-cased scalars must
            // start with a marker's (each of its characters is one scalar) before the exact test
            // below, which lower-cases a string, is worth running.
            var low: [Unicode.Scalar] = []
            var matched = false
            scan: for u in lead.prefix(40) {
                if u.isASCII {
                    low.append(u.value >= 0x41 && u.value <= 0x5A ? Unicode.Scalar(UInt8(u.value + 0x20)) : u)
                } else {
                    low.append(contentsOf: u.properties.lowercaseMapping.unicodeScalars)
                }
                var alive = false
                for m in translatorNoteMarkerScalars {
                    let k = min(m.count, low.count)
                    guard m[..<k].elementsEqual(low[..<k]) else { continue }
                    if low.count >= m.count {
                        matched = true
                        break scan
                    }
                    alive = true
                }
                if !alive { return false }
            }
            guard matched else { return false }
            var head = String.UnicodeScalarView()
            for u in lead.prefix(40) { head.append(u) }
            let t = String(head).lowercased()
            return translatorNoteMarkers.contains { t.hasPrefix($0) }
        }

        /// Of a block's plain text (the bytes `plain` of UTF-8 `text`) with site syntax removed
        /// (`SiteSyntax.strip`): whether it is empty but for spaces (`trimmingSpaces.isEmpty`),
        /// whether it is a translator's note (`isTranslatorNote`) and its letters (`letters`). No
        /// string is made unless the text starts like a note.
        static func proseFacts(_ text: [UInt8], _ plain: Range<Int>) -> (empty: Bool, translatorNote: Bool, letters: Int) {
            withStripped(text, plain) { b in
                // `trimmingSpaces` keeps a CR LF pair (one `Character`): empty when every byte is
                // a space and no CR is followed by LF.
                var empty = true
                for i in 0..<b.count {
                    let c = b[i]
                    guard c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D, !(c == 0x0D && i + 1 < b.count && b[i + 1] == 0x0A) else {
                        empty = false
                        break
                    }
                }
                return (empty, mayBeTranslatorNote(b) && isTranslatorNote(String(decoding: b, as: UTF8.self)), letters(bytes: b))
            }
        }

        /// The letters of the bytes `plain` of UTF-8 `text` with site syntax removed.
        static func strippedLetters(_ text: [UInt8], _ plain: Range<Int>) -> Int {
            withStripped(text, plain) { letters(bytes: $0) }
        }

        /// Calls `body` with the bytes `plain` of `text` without site syntax
        /// (`SiteSyntax.strippedBytes`, copied only when they hold some).
        static func withStripped<R>(_ text: [UInt8], _ plain: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            text.withUnsafeBufferPointer { all in
                let b = UnsafeBufferPointer(rebasing: all[plain])
                guard SiteSyntax.holdsSiteSyntax(b) else { return body(b) }
                return SiteSyntax.strippedBytes(b).withUnsafeBufferPointer(body)
            }
        }

        /// Whether UTF-8 `b` can be a translator's note: its first scalar after the lead that
        /// `isTranslatorNote` skips is the initial of a marker (almost no block's is).
        static func mayBeTranslatorNote(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
            var i = 0
            while i < b.count {
                let (u, w) = ProseText.scalar(b, at: i)
                if isNoteLead(u) {
                    i += w
                    continue
                }
                return translatorNoteInitials.contains(u)
            }
            return false
        }

        /// The letters (`Script.isLetter`) of `s`, counted on its UTF-8 bytes.
        static func letters(_ s: String) -> Int {
            var s = s
            return s.withUTF8 { letters(bytes: $0) }
        }

        /// `letters(_:)` of UTF-8 bytes (valid UTF-8: whole scalars, as a `String`'s bytes are).
        ///
        /// Eight bytes at a time while they hold only ASCII, Cyrillic U+0400–U+047F (lead byte
        /// 0xD0 or 0xD1, all letters) and continuation bytes: their count is the ASCII letters
        /// plus the lead bytes 0xD0/0xD1 (a continuation byte whose lead was counted in the word
        /// before adds nothing). A word with any other lead byte goes scalar by scalar, up to the
        /// next ASCII byte: two- and three-byte scalars (kana, kanji, `«`, `—`) are decoded in
        /// line and looked up in `alphabeticTable`; four-byte ones (and a sequence cut short by
        /// the end, which valid UTF-8 has not) go through `ProseText.scalar`.
        static func letters(bytes b: UnsafeBufferPointer<UInt8>) -> Int {
            guard let p = b.baseAddress else { return 0 }
            let n = b.count
            let high: UInt64 = 0x8080_8080_8080_8080
            let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            return Script.alphabeticTable.withUnsafeBufferPointer { t in
                let table = t.baseAddress!
                var count = 0
                var i = 0
                while i < n {
                    if n &- i >= 8 {
                        let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                        // Lead bytes (0b11xxxxxx): high bit and the bit below it.
                        let lead = w & (w << 1) & high
                        // 0xD0/0xD1: zero after masking bit 0 and XOR with 0xD0 (exact zero-byte test).
                        let z = (w & 0xFEFE_FEFE_FEFE_FEFE) ^ 0xD0D0_D0D0_D0D0_D0D0
                        let cyrillic = ~(((z & low7) &+ low7) | z) & high
                        if lead & ~cyrillic == 0 {
                            // ASCII letters: `c | 0x20` in 0x61...0x7A, on bytes without high bit
                            // (7-bit lanes: the additions carry into no other byte).
                            let y = (w | 0x2020_2020_2020_2020) & low7
                            let ascii = (y &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(y &+ 0x0505_0505_0505_0505) & ~w & high
                            // Each byte 0–2, so the byte sum (in the top byte) is at most 16.
                            count &+= Int(truncatingIfNeeded: (((ascii >> 7) &+ (cyrillic >> 7)) &* 0x0101_0101_0101_0101) >> 56)
                            i &+= 8
                            continue
                        }
                    }
                    // Continuation bytes of a Cyrillic scalar whose lead the word before counted.
                    while i < n, p[i] & 0xC0 == 0x80 { i += 1 }
                    while i < n {
                        let c = p[i]
                        // Three-byte scalars first: the runs of kana and kanji this path is for.
                        if c &- 0xE0 < 0x10, i + 2 < n {
                            let v = Int(c & 0x0F) << 12 | Int(p[i + 1] & 0x3F) << 6 | Int(p[i + 2] & 0x3F)
                            count += Int(table[v >> 3] >> UInt8(v & 7) & 1)
                            i += 3
                        } else if c < 0x80 {
                            if (c | 0x20) &- 0x61 < 26 { count += 1 }  // A–Z, a–z
                            i += 1
                            break
                        } else if c & 0xFE == 0xD0, i + 1 < n {
                            // U+0400–U+047F: Cyrillic letters, every one.
                            count += 1
                            i += 2
                        } else if c < 0xE0, i + 1 < n {
                            let v = Int(c & 0x1F) << 6 | Int(p[i + 1] & 0x3F)
                            count += Int(table[v >> 3] >> UInt8(v & 7) & 1)
                            i += 2
                        } else {
                            let (u, w) = ProseText.scalar(b, at: i)
                            if Script.isLetter(u, table: t) { count += 1 }
                            i += w
                        }
                    }
                }
                return count
            }
        }
    }
}

