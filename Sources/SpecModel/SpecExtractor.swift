import DocDiagnostics
import Foundation
import MarkdownSyntax

/// Walks a parsed page once and builds its `SpecPage`: headings, spec tables bound to their
/// directives, code samples and links. Anything wrong with the content is a diagnostic at its
/// line; extraction never stops early.
public enum SpecExtractor {
    /// The line range of the block after the HTML block at `range`, searching nested containers.
    public static func nextBlockLines(after range: SourceRange, in blocks: [Block]) -> ClosedRange<Int>? {
        for (i, block) in blocks.enumerated() {
            if case .htmlBlock(_, let r) = block, r == range {
                var j = i + 1
                // A directive (a table's, a setup's, another suppression) is skipped: the
                // suppression covers it and the block it binds.
                while j < blocks.count, case .htmlBlock(let literal, let r2) = blocks[j],
                    case .some = DirectiveParser.parse(htmlBlock: literal, range: r2)
                {
                    j += 1
                }
                guard j < blocks.count else { return nil }
                let start = i + 1 < blocks.count ? blocks[i + 1].range.start.line : blocks[j].range.start.line
                return start...max(start, blocks[j].range.end.line)
            }
            let children: [Block]
            switch block {
            case .list(_, _, let items, _): children = items.flatMap(\.blocks)
            case .blockQuote(let b, _), .footnoteDefinition(_, let b, _): children = b
            default: continue
            }
            guard block.range.start.line <= range.start.line, range.start.line <= block.range.end.line else { continue }
            if case .list(_, _, let items, _) = block {
                for item in items {
                    if let found = nextBlockLines(after: range, in: item.blocks) { return found }
                }
            } else if let found = nextBlockLines(after: range, in: children) {
                return found
            }
        }
        return nil
    }

    /// Whether a leaf block (not a list, quote or footnote as a whole, which span blank lines
    /// between their items) covers the 1-based `line`: the line is not blank and lies in the page.
    public static func hasContent(line: Int, in blocks: [Block]) -> Bool {
        for block in blocks where block.range.start.line <= line && line <= block.range.end.line {
            switch block {
            case .list(_, _, let items, _):
                if items.contains(where: { hasContent(line: line, in: $0.blocks) }) { return true }
            case .blockQuote(let b, _), .footnoteDefinition(_, let b, _):
                if hasContent(line: line, in: b) { return true }
            default: return true
            }
        }
        return false
    }

    /// Extracts the spec model of a page.
    ///
    /// - Parameters:
    ///   - parsed: the parsed page.
    ///   - locale: the locale code (`ja`).
    ///   - relativePath: the page's path relative to its locale root (`api/errors.md`).
    ///   - linkLocales: when given, the page's drift model (`SpecPage.structure`, `SpecPage.prose`)
    ///     is built too, with these locale codes removed from link targets.
    ///   - releasingSpecRows: when `true` (and `linkLocales` is `nil`), each top-level table bound
    ///     to a `docspec:table` directive loses its body rows in the returned page's block tree,
    ///     freed one by one as they become spec rows, so a long table is not held twice (the
    ///     caller must hold no other copy of `document` for the memory to be freed). For commands
    ///     that read the spec model only (`extract`, `tables`).
    ///   - previous: the same page extracted before an edit, with the blocks the new parse kept
    ///     of its parse (`IncrementalParse.splice`): the units of those blocks are reused (see
    ///     `PageStructure.init(_:locales:previous:)`); the page is the same without it.
    public static func extract(
        _ parsed: consuming MarkdownDocument, locale: String, relativePath: String, linkLocales: Set<String>? = nil,
        releasingSpecRows: Bool = false, previous: (page: SpecPage, splice: IncrementalParse.Splice)? = nil
    ) -> (page: SpecPage, diagnostics: [Diagnostic]) {
        var document = parsed
        var walker = Walker(path: document.path)
        if releasingSpecRows, linkLocales == nil {
            var blocks = document.blocks
            document.blocks = []
            walker.walkReleasingSpecRows(&blocks)
            document.blocks = blocks
        } else {
            walker.walk(document.blocks)
        }
        walker.finish()
        let id = pageID(frontMatter: document.frontMatter, relativePath: relativePath)
        var diagnostics = walker.diagnostics
        if let fm = document.frontMatter, let value = fm.value["id"] {
            if validID(value) == nil {
                diagnostics.append(.error(
                    "front-matter", "front matter 'id' must be a non-empty string; the page is paired by its path ('\(id)') instead",
                    at: SourceLocation(file: document.path, line: fm.fileLine(of: "id") ?? 1)))
            }
        }
        let title = document.frontMatter?.string("title")
            ?? walker.headings.first { $0.level == 1 }?.text
            ?? id
        let page = SpecPage(
            id: id, locale: locale, path: document.path, relativePath: relativePath, title: title,
            frontMatter: document.frontMatter, headings: walker.headings, tables: walker.tables,
            codeSamples: walker.samples, links: walker.links, directives: walker.directives,
            failedTables: walker.failedTables, document: document)
        var withSuppressions = page
        for d in walker.directives {
            switch d.name {
            case DirectiveParser.suppressionName:
                withSuppressions.suppressedLines[d.range.start.line] = nextBlockLines(after: d.range, in: document.blocks)
            case DirectiveParser.nextLineSuppressionName:
                let line = d.range.end.line + 1
                withSuppressions.suppressedLines[d.range.start.line] = hasContent(line: line, in: document.blocks) ? line...line : nil
            default: break
            }
        }
        if let linkLocales {
            for i in withSuppressions.codeSamples.indices {
                let c = withSuppressions.codeSamples[i]
                withSuppressions.codeSamples[i].normalizedCode = CodeNormalizer.normalized(c.code, language: c.language)
            }
            withSuppressions.structure = PageStructure(withSuppressions, locales: linkLocales, previous: previous)
            let previousProse = previous.flatMap { p in
                p.page.prose.flatMap { $0.blockUnits.count == p.page.document.blocks.count && p.page.path == document.path ? ($0, p.splice) : nil }
            }
            withSuppressions.prose = ProseText.page(document, previous: previousProse)
        }
        return (withSuppressions, diagnostics)
    }

