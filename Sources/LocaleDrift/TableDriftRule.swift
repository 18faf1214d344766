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
        let pair = pair.withAnalysis
        let pairing = pair.analyzed.tables
        var out: [Diagnostic] = []
        let s = pair.source
        let t = pair.target
        // A table whose directive or columns are broken in one locale was already reported there;
        // don't report it again as missing/extra in the other. Unreadable directives have no id:
        // each excuses one unmatched table.
        var brokenInTarget = Set(t.failedTables.compactMap(\.id))
        var unnamedBrokenInTarget = t.failedTables.filter { $0.id == nil }.count
        let brokenInSource = Set(s.failedTables.compactMap(\.id))
        var unnamedBrokenInSource = s.failedTables.filter { $0.id == nil }.count
        var paired = pairing.pairs.makeIterator()
        var next = paired.next()
        let unmatched = Set(pairing.unmatchedSource)
        // Two tables with one id on a page make the table pairing a guess: their cells are
        // reported but not fixed.
        let sourceIDs = Dictionary(s.tables.map { ($0.id, 1) }, uniquingKeysWith: +)
        let targetIDs = Dictionary(t.tables.map { ($0.id, 1) }, uniquingKeysWith: +)
        for (i, st) in s.tables.enumerated() {
            if let p = next, p.source == i {
                let tt = t.tables[p.target]
                let fixable = sourceIDs[st.id] == 1 && targetIDs[tt.id] == 1
                out += compare(st, tt, p.rows, pair, fixable: fixable)
                next = paired.next()
                continue
            }
            guard unmatched.contains(i) else { continue }
            let section = pair.sourceSection(forLine: st.range.start.line).map { " (section '\($0)')" } ?? ""
            // Named as the translation names it; the fingerprint stays that of `section`'s wording.
            let shown = pair.sectionName(forSourceLine: st.range.start.line).map { " (section \($0))" } ?? ""
            if brokenInTarget.remove(st.id) != nil { continue }
            if pair.isInMissingSection(sourceLine: st.range.start.line) { continue }
            if unnamedBrokenInTarget > 0 {
                unnamedBrokenInTarget -= 1
                continue
            }
            out.append(Diagnostic.error(
                "missing-table", "spec table '\(st.id)'\(section) is missing in \(t.locale)",
                at: pair.targetAnchor(forSourceLine: st.range.start.line),
                notes: [DiagnosticNote("the table in the source locale (\(s.locale))", at: st.directive.range.start)]
            ).worded("spec table '\(st.id)'\(shown) is missing in \(t.locale)"))
        }
        for j in pairing.unmatchedTarget {
            let tt = t.tables[j]
            if brokenInSource.contains(tt.id) { continue }
            if unnamedBrokenInSource > 0 {
                unnamedBrokenInSource -= 1
                continue
            }
            out.append(.error(
                "extra-table", "spec table '\(tt.id)' is not in the source locale (\(s.locale))",
                at: tt.directive.range,
                notes: [DiagnosticNote("source page", at: SourceLocation(file: s.path, line: 1))]))
        }
        return out
    }

    func compare(_ st: SpecTable, _ tt: SpecTable, _ rows: RowPairing, _ pair: PagePair, fixable: Bool = true) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let sl = pair.source.locale
        let tl = pair.target.locale
        if st.directive.canonical != tt.directive.canonical {
            out.append(.error(
                "directive-mismatch", "directive differs: \(tl) has '\(tt.directive.canonical)', \(sl) has '\(st.directive.canonical)'",
                at: tt.directive.range, notes: [DiagnosticNote("directive in the source locale (\(sl))", at: st.directive.range.start)]))
        }
        if st.columns != tt.columns {
            // Columns in another order with cells that do not fit them means the headers moved
            // without their data: comparing rows would only repeat that one mistake per row.
            let misplaced = tt.invalidCellCount > 0 || st.invalidCellCount > 0
            out.append(.error(
                "column-mismatch",
                "table '\(st.id)' has columns [\(tt.columns.joined(separator: ", "))] in \(tl) but [\(st.columns.joined(separator: ", "))] in \(sl)\(misplaced ? "; its rows are not compared until the columns agree" : "")",
                at: tt.range, notes: [DiagnosticNote("table in the source locale (\(sl))", at: st.range.start)]))
            if misplaced { return out }
        }
        var builder: FixBuilder? = nil
        // Keys for the fix guards below, counted once per table pair (not per differing cell).
        let sourceKeyCounts = Dictionary(st.rows.map { ($0.key, 1) }, uniquingKeysWith: +)
        let targetKeys = Set(tt.rows.map(\.key))
        let invariantColumns = st.kind.columns.filter { $0.type.isInvariant }.map(\.name)
        func compareCells(_ sr: SpecRow, _ tr: SpecRow, includingKey: Bool) {
            for column in invariantColumns where includingKey || column != st.kind.keyColumn {
                guard let sc = sr.cell(column), let tc = tr.cell(column) else { continue }
                // A cell that does not fit its column was reported as invalid-cell already.
                if sc.value != tc.value, sc.isValid, tc.isValid {
                    var d = Diagnostic.error(
                        "cell-mismatch", "'\(column)' of row '\(sr.key)' in table '\(st.id)' is '\(tc.value)' in \(tl) but '\(sc.value)' in \(sl)",
                        at: tc.range, notes: [DiagnosticNote("the cell in the source locale (\(sl))", at: sc.range.start)])
                    if builder == nil { builder = FixBuilder(pair) }
                    // A key is rewritten to the source's only when neither key belongs to another
                    // row: a target key the source has too is that row (paired elsewhere or not),
                    // and a source key the target already has would become a duplicate. Without
                    // this, fixing can swap two keys back and forth on every run.
                    // Nor is a cell fixed when the source has this row's key twice (a duplicate-row):
                    // which source row the translation's row stands for is a guess.
                    // A fix must also leave the row paired as it is: when the cell is what the
                    // row's key is read from (an error without a number is keyed by its name),
                    // the fixed row's key must be the source row's, or the next run pairs the
                    // rows differently and fixes the cell back.
                    let fixedKey = st.kind.rowKey { $0 == column ? sc.value : tr.cell($0)?.value }
                    let keyClash = (column == st.kind.keyColumn || fixedKey != tr.key)
                        && (sourceKeyCounts[tc.value] != nil || targetKeys.contains(sc.value) || fixedKey != sr.key)
                    let ambiguous = (sourceKeyCounts[sr.key] ?? 0) > 1
                    if fixable && !keyClash && !ambiguous { d.fix = builder?.cell(rule: d.ruleID, source: sc.range, target: tc.range) }
                    out.append(d)
                }
            }
        }
        for (sr, entry) in zip(st.rows, rows.entries) {
            if let i = entry.target {
                compareCells(sr, tt.rows[i], includingKey: entry.keyChanged)
                continue
            }
            let slot = entry.slot
            out.append(.error(
                "missing-row", "row '\(sr.key)' of table '\(st.id)' is missing in \(tl)",
                at: slot < tt.rows.count ? tt.rows[slot].range : (tt.rows.last?.range ?? tt.range),
                notes: [DiagnosticNote("the row in the source locale (\(sl))", at: sr.range.start)]))
        }
        for i in rows.unmatchedTarget {
            let tr = tt.rows[i]
            out.append(.error(
                "extra-row", "row '\(tr.key)' of table '\(st.id)' is not in the source locale (\(sl))",
                at: tr.cell(st.kind.keyColumn)?.range ?? tr.range,
                notes: [DiagnosticNote("the table in the source locale (\(sl))", at: st.range.start)]))
        }
        return out
    }
}
