import DocDiagnostics
import SpecModel

/// Compares the spec tables of a page pair: tables missing or extra, directives that differ,
/// columns that differ, rows present in one locale only (keyed by the kind's key column), and
/// invariant cells that differ.
public struct TableDriftRule: DriftRule {
    public static let rules: [(id: String, summary: String)] = [
        ("missing-table", "a spec table of the source locale is missing in the translation"),
        ("extra-table", "the translation has a spec table the source locale does not"),
        ("directive-mismatch", "a table's docspec directive differs between locales"),
        ("column-mismatch", "a table's columns differ between locales"),
        ("missing-row", "a row of the source locale is missing in the translation"),
        ("extra-row", "the translation has a row the source locale does not"),
        ("cell-mismatch", "an invariant cell (code, status, key, raw value, type, URL) differs"),
    ]

    public init() {}

    public func check(_ pair: PagePair) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let s = pair.source
        let t = pair.target
        let targetByID = Dictionary(t.tables.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let sourceIDs = Set(s.tables.map(\.id))
        for st in s.tables {
            let section = pair.sourceSection(forLine: st.range.start.line).map { " (section '\($0)')" } ?? ""
            guard let tt = targetByID[st.id] else {
                out.append(.error(
                    "missing-table", "spec table '\(st.id)'\(section) is missing in \(t.locale)",
                    at: pair.targetAnchor(forSourceLine: st.range.start.line),
                    notes: [DiagnosticNote("the table in the source locale (\(s.locale))", at: st.directive.range.start)]))
                continue
            }
            out += compare(st, tt, pair)
        }
        for tt in t.tables where !sourceIDs.contains(tt.id) {
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
            out.append(.error(
                "column-mismatch", "table '\(st.id)' has columns [\(tt.columns.joined(separator: ", "))] in \(tl) but [\(st.columns.joined(separator: ", "))] in \(sl)",
                at: tt.range.start, notes: [DiagnosticNote("table in the source locale (\(sl))", at: st.range.start)]))
        }
        let targetRows = Dictionary(tt.rows.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let sourceKeys = Set(st.rows.map(\.key))
        let invariantColumns = st.kind.columns.filter { $0.type.isInvariant }.map(\.name)
        for sr in st.rows {
            guard let tr = targetRows[sr.key] else {
                out.append(.error(
                    "missing-row", "row '\(sr.key)' of table '\(st.id)' is missing in \(tl)",
                    at: tt.range.start, notes: [DiagnosticNote("the row in the source locale (\(sl))", at: sr.range.start)]))
                continue
            }
            for column in invariantColumns where column != st.kind.keyColumn {
                guard let sc = sr.cell(column), let tc = tr.cell(column) else { continue }
                if sc.value != tc.value {
                    out.append(.error(
                        "cell-mismatch", "'\(column)' of row '\(sr.key)' in table '\(st.id)' is '\(tc.value)' in \(tl) but '\(sc.value)' in \(sl)",
                        at: tc.range.start, notes: [DiagnosticNote("the cell in the source locale (\(sl))", at: sc.range.start)]))
                }
            }
        }
        for tr in tt.rows where !sourceKeys.contains(tr.key) {
            // A row whose key changed shows up as one extra row plus one missing row; say so.
            out.append(.error(
                "extra-row", "row '\(tr.key)' of table '\(st.id)' is not in the source locale (\(sl))",
                at: tr.cell(st.kind.keyColumn)?.range.start ?? tr.range.start,
                notes: [DiagnosticNote("the table in the source locale (\(sl))", at: st.range.start)]))
        }
        return out
    }
}