    /// A page's id: its front matter `id` when that is a non-empty string, else its path
    /// relative to the locale root without its extension (`.md`, `.markdown` or `.mdx`, so
    /// `a.md` and its translation `a.mdx` have the same id).
    public static func pageID(frontMatter: FrontMatter?, relativePath: String) -> String {
        if let value = frontMatter?.value["id"], let id = validID(value) { return id }
        for ext in [".md", ".markdown", ".mdx"] where relativePath.hasSuffix(ext) && relativePath.count > ext.count {
            return String(relativePath.dropLast(ext.count))
        }
        return relativePath
    }

    static func validID(_ value: YAMLValue) -> String? {
        guard let id = value.string, !id.trimmingSpaces.isEmpty, !["~", "null", "Null", "NULL"].contains(id) else { return nil }
        return id
    }

    /// A page with only what pairing reads (id, locale, paths, front matter) and no content, for
    /// pairing pages before parsing them. Its title is the front matter `title`, else the id.
    public static func pairingStub(frontMatter: FrontMatter?, locale: String, path: String, relativePath: String) -> SpecPage {
        let id = pageID(frontMatter: frontMatter, relativePath: relativePath)
        return SpecPage(
            id: id, locale: locale, path: path, relativePath: relativePath, title: frontMatter?.string("title") ?? id,
            frontMatter: frontMatter, headings: [], tables: [], codeSamples: [], links: [], directives: [],
            document: MarkdownDocument(path: path, frontMatter: frontMatter, blocks: [], lineCount: 0))
    }

    private struct Walker {
        let path: String
        var headings: [SpecHeading] = []
        var tables: [SpecTable] = []
        var samples: [CodeSample] = []
        var links: [SpecLink] = []
        var directives: [Directive] = []
        var failedTables: [FailedTable] = []
        var diagnostics: [Diagnostic] = []
        var headingStack: [(level: Int, text: String)] = []
        var pending: Directive?
        /// A `docspec:setup` waiting for its fenced code block.
        var pendingSetup: Directive?

        init(path: String) { self.path = path }

        /// The texts of `headingStack`, kept with it: every link and sample of a section shares
        /// one array.
        var headingPath: [String] = []

        mutating func walk(_ blocks: [Block]) {
            for block in blocks { visit(block) }
        }

        /// `walk`, except that a table a `docspec:table` directive binds is taken out of `blocks`
        /// (left there without body rows) and its rows freed as they are converted.
        mutating func walkReleasingSpecRows(_ blocks: inout [Block]) {
            for i in blocks.indices {
                guard let d = pending, d.name == "table", pendingSetup == nil, case .table(var t) = blocks[i] else {
                    visit(blocks[i])
                    continue
                }
                pending = nil
                collectLinks(blocks[i])
                var rowless = t
                rowless.rows = []
                blocks[i] = .table(rowless)
                if !bindTable(d, to: &t, releasingRows: true) {
                    failedTables.append(FailedTable(id: Self.tableID(d), location: d.range.start))
                }
            }
        }

        mutating func finish(_ reason: String = "the end of the page or of its list item or quote is reached first") {
            if let d = pendingSetup {
                diagnostics.append(.error("orphan-directive", "'docspec:setup' is not followed by a fenced code block (\(reason))", at: d.range.start))
                pendingSetup = nil
            }
            if let d = pending {
                diagnostics.append(.error("orphan-directive", "'docspec:\(d.name)' directive is not followed by a table (\(reason))", at: d.range.start))
                failedTables.append(FailedTable(id: Self.tableID(d), location: d.range.start))
                pending = nil
            }
        }

