import DocDiagnostics
import LocaleDrift
import SpecModel

/// The spec tables of one or more locales, aligned for reference views (`docspec tables`) and the
/// side-by-side HTML report: pages are paired like `docspec lint` pairs them, tables by table id,
/// rows by the kind's key column (a row whose key was changed in place stays one row, as in the
/// drift rule).
struct ReferenceTables: Sendable {
    /// Locale codes in display order.
    var locales: [String]
    /// The locale rows and pages are anchored on (the source locale when it is shown).
    var base: String
    /// The aligned tables, in page order, then in each page's table order.
    var tables: [AlignedTable]

    /// `base` first, then the other locales in display order: the order rows are anchored in and
    /// invariant cells are taken from.
    var anchorOrder: [String] { [base] + locales.filter { $0 != base } }

    /// Aligns the tables of `locales` in `docs`.
    ///
    /// - Parameters:
    ///   - docs: the parsed pages.
    ///   - locales: the locales to show, in display order.
    ///   - base: the locale pages and rows are anchored on; one of `locales`.
    ///   - tableIDs: only tables with one of these ids; `nil` for every table.
    static func build(_ docs: DocSet, locales: [String], base: String, tableIDs: Set<String>? = nil) -> ReferenceTables {
        var tables: [AlignedTable] = []
        let anchorOrder = [base] + locales.filter { $0 != base }
        for group in pageGroups(docs, locales: locales, base: base) {
            tables += AlignedTable.align(group, locales: anchorOrder).filter { tableIDs?.contains($0.id) ?? true }
        }
        return ReferenceTables(locales: locales, base: base, tables: tables)
    }

    /// Pages that are translations of each other, per locale: every `base` page with its paired
    /// page in each other locale (paired like `docspec lint`), then pages of the other locales that
    /// have no `base` page, each on its own.
    static func pageGroups(_ docs: DocSet, locales: [String], base: String) -> [[String: SpecPage]] {
        let basePages = docs.pages[base] ?? []
        var groups: [[String: SpecPage]] = basePages.map { [base: $0] }
        let index = Dictionary(basePages.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { a, _ in a })
        var orphans: [[String: SpecPage]] = []
        for locale in locales where locale != base {
            let pages = docs.pages[locale] ?? []
            let paired = PageSetRule.pair(source: basePages, target: pages, sourceLocale: base, targetLocale: locale).pairs
            for p in paired {
                if let i = index[p.source.path] { groups[i][locale] = p.target }
            }
            let used = Set(paired.map(\.target.path))
            orphans += pages.filter { !used.contains($0.path) }.map { [locale: $0] }
        }
        return groups + orphans
    }
}

/// One spec table across locales.
struct AlignedTable: Sendable {
    /// The table id shared by the locales.
    var id: String
    /// The table's kind.
    var kind: TableKind
    /// The library type the table specifies (from the first locale that has the table).
    var symbol: String?
    /// The page id of the first locale that has the table.
    var pageID: String
    /// Per locale, the page the table is on (also when that page lacks the table).
    var pages: [String: SpecPage]
    /// Per locale, the table; a locale without the table has no entry.
    var tables: [String: SpecTable]
    /// The columns any locale has, in schema order.
    var columns: [ColumnSpec]
    /// Rows aligned across locales.
    var rows: [AlignedRow]

    /// Locales (in display order) whose page has this table.
    func present(in locales: [String]) -> [String] { locales.filter { tables[$0] != nil } }

    /// The header text a locale's table shows for `column`, or `nil` when it lacks the column.
    func header(_ column: String, locale: String) -> String? {
        guard let table = tables[locale], let i = table.columns.firstIndex(of: column) else { return nil }
        guard i < table.headerTexts.count, !table.headerTexts[i].isEmpty else { return column }
        return table.headerTexts[i]
    }

    /// The section (enclosing heading path) of the table in a locale, outermost first.
    func section(_ locale: String) -> [String] { tables[locale]?.headingPath ?? [] }

