import DocDiagnostics
import SpecModel

/// Compares the spec tables of a page pair: tables missing or extra, directives that differ,
/// columns that differ, rows present in one locale only (keyed by the kind's key column), and
/// invariant cells that differ.
public struct TableDriftRule: DriftRule {
    /// The rules this rule emits.
    public static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "missing-table", .error, layer: .drift, summary: "a spec table of the source locale is missing in the translation",
            help: """
                Spec tables (tables after a `docspec:table` directive) are paired by table id; this one has no counterpart \
                in the translation, so the translation documents less than the generated tests check. Translate the table \
                with the same directive.
                """),
        RuleDescriptor(
            "extra-table", .error, layer: .drift, summary: "the translation has a spec table the source locale does not",
            help: """
                A spec table of the translation has an id no source table has. Give it the source table's id, or remove it.
                """),
        RuleDescriptor(
            "directive-mismatch", .error, layer: .drift, summary: "a table's docspec directive differs between locales",
            help: """
                The `docspec:table` directive (kind, symbol, flags) must be the same in every locale: it says what the \
                table means. Copy the source's directive.
                """),
        RuleDescriptor(
            "column-mismatch", .error, layer: .drift, summary: "a table's columns differ between locales",
            help: """
                A spec table has different columns in the translation (after mapping translated headers to the kind's \
                schema). Give the table the source's columns.
                """),
        RuleDescriptor(
            "missing-row", .error, layer: .drift, summary: "a row of the source locale is missing in the translation",
            help: """
                Rows of a spec table are paired by the kind's key column (error code, case name, key); this one exists \
                only in the source, so the translation documents less than the tests check. Add the row.
                """),
        RuleDescriptor(
            "extra-row", .error, layer: .drift, summary: "the translation has a row the source locale does not",
            help: """
                A spec table row of the translation has a key no source row has: usually a renamed or removed entry. \
                Fix the key or remove the row.
                """),
        RuleDescriptor(
            "cell-mismatch", .error, layer: .drift,
            summary: "an invariant cell (code, status, key, raw value, type, URL) differs",
            help: """
                Invariant cells (codes, statuses, raw values, types, URLs, allowed values) must be identical in every \
                locale: generated tests check the source's values, so a different value in the translation is wrong \
                documentation. Copy the source's value.
                """, example: "| 4040001 | … |  vs  | 4040010 | … |"),
    ]

    /// Creates the rule (it has no options).
    public init() {}

    /// Compares the pair's spec tables (paired by table id, rows by the kind's key column).
    /// Diagnostics point into the target page, with a note at the source locale.
    public func check(_ pair: PagePair) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let s = pair.source
        let t = pair.target
        let targetByID = Dictionary(t.tables.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let sourceIDs = Set(s.tables.map(\.id))
        // A table whose directive or columns are broken in one locale was already reported there;
        // don't report it again as missing/extra in the other. Unreadable directives have no id:
        // each excuses one unmatched table.
        var brokenInTarget = Set(t.failedTables.compactMap(\.id))
        var unnamedBrokenInTarget = t.failedTables.filter { $0.id == nil }.count
        let brokenInSource = Set(s.failedTables.compactMap(\.id))
        var unnamedBrokenInSource = s.failedTables.filter { $0.id == nil }.count
        // A table whose id differs only because its directive changed (a symbol typo in the
        // translation) sits at the same place among the unmatched tables, with the same kind:
        // pair it, so the finding is one directive-mismatch rather than missing + extra.
        let unmatchedSource = s.tables.filter { targetByID[$0.id] == nil }
        let unmatchedTarget = t.tables.filter { !sourceIDs.contains($0.id) }
        var renamed: [String: SpecTable] = [:]
        var renamedTargets: Set<String> = []
        for (st, tt) in zip(unmatchedSource, unmatchedTarget)
        where st.kind == tt.kind && !brokenInTarget.contains(st.id) && !brokenInSource.contains(tt.id) {
            renamed[st.id] = tt
            renamedTargets.insert(tt.id)
        }
        for st in s.tables {
            if let tt = renamed[st.id] {
                out += compare(st, tt, pair)
                continue
            }
            let section = pair.sourceSection(forLine: st.range.start.line).map { " (section '\($0)')" } ?? ""
            guard let tt = targetByID[st.id] else {
                if brokenInTarget.remove(st.id) != nil { continue }
                if pair.isInMissingSection(sourceLine: st.range.start.line) { continue }
                if unnamedBrokenInTarget > 0 {
                    unnamedBrokenInTarget -= 1
                    continue
                }
                out.append(.error(
                    "missing-table", "spec table '\(st.id)'\(section) is missing in \(t.locale)",
                    at: pair.targetAnchor(forSourceLine: st.range.start.line),
                    notes: [DiagnosticNote("the table in the source locale (\(s.locale))", at: st.directive.range.start)]))
                continue
            }
            out += compare(st, tt, pair)
        }
        for tt in t.tables where !sourceIDs.contains(tt.id) && !renamedTargets.contains(tt.id) {
            if brokenInSource.contains(tt.id) { continue }
            if unnamedBrokenInSource > 0 {
                unnamedBrokenInSource -= 1
                continue
            }
            out.append(.error(
                "extra-table", "spec table '\(tt.id)' is not in the source locale (\(s.locale))",
                at: tt.directive.range.start,
                notes: [DiagnosticNote("source page", at: SourceLocation(file: s.path, line: 1))]))
        }
        return out
    }

    func compare(_ st: SpecTable, _ tt: SpecTable, _ pair: PagePair) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let sl = pair.source.locale
        let tl = pair.target.locale
        if st.directive.canonical != tt.directive.canonical {
            out.append(.error(
                "directive-mismatch", "directive differs: \(tl) has '\(tt.directive.canonical)', \(sl) has '\(st.directive.canonical)'",
                at: tt.directive.range.start, notes: [DiagnosticNote("directive in the source locale (\(sl))", at: st.directive.range.start)]))
        }
        if st.columns != tt.columns {
            // Columns in another order with cells that do not fit them means the headers moved
            // without their data: comparing rows would only repeat that one mistake per row.
            let misplaced = tt.invalidCellCount > 0 || st.invalidCellCount > 0
            out.append(.error(
                "column-mismatch",
                "table '\(st.id)' has columns [\(tt.columns.joined(separator: ", "))] in \(tl) but [\(st.columns.joined(separator: ", "))] in \(sl)\(misplaced ? "; its rows are not compared until the columns agree" : "")",
                at: tt.range.start, notes: [DiagnosticNote("table in the source locale (\(sl))", at: st.range.start)]))
            if misplaced { return out }
        }
        let sourceKeys = Set(st.rows.map(\.key))
        let invariantColumns = st.kind.columns.filter { $0.type.isInvariant }.map(\.name)
        let targetIndex = Dictionary(tt.rows.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
        // Target rows whose key the source does not have; one of them sitting exactly where a
        // missing source row belongs is that row with its key changed (e.g. one digit of a code).
        var unpairedTarget = Set(tt.rows.indices.filter { !sourceKeys.contains(tt.rows[$0].key) })
        func compareCells(_ sr: SpecRow, _ tr: SpecRow, includingKey: Bool) {
            for column in invariantColumns where includingKey || column != st.kind.keyColumn {
                guard let sc = sr.cell(column), let tc = tr.cell(column) else { continue }
                // A cell that does not fit its column was reported as invalid-cell already.
                if sc.value != tc.value, sc.isValid, tc.isValid {
                    out.append(.error(
                        "cell-mismatch", "'\(column)' of row '\(sr.key)' in table '\(st.id)' is '\(tc.value)' in \(tl) but '\(sc.value)' in \(sl)",
                        at: tc.range.start, notes: [DiagnosticNote("the cell in the source locale (\(sl))", at: sc.range.start)]))
                }
            }
        }
        // Where each source row belongs in the target table: right after the counterpart of the
        // nearest earlier source row present in the target (the row to insert before, or the
        // row whose key was changed); `tt.rows.count` at the end. One pass.
        var slots: [Int] = []
        slots.reserveCapacity(st.rows.count)
        var nextSlot = 0
        for sr in st.rows {
            slots.append(nextSlot)
            if let i = targetIndex[sr.key] { nextSlot = i + 1 }
        }
        for (index, sr) in st.rows.enumerated() {
            if let i = targetIndex[sr.key] {
                compareCells(sr, tt.rows[i], includingKey: false)
                continue
            }
            let slot = slots[index]
            if slot < tt.rows.count, unpairedTarget.contains(slot) {
                unpairedTarget.remove(slot)
                compareCells(sr, tt.rows[slot], includingKey: true)
                continue
            }
            out.append(.error(
                "missing-row", "row '\(sr.key)' of table '\(st.id)' is missing in \(tl)",
                at: slot < tt.rows.count ? tt.rows[slot].range.start : (tt.rows.last?.range.start ?? tt.range.start),
                notes: [DiagnosticNote("the row in the source locale (\(sl))", at: sr.range.start)]))
        }
        for i in unpairedTarget.sorted() {
            let tr = tt.rows[i]
            out.append(.error(
                "extra-row", "row '\(tr.key)' of table '\(st.id)' is not in the source locale (\(sl))",
                at: tr.cell(st.kind.keyColumn)?.range.start ?? tr.range.start,
                notes: [DiagnosticNote("the table in the source locale (\(sl))", at: st.range.start)]))
        }
        return out
    }
}