        mutating func visit(_ block: Block) {
            misplacedDirectiveCheck(block)
            if case .htmlBlock(let literal, let range) = block,
                let parsed = DirectiveParser.parse(htmlBlock: literal, range: range)
            {
                // A suppression comment binds nothing here (DocSpecKit applies it to the next
                // block): it does not end a pending table directive.
                if case .success(let d) = parsed, DirectiveParser.suppressionNames.contains(d.name) {
                    directives.append(d)
                    return
                }
                finish("another directive follows it")
                switch parsed {
                case .success(let d) where d.name == "setup":
                    directives.append(d)
                    pendingSetup = d
                case .success(let d):
                    directives.append(d)
                    pending = d
                case .failure(let e):
                    diagnostics.append(e.diagnostic)
                    failedTables.append(FailedTable(id: nil, location: range.start))
                }
                return
            }
            var setup: Directive?
            if let d = pendingSetup {
                pendingSetup = nil
                if case .codeBlock(_, _, true, _) = block {
                    setup = d
                } else {
                    diagnostics.append(.error(
                        "orphan-directive",
                        "'docspec:setup' must be followed by a fenced code block, but the next block (line \(block.range.start.line)) is a \(blockName(block))",
                        at: d.range.start))
                }
            }
            if let d = pending {
                pending = nil
                if case .table(let t) = block {
                    bind(d, to: t)
                    collectLinks(block)
                    return
                }
                diagnostics.append(.error(
                    "orphan-directive",
                    "'docspec:\(d.name)' directive must be followed by a table, but the next block (line \(block.range.start.line)) is a \(blockName(block))",
                    at: d.range.start))
                failedTables.append(FailedTable(id: Self.tableID(d), location: d.range.start))
            }
            switch block {
            case .heading(let level, let inlines, let range):
                let text = Self.headingText(inlines)
                headings.append(SpecHeading(level: level, text: text, range: range))
                while let last = headingStack.last, last.level >= level { headingStack.removeLast() }
                headingStack.append((level, text))
                headingPath = headingStack.map(\.text)
                collectLinks(block)
            case .codeBlock(let info, let literal, let fenced, let range):
                var sample = Self.sample(info: info, literal: literal, fenced: fenced, range: range, headingPath: headingPath)
                if let setup {
                    sample.setup = setup.content
                    sample.setupFirstLine = setup.range.start.line + 1
                }
                samples.append(sample)
                if sample.language == "json", sample.symbol == nil,
                    let bad = sample.attributes.first(where: { a in
                        a.first.map { $0.isUppercase } == true && !a.contains("=") && !a.contains("\"")
                    })
                {
                    diagnostics.append(.error(
                        "invalid-symbol", "'\(bad)' in the info string is not a Swift type name (ASCII letters, digits, '_' and '.', no keyword); the sample is not tested",
                        at: range.start))
                }
            case .list(_, _, let items, _):
                for item in items {
                    walk(item.blocks)
                    finish()  // a directive never reaches into the next item
                }
            case .blockQuote(let blocks, _), .footnoteDefinition(_, let blocks, _):
                walk(blocks)
                finish()
            default:
                collectLinks(block)
            }
        }

        /// A directive written inside a paragraph or inside other HTML is not an HTML block of
        /// its own, so it binds nothing; say so instead of silently leaving its table unchecked.
        mutating func misplacedDirectiveCheck(_ block: Block) {
            let message = "a docspec directive must be an HTML comment on its own lines, with a blank line before it; this one is inside %@ and is ignored"
            switch block {
            // Each search is tried on the bytes first (no match there, none as characters), then
            // as before: Foundation's character search over a long HTML block cost more than the
            // block's conversion.
            case .paragraph(let inlines, let range), .heading(_, let inlines, let range):
                if inlines.contains(where: { if case .html(let h) = $0 { h.hasBytes("docspec:") && h.contains("docspec:") } else { false } }) {
                    diagnostics.append(.warning("misplaced-directive", message.replacingOccurrences(of: "%@", with: "a paragraph"), at: range.start))
                }
            case .htmlBlock(let literal, let range), .component(_, let literal, _, let range):
                if literal.hasBytes("docspec:"), !literal.trimmingSpaces.hasPrefix("<!--"),
                    literal.contains("<!-- docspec:") || literal.contains("<!--docspec:")
                {
                    diagnostics.append(.warning("misplaced-directive", message.replacingOccurrences(of: "%@", with: "other HTML"), at: range.start))
                }
            default:
                break
            }
        }

        /// A heading's text without a trailing site anchor: `{#id}` (Hugo, VitePress, kramdown)
        /// or `{/*id*/}` (MDX, where the comment's `*…*` reads as emphasis).
        static func headingText(_ inlines: [Inline]) -> String {
            var text = inlines.plainText.trimmingSpaces
            if text.hasSuffix("}"), let open = text.lastIndex(of: "{") {
                let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
                if inner.hasPrefix("#") || inner.hasPrefix("/") { text = String(text[..<open]).trimmingSpaces }
            }
            return text
        }

        func blockName(_ block: Block) -> String {
            switch block {
            case .heading: "heading"
            case .paragraph: "paragraph"
            case .codeBlock: "code block"
            case .htmlBlock, .component: "HTML block"
            case .table: "table"
            case .list: "list"
            case .blockQuote: "block quote"
            case .thematicBreak: "thematic break"
            case .footnoteDefinition: "footnote definition"
            }
        }

        mutating func collectLinks(_ block: Block) {
            func add(_ inlines: [Inline], _ range: SourceRange) {
                for l in inlines.links {
                    links.append(SpecLink(destination: l.destination, text: l.text, isImage: l.isImage, range: range, headingPath: headingPath))
                }
            }
            switch block {
            case .heading(_, let inlines, let range), .paragraph(let inlines, let range):
                add(inlines, range)
            case .table(let t):
                for cell in t.header.cells { add(cell.inlines, cell.range) }
                for row in t.rows {
                    for cell in row.cells { add(cell.inlines, cell.range) }
                }
            default: break
            }
        }

