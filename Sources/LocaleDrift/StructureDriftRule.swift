import DocDiagnostics
import SpecModel

/// Block alignment and invariant tokens for any translated Markdown page, with or without
/// DocSpec directives (the generic mode).
///
/// Sections are aligned first (see `PageAlignment`); a source section with no counterpart is
/// one `missing-section` finding, its subsections folded in. Within matched sections, prose
/// (paragraphs, lists, quotes, HTML, the heading itself) is compared on its invariant tokens as
/// a multiset over the whole section, so paragraphs that a translator split or merged are not
/// drift; each missing token is attributed to the source block that has it and reported at that
/// block's counterpart. Tables of any origin (pipe, HTML, definition list) are aligned block by
/// block, their rows by their tokens, and compared row by row. Code blocks are left to
/// `CodeSampleDriftRule` and spec tables to `TableDriftRule`.
public struct StructureDriftRule: DriftRule {
    /// The rules this rule emits.
    public static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "missing-section", .error, layer: .drift, summary: "a section of the source locale is missing in the translation",
            help: """
                Sections are aligned like a diff (anchors, level, invariant tokens, share of the page, position); a source \
                section with no counterpart is one finding, its subsections, tables and samples folded in, reported where \
                it belongs in the translation. Translate the section, or suppress the finding if the translation leaves \
                it out on purpose.
                """),
        RuleDescriptor(
            "extra-section", .warning, layer: .drift, summary: "the translation has a section the source locale does not",
            help: """
                A section of the translation has no counterpart in the source: the source removed it, or the translation \
                added it. Remove it, or suppress the finding when the addition is intended (a note for that locale's readers).
                """),
        RuleDescriptor(
            "heading-anchor-mismatch", .warning, layer: .drift,
            summary: "a heading's explicit anchor ({#id} or {/*id*/}) differs from the source's",
            help: """
                An explicit heading anchor is what links point at; when the translation's differs or is missing, links \
                that work in the source locale break in the translation. Copy the source's anchor unchanged.
                """, example: "## 概要 {#overview}  vs  ## Обзор {#obzor}"),
        RuleDescriptor(
            "number-mismatch", .warning, layer: .drift, summary: "a number of the source's prose or table is missing in the translation",
            help: """
                Numbers (limits, status codes, versions) must survive translation. Full-width digits, thousands separators \
                and decimal commas are normalised, and numbers up to 10 may be spelled out in prose. Fix the number in \
                the translation.
                """, example: "最大 100 件  vs  не более 10 записей"),
        RuleDescriptor(
            "inline-code-mismatch", .warning, layer: .drift, summary: "inline code differs between the source and the translation",
            help: """
                Code spans name identifiers, commands and values that readers type; a translation must keep them as they \
                are (spans that hold translated text are treated as prose). Restore the source's code span.
                """),
        RuleDescriptor(
            "link-mismatch", .warning, layer: .drift,
            summary: "link or image targets differ (compared as a multiset, locale path segments removed)",
            help: """
                Link and image targets are compared as a multiset, with fragments dropped, locale path segments and locale \
                sites normalised and `x.md` equal to `x.html`. A different target usually means a stale or broken link. \
                Use the source's target.
                """),
        RuleDescriptor(
            "placeholder-mismatch", .warning, layer: .drift, summary: "placeholders (%s, {name}, ${name}) differ",
            help: """
                Placeholders are filled in by code; a translation that drops or renames one breaks the message it belongs \
                to. Keep every placeholder of the source.
                """),
        RuleDescriptor(
            "html-attribute-mismatch", .warning, layer: .drift, summary: "attribute names of embedded HTML differ",
            help: """
                Embedded HTML should have the same attributes in every locale (`<a href target>`): a missing attribute \
                changes behaviour or styling. Copy the source's attributes; only their text values may be translated.
                """),
        RuleDescriptor(
            "table-shape-mismatch", .warning, layer: .drift,
            summary: "a table has a different number of columns in the translation, or a row without its description",
            help: """
                A generic table (GFM, HTML or definition list) of the translation has a different number of columns from \
                the source's, or a row whose description is empty where the source has one. Make the table's shape match.
                """),
        RuleDescriptor(
            "missing-generic-table", .warning, layer: .drift,
            summary: "a table (GFM, HTML or definition list) of the source locale is missing in the translation",
            help: """
                Generic tables (a GFM table, an HTML `<table>` or a definition list; not a DocSpec spec table) are aligned \
                block by block within matched sections; this one has no counterpart in the translation. Translate it.
                """),
        RuleDescriptor(
            "extra-generic-table", .warning, layer: .drift,
            summary: "the translation has a table (GFM, HTML or definition list) the source locale does not",
            help: """
                A generic table of the translation matches no table of the source section. Remove it, or suppress the \
                finding when the addition is intended.
                """),
        RuleDescriptor(
            "missing-generic-row", .warning, layer: .drift,
            summary: "a row of a table (GFM, HTML or definition list) of the source locale is missing in the translation",
            help: """
                Rows of matched generic tables are aligned by their invariant tokens and key; a run of source rows with no \
                counterpart is one finding. Add the rows to the translation.
                """),
        RuleDescriptor(
            "extra-generic-row", .warning, layer: .drift,
            summary: "a table (GFM, HTML or definition list) of the translation has a row the source locale does not",
            help: """
                A row of a generic table in the translation matches no row of the source's table: the source removed it, \
                or the translation added it. Remove it or bring the source up to date.
                """),
    ]

    /// Creates the rule (it has no options).
    public init() {}

    /// Aligns the pair's sections and blocks and compares them.
    public func check(_ pair: PagePair) -> [Diagnostic] {
        let al = pair.alignment ?? PageAlignment(pair)
        var ctx = Context(pair: pair, al: al)
        ctx.sections()
        return ctx.out
    }

    struct Context {
        let pair: PagePair
        let al: PageAlignment
        var out: [Diagnostic] = []
        /// Built when the first fixable finding needs it (it indexes both pages' text).
        var builder: FixBuilder? = nil
        var sl: String { pair.source.locale }

        mutating func fixes() -> FixBuilder {
            if let builder { return builder }
            let b = FixBuilder(pair)
            builder = b
            return b
        }
        var tl: String { pair.target.locale }

        // MARK: sections

        mutating func sections() {
            let s = al.source
            let t = al.target
            let sourceParents = Self.parents(s)
            let targetParents = Self.parents(t)
            let sourceAll = Set(s.sections.indices)
            let targetAll = Set(t.sections.indices)
            let matched = matchedInOrder()
            // Missing sections, subsections folded into the outermost missing one.
            for i in al.missingSections.sorted() {
                guard let h = s.sections[i].headingIndex, !al.missingSections.contains(sourceParents[i] ?? -1) else { continue }
                let sub = PageAlignment.withSubsections(i, s, sourceAll).filter { al.missingSections.contains($0) }.count - 1
                let with = sub == 0 ? "" : " (with \(sub) subsection\(sub == 1 ? "" : "s"))"
                let at = insertionPoint(afterSource: i, matched)
                var d = Diagnostic(
                    "missing-section", .error, "section '\(clip(s.sections[i].title))'\(with) is missing in \(tl)", at: at,
                    notes: [DiagnosticNote("the section in the source locale (\(sl))", at: s.units[h].range.start)],
                    fingerprint: "section|" + s.sections[i].title)
                let units = PageAlignment.withSubsections(i, s, sourceAll).flatMap { PageAlignment.units(s.sections[$0]) }
                let last = units.map { s.units[$0].range.end.line }.max() ?? s.units[h].range.end.line
                d.fix = fixes().insertion(rule: d.ruleID, sourceLines: s.units[h].range.start.line...max(last, s.units[h].range.start.line), before: at)
                out.append(d)
            }
            for j in al.extraSections.sorted() {
                guard let h = t.sections[j].headingIndex, !al.extraSections.contains(targetParents[j] ?? -1) else { continue }
                let sub = PageAlignment.withSubsections(j, t, targetAll).filter { al.extraSections.contains($0) }.count - 1
                let with = sub == 0 ? "" : " (with \(sub) subsection\(sub == 1 ? "" : "s"))"
                out.append(Diagnostic(
                    "extra-section", .warning, "section '\(clip(t.sections[j].title))'\(with) is not in the source locale (\(sl))",
                    at: t.units[h].range, notes: [DiagnosticNote("source page", at: SourceLocation(file: pair.source.path, line: 1))],
                    fingerprint: "section|" + t.sections[j].title))
            }
            for region in al.regions { compareRegion(region) }
        }

        /// For each section, the nearest enclosing section (a previous one with a lower level),
        /// found with a stack in one pass.
        static func parents(_ s: PageStructure) -> [Int?] {
            var out: [Int?] = []
            out.reserveCapacity(s.sections.count)
            var open: [Int] = []
            for (i, section) in s.sections.enumerated() {
                while let last = open.last, s.sections[last].level >= section.level { open.removeLast() }
                out.append(open.last)
                open.append(i)
            }
            return out
        }

        /// The matched source units with their target units, in the order of the regions, and the
        /// running maximum of the source units (non-decreasing, so it can be searched).
        func matchedInOrder() -> (pairs: [(source: Int, target: Int)], runningMax: [Int]) {
            var pairs: [(source: Int, target: Int)] = []
            var runningMax: [Int] = []
            for region in al.regions {
                for u in region.sourceUnits {
                    guard let c = region.matches[u] else { continue }
                    pairs.append((u, c))
                    runningMax.append(max(runningMax.last ?? u, u))
                }
            }
            return (pairs, runningMax)
        }

        /// Where a missing source section would go in the target: before the target block
        /// matched to the first matched source block after it (in the order of the regions), else
        /// the target's last line.
        func insertionPoint(afterSource i: Int, _ matched: (pairs: [(source: Int, target: Int)], runningMax: [Int])) -> SourceLocation {
            let end = al.source.sections[i].body.upperBound
            // The first pair whose source unit is ≥ end is where the running maximum first is.
            var lo = 0
            var hi = matched.runningMax.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if matched.runningMax[mid] >= end { hi = mid } else { lo = mid + 1 }
            }
            if lo < matched.pairs.count { return al.target.units[matched.pairs[lo].target].range.start }
            return SourceLocation(file: pair.target.path, line: max(pair.target.document.lineCount, 1))
        }

        // MARK: within a region

        mutating func compareRegion(_ region: PageAlignment.Region) {
            let s = al.source
            let t = al.target
            let a = s.sections[region.sourceSections[0]]
            let b = t.sections[region.targetSections[0]]
            if let ha = a.headingIndex, let hb = b.headingIndex {
                let x = s.units[ha].anchor
                let y = t.units[hb].anchor
                if let x, x != y {
                    let theirs = y.map { "'\($0)'" } ?? "none"
                    var d = Diagnostic(
                        "heading-anchor-mismatch", .warning, "heading anchor is \(theirs) in \(tl) but '\(x)' in the source locale (\(sl))",
                        at: t.units[hb].range,
                        notes: [DiagnosticNote("the heading in the source locale (\(sl))", at: s.units[ha].range.start)],
                        fingerprint: "anchor|" + x)
                    d.fix = fixes().anchor(rule: d.ruleID, source: s.units[ha].range.start.line, target: t.units[hb].range.start.line, anchor: x)
                    out.append(d)
                }
            }
            // Blocks of missing or extra sections were reported with their section.
            let skipS = Set(region.sourceSections.filter { al.missingSections.contains($0) }.flatMap { PageAlignment.units(s.sections[$0]) })
            let skipT = Set(region.targetSections.filter { al.extraSections.contains($0) }.flatMap { PageAlignment.units(t.sections[$0]) })
            let su = region.sourceUnits.filter { !skipS.contains($0) }
            let tu = region.targetUnits.filter { !skipT.contains($0) }
            let counterpart = region.matches
            let matchedTargets = Set(counterpart.values)
            let headingLocation = b.headingIndex.map { t.units[$0].range.start } ?? SourceLocation(file: pair.target.path, line: 1)
            // Tables.
            for k in su where s.units[k].kind == .table && !s.units[k].isSpecTable {
                let st = s.units[k]
                let section = sectionContext(s, k)
                if let c = counterpart[k], t.units[c].kind == .table, !t.units[c].isSpecTable {
                    compareTables(st, t.units[c], section: section)
                } else if !(counterpart[k].map { t.units[$0].isSpecTable } ?? false) {
                    out.append(Diagnostic(
                        "missing-generic-table", .warning,
                        "\(st.table!.origin.rawValue) (\(st.table!.rows.count) rows)\(section) is missing in \(tl)",
                        at: nextTarget(after: k, in: su, counterpart) ?? headingLocation,
                        notes: [DiagnosticNote("the \(st.table!.origin.rawValue) in the source locale (\(sl))", at: st.range.start)],
                        fingerprint: "table|" + st.table!.rows.map { $0.tokens.tagged.joined(separator: " ") }.joined(separator: "|")))
                }
            }
            for k in tu where t.units[k].kind == .table && !t.units[k].isSpecTable && !matchedTargets.contains(k) {
                let tt = t.units[k]
                out.append(Diagnostic(
                    "extra-generic-table", .warning, "\(tt.table!.origin.rawValue) (\(tt.table!.rows.count) rows)\(sectionContext(t, k)) is not in the source locale (\(sl))",
                    at: tt.range, notes: [DiagnosticNote("the section in the source locale (\(sl))", at: a.headingIndex.map { s.units[$0].range.start } ?? SourceLocation(file: pair.source.path, line: 1))],
                    fingerprint: "table|" + tt.table!.rows.map { $0.tokens.tagged.joined(separator: " ") }.joined(separator: "|")))
            }
            // Prose tokens over the whole region (headings included).
            func isProse(_ u: PageUnit) -> Bool {
                switch u.kind {
                case .prose, .html, .heading: true
                default: false
                }
            }
            compareTokens(
                source: su.filter { isProse(s.units[$0]) }.map { ($0, s.units[$0].tokens, s.units[$0].range.start, sectionContext(s, $0), Self.lines(s.units[$0].range)) },
                target: tu.filter { isProse(t.units[$0]) }.map { ($0, t.units[$0].tokens, t.units[$0].range.start, sectionContext(t, $0), Self.lines(t.units[$0].range)) },
                counterpart: counterpart, fallback: headingLocation,
                // A token the prose of one locale has in a table of the other (or the reverse) is there.
                alsoInSource: su.compactMap { s.units[$0].table }.flatMap { $0.rows.map(\.tokens) },
                alsoInTarget: tu.compactMap { t.units[$0].table }.flatMap { $0.rows.map(\.tokens) })
        }

        /// " in section 'X'" for the section holding unit `u` (empty before the first heading).
        /// Sections are in page order (the part before the first heading first), so the last one
        /// starting at or before `u` is found by binary search: lint stays linear in headings.
        func sectionContext(_ s: PageStructure, _ u: Int) -> String {
            var lo = 0
            var hi = s.sections.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if (s.sections[mid].headingIndex ?? -1) <= u { lo = mid + 1 } else { hi = mid }
            }
            guard lo > 0, !s.sections[lo - 1].title.isEmpty else { return "" }
            return " in section '\(clip(s.sections[lo - 1].title))'"
        }

        /// The target location of the next matched unit after source unit `k`.
        func nextTarget(after k: Int, in units: [Int], _ counterpart: [Int: Int]) -> SourceLocation? {
            guard let p = units.firstIndex(of: k) else { return nil }
            for u in units[(p + 1)...] { if let c = counterpart[u] { return al.target.units[c].range.start } }
            return nil
        }

        // MARK: tables

        mutating func compareTables(_ a: PageUnit, _ b: PageUnit, section: String) {
            let ta = a.table!
            let tb = b.table!
            if ta.origin == tb.origin, ta.origin != .definitionList, ta.columnCount != tb.columnCount {
                out.append(Diagnostic(
                    "table-shape-mismatch", .warning,
                    "table\(section) has \(tb.columnCount) columns in \(tl) but \(ta.columnCount) in the source locale (\(sl))",
                    at: b.range, notes: [DiagnosticNote("the table in the source locale (\(sl))", at: a.range.start)],
                    fingerprint: "shape|\(ta.columnCount)|\(tb.columnCount)"))
            }
            let sr = ta.rows
            let tr = tb.rows
            let sTags = sr.map { Self.rowTags($0).sorted() }
            let tTags = tr.map { Self.rowTags($0).sorted() }
            let matches = Alignment.scored(sr.count, tr.count) { i, j in
                let both = sTags[i].isEmpty && tTags[j].isEmpty
                let jac = Alignment.jaccardSorted(sTags[i], tTags[j])
                // The key breaks ties (rows may repeat a key, `-` and `-=`); the cells decide.
                let sameKey = Self.rowKey(sr[i]) == Self.rowKey(tr[j]) ? 1.0 : 0
                if !both && jac == 0 && sameKey == 0 { return -1 }
                return (both ? 0.3 : 3 * jac) + sameKey - abs(Double(i) / Double(max(sr.count, 1)) - Double(j) / Double(max(tr.count, 1)))
            }
            var rowMatch: [Int: Int] = [:]
            for (i, j) in matches { rowMatch[i] = j }
            // A row the translation moved within the table (same key, same tokens) is not drift.
            let pairedT = Set(rowMatch.values)
            var leftover = tr.indices.filter { !pairedT.contains($0) }
            for i in sr.indices where rowMatch[i] == nil {
                if let k = leftover.firstIndex(where: { Self.rowKey(tr[$0]) == Self.rowKey(sr[i]) && tTags[$0] == sTags[i] }) {
                    rowMatch[i] = leftover.remove(at: k)
                }
            }
            let matchedT = Set(rowMatch.values)
            // Missing rows: one finding per run.
            var run: [Int] = []
            func flush() {
                guard let first = run.first else { return }
                let next = (run.last! + 1..<sr.count).lazy.compactMap { rowMatch[$0] }.first
                let at = next.map { tr[$0].location } ?? b.range.start
                let keys = run.map { "'\(clip(Self.rowKey(sr[$0]), 40))'" }
                let what = run.count == 1 ? "row \(keys[0])" : "\(run.count) rows (\(keys.prefix(5).joined(separator: ", "))\(run.count > 5 ? ", …" : ""))"
                out.append(Diagnostic(
                    "missing-generic-row", .warning, "\(what) of the \(ta.origin.rawValue)\(section) \(run.count == 1 ? "is" : "are") missing in \(tl)",
                    at: at, notes: [DiagnosticNote("the row in the source locale (\(sl))", at: sr[first].location)],
                    fingerprint: "row|" + run.map { Self.rowKey(sr[$0]) }.joined(separator: "|")))
                run = []
            }
            for i in sr.indices {
                if rowMatch[i] == nil { run.append(i) } else { flush() }
            }
            flush()
            for j in tr.indices where !matchedT.contains(j) {
                out.append(Diagnostic(
                    "extra-generic-row", .warning, "row '\(clip(Self.rowKey(tr[j]), 40))' of the \(tb.origin.rawValue)\(section) is not in the source locale (\(sl))",
                    at: tr[j].location, notes: [DiagnosticNote("the table in the source locale (\(sl))", at: a.range.start)],
                    fingerprint: "row|" + Self.rowKey(tr[j])))
            }
            // Row findings: many rows differing the same way (an old translation that wrote
            // `ELEMENT_NODE` for `Node.ELEMENT_NODE`) are one finding per rule for the table.
            let before = out.count
            for (i, j) in rowMatch.sorted(by: { $0.key < $1.key }) {
                // A row whose description (every cell after the first) is empty in the
                // translation but not in the source: the text was never written.
                if sr[i].cells.dropFirst().contains(where: { !$0.isEmpty }), tr[j].cells.dropFirst().allSatisfy(\.isEmpty) {
                    out.append(Diagnostic(
                        "table-shape-mismatch", .warning,
                        "row '\(clip(Self.rowKey(sr[i]), 40))' of the \(tb.origin.rawValue)\(section) has no description in \(tl)",
                        at: tr[j].location, notes: [DiagnosticNote("the row in the source locale (\(sl))", at: sr[i].location)],
                        fingerprint: "empty-row|" + Self.rowKey(sr[i])))
                }
                let context = " in row '\(clip(Self.rowKey(sr[i]), 40))'"
                compareTokens(
                    source: [(i, sr[i].tokens, sr[i].location, context, sr[i].location.line...sr[i].location.line)],
                    target: [(j, tr[j].tokens, tr[j].location, context, tr[j].location.line...tr[j].location.line)],
                    counterpart: [i: j], fallback: tr[j].location, keepNumbers: sr[i].wholeCellNumbers)
            }
            let rowFindings = Array(out[before...])
            out.removeSubrange(before...)
            var byRule: [String: [Diagnostic]] = [:]
            for d in rowFindings { byRule[d.ruleID, default: []].append(d) }
            for d in rowFindings {
                guard let group = byRule[d.ruleID] else { continue }
                if group.count <= 2 {
                    out.append(d)
                    continue
                }
                byRule[d.ruleID] = nil
                var first = group[0]
                first.message = "\(group.count) of \(sr.count) rows of the \(ta.origin.rawValue)\(section) differ (\(InvariantTokens.noun(of: d.ruleID))); the first: " + first.message
                first.notes += group.dropFirst().compactMap { g in g.location.map { DiagnosticNote("another row that differs", at: $0) } }
                first.fingerprintContent = "rows|" + group.compactMap(\.fingerprintContent).joined(separator: "||")
                first.fix = Fix.merged(group.map(\.fix))
                out.append(first)
            }
        }

        /// Row tokens plus the identifier parts of its code (`Node.ELEMENT_NODE` also gives
        /// `ELEMENT_NODE`), so a row whose key was shortened still aligns.
        static func rowTags(_ r: GenericTable.Row) -> [UInt64] {
            r.tokens.taggedHashesWithIdentifierParts(wholeWords: true)
        }

        /// The row's first cell (a definition list's term), for alignment and messages.
        static func rowKey(_ r: GenericTable.Row) -> String {
            r.key.isEmpty ? (r.cells.first { !$0.isEmpty } ?? "(empty)") : r.key
        }

        // MARK: tokens

        /// A block (or a table row) whose tokens are compared: its id, tokens, location, the
        /// " in section 'X'" context for messages and its lines (where a fix finds the tokens).
        typealias TokenUnit = (id: Int, tokens: InvariantTokens, at: SourceLocation, context: String, lines: ClosedRange<Int>)

        /// The lines of a block's range.
        static func lines(_ r: SourceRange) -> ClosedRange<Int> { r.start.line...max(r.start.line, r.end.line) }

        /// Compares token multisets of a group of source units with a group of target units.
        /// Missing tokens are attributed to the source unit that has them and reported at its
        /// counterpart (or `fallback`); where that counterpart has extra tokens of the same
        /// kind, one "differs" finding names both. Extra numbers are not findings (a translation
        /// writes "2" where the source says "two"), nor missing numbers up to 10 (a translation
        /// may spell them out) unless they are a whole table cell (`keepNumbers`). Findings of one rule at one place are merged.
        mutating func compareTokens(
            source: [TokenUnit], target: [TokenUnit], counterpart: [Int: Int], fallback: SourceLocation,
            keepNumbers: Set<String> = [], alsoInSource: [InvariantTokens] = [], alsoInTarget: [InvariantTokens] = []
        ) {
            // A site that one locale links in its localised form (`ja.vite.dev/…`) is compared
            // by site only, on both sides.
            let localized = Set((source + target).flatMap { $0.tokens.links.filter { $0.hasSuffix("/…") } }.map { String($0.dropLast(2)) })
            func site(_ t: InvariantTokens) -> InvariantTokens {
                guard !localized.isEmpty else { return t }
                var t = t
                t.links = t.links.map { link in localized.first { link == $0 || link.hasPrefix($0 + "/") }.map { $0 + "/…" } ?? link }
                return t
            }
            let source = source.map { TokenUnit($0.id, site($0.tokens), $0.at, $0.context, $0.lines) }
            let target = target.map { TokenUnit($0.id, site($0.tokens), $0.at, $0.context, $0.lines) }
            let targetLines = Dictionary(target.map { ($0.id, $0.lines) }, uniquingKeysWith: { a, _ in a })
            let targetAt = Dictionary(target.map { ($0.id, $0.at) }, uniquingKeysWith: { a, _ in a })
            // A source block without counterpart: report at the counterpart of the nearest
            // source block before it that has one (else after it), where the text belongs.
            var nearest: [Int: SourceLocation] = [:]
            var last: SourceLocation? = nil
            for s in source {
                if let c = counterpart[s.id], let at = targetAt[c] { last = at }
                if let last { nearest[s.id] = last }
            }
            var next: SourceLocation? = nil
            for s in source.reversed() {
                if let c = counterpart[s.id], let at = targetAt[c] { next = at }
                if nearest[s.id] == nil, let next { nearest[s.id] = next }
            }
            for kind in 0..<5 {
                let (rule, noun) = InvariantTokens.kindNames[kind]
                // Inline code written as plain text on the other side is formatting, not drift.
                // (Built only when a code token needs it; compared ASCII-case-insensitively.)
                var targetTextCache: String?
                var sourceTextCache: String?
                func targetText() -> String {
                    if let t = targetTextCache { return t }
                    let t = LinkTarget.asciiLowercased((target.map(\.tokens.text) + alsoInTarget.map(\.text)).joined(separator: "\n"))
                    targetTextCache = t
                    return t
                }
                func sourceText() -> String {
                    if let t = sourceTextCache { return t }
                    let t = LinkTarget.asciiLowercased((source.map(\.tokens.text) + alsoInSource.map(\.text)).joined(separator: "\n"))
                    sourceTextCache = t
                    return t
                }
                func counted(_ x: String) -> Bool {
                    if kind == 1 { return !targetText().hasBytes(LinkTarget.asciiLowercased(x)) }
                    return !(kind == 0 && !keepNumbers.contains(x) && (Int(x).map { $0 <= 10 } ?? false))
                }
                // Links are a multiset (each link of the source needs one in the translation);
                // other tokens only need to be present: mentioning `true` twice where the source
                // does once is style, not drift.
                let multiset = kind == 2
                var available: [String: Int] = [:]
                for t in target.map(\.tokens) + alsoInTarget { for x in t.tokens(ofKind: kind) { available[x, default: 0] += 1 } }
                if !multiset { for k in available.keys { available[k] = Int.max / 2 } }
                // Missing tokens grouped by where they are reported.
                var missing: [SourceLocation: (tokens: [String], note: SourceLocation, context: String, counterpart: Int?, sources: [ClosedRange<Int>])] = [:]
                var order: [SourceLocation] = []
                var sourceCounts: [String: Int] = [:]
                for t in alsoInSource { for x in t.tokens(ofKind: kind) { sourceCounts[x, default: 0] += 1 } }
                var reported = Set<String>()
                for s in source {
                    for x in s.tokens.tokens(ofKind: kind) {
                        sourceCounts[x, default: 0] += 1
                        if let c = available[x], c > 0 {
                            available[x] = c - 1
                        } else if counted(x), multiset || reported.insert(x).inserted {
                            let c = counterpart[s.id]
                            let at = c.flatMap { targetAt[$0] } ?? nearest[s.id] ?? fallback
                            if missing[at] == nil {
                                missing[at] = ([], s.at, s.context, c, [])
                                order.append(at)
                            }
                            if missing[at]!.sources.last != s.lines { missing[at]!.sources.append(s.lines) }
                            if multiset || !missing[at]!.tokens.contains(x) { missing[at]!.tokens.append(x) }
                        }
                    }
                }
                var extra: [Int: [String]] = [:]
                var remaining = sourceCounts
                if !multiset { for k in remaining.keys { remaining[k] = Int.max / 2 } }
                for t in target {
                    for x in t.tokens.tokens(ofKind: kind) {
                        if let c = remaining[x], c > 0 {
                            remaining[x] = c - 1
                        } else if kind == 1 && sourceText().hasBytes(LinkTarget.asciiLowercased(x)) {
                            continue
                        } else if multiset || reported.insert("extra:" + x).inserted {
                            extra[t.id, default: []].append(x)
                        }
                    }
                }
                for at in order {
                    let m = missing[at]!
                    let note = DiagnosticNote("the source locale (\(sl)) has it here", at: m.note)
                    if let c = m.counterpart, let e = extra[c], !e.isEmpty {
                        extra[c] = nil
                        var d = Diagnostic(
                            rule, .warning,
                            "\(noun)\(m.context) differs: \(tl) has \(list(e)), the source locale (\(sl)) has \(list(m.tokens))",
                            at: at, notes: [note], fingerprint: "\(m.context)|\(m.tokens.joined(separator: " "))|\(e.joined(separator: " "))")
                        if let lines = targetLines[c] {
                            d.fix = fixes().tokens(rule: rule, kind: kind, missing: m.tokens, extra: e, sourceLines: m.sources, targetLines: lines)
                        }
                        out.append(d)
                    } else {
                        out.append(Diagnostic(
                            rule, .warning,
                            "\(noun) \(list(m.tokens))\(m.context) of the source locale (\(sl)) \(m.tokens.count == 1 ? "is" : "are") missing in \(tl)",
                            at: at, notes: [note], fingerprint: "\(m.context)|\(m.tokens.joined(separator: " "))"))
                    }
                }
                guard kind != 0 else { continue }
                for t in target {
                    guard let e = extra[t.id], !e.isEmpty else { continue }
                    out.append(Diagnostic(
                        rule, .warning, "\(tl) has \(noun) \(list(e))\(t.context) that the source locale (\(sl)) does not",
                        at: t.at, notes: [DiagnosticNote("source page", at: SourceLocation(file: pair.source.path, line: 1))],
                        fingerprint: "extra\(t.context)|\(e.joined(separator: " "))"))
                }
            }
        }

        func list(_ tokens: [String]) -> String {
            let shown = tokens.prefix(4).map { "'\(clip($0, 50))'" }.joined(separator: ", ")
            return tokens.count > 4 ? shown + " and \(tokens.count - 4) more" : shown
        }

        func clip(_ s: String, _ n: Int = 60) -> String {
            s.count > n ? String(s.prefix(n - 1)) + "…" : s
        }
    }
}

extension Diagnostic {
    /// A diagnostic with its line-independent `fingerprintContent`.
    init(
        _ ruleID: String, _ severity: Severity, _ message: String, at location: SourceLocation?, notes: [DiagnosticNote],
        fingerprint: String
    ) {
        self.init(ruleID, severity, message, at: location, notes: notes)
        fingerprintContent = fingerprint
    }

    /// A diagnostic covering `range`, with its line-independent `fingerprintContent`.
    init(
        _ ruleID: String, _ severity: Severity, _ message: String, at range: SourceRange, notes: [DiagnosticNote],
        fingerprint: String
    ) {
        self.init(ruleID, severity, message, at: range, notes: notes)
        fingerprintContent = fingerprint
    }
}
