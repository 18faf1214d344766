import DocDiagnostics
import LocaleDrift
import MarkdownSyntax
import SpecModel

/// The prose view of a pair page: every finding outside the spec tables and code samples
/// (untranslated paragraphs, missing or extra sections, link, inline-code and number drift,
/// headings, anchors) shown in place — the source block and the translation's block side by
/// side, as the block alignment the findings were computed on pairs them (`PairAnalysis.blocks`),
/// rendered by cmark-gfm's own HTML renderer (`MarkdownHTML`, safe mode) with the drifted tokens
/// in `<mark class="<rule>">`.
extension HTMLReport {
    /// One side-by-side block pair of the prose view and the findings shown at it.
    struct ProseEntry {
        /// Source and target pieces (`nil`: the block or section is missing on that side).
        var source: Piece?
        var target: Piece?
        /// The findings (numbers on the page) shown at this entry.
        var findings: [Int] = []
        /// The heading of the section the entry is in, for its title.
        var title: String
    }

    /// What one side of an entry shows: a range of the page, as Markdown (`header`: the lines of
    /// a pipe table's header, put before a row so that it renders as a table) or as HTML source.
    struct Piece {
        var range: SourceRange
        var header: SourceRange? = nil
        var asHTMLSource = false
    }

    /// Lines of one entry that are rendered at most (a long missing section is cut there).
    static let proseLineLimit = 20
    /// Bytes of Markdown of one entry side rendered at most (fewer lines when they are long).
    static let proseByteLimit = 1_000

    /// The alignment the findings were computed on (lint's), else the same computation now.
    func alignment(_ pair: PagePair) -> PageAlignment {
        lint.analyses[Pipeline.PairKey(source: pair.source.path, target: pair.target.path)]?.blocks ?? PageAlignment(pair)
    }

    /// Groups the findings `unplaced` (numbers → diagnostics) into prose entries, in page order.
    func proseEntries(_ pair: PagePair, _ unplaced: [(Int, Diagnostic)]) -> [ProseEntry] {
        guard !unplaced.isEmpty else { return [] }
        let al = alignment(pair)
        var toTarget: [Int: Int] = [:]
        for region in al.regions { toTarget.merge(region.matches) { a, _ in a } }
        let toSource = Dictionary(toTarget.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })

        /// The innermost unit of `s` whose lines contain `line`.
        func unit(_ s: PageStructure, line: Int) -> Int? {
            s.units.indices.filter { s.units[$0].range.start.line <= line && line <= s.units[$0].range.end.line }
                .min { (s.units[$0].range.end.line - s.units[$0].range.start.line) < (s.units[$1].range.end.line - s.units[$1].range.start.line) }
        }
        func sectionRange(_ s: PageStructure, _ i: Int) -> SourceRange? { PageAlignment.sectionRange(i, in: s) }
        func titleOf(_ s: PageStructure, unit u: Int) -> String {
            return s.sections.last { ($0.headingIndex ?? -1) <= u && $0.headingIndex != nil }?.title ?? ""
        }

        /// The piece of `s` showing unit `u`, or row `row` of its table.
        func piece(_ s: PageStructure, _ u: Int, row: Int? = nil) -> Piece {
            let unit = s.units[u]
            let html = unit.kind == .html || unit.table?.origin == .html
            guard let row, let table = unit.table, table.rows.indices.contains(row) else {
                return Piece(range: unit.range, asHTMLSource: html)
            }
            let start = table.rows[row].location
            let nextLine = row + 1 < table.rows.count ? table.rows[row + 1].location.line - 1 : unit.range.end.line
            let end = SourceLocation(file: start.file, line: max(nextLine, start.line), column: 1)
            var p = Piece(range: SourceRange(start: SourceLocation(file: start.file, line: start.line, column: unit.range.start.column), end: end), asHTMLSource: html)
            if table.origin == .pipe {
                p.header = SourceRange(start: unit.range.start, end: SourceLocation(file: start.file, line: unit.range.start.line + 1, column: 1))
            }
            return p
        }
        /// The row of unit `u`'s table at `line` (the last row starting at or before it).
        func row(_ s: PageStructure, _ u: Int, line: Int) -> Int? {
            s.units[u].table?.rows.lastIndex { $0.location.line <= line }
        }