        static func sample(info: String, literal: String, fenced: Bool, range: SourceRange, headingPath: [String]) -> CodeSample {
            let words = SpecExtractor.infoWords(info)
            var first = words.first ?? ""
            var attributes = Array(words.dropFirst())
            if first.hasPrefix("[") {
                // Line marks with no language (React's ```` ``` [[1, 6, "name"]] ````).
                first = ""
                attributes = words
            } else if first.hasPrefix("{") {
                // Pandoc/kramdown style `{.swift}` is reduced to the bare word.
                first = first.trimmingCharacters(in: CharacterSet(charactersIn: "{}."))
            } else if let cut = SpecExtractor.languageCut(first) {
                // mdBook `rust,ignore,does_not_compile`, VitePress `js{3-10}` and `ts:line-numbers`:
                // the language is the part before the first separator; the rest are attributes.
                let rest = first[cut...]
                first = String(first[..<cut])
                let extra = rest.hasPrefix(",")
                    ? rest.split(separator: ",").map(String.init)
                    : [String(rest.hasPrefix(":") ? rest.dropFirst() : rest)]
                attributes = extra.filter { !$0.isEmpty } + attributes
            }
            let language = first.lowercased()
            // The type is the first bare attribute that starts with a capital letter and is a
            // valid type name.
            let symbol = attributes.first { a in
                guard let f = a.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(f) else { return false }
                return !a.contains("=") && SymbolName.isValid(a)
            }
            var sample = CodeSample(language: language, attributes: attributes, symbol: symbol, code: literal, fenced: fenced, range: range, headingPath: headingPath)
            sample.info = info.trimmingSpaces
            return sample
        }

        // MARK: tables

        /// The id a table directive gives its table, or `nil` when its kind is missing or unknown.
        static func tableID(_ d: Directive) -> String? {
            if let id = d.value("id") { return id }
            // An unknown kind (a typo) says nothing reliable about which table this was.
            guard let kind = d.value("kind"), TableKind(rawValue: kind) != nil else { return nil }
            return "\(kind):\(d.value("symbol") ?? "-")"
        }

        mutating func bind(_ d: Directive, to table: Table) {
            guard d.name == "table" else { return }
            var table = table
            if !bindTable(d, to: &table, releasingRows: false) {
                failedTables.append(FailedTable(id: Self.tableID(d), location: d.range.start))
            }
        }