    /// The tables of one page group, aligned as the drift rules pair them (`SpecTablePairing`, the
    /// same value `docspec lint` computes): tables in the order of the first locale (the anchor),
    /// each with its counterpart in the other locales, then tables only other locales have, in
    /// their order (one entry per table id).
    ///
    /// - Parameters:
    ///   - group: per locale, the page of the group.
    ///   - locales: the anchor locale first, then the others.
    ///   - pairings: the pairing of the anchor page with each other locale's page, when already
    ///     computed (by lint); computed here otherwise.
    static func align(_ group: [String: SpecPage], locales: [String], pairings: [String: SpecTablePairing] = [:]) -> [AlignedTable] {
        guard let anchor = locales.first(where: { group[$0] != nil }), let anchorPage = group[anchor] else { return [] }
        let others = locales.filter { $0 != anchor && group[$0] != nil }
        let pairing = Dictionary(uniqueKeysWithValues: others.map { locale in
            (locale, pairings[locale] ?? SpecTablePairing(source: anchorPage, target: group[locale]!))
        })
        func aligned(_ tables: [String: SpecTable], rows: [AlignedRow]) -> AlignedTable {
            let first = locales.compactMap { tables[$0] }.first!
            let names = Set(tables.values.flatMap(\.columns))
            let pageID = locales.first { tables[$0] != nil }.flatMap { group[$0]?.id } ?? ""
            return AlignedTable(
                id: first.id, kind: first.kind, symbol: first.symbol, pageID: pageID, pages: group, tables: tables,
                columns: first.kind.columns.filter { names.contains($0.name) }, rows: rows)
        }
        var out: [AlignedTable] = []
        for (i, table) in anchorPage.tables.enumerated() {
            var tables = [anchor: table]
            var rowPairings: [String: RowPairing] = [:]
            for locale in others {
                guard let p = pairing[locale]?.pairs.first(where: { $0.source == i }), let page = group[locale] else { continue }
                tables[locale] = page.tables[p.target]
                rowPairings[locale] = p.rows
            }
            out.append(aligned(tables, rows: alignRows(tables, anchor: anchor, locales: others, pairings: rowPairings)))
        }
        // Tables only other locales have: one entry per id, rows in the first such locale's order.
        var seen: Set<String> = []
        for locale in others {
            for j in pairing[locale]?.unmatchedTarget ?? [] {
                guard let page = group[locale], seen.insert(page.tables[j].id).inserted else { continue }
                let id = page.tables[j].id
                var tables: [String: SpecTable] = [:]
                for l in others {
                    guard let p = group[l], let k = pairing[l]?.unmatchedTarget.first(where: { p.tables[$0].id == id }) else { continue }
                    tables[l] = p.tables[k]
                }
                out.append(aligned(tables, rows: tables[locale]!.rows.map { row in
                    var aligned = AlignedRow(rows: [locale: row])
                    for l in others where l != locale {
                        if let r = tables[l]?.rows.first(where: { $0.key == row.key }) { aligned.rows[l] = r }
                    }
                    return aligned
                }))
            }
        }
        return out
    }

    /// Rows of the anchor table, each with its counterpart in the other locales (as `pairings`
    /// pair them), and the rows only other locales have, placed after the row they follow there.
    static func alignRows(_ tables: [String: SpecTable], anchor: String, locales: [String], pairings: [String: RowPairing]) -> [AlignedRow] {
        let baseRows = tables[anchor]?.rows ?? []
        var rows = baseRows.map { AlignedRow(rows: [anchor: $0]) }
        var extrasAfter: [Int: [AlignedRow]] = [:]  // after anchor row i; -1 = before the first
        for locale in locales {
            guard let other = tables[locale], let pairing = pairings[locale] else { continue }
            // Where each other row sits: after the base row paired with the nearest earlier other row.
            var baseOf: [Int: Int] = [:]
            for (i, entry) in pairing.entries.enumerated() {
                guard let m = entry.target else { continue }
                rows[i].rows[locale] = other.rows[m]
                if baseOf[m] == nil { baseOf[m] = i }
            }
            let unmatched = Set(pairing.unmatchedTarget)
            var after = -1
            for j in other.rows.indices {
                if let b = baseOf[j] {
                    after = b
                } else if unmatched.contains(j) {
                    extrasAfter[after, default: []].append(AlignedRow(rows: [locale: other.rows[j]]))
                }
            }
        }
        var out = extrasAfter[-1] ?? []
        for (i, row) in rows.enumerated() {
            out.append(row)
            out += extrasAfter[i] ?? []
        }
        return out
    }
}

/// One row of an aligned table: the row of each locale that has it.
struct AlignedRow: Sendable {
    /// Per locale, the row; a locale without the row has no entry.
    var rows: [String: SpecRow]

    /// The row's key in the first of `locales` that has the row.
    func key(_ locales: [String]) -> String {
        for l in locales { if let r = rows[l] { return r.key } }
        return ""
    }
}

/// What a cell shows: its text, and whether that text is a list of code spans.
struct CellText: Hashable, Sendable {
    /// The reader-visible text.
    var text: String
    /// The text cut into plain runs and code spans, as the page writes it.
    var segments: [CellSegment]

    /// Whether any part of the cell is a code span.
    var hasCode: Bool { segments.contains { if case .code = $0 { true } else { false } } }

    /// A cell as its page shows it, its inline code kept.
    init(_ cell: SpecCell) {
        text = cell.text
        segments = cell.segments
    }

    /// Plain text.
    init(plain: String) {
        text = plain
        segments = plain.isEmpty ? [] : [.text(plain)]
    }
}

/// An invariant cell shown once for all locales.
struct InvariantCell: Sendable {
    /// What to show: the text when every locale writes it the same, else the normalised value
    /// when that agrees (`yes` for はい/да), else the first locale's text.
    var shown: CellText
    /// The locales whose value differs from the first locale's, with their text (drift).
    var conflicts: [(locale: String, text: CellText)]

    /// The invariant cell of `column` in `row`, over `locales`; `nil` when no locale has it.
    init?(_ row: AlignedRow, column: String, locales: [String]) {
        let cells = locales.compactMap { l in row.rows[l]?.cell(column).map { (l, $0) } }
        guard let (_, first) = cells.first else { return nil }
        if cells.allSatisfy({ $0.1.text == first.text }) {
            shown = CellText(first)
            conflicts = []
        } else if cells.allSatisfy({ $0.1.value == first.value }) {
            shown = CellText(plain: first.value)
            conflicts = []
        } else {
            shown = CellText(first)
            conflicts = cells.dropFirst().filter { $0.1.value != first.value }.map { ($0.0, CellText($0.1)) }
        }
    }
}