        var entries: [ProseEntry] = []
        var byKey: [String: Int] = [:]
        func add(_ n: Int, source: Piece?, target: Piece?, title: String) {
            let key = "\(source.map { "\($0.range.start.line)-\($0.range.end.line)" } ?? "-")|\(target.map { "\($0.range.start.line)-\($0.range.end.line)" } ?? "-")"
            if let k = byKey[key] {
                entries[k].findings.append(n)
            } else {
                byKey[key] = entries.count
                entries.append(ProseEntry(source: source, target: target, findings: [n], title: title))
            }
        }
        for (n, d) in unplaced {
            guard let loc = d.location else { continue }
            let noteLines = d.notes.compactMap(\.location)
            switch d.ruleID {
            case "missing-section":
                let at = noteLines.first { $0.file == pair.source.path }
                if let at, let i = al.source.sections.indices.first(where: { al.source.sections[$0].headingIndex.map { al.source.units[$0].range.start } == at }),
                    let r = sectionRange(al.source, i)
                {
                    add(n, source: Piece(range: r), target: nil, title: al.source.sections[i].title)
                    continue
                }
            case "extra-section":
                if let j = al.target.sections.indices.first(where: { al.target.sections[$0].headingIndex.map { al.target.units[$0].range.start.line } == loc.line }),
                    let r = sectionRange(al.target, j)
                {
                    add(n, source: nil, target: Piece(range: r), title: al.target.sections[j].title)
                    continue
                }
            default:
                break
            }
            let onTarget = loc.file == pair.target.path
            guard onTarget || loc.file == pair.source.path else { continue }
            let (here, there) = onTarget ? (al.target, al.source) : (al.source, al.target)
            let thereFile = onTarget ? pair.source.path : pair.target.path
            let counterpartUnits = onTarget ? toSource : toTarget
            let counterpartRows = onTarget ? al.targetRowPairs : al.rowPairs
            let note = noteLines.first { $0.file == thereFile && $0.line > 1 }
            var hu = unit(here, line: loc.line)
            var tu: Int?
            var hp: Piece?
            var tp: Piece?
            if let u = hu {
                if let r = row(here, u, line: loc.line), here.units[u].table!.rows[r].location.line == loc.line {
                    // A finding about a row of a generic table: the row on each side.
                    hp = piece(here, u, row: r)
                    if let c = counterpartRows[PageAlignment.RowRef(unit: u, row: r)] {
                        tu = c.unit
                        tp = piece(there, c.unit, row: c.row)
                    } else if let note, let cu = unit(there, line: note.line) {
                        tu = cu
                        tp = piece(there, cu, row: row(there, cu, line: note.line))
                    }
                } else {
                    hp = piece(here, u)
                    tu = counterpartUnits[u]
                }
            }
            if tu == nil, tp == nil, let note, let cu = unit(there, line: note.line) {
                tu = cu
                if hu == nil {
                    hu = onTarget ? toTarget[cu] : toSource[cu]
                    hp = hu.map { piece(here, $0) }
                }
            }
            if tp == nil, let tu { tp = piece(there, tu) }
            guard hp != nil || tp != nil else { continue }
            // The source's section names the entry (the translation may lack the heading).
            let sourceTitle = onTarget ? tu.map { titleOf(there, unit: $0) } : hu.map { titleOf(here, unit: $0) }
            let targetTitle = onTarget ? hu.map { titleOf(here, unit: $0) } : tu.map { titleOf(there, unit: $0) }
            let title = [sourceTitle, targetTitle].compactMap { $0 }.first { !$0.isEmpty } ?? ""
            add(n, source: onTarget ? tp : hp, target: onTarget ? hp : tp, title: title)
        }
        return entries.sorted { ($0.source?.range.start.line ?? Int.max, $0.target?.range.start.line ?? Int.max) < ($1.source?.range.start.line ?? Int.max, $1.target?.range.start.line ?? Int.max) }
    }

    /// One side of a prose entry: the block rendered with its marks, or the missing label.
    func proseSide(_ page: SpecPage, _ piece: Piece?, isSource: Bool, findings: [(Int, Diagnostic)]) -> String {
        let label = "\(e(page.locale))\(isSource ? " (source)" : "")"
        let split = isSource ? "" : " split"
        let badges = findings.map { n, d in " <a class=\"badge \(d.severity.rawValue)\" href=\"#f\(n)\" title=\"\(e(d.ruleID))\">\(n)</a>" }.joined()
        guard let piece else {
            // Where the finding places the missing block (a missing section: where it belongs).
            let at = findings.compactMap { $0.1.location }.first { $0.file == page.path }
            let place = at.map { ", belongs at line \($0.line)\(badges)" } ?? ""
            return "<div class=\"side missing\(split)\" lang=\"\(e(page.locale))\"><div class=\"side-head\">\(label)\(place)</div><p class=\"missing-label\">\(isSource ? "not in the source (\(e(page.locale)))" : "missing in \(e(page.locale))")</p></div>"
        }
        var range = piece.range
        var cut = 0
        // At most `proseLineLimit` lines and about `proseByteLimit` bytes of Markdown.
        var last = min(range.end.line, range.start.line + Self.proseLineLimit - 1)
        while last > range.start.line,
            MarkdownHTML.source(of: SourceRange(start: range.start, end: SourceLocation(file: range.end.file, line: last, column: 1)), in: page.document.text).utf8.count > Self.proseByteLimit
        {
            last = range.start.line + (last - range.start.line) / 2
        }
        if last < range.end.line {
            cut = range.end.line - last
            range.end = SourceLocation(file: range.end.file, line: last, column: 1)
        }
        var marks: [MarkdownHTML.Mark] = []
        var whole: [Diagnostic] = []
        for (_, d) in findings {
            let tokens = (isSource ? d.tokens?.source : d.tokens?.target) ?? []
            marks += tokens.map { MarkdownHTML.Mark($0, cssClass: d.ruleID) }
            // A finding about the block itself (untranslated text, a heading) marks the block.
            if d.tokens == nil, d.location?.file == page.path { whole.append(d) }
        }
        var markdown = MarkdownHTML.source(of: range, in: page.document.text)
        if let header = piece.header { markdown = MarkdownHTML.source(of: header, in: page.document.text) + markdown }
        if piece.asHTMLSource { markdown = MarkdownHTML.fenced(markdown, info: "html") }
        let rendered = MarkdownHTML.render(markdown, marks: marks, images: false)
        var cls = ["md"]
        if whole.contains(where: { $0.severity == .error }) {
            cls.append("hit-error")
        } else if !whole.isEmpty {
            cls.append("hit-warning")
        }
        cls += Set(whole.map(\.ruleID)).sorted().map(Self.slug)
        var html = "<div class=\"side\(split)\" lang=\"\(e(page.locale))\"><div class=\"side-head\">\(label), line \(range.start.line)"
        html += badges + "</div><div class=\"\(cls.joined(separator: " "))\">\(rendered.html)</div>"
        if cut > 0 { html += "<p class=\"muted\">… \(Self.plural(cut, "more line")) in \(e(page.path))</p>" }
        return html + "</div>"
    }

    /// The prose section of a pair page.
    func proseSection(_ pair: PagePair, _ entries: [ProseEntry], _ diagnostics: [Diagnostic]) -> String {
        var html = "<h2>Prose</h2>\n"
        if entries.isEmpty { return html + "<p class=\"muted\">No findings in the prose.</p>\n" }
        for (k, entry) in entries.enumerated() {
            let findings = entry.findings.map { ($0, diagnostics[$0 - 1]) }
            html += "<section class=\"block\" id=\"p\(k + 1)\">\n<h3>\(entry.title.isEmpty ? "(before the first heading)" : e(entry.title)) "
            html += Set(findings.map(\.1.ruleID)).sorted().map { "<code class=\"rule\">\(e($0))</code>" }.joined(separator: " ") + "</h3>\n"
            html += "<div class=\"prose\">"
            html += proseSide(pair.source, entry.source, isSource: true, findings: findings)
            html += proseSide(pair.target, entry.target, isSource: false, findings: findings)
            html += "</div>\n</section>\n"
        }
        return html
    }

    static let proseStyle = """
        .prose { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); border: 1px solid var(--line); }
        .prose .side { padding: 4px 10px; min-width: 0; } .prose .side.split { border-left: 3px solid #8c959f; }
        .side-head { font-size: 12px; color: var(--muted); border-bottom: 1px solid var(--line); padding: 2px 0; margin-bottom: 4px; }
        .md { padding: 2px 4px; overflow-x: auto; } .md p, .md ul, .md ol { margin: 4px 0; } .md h1, .md h2, .md h3, .md h4, .md h5, .md h6 { font-size: 15px; margin: 4px 0; border: none; }
        .md pre { background: var(--head); padding: 6px; overflow-x: auto; white-space: pre; }
        .md code, .md pre { word-break: normal; overflow-wrap: normal; }
        .md table { display: block; overflow-x: auto; max-width: 100%; }
        .md blockquote { margin: 4px 0; padding-left: 10px; border-left: 3px solid var(--line); color: var(--muted); }
        mark { background: #ffd33d; outline: 2px solid var(--warning); border-radius: 2px; padding: 0 1px; }
        .md .image { color: var(--muted); font-style: italic; }

        """
}