        /// Binds a table to its directive; `false` when the table could not be taken into the spec.
        /// With `releasingRows`, each body row's cells are emptied once converted.
        mutating func bindTable(_ d: Directive, to table: inout Table, releasingRows: Bool) -> Bool {
            let at = d.range.start
            guard let kindName = d.value("kind") else {
                diagnostics.append(.error("malformed-directive", "'docspec:table' needs kind=<\(TableKind.allCases.map(\.rawValue).joined(separator: "|"))>", at: at))
                return false
            }
            guard let kind = TableKind(rawValue: kindName) else {
                diagnostics.append(.error("unknown-kind", "unknown table kind '\(kindName)'; known kinds: \(TableKind.allCases.map(\.rawValue).joined(separator: ", "))", at: at))
                return false
            }
            let known: Set<String> = ["kind", "symbol", "complete", "id", "columns"]
            for a in d.attributes where !known.contains(a.key) {
                diagnostics.append(.warning("unknown-attribute", "unknown attribute '\(a.key)' on 'docspec:table' (known: \(known.sorted().joined(separator: ", ")))", at: at))
            }
            let symbol = d.value("symbol")
            if let s = symbol, !SymbolName.isValid(s) {
                diagnostics.append(.error("invalid-symbol", "symbol '\(s)' is not a Swift type name (ASCII letters, digits, '_' and '.', not starting with a digit, no keyword)", at: at))
                return false
            }
            if d.has("complete") {
                if d.value("complete") != nil {
                    diagnostics.append(.error("malformed-directive", "'complete' is a flag and takes no value; write 'complete' or leave it out", at: at))
                    return false
                }
                if symbol == nil { diagnostics.append(.error("malformed-directive", "'complete' needs symbol=<Type>", at: at)) }
                if kind == .fields || kind == .endpoint {
                    diagnostics.append(.error("malformed-directive", "'complete' applies to error-codes, string-enum, int-enum, json-object and delegate-parameters tables, not \(kind.rawValue)", at: at))
                }
            }
            guard let columns = bindColumns(kind: kind, directive: d, header: table.header) else { return false }
            // One wrong column (e.g. swapped headers) must not bury the page in findings: report
            // the first few invalid cells of each column, then one summary line.
            let shownPerColumn = 3
            var invalidCount: [String: Int] = [:]
            let specs = Dictionary(uniqueKeysWithValues: kind.columns.map { ($0.name, $0) })
            // Arrays reserved at their final size: grown by appending, a row's five cells would
            // take room for eight.
            var rows: [SpecRow] = []
            rows.reserveCapacity(table.rows.count)
            var seenKeys: [String: Int] = [:]
            for index in table.rows.indices {
                let row = table.rows[index]
                if releasingRows { table.rows[index].cells = [] }
                if row.sourceCellCount != columns.count {
                    diagnostics.append(.error(
                        "ragged-row",
                        "row has \(row.sourceCellCount) cells but the header has \(columns.count)\(row.sourceCellCount > columns.count ? "; cmark-gfm would drop the extra cells (escape a '|' in a cell as '\\|')" : "")",
                        at: row.range.start))
                }
                var cells: [SpecCell] = []
                cells.reserveCapacity(columns.count)
                for (i, name) in columns.enumerated() {
                    guard let spec = specs[name] else { continue }
                    let source = i < row.cells.count ? row.cells[i] : nil
                    // `TableCell.plainText`: the inlines' plain text, trimmed.
                    var untrimmed = source?.inlines.plainText ?? ""
                    var text = untrimmed.trimmingSpaces
                    let codes = source?.inlines.codeSpans ?? []
                    // Code span places in the trimmed text, for views that keep inline code.
                    var offsets: [Int]?
                    if !codes.isEmpty, let inlines = source?.inlines {
                        // The bytes `trimmingSpaces` cut from the front (it keeps a leading CRLF).
                        let lead = untrimmed.withUTF8 { String.trimmedSpaceBounds($0).lowerBound }
                        offsets = inlines.codeSpanOffsets.map { max(0, $0 - lead) }
                    }
                    // A cell that is one code span keeps one string for its text, code and value.
                    if codes.count == 1, text == codes[0] { text = codes[0] }
                    let range = source?.contentRange ?? SourceRange(start: row.range.end, end: row.range.end)
                    var value = spec.type == .prose ? "" : (codes.isEmpty ? text : codes.count == 1 ? codes[0] : codes.joined(separator: ", "))
                    if spec.type == .yesNo, let b = YesNo.parse(text) { value = b ? "yes" : "no" }
                    var valid = true
                    if let problem = CellValidator.problem(value: value, text: text, codes: codes, type: spec.type) {
                        valid = false
                        invalidCount[name, default: 0] += 1
                        if invalidCount[name, default: 0] <= shownPerColumn {
                            diagnostics.append(.error("invalid-cell", "column '\(name)': \(problem)", at: range.start))
                        }
                    }
                    cells.append(SpecCell(column: name, text: text, codeSpans: codes, codeOffsets: offsets, range: range, value: value, isValid: valid))
                }
                if kind == .delegateParameters, let method = cells.first(where: { $0.column == "method" }).flatMap({ MethodName($0.value) }),
                    let types = cells.first(where: { $0.column == "parameters" }),
                    method.labels.count != types.codeSpans.count
                {
                    diagnostics.append(.error(
                        "invalid-cell",
                        "column 'parameters': \(types.codeSpans.count) type(s) for \(method.labels.count) argument label(s) of \(method.base)(\(method.labels.map { "\($0):" }.joined()))",
                        at: types.range.start))
                }
                // An error documented without a number (`—`, or a table without a code column) is
                // identified by its name.
                let key = kind.rowKey { column in cells.first { $0.column == column }?.value }
                if let first = seenKeys[key], !key.isEmpty {
                    let keyCell = cells.first { $0.column == kind.keyColumn }
                    diagnostics.append(.error("duplicate-row", "duplicate \(kind.keyColumn) '\(key)' (first at line \(first))", at: keyCell?.range.start ?? row.range.start))
                } else {
                    seenKeys[key] = row.range.start.line
                }
                rows.append(SpecRow(cells: cells, key: key, range: row.range))
            }
            let id = Self.tableID(d) ?? "\(kind.rawValue):-"
            if tables.contains(where: { $0.id == id }) {
                diagnostics.append(.error("duplicate-table-id", "another table on this page already has id '\(id)'; add id=<unique> to the directive", at: at))
            }
            for (name, count) in invalidCount.sorted(by: { $0.key < $1.key }) where count > shownPerColumn {
                diagnostics.append(.error(
                    "invalid-cell", "column '\(name)': \(count - shownPerColumn) more invalid cells in this table are not listed (\(count) in all); is the column in the right place?",
                    at: table.header.range.start))
            }
            tables.append(SpecTable(
                id: id, kind: kind, symbol: symbol, complete: d.has("complete"), directive: d, columns: columns,
                rows: rows, range: table.range, headingPath: headingPath,
                invalidCellCount: invalidCount.values.reduce(0, +), headerTexts: table.header.cells.map(\.plainText)))
            return true
        }



        /// The indices of unrecognised headers that have no schema column left for them, when the
        /// recognised headers (`matched`, nil for an unrecognised one) stand in the schema's order:
        /// each unrecognised header can only be one of the unclaimed columns between its recognised
        /// neighbours' columns. `nil` when every header has a place, or the recognised ones are out
        /// of order (another diagnostic covers that).
        static func surplusHeaders(_ matched: [String?], schema: [ColumnSpec]) -> [Int]? {
            let position = Dictionary(schema.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { a, _ in a })
            let claimed = Set(matched.compactMap { $0 })
            var previous = -1
            var surplus: [Int] = []
            var i = 0
            while i < matched.count {
                if let name = matched[i] {
                    guard let p = position[name], p > previous else { return nil }
                    previous = p
                    i += 1
                    continue
                }
                // A run of unrecognised headers, up to the next recognised one.
                var j = i
                while j < matched.count, matched[j] == nil { j += 1 }
                let next = j < matched.count ? matched[j].flatMap { position[$0] } ?? schema.count : schema.count
                let free = (previous + 1..<max(previous + 1, next)).filter { !claimed.contains(schema[$0].name) }.count
                if j - i > free { surplus += Array((i + free)..<j) }
                i = j
            }
            return surplus.isEmpty ? nil : surplus
        }

        /// Maps the header cells to the kind's schema columns, or reports why it cannot.
        mutating func bindColumns(kind: TableKind, directive d: Directive, header: TableRow) -> [String]? {
            let schema = kind.columns
            let at = header.range.start
            let expected = schema.map { $0.optional ? "[\($0.name)]" : $0.name }.joined(separator: ", ")
            let headerTexts = header.cells.map(\.plainText)
            var columns: [String]
            if let explicit = d.value("columns") {
                columns = explicit.split(separator: ",").map { String($0).trimmingSpaces }
                if let unknown = columns.first(where: { c in !schema.contains { $0.name == c } }) {
                    diagnostics.append(.error("table-schema", "columns= names unknown column '\(unknown)' for kind \(kind.rawValue); expected \(expected)", at: d.range.start))
                    return nil
                }
                if columns.count != header.cells.count {
                    diagnostics.append(.error("table-schema", "columns= lists \(columns.count) columns but the table has \(header.cells.count)", at: at))
                    return nil
                }
            } else {
                let matched = headerTexts.map { text -> String? in
                    let n = TableKind.normaliseHeader(text)
                    return schema.first { $0.headers.contains(n) }?.name
                }
                let recognised = matched.compactMap { $0 }
                if let twice = recognised.first(where: { name in recognised.filter { $0 == name }.count > 1 }) {
                    let cells = zip(headerTexts, matched).filter { $0.1 == twice }.map { "'\($0.0)'" }
                    diagnostics.append(.error(
                        "table-schema", "headers \(cells.joined(separator: " and ")) both name column '\(twice)'; expected \(expected)",
                        at: at))
                    return nil
                }
                // Unknown headers bind by position to the schema with optional columns left out
                // from the right until the counts agree (error-codes with 4 columns: name, code,
                // status, description; with 3: name, code, description).
                var positional: [String]?
                var layout = schema
                while layout.count > headerTexts.count, let drop = layout.lastIndex(where: \.optional) {
                    layout.remove(at: drop)
                }
                if layout.count == headerTexts.count { positional = layout.map(\.name) }
                if recognised.count == matched.count {
                    columns = recognised
                } else if let extra = Self.surplusHeaders(matched, schema: schema) {
                    // Recognised headers in the schema's order, and unrecognised ones where no
                    // column is left for them: name the extra column rather than the header
                    // that comes after it.
                    let names = extra.map { "'\(headerTexts[$0])'" }.joined(separator: ", ")
                    diagnostics.append(.error(
                        "table-schema",
                        "header\(extra.count == 1 ? "" : "s") \(names) name\(extra.count == 1 ? "s" : "") no column of a \(kind.rawValue) table and no column is left for \(extra.count == 1 ? "it" : "them") (expected \(expected)); remove the extra column or add columns=… to the directive",
                        at: header.cells[extra[0]].contentRange.start))
                    return nil
                } else if let positional {
                    // Bind by position, but never against a header that says otherwise.
                    for (i, name) in matched.enumerated() {
                        if let name, positional[i] != name {
                            diagnostics.append(.error(
                                "table-schema",
                                "header '\(headerTexts[i])' names column '\(name)' but stands where '\(positional[i])' belongs (expected \(expected)); fix the header or add columns=… to the directive",
                                at: header.cells[i].contentRange.start))
                            return nil
                        }
                    }
                    columns = positional
                } else {
                    let unknown = zip(headerTexts, matched).filter { $0.1 == nil }.map { "'\($0.0)'" }
                    diagnostics.append(.error(
                        "table-schema",
                        "\(kind.rawValue) table has \(headerTexts.count) columns (\(headerTexts.map { "'\($0)'" }.joined(separator: ", "))); expected \(expected)\(unknown.isEmpty ? "" : "; unrecognised header \(unknown.joined(separator: ", "))") — add columns=… to the directive to name them",
                        at: at))
                    return nil
                }
            }
            if Set(columns).count != columns.count {
                diagnostics.append(.error("table-schema", "a column appears twice in the \(kind.rawValue) table", at: at))
                return nil
            }
            let missing = schema.filter { !$0.optional && !columns.contains($0.name) }.map(\.name)
            if !missing.isEmpty {
                diagnostics.append(.error("table-schema", "\(kind.rawValue) table lacks required column(s) \(missing.joined(separator: ", ")); expected \(expected)", at: at))
                return nil
            }
            // Columns in another order than the schema's are accepted with a `column-order`
            // warning (locales should keep one order); the source order is returned unchanged.
            let order = schema.map(\.name)
            let positions = columns.compactMap { order.firstIndex(of: $0) }
            if positions != positions.sorted() {
                diagnostics.append(.warning("column-order", "columns are not in the schema order (\(expected)); accepted, but keep locales in the same order", at: at))
            }
            return columns
        }
    }
}

/// Swift type names accepted in `symbol=` and code-sample info strings.
public enum SymbolName {
    /// Letters, digits and `_`, dot-separated components, not starting with a digit; ASCII only;
    /// no component is a Swift keyword (`class`, `self`, `Type`, `_`, …), since the name is
    /// written into generated code as a type reference.
    public static func isValid(_ s: String) -> Bool {
        let bytes = Array(s.utf8)
        guard !bytes.isEmpty, bytes.count <= 200 else { return false }
        func letter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F }
        func digit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        return bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { part in
            guard let f = part.first, letter(f), part.allSatisfy({ letter($0) || digit($0) }) else { return false }
            return !keywords.contains(String(decoding: part, as: UTF8.self))
        }
    }

    /// Swift keywords and names with a special meaning in type position.
    static let keywords: Set<String> = [
        "_", "Any", "Protocol", "Self", "Type", "actor", "as", "associatedtype", "async", "await", "break", "case", "catch",
        "class", "continue", "default", "defer", "deinit", "do", "else", "enum", "extension", "fallthrough", "false",
        "fileprivate", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "open",
        "operator", "precedencegroup", "private", "protocol", "public", "repeat", "rethrows", "return", "self", "some",
        "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where",
        "while", "any", "consume", "copy", "borrowing", "consuming", "package",
    ]
}

/// `yes`/`no` words in the supported languages.
public enum YesNo {
    static let yes: Set<String> = ["yes", "y", "true", "required", "✓", "✔", "はい", "必須", "да", "обязательно", "обязательный", "обязательное"]
    static let no: Set<String> = ["no", "n", "false", "optional", "—", "-", "–", "いいえ", "任意", "нет", "необязательно", "необязательный", "необязательное"]

    /// `true` for a yes word, `false` for a no word, `nil` otherwise.
    public static func parse(_ text: String) -> Bool? {
        let t = text.trimmingSpaces.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "`*_"))
        if yes.contains(t) { return true }
        if no.contains(t) { return false }
        return nil
    }
}

/// Validates a cell's value against its column type.
enum CellValidator {
    static let methods: Set<String> = ["GET", "PUT", "POST", "DELETE", "PATCH", "HEAD", "OPTIONS"]

    /// `value.contains(".")` (Foundation's search, by characters), answered from the bytes
    /// when no byte is a `.`: a cell of an error table is checked once per row.
    static func hasDot(_ value: String) -> Bool {
        value.utf8.contains(UInt8(ascii: ".")) && value.contains(".")
    }

    static func problem(value: String, text: String, codes: [String], type: CellType) -> String? {
        if codes.count > 1, type != .allowedValues, type != .prose, type != .typeList {
            return "expected one value, found \(codes.count) (\(codes.map { "`\($0)`" }.joined(separator: ", ")))"
        }
        switch type {
        case .prose:
            return nil
        case .identifier:
            return SymbolName.isValid(value) && !hasDot(value) ? nil : "'\(value)' is not an identifier"
        case .integer:
            return Int64(value) != nil ? nil : "'\(value)' is not an integer"
        case .errorNumber:
            if Int64(value) != nil || ["—", "-", "–"].contains(value) { return nil }
            return "'\(value)' is not an error number (an integer, or — when Apple publishes none)"
        case .jsonType:
            return JSONTypeName(rawValue: value) != nil
                ? nil : "'\(value)' is not a JSON type (string, integer, number, boolean, object, array, null)"
        case .jsonLiteral:
            if ["—", "-", "–"].contains(value) { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(value.utf8), options: [.fragmentsAllowed])) != nil
                ? nil : "'\(value)' is not a JSON literal (write strings in quotes, or — when the value varies)"
        case .httpStatus:
            if let n = Int(value), (100...599).contains(n) { return nil }
            return "'\(value)' is not an HTTP status (100…599)"
        case .yesNo:
            return YesNo.parse(text) != nil ? nil : "'\(text)' is not yes/no (はい/いいえ, да/нет, ✓/—)"
        case .retryable:
            return ["yes", "no", "later"].contains(value) ? nil : "'\(value)' must be yes, no or later"
        case .allowedValues:
            if codes.isEmpty { return "write allowed values as inline code, e.g. `0...7`, `true`, `\"\"`, `UUID`" }
            if let bad = codes.first(where: { AllowedValue.parse($0) == nil }) {
                return "'\(bad)' is not an allowed-value token (an integer, a range like 0...7, true, false, a \"string\" or UUID)"
            }
            return nil
        case .errorName:
            if value.isEmpty || ["—", "-", "–"].contains(value) { return nil }
            return SymbolName.isValid(value) && !hasDot(value) ? nil : "'\(value)' is not an error name"
        case .typeName:
            return value.isEmpty ? "type is empty" : nil
        case .methodName:
            return MethodName(value) != nil
                ? nil : "'\(value)' is not a method name with its argument labels, e.g. coordinator(_:didFinishSweep:)"
        case .typeList:
            if ["—", "-", "–", ""].contains(value) && codes.isEmpty { return nil }
            if codes.isEmpty { return "write each parameter type as inline code, e.g. `PurchaseCoordinator`, `SweepReport`" }
            if let bad = codes.first(where: { !TypeExpression.isValid($0) }) {
                return "'\(bad)' is not a Swift type (identifiers, '.', generics, optionals, arrays, dictionaries, 'any'/'some')"
            }
            return nil
        case .httpMethod:
            return methods.contains(value) ? nil : "'\(value)' is not an HTTP method"
        case .url:
            guard let u = URL(string: value), let s = u.scheme, ["http", "https"].contains(s), u.host != nil else {
                return "'\(value)' is not an absolute http(s) URL"
            }
            return nil
        case .path:
            return value.hasPrefix("/") && !value.contains(" ") ? nil : "'\(value)' is not a URL path starting with '/'"
        case .rawString:
            return value.isEmpty ? "raw value is empty" : nil
        }
    }
}

/// A method's full Swift name: a base name and its argument labels, e.g.
/// `coordinator(_:didFinishSweep:)` → `coordinator`, `["_", "didFinishSweep"]`.
public struct MethodName: Hashable, Sendable {
    /// The base name (a Swift identifier).
    public var base: String
    /// The argument labels in order; `_` for an unlabelled argument.
    public var labels: [String]

    /// Parses `base(label:label:)`; `nil` when the text is not of that form.
    public init?(_ text: String) {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let base = String(text[..<open])
        guard SymbolName.isValid(base), !base.contains(".") else { return nil }
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        var labels: [String] = []
        if !inner.isEmpty {
            guard inner.hasSuffix(":") else { return nil }
            for part in inner.dropLast().split(separator: ":", omittingEmptySubsequences: false) {
                let label = String(part)
                guard label == "_" || (SymbolName.isValid(label) && !label.contains(".")) else { return nil }
                labels.append(label)
            }
        }
        self.base = base
        self.labels = labels
    }
}

/// A conservative check that inline code is a Swift type and nothing else: identifiers joined by
/// `.`, generic arguments `<…>`, optionals `?`, arrays `[T]`, dictionaries `[K: V]`, tuples and
/// function types made of those, and the `any`/`some` keywords. No braces, quotes, `#`, `\`, `=`
/// or `;`, so a type cell can never carry statements into generated code.
public enum TypeExpression {
    /// Whether `text` passes the check.
    public static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 200 else { return false }
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.<>?[]:(), -!&")
        guard text.allSatisfy({ allowed.contains($0) }) else { return false }
        // Brackets must balance.
        var stack: [Character] = []
        let pairs: [Character: Character] = [")": "(", "]": "[", ">": "<"]
        var previous: Character = " "
        for c in text {
            if c == "(" || c == "[" || c == "<" { stack.append(c) }
            if let open = pairs[c] {
                // `->` is an arrow, not a closing angle bracket.
                if c == ">" && previous == "-" { previous = c; continue }
                guard stack.last == open else { return false }
                stack.removeLast()
            }
            previous = c
        }
        guard stack.isEmpty else { return false }
        let words = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        let allowedKeywords: Set<String> = ["any", "some", "Any", "Self", "throws", "async", "inout", "Type", "Protocol"]
        return words.allSatisfy { w in
            let word = String(w)
            return allowedKeywords.contains(word) || !SymbolName.keywords.contains(word)
        }
    }
}

/// A code block's info string, split as `SpecExtractor` reads it.
extension SpecExtractor {
    /// Splits an info string on spaces and tabs, keeping `key="quoted value"` together.
    static func infoWords(_ info: String) -> [String] {
        var copy = info
        return copy.withUTF8(asciiInfoWords) ?? characterInfoWords(info)
    }

    /// `infoWords` on `Character`s, for any info string.
    static func characterInfoWords(_ info: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for c in info {
            if c == "\"" { quoted.toggle() }
            if !quoted, c == " " || c == "\t" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Where the first `,`, `{` or `:` of an info string's first word is (the `Character`
    /// search, on the bytes when the word is ASCII).
    static func languageCut(_ word: String) -> String.Index? {
        var copy = word
        let ascii = copy.withUTF8 { b -> Int?? in
            var cut: Int?
            for i in 0..<b.count {
                let c = b[i]
                guard c < 0x80 else { return nil }
                if cut == nil, c == UInt8(ascii: ",") || c == UInt8(ascii: "{") || c == UInt8(ascii: ":") { cut = i }
            }
            return .some(cut)
        }
        if let ascii { return ascii.map { word.utf8.index(word.utf8.startIndex, offsetBy: $0) } }
        return word.firstIndex(where: { $0 == "," || $0 == "{" || $0 == ":" })
    }

    /// `infoWords` of an ASCII info string (UTF-8 `b`), on its bytes: in ASCII every
    /// `Character` is one byte but CR LF, which is neither a quote nor a separator, as
    /// neither of its bytes is. `nil` for an info string with a non-ASCII byte.
    static func asciiInfoWords(_ b: UnsafeBufferPointer<UInt8>) -> [String]? {
        var words: [String] = []
        var quoted = false
        var start = 0
        for i in 0..<b.count {
            let c = b[i]
            guard c < 0x80 else { return nil }
            if c == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") {
                if i > start { words.append(String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)) }
                start = i + 1
            }
        }
        if b.count > start { words.append(String(decoding: UnsafeBufferPointer(rebasing: b[start...]), as: UTF8.self)) }
        return words
    }
}
