import Foundation
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
            "heading-mismatch", .note, layer: .drift,
            summary: "a heading differs while the content under it matched: another level, or no counterpart heading",
            help: """
                Headings are aligned by the content under them. When that content is in the translation but its heading \
                has another level (H2 written as H3), or has no heading there at all (an H3 turned into a list item, \
                folded into its parent), or the translation adds a heading of its own over content the source has, the \
                difference is in the page's outline only: a note, not a missing or extra section. Match the source's \
                outline when the table of contents or links to the heading matter.
                """, example: "### 引数 (H3)  vs  - `otherNode` under ## Синтаксис"),
        RuleDescriptor(
            "heading-anchor-mismatch", .warning, layer: .drift,
            summary: "a heading's explicit anchor ({#id} or {/*id*/}) differs from the source's",
            help: """
                An explicit heading anchor is what links point at; when the translation's differs or is missing, links \
                that work in the source locale break in the translation. Copy the source's anchor unchanged.
                """, example: "## 概要 {#overview}  vs  ## Обзор {#obzor}"),
        RuleDescriptor(
            "broken-anchor-link", .warning, layer: .drift,
            summary: "an in-page link (#id) resolves in the source locale but not in the translation",
            help: """
                A link to a place on the same page (`[…](#id)`) leads to a heading or anchor in the source locale, but no \
                heading, explicit anchor or HTML id of the translation has that id: its heading was translated (and with \
                it the generated id) or removed; or the translator rewrote the fragment, which now names nothing, \
                while the source's link in the same place leads to a heading there. Point the link at the \
                translation's id, or give the heading the source's anchor (`{#id}`).
                """, example: "[構文](#syntax) → ## Синтаксис (id 'синтаксис')"),
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
            "row-key-mismatch", .warning, layer: .drift,
            summary: "a table row's name, kept in the source's Latin script, is written otherwise in the translation",
            help: """
                A generic table row (or definition list term) whose key is a name in Latin script on a page of another \
                script (an HTTP status name, a product or API name) is kept as it is in a translation. The rows were \
                paired by the rest of their content, and the translation's leading words differ: a stale or mistyped \
                name. Copy the source's name.
                """, example: "101 Switching Protocols  vs  101 | Switching Protocol"),
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
        ctx.inPageLinks()
        return ctx.out
    }

    struct Context {
        let pair: PagePair
        let al: PageAlignment
        var out: [Diagnostic] = []
        /// Built when the first fixable finding needs it (it indexes both pages' text).
        var builder: FixBuilder? = nil
        var sl: String { pair.source.locale }

        /// Each side's link targets as written, by their normalised form (built when a link
        /// finding is first worded).
        var writtenLinks: (source: [String: String]?, target: [String: String]?) = (nil, nil)

        /// Link tokens (normalised, `kind` 2) as the page writes them (`https://en.wikipedia.org/…`
        /// rather than the compared `https://wikipedia.org/…`): as the fix scanner reads them in
        /// `lines` of that side (so an HTML `href`/`src` value is quoted as written too), else as a
        /// link of the page; other tokens as they are.
        mutating func written(_ tokens: [String], kind: Int, target isTarget: Bool, lines: [ClosedRange<Int>] = []) -> [String] {
            guard kind == 2 else { return tokens }
            var raw: [String: String] = [:]
            for l in lines {
                for t in rawTokens(l, target: isTarget) where t.kind == 2 && raw[t.normalized] == nil { raw[t.normalized] = t.raw }
            }
            let tokens = tokens.map { raw[$0] ?? $0 }
            let map: [String: String]
            if let m = isTarget ? writtenLinks.target : writtenLinks.source {
                map = m
            } else {
                let page = isTarget ? pair.target : pair.source
                let locales: Set<String> = [pair.source.locale.lowercased(), pair.target.locale.lowercased()]
                var m: [String: String] = [:]
                for l in page.links { if let n = LinkTarget.normalize(l.destination, locales: locales), m[n] == nil { m[n] = l.destination } }
                if isTarget { writtenLinks.target = m } else { writtenLinks.source = m }
                map = m
            }
            return tokens.map { map[$0] ?? $0 }
        }

        mutating func fixes() -> FixBuilder {
            if let builder { return builder }
            let b = FixBuilder(pair)
            builder = b
            return b
        }

        /// One side's lines, as the fix scanner read them.
        struct ScanKey: Hashable {
            var target: Bool
            var lines: ClosedRange<Int>
        }

        /// The raw tokens of scanned lines, kept while the pair is checked.
        var scans: [ScanKey: [RawToken]] = [:]

        /// The tokens written in `lines` of one side's text, with their byte ranges: the scanner
        /// `docspec fix` edits with (`RawTokenScanner`), run once per block.
        mutating func rawTokens(_ lines: ClosedRange<Int>, target isTarget: Bool) -> [RawToken] {
            let key = ScanKey(target: isTarget, lines: lines)
            if let r = scans[key] { return r }
            let b = fixes()
            let index = isTarget ? b.target : b.source
            let r = index.bytes.isEmpty ? [] : b.scanner.scan(index, FixBuilder.bytes(index, lines))
            scans[key] = r
            return r
        }

        /// Where a token of `tokens` (normalised, of `kind`) is written in `lines` of one side:
        /// the range of the first one there (for a code span, its backticks included; for a link,
        /// its destination), lines 1-based and columns in Unicode scalars, as every location;
        /// `nil` when the scanner finds none of them there (the finding stays at its block).
        mutating func locate(_ tokens: [String], kind: Int, in lines: [ClosedRange<Int>], target isTarget: Bool) -> SourceRange? {
            guard !tokens.isEmpty else { return nil }
            let wanted = Set(tokens)
            let b = fixes()
            let index = isTarget ? b.target : b.source
            let file = isTarget ? pair.target.path : pair.source.path
            func range(_ r: Range<Int>) -> SourceRange {
                // The last character's first byte: the range's end is inclusive.
                var last = r.upperBound - 1
                while last > r.lowerBound, index.bytes[last] & 0xC0 == 0x80 { last -= 1 }
                return SourceRange(start: index.location(r.lowerBound, file: file), end: index.location(last, file: file))
            }
            for l in lines {
                let found = rawTokens(l, target: isTarget).filter { $0.kind == kind && wanted.contains($0.normalized) }
                guard let first = found.min(by: { $0.range.lowerBound < $1.range.lowerBound }), !first.range.isEmpty else { continue }
                return range(first.range)
            }
            // A reference-style link (`[Visual Studio 2022]`, its destination on a definition line
            // elsewhere): at its link text in the lines, else at the definition's destination.
            guard kind == 2, !lines.isEmpty, index.lineCount > 0 else { return nil }
            let definitions = rawTokens(1...index.lineCount, target: isTarget).filter { t in
                t.kind == 2 && wanted.contains(t.normalized) && !t.range.isEmpty && Self.referenceLabel(index.bytes, before: t.range.lowerBound) != nil
            }
            guard let definition = definitions.min(by: { $0.range.lowerBound < $1.range.lowerBound }) else { return nil }
            let label = Self.referenceLabel(index.bytes, before: definition.range.lowerBound)!
            for l in lines {
                if let r = Self.firstRange(of: label, in: index.bytes, FixBuilder.bytes(index, l)) { return range(r) }
            }
            return range(definition.range)
        }

        /// The bytes of `[label]` when the destination starting at byte `start` is that of a
        /// reference definition (`[label]: destination` at the start of its line), else `nil`.
        static func referenceLabel(_ bytes: [UInt8], before start: Int) -> [UInt8]? {
            var k = start
            while k > 0, bytes[k - 1] == UInt8(ascii: " ") { k -= 1 }
            guard k >= 3, bytes[k - 1] == UInt8(ascii: ":"), bytes[k - 2] == UInt8(ascii: "]") else { return nil }
            var open = k - 3
            while open > 0, bytes[open] != UInt8(ascii: "["), bytes[open] != UInt8(ascii: "\n") { open -= 1 }
            guard bytes[open] == UInt8(ascii: "["), open == 0 || bytes[open - 1] == UInt8(ascii: "\n"), open + 1 < k - 2 else { return nil }
            return Array(bytes[open..<(k - 1)])
        }

        /// The first occurrence of `needle` in `bytes[within]`, not followed by `:` or `(` (a
        /// definition or an inline link of the same text).
        static func firstRange(of needle: [UInt8], in bytes: [UInt8], _ within: Range<Int>) -> Range<Int>? {
            guard !needle.isEmpty, within.count >= needle.count else { return nil }
            var i = within.lowerBound
            while i + needle.count <= within.upperBound {
                if bytes[i] == needle[0], bytes[i..<(i + needle.count)].elementsEqual(needle) {
                    let after = i + needle.count < bytes.count ? bytes[i + needle.count] : 0
                    if after != UInt8(ascii: ":"), after != UInt8(ascii: "(") { return i..<(i + needle.count) }
                }
                i += 1
            }
            return nil
        }

        /// A token finding placed at the token: `d` at `range` when the token was found, as it
        /// was otherwise.
        static func placed(_ d: Diagnostic, at range: SourceRange?) -> Diagnostic {
            guard let range else { return d }
            var d = d
            d.location = range.start
            d.end = range.end
            return d
        }
        var tl: String { pair.target.locale }
        /// Each page's reader-visible text and code, ASCII-lower-cased, built when first needed:
        /// a code span whose text the other page has anywhere (its prose or its code blocks) is
        /// formatting or placement, not a missing token.
        var pageTexts: (source: String, target: String)? = nil

        mutating func pageText(target: Bool) -> String {
            if let t = pageTexts { return target ? t.target : t.source }
            func text(_ page: SpecPage, _ s: PageStructure) -> String {
                LinkTarget.asciiLowercased(
                    (s.units.map { u in u.table.map { $0.rows.map(\.tokens.text).joined(separator: "\n") } ?? u.tokens.text }
                        + page.codeSamples.map(\.code)).joined(separator: "\n"))
            }
            let t = (source: text(pair.source, al.source), target: text(pair.target, al.target))
            pageTexts = t
            return target ? t.target : t.source
        }

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
            // Each source block's counterpart, over all regions (the first region's where two pair it).
            var counterparts: [Int: Int] = [:]
            counterparts.reserveCapacity(al.regions.reduce(0) { $0 + $1.matches.count })
            for region in al.regions { counterparts.merge(region.matches) { a, _ in a } }
            headings(matched, counterparts: counterparts)
            for region in al.regions { compareRegion(region) }
            compareRows(
                counterparts: counterparts, matched, skipSource: Set(al.missingSections.flatMap { PageAlignment.units(s.sections[$0]) }),
                skipTarget: Set(al.extraSections.flatMap { PageAlignment.units(t.sections[$0]) }))
        }

        /// Heading-only differences, as notes: a heading paired with one of another level (by
        /// its section's content, or as a block of a stretch between matched sections), a source
        /// heading with no counterpart heading over content that is in the translation, and a
        /// heading the translation added over content the source has.
        ///
        /// `counterpart` is each source block's counterpart, as `sections()` merged the regions'.
        mutating func headings(_ matched: (pairs: [(source: Int, target: Int)], runningMax: [Int]), counterparts counterpart: [Int: Int]) {
            let s = al.source
            let t = al.target
            func sectionOfHeading(_ p: PageStructure) -> [Int: Int] {
                var out: [Int: Int] = [:]
                out.reserveCapacity(p.sections.count)
                for (i, section) in p.sections.enumerated() { if let h = section.headingIndex { out[h] = i } }
                return out
            }
            let sourceSection = sectionOfHeading(s)
            let targetSection = sectionOfHeading(t)
            var pairs = al.sourceToTarget.map { ($0.key, $0.value) } + al.moved
            for region in al.regions {
                for (a, b) in region.matches {
                    // Headings paired as blocks of a stretch, both over content that matched.
                    if let i = sourceSection[a], let j = targetSection[b], al.sourceToTarget[i] != j,
                        !al.missingSections.contains(i), !al.extraSections.contains(j)
                    {
                        pairs.append((i, j))
                    }
                }
            }
            var pairedS = Set<Int>()
            var pairedT = Set<Int>()
            var targetOf: [Int: Int] = [:]
            for (i, j) in pairs.sorted(by: { $0.0 < $1.0 }) where pairedS.insert(i).inserted && pairedT.insert(j).inserted {
                targetOf[i] = j
                guard let hs = s.sections[i].headingIndex, let ht = t.sections[j].headingIndex, s.sections[i].level != t.sections[j].level
                else { continue }
                out.append(Diagnostic(
                    "heading-mismatch", .note,
                    "heading '\(clip(t.sections[j].title))' is level \(t.sections[j].level) in \(tl), its source heading '\(clip(s.sections[i].title))' level \(s.sections[i].level)",
                    at: t.units[ht].range.start, notes: [DiagnosticNote("the heading in the source locale (\(sl))", at: s.units[hs].range.start)],
                    fingerprint: "level|\(s.sections[i].title)|\(t.sections[j].title)"))
            }
            for (i, section) in s.sections.enumerated() where !pairedS.contains(i) && !al.missingSections.contains(i) {
                guard let h = section.headingIndex else { continue }
                // Data the translation holds in another structure (the rows of a definition list
                // under this heading paired into an HTML table, whose group rows stand for the
                // headings) is no outline difference.
                let restructured = section.body.contains { k in
                    guard let table = s.units[k].table else { return false }
                    return table.rows.indices.contains { r in
                        al.rowPairs[PageAlignment.RowRef(unit: k, row: r)].map { t.units[$0.unit].table?.origin != table.origin } ?? false
                    }
                }
                if restructured { continue }
                // Where its content is in the translation, else where the section belongs.
                let at = section.body.lazy.compactMap { counterpart[$0] }.first.map { t.units[$0].range.start }
                    ?? insertionPoint(afterSource: i, matched)
                // An empty heading right before a heading of its level or deeper (a source that
                // wrote `## 例` then `## 様々な種類のノード`), where the translation has one
                // heading for both: that heading is its counterpart too, not a place without one.
                if section.body.isEmpty, i + 1 < s.sections.count, s.sections[i + 1].level >= section.level,
                    let j = targetOf[i + 1], let ht = t.sections[j].headingIndex, t.units[ht].range.start == at
                {
                    out.append(Diagnostic(
                        "heading-mismatch", .note,
                        "headings '\(clip(section.title))' and '\(clip(s.sections[i + 1].title))' of the source locale (\(sl)) are one heading '\(clip(t.sections[j].title))' in \(tl); nothing is under '\(clip(section.title))'",
                        at: at, notes: [DiagnosticNote("the heading in the source locale (\(sl))", at: s.units[h].range.start)],
                        fingerprint: "heading|" + section.title))
                    continue
                }
                out.append(Diagnostic(
                    "heading-mismatch", .note,
                    "heading '\(clip(section.title))' of the source locale (\(sl)) has no heading in \(tl); \(section.body.isEmpty ? "nothing is under it" : "the content under it is there")",
                    at: at, notes: [DiagnosticNote("the heading in the source locale (\(sl))", at: s.units[h].range.start)],
                    fingerprint: "heading|" + section.title))
            }
            for (j, section) in t.sections.enumerated() where !pairedT.contains(j) && !al.extraSections.contains(j) {
                guard let h = section.headingIndex else { continue }
                out.append(Diagnostic(
                    "heading-mismatch", .note,
                    "\(tl) has heading '\(clip(section.title))' that the source locale (\(sl)) does not; \(section.body.isEmpty ? "nothing is under it" : "the content under it is the source's")",
                    at: t.units[h].range.start, notes: [DiagnosticNote("source page", at: SourceLocation(file: pair.source.path, line: 1))],
                    fingerprint: "extra-heading|" + section.title))
            }
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
            insertionPoint(beforeSourceUnit: al.source.sections[i].body.upperBound, matched)
        }

        /// Where source unit `end` would go in the target: before the target block matched to
        /// the first matched source block at or after it, else the target's last line.
        func insertionPoint(beforeSourceUnit end: Int, _ matched: (pairs: [(source: Int, target: Int)], runningMax: [Int])) -> SourceLocation {
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

        // MARK: in-page links

        /// Fragment-only links of the translation that lead nowhere on its page although the
        /// source page has the place they name, or although the source's link in the same place
        /// (the same ordinal among the in-page links of the block's counterpart) leads somewhere
        /// on the source page: the translator rewrote the fragment (`#синтаксис` for `#syntax`)
        /// and it names no heading of the translation.
        mutating func inPageLinks() {
            func isFragment(_ l: SpecLink) -> Bool { !l.isImage && l.destination.hasPrefix("#") && l.destination.utf8.count > 1 }
            func key(_ l: SpecLink) -> String {
                let raw = String(l.destination.dropFirst())
                return Self.anchorKey(raw.removingPercentEncoding ?? raw)
            }
            let fragments = pair.target.links.filter(isFragment)
            guard !fragments.isEmpty else { return }
            let sourceIDs = Self.anchorIDs(pair.source, al.source)
            let targetIDs = Self.anchorIDs(pair.target, al.target)
            var seen = Set<String>()
            var sourceLinks: [Int: [SpecLink]]? = nil
            var targetLinks: [Int: [SpecLink]]? = nil
            var sourceOf: [Int: Int] = [:]
            for link in fragments {
                let id = key(link)
                guard !id.isEmpty, targetIDs[id] == nil else { continue }
                if let there = sourceIDs[id] {
                    guard seen.insert(id).inserted else { continue }
                    out.append(Diagnostic(
                        "broken-anchor-link", .warning,
                        "in-page link '\(clip(link.destination))' leads nowhere in \(tl): no heading or anchor has that id, while the source locale (\(sl)) has it",
                        at: link.range.start, notes: [DiagnosticNote("the place it names in the source locale (\(sl))", at: there)],
                        fingerprint: "anchor-link|" + id))
                    continue
                }
                // The source's link in the same place, by the block alignment: built once.
                if sourceLinks == nil {
                    sourceLinks = Self.fragmentLinks(pair.source.links.filter(isFragment), al.source)
                    targetLinks = Self.fragmentLinks(fragments, al.target)
                    for region in al.regions { for (a, b) in region.matches { sourceOf[b] = a } }
                }
                guard let u = Self.unit(containingLine: link.range.start.line, al.target), let c = sourceOf[u],
                    let theirs = targetLinks?[u], let ours = sourceLinks?[c], theirs.count == ours.count,
                    let k = theirs.firstIndex(of: link)
                else { continue }
                let counterpart = ours[k]
                let sourceID = key(counterpart)
                guard !sourceID.isEmpty, sourceID != id, let there = sourceIDs[sourceID], seen.insert(id).inserted else { continue }
                out.append(Diagnostic(
                    "broken-anchor-link", .warning,
                    "in-page link '\(clip(link.destination))' leads nowhere in \(tl): no heading or anchor has that id, while the source locale's (\(sl)) link in its place, '\(clip(counterpart.destination))', leads to a heading there",
                    at: link.range.start,
                    notes: [DiagnosticNote("the place the source's link names (\(sl))", at: there)],
                    fingerprint: "anchor-link|" + id))
            }
        }

        /// In-page links by the unit of `s` whose block holds them, in page order.
        static func fragmentLinks(_ links: [SpecLink], _ s: PageStructure) -> [Int: [SpecLink]] {
            var out: [Int: [SpecLink]] = [:]
            for l in links { if let u = unit(containingLine: l.range.start.line, s) { out[u, default: []].append(l) } }
            return out
        }

        /// The unit of `s` whose lines hold `line` (the last one starting at or before it that
        /// reaches that line: the innermost), by binary search over the units in page order.
        static func unit(containingLine line: Int, _ s: PageStructure) -> Int? {
            var lo = 0
            var hi = s.units.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if s.units[mid].range.start.line <= line { lo = mid + 1 } else { hi = mid }
            }
            // The last unit starting at or before the line, else the nearest earlier one that
            // reaches it: a list item's text goes on after a code block or table nested in it
            // (those units start later and end before the line). At most 64 units back, so a page
            // of links outside every unit stays linear.
            var i = lo - 1
            while i >= 0, i >= lo - 64 {
                let r = s.units[i].range
                if max(r.end.line, r.start.line) >= line { return i }
                i -= 1
            }
            return nil
        }

        /// The ids a page's in-page links can name, keyed by `anchorKey`: explicit heading anchors
        /// (`{#id}`, `{/*id*/}`), ids generated from heading text (any of the usual slug styles:
        /// `browser-compatibility`, `Browser_compatibility`) and `id` / `name` attributes of HTML.
        static func anchorIDs(_ page: SpecPage, _ structure: PageStructure) -> [String: SourceLocation] {
            var out: [String: SourceLocation] = [:]
            for h in structure.units {
                guard case .heading = h.kind else { continue }
                if let anchor = h.anchor { out[anchorKey(anchor)] = out[anchorKey(anchor)] ?? h.range.start }
                let text = anchorKey(h.title)
                if !text.isEmpty { out[text] = out[text] ?? h.range.start }
            }
            let text = page.document.text
            guard text.hasBytes("id=") || text.hasBytes("name=") else { return out }
            var line = 1
            let u = Array(text.utf8)
            var i = 0
            while i < u.count {
                if u[i] == UInt8(ascii: "\n") { line += 1 }
                // ` id="x"` / ` name='x'`
                if u[i] == UInt8(ascii: "="), i >= 2, i + 1 < u.count, u[i + 1] == UInt8(ascii: "\"") || u[i + 1] == UInt8(ascii: "'") {
                    let isID = i >= 3 && u[i - 2] == UInt8(ascii: "i") && u[i - 1] == UInt8(ascii: "d") && (u[i - 3] == 0x20 || u[i - 3] == 0x0A || u[i - 3] == 0x09)
                    let isName = i >= 5 && u[(i - 4)..<i].elementsEqual("name".utf8) && (u[i - 5] == 0x20 || u[i - 5] == 0x0A || u[i - 5] == 0x09)
                    if isID || isName, let end = u[(i + 2)...].firstIndex(of: u[i + 1]) {
                        let key = anchorKey(String(decoding: u[(i + 2)..<end], as: UTF8.self))
                        if !key.isEmpty, out[key] == nil { out[key] = SourceLocation(file: page.path, line: line) }
                        i = end
                    }
                }
                i += 1
            }
            return out
        }

        /// An id as compared: letters and digits only, lower-cased, so the slug styles of
        /// different sites (`-`, `_`, dropped punctuation) name the same heading.
        static func anchorKey(_ s: String) -> String {
            var out = String.UnicodeScalarView()
            for c in s.unicodeScalars {
                if let fast = anchorKeyScalar(c) {
                    if fast != "\u{0}" { out.append(fast) }
                    continue
                }
                guard c.properties.isAlphabetic || c.properties.numericType != nil else { continue }
                out.append(contentsOf: c.properties.lowercaseMapping.unicodeScalars)
            }
            return String(out)
        }

        /// What `anchorKey` keeps of `c` where that is known without reading its Unicode
        /// properties: ASCII (letters lower-cased, digits kept, the rest dropped, as NUL), the
        /// basic Cyrillic letters (lower-cased) and kana and CJK ideographs (kept, having no
        /// case); `nil` elsewhere. `anchorKeyFastPathsMatchProperties` checks every scalar it
        /// answers for against the properties.
        @inline(__always)
        static func anchorKeyScalar(_ c: Unicode.Scalar) -> Unicode.Scalar? {
            let v = c.value
            if v < 0x80 {
                if v >= 0x41 && v <= 0x5A { return Unicode.Scalar(UInt8(v + 0x20)) }
                if (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39) { return c }
                return "\u{0}"
            }
            switch v {
            case 0x0410...0x042F: return Unicode.Scalar(v + 0x20)  // А–Я
            case 0x0400...0x040F: return Unicode.Scalar(v + 0x50)  // Ѐ–Џ
            case 0x0430...0x045F: return c  // а–я, ѐ–џ
            case 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF: return c  // kana, ideographs
            default: return nil
            }
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
                    d.tokens = DriftTokens(source: [x], target: y.map { [$0] } ?? [])
                    out.append(d)
                }
            }
            // Blocks of missing or extra sections were reported with their section.
            // (Most regions have none: their unit lists are used as they are.)
            func kept(_ units: [Int], _ sections: [Int], _ p: PageStructure, _ gone: Set<Int>) -> [Int] {
                guard sections.contains(where: gone.contains) else { return units }
                let skip = Set(sections.filter { gone.contains($0) }.flatMap { PageAlignment.units(p.sections[$0]) })
                return units.filter { !skip.contains($0) }
            }
            let su = kept(region.sourceUnits, region.sourceSections, s, al.missingSections)
            let tu = kept(region.targetUnits, region.targetSections, t, al.extraSections)
            let counterpart = region.matches
            // The region's heading, else its first block (never the front matter at line 1).
            let headingLocation = b.headingIndex.map { t.units[$0].range.start }
                ?? tu.first.map { t.units[$0].range.start } ?? SourceLocation(file: pair.target.path, line: 1)
            // Tables. One whose rows were paired elsewhere on the page (the translation holds the
            // same data in another structure) is not missing or extra: its rows are compared.
            for k in su where s.units[k].kind == .table && !s.units[k].isSpecTable {
                if let c = counterpart[k], t.units[c].kind == .table, !t.units[c].isSpecTable {
                    compareTableShape(sourceUnit: k, c)
                } else if counterpart[k] == nil, !hasPairedRows(source: k) {
                    let st = s.units[k]
                    let section = shownContext(sourceUnit: k, counterpart: nil)
                    // (A counterpart that is a spec table is that rule's; one that is a list is
                    // the definition list written as a nested list.)
                    out.append(Diagnostic(
                        "missing-generic-table", .warning,
                        "\(st.table!.origin.rawValue) (\(st.table!.rows.count) rows)\(section) is missing in \(tl)",
                        at: nextTarget(after: k, in: su, counterpart) ?? headingLocation,
                        notes: [DiagnosticNote("the \(st.table!.origin.rawValue) in the source locale (\(sl))", at: st.range.start)],
                        fingerprint: "table|" + st.table!.rows.map { $0.tokens.tagged.joined(separator: " ") }.joined(separator: "|")))
                }
            }
            for k in tu where t.units[k].kind == .table && !t.units[k].isSpecTable && !counterpart.values.contains(k)
                && !hasPairedRows(target: k)
            {
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
            let sourceProse = su.filter { isProse(s.units[$0]) }
            let targetProse = tu.filter { isProse(t.units[$0]) }
            // Prose tokens that agree kind by kind leave nothing missing or extra: no finding.
            if Self.sameTokens(sourceProse.map { s.units[$0].tokens }, targetProse.map { t.units[$0].tokens }) { return }
            let sourceUnits = sourceProse.map {
                ($0, s.units[$0].tokens, s.units[$0].range.start, sectionContext(s, $0), Self.lines(s.units[$0].range),
                 shownContext(sourceUnit: $0, counterpart: counterpart[$0]))
            }
            let targetUnits = targetProse.map {
                ($0, t.units[$0].tokens, t.units[$0].range.start, sectionContext(t, $0), Self.lines(t.units[$0].range), sectionContext(t, $0))
            }
            // A token the prose of one locale has in a table of the other (or the reverse) is there.
            let alsoInSource = su.compactMap { s.units[$0].table }.flatMap { $0.rows.map(\.tokens) }
            let alsoInTarget = tu.compactMap { t.units[$0].table }.flatMap { $0.rows.map(\.tokens) }
            compareTokens(
                source: sourceUnits, target: targetUnits, counterpart: counterpart, fallback: headingLocation, alsoInSource: alsoInSource,
                alsoInTarget: alsoInTarget)
        }

        /// Whether two groups of blocks have the same tokens of every kind (`tokens(ofKind:)`, as
        /// multisets of strings, compared as `compareTokens` compares them): then `compareTokens`
        /// finds nothing missing and nothing extra, so it reports nothing.
        ///
        /// A kind's lists are read in place: its counts first, then its tokens in order across
        /// the groups (equal in most regions); only when the order differs are the lists copied
        /// and sorted.
        static func sameTokens(_ a: [InvariantTokens], _ b: [InvariantTokens]) -> Bool {
            if a.count == 1, b.count == 1 { return sameTokens(a[0], b[0]) }
            for kind in 0..<5 {
                var n = 0
                for t in a { n += t.tokens(ofKind: kind).count }
                var m = 0
                for t in b { m += t.tokens(ofKind: kind).count }
                guard n == m else { return false }
                if n == 0 || sameInOrder(a, b, kind: kind) { continue }
                func all(_ g: [InvariantTokens]) -> [String] {
                    var x: [String] = []
                    x.reserveCapacity(n)
                    for t in g { x += t.tokens(ofKind: kind) }
                    return x
                }
                if all(a).sorted() != all(b).sorted() { return false }
            }
            return true
        }

        /// `sameTokens(_:_:)` of one block against one block (a table row's tokens).
        static func sameTokens(_ a: InvariantTokens, _ b: InvariantTokens) -> Bool {
            for kind in 0..<5 {
                let x = a.tokens(ofKind: kind)
                let y = b.tokens(ofKind: kind)
                guard x.count == y.count else { return false }
                if x != y, x.sorted() != y.sorted() { return false }
            }
            return true
        }

        /// Whether the tokens of `kind` of the groups, each read in order across its blocks, are
        /// equal one by one; both groups have as many of them (the caller counted).
        static func sameInOrder(_ a: [InvariantTokens], _ b: [InvariantTokens], kind: Int) -> Bool {
            var j = -1
            var y: [String] = []
            var q = 0
            for g in a {
                for x in g.tokens(ofKind: kind) {
                    while q == y.count {
                        j += 1
                        guard j < b.count else { return false }
                        y = b[j].tokens(ofKind: kind)
                        q = 0
                    }
                    if x != y[q] { return false }
                    q += 1
                }
            }
            return true
        }

        /// " in section 'X'" for the section holding unit `u` (empty before the first heading).
        /// Sections are in page order (the part before the first heading first), so the last one
        /// starting at or before `u` is found by binary search: lint stays linear in headings.
        func sectionContext(_ s: PageStructure, _ u: Int) -> String {
            guard let i = Self.sectionIndex(s, u), !s.sections[i].title.isEmpty else { return "" }
            return " in section '\(clip(s.sections[i].title))'"
        }

        /// The section holding unit `u` (`nil` before the first heading).
        static func sectionIndex(_ s: PageStructure, _ u: Int) -> Int? {
            var lo = 0
            var hi = s.sections.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if (s.sections[mid].headingIndex ?? -1) <= u { lo = mid + 1 } else { hi = mid }
            }
            return lo > 0 ? lo - 1 : nil
        }

        /// " in section 'X'" for source unit `u` as the translation names the section: the
        /// heading of the target section holding `u`'s counterpart `c` (where the finding is),
        /// else of the target section matched to `u`'s, else the source's heading marked with
        /// the source locale (`'構文' (ja)`); empty before the first heading. For messages only:
        /// fingerprints keep `sectionContext` of the source, so baselines do not change.
        func shownContext(sourceUnit u: Int, counterpart c: Int?) -> String {
            let s = al.source
            guard let i = Self.sectionIndex(s, u), !s.sections[i].title.isEmpty else { return "" }
            if let c, let j = Self.sectionIndex(al.target, c), al.target.sections[j].headingIndex != nil, !al.target.sections[j].title.isEmpty {
                return " in section '\(clip(al.target.sections[j].title))'"
            }
            return al.sectionName(source: i, sourceLocale: sl).map { " in section \($0)" } ?? ""
        }

        /// The target location of the next matched unit after source unit `k`.
        func nextTarget(after k: Int, in units: [Int], _ counterpart: [Int: Int]) -> SourceLocation? {
            guard let p = units.firstIndex(of: k) else { return nil }
            for u in units[(p + 1)...] { if let c = counterpart[u] { return al.target.units[c].range.start } }
            return nil
        }

        // MARK: tables

        /// The column count of generic table `k` of the source against its matched counterpart's,
        /// target unit `c` (the section named in a finding only).
        mutating func compareTableShape(sourceUnit k: Int, _ c: Int) {
            let a = al.source.units[k]
            let b = al.target.units[c]
            let ta = a.table!
            let tb = b.table!
            if ta.origin == tb.origin, ta.origin != .definitionList, ta.columnCount != tb.columnCount {
                let section = shownContext(sourceUnit: k, counterpart: c)
                out.append(Diagnostic(
                    "table-shape-mismatch", .warning,
                    "table\(section) has \(tb.columnCount) columns in \(tl) but \(ta.columnCount) in the source locale (\(sl))",
                    at: b.range, notes: [DiagnosticNote("the table in the source locale (\(sl))", at: a.range.start)],
                    fingerprint: "shape|\(ta.columnCount)|\(tb.columnCount)"))
            }
        }

        /// The translation's form of a source row key that is a name in Latin script (`101
        /// Switching Protocols`), read from the same number of leading words of the target row's
        /// cells, when it differs (case and punctuation aside) and is itself untranslated Latin
        /// text; `nil` when they agree, the key is not such a name (it has letters of another
        /// script, or fewer than two Latin letters), or the translation translated it.
        static func renamedKey(_ key: String, in cells: [String]) -> String? {
            // Words of a cell split on separator characters. In ASCII text without CR every
            // character is one scalar, so the split is done on scalars; otherwise (a CR LF pair
            // is one character, and so is a space with a combining mark after it) on
            // `Character`s. Only ASCII words are compared, as bytes.
            func words(_ s: String) -> [Substring] {
                if s.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
                    return s.unicodeScalars.split { $0 == " " || $0 == "\n" || $0 == "\t" }.map { Substring($0) }
                }
                return s.split { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\u{A0}" }
            }
            func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
            // An ASCII word's letters and digits, lower-cased.
            func bare(_ w: Substring) -> [UInt8] {
                w.utf8.compactMap { b in isLetter(b) ? b | 0x20 : (b >= 0x30 && b <= 0x39) ? b : nil }
            }
            guard key.utf8.allSatisfy({ $0 < 0x80 }), key.utf8.lazy.filter(isLetter).count >= 2 else { return nil }
            let keyWords = words(key)
            guard !keyWords.isEmpty else { return nil }
            // Whole cells, up to the one that holds the key's last word (`413 | Request Entity
            // Too Large`): a name is not cut inside its cell.
            var theirs: [Substring] = []
            for cell in cells where theirs.count < keyWords.count { theirs += words(cell) }
            guard theirs.count >= keyWords.count, theirs.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) else { return nil }
            // The key's words first, more after them (`226 | IM Used (HTTP Delta encoding)`): the same name.
            if zip(keyWords, theirs).allSatisfy({ bare($0) == bare($1) }) { return nil }
            // Only the words' letters changed, not a cell of other content in their place: the
            // first word (the code, the term) agrees.
            guard keyWords.count >= 2, bare(keyWords[0]) == bare(theirs[0]) else { return nil }
            return theirs.joined(separator: " ")
        }

        /// Whether code `a` contains code `b` (ASCII case aside), `b` at least 3 characters.
        static func contains(_ a: String, _ b: String) -> Bool {
            b.utf8.count >= 3 && a.utf8.count > b.utf8.count && LinkTarget.asciiLowercased(a).hasBytes(LinkTarget.asciiLowercased(b))
        }

        /// Whether two numbers look alike: as many points (`1.1` / `2.0`; a version is not a
        /// count's replacement) and at most one digit more or less before the first (`100` /
        /// `1000`, `2019` / `2022`).
        static func alikeNumbers(_ a: String, _ b: String) -> Bool {
            let pa = a.split(separator: ".", omittingEmptySubsequences: false)
            let pb = b.split(separator: ".", omittingEmptySubsequences: false)
            return pa.count == pb.count && abs(pa[0].count - pb[0].count) <= 1
        }

        /// Whether a cell's text is a placeholder for text not yet written: an ellipsis, `?`,
        /// `TODO`, `TBD` (a dash is not: it often stands for "none" in any language).
        ///
        /// Read on the trimmed text's UTF-8 bytes: `…` is E2 80 A6, and the words are compared
        /// with ASCII upper case folded (no other text is canonically equivalent to them).
        static func isPlaceholderCell(_ text: String) -> Bool {
            var t = text.trimmingSpaces
            return t.withUTF8 { u in
                if u.isEmpty { return false }
                var k = 0
                while k < u.count {
                    if u[k] == UInt8(ascii: ".") || u[k] == UInt8(ascii: "?") {
                        k += 1
                    } else if u[k] == 0xE2, k + 2 < u.count, u[k + 1] == 0x80, u[k + 2] == 0xA6 {
                        k += 3
                    } else {
                        break
                    }
                }
                if k == u.count { return true }
                func isWord(_ word: StaticString) -> Bool {
                    guard word.utf8CodeUnitCount == u.count else { return false }
                    let w = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
                    for i in 0..<u.count where w[i] != (u[i] >= 0x41 && u[i] <= 0x5A ? u[i] | 0x20 : u[i]) { return false }
                    return true
                }
                return isWord("todo") || isWord("tbd") || isWord("fixme")
            }
        }

        /// Two code keys name the same thing: equal, or one is the other with a qualifier
        /// (`Node.ELEMENT_NODE` and `ELEMENT_NODE`).
        static func sameCode(_ a: String, _ b: String) -> Bool {
            // The same bytes (most calls): nothing to normalise.
            var a = a
            var b = b
            if a.utf8.count == b.utf8.count, a.withUTF8({ x in b.withUTF8 { y in x.elementsEqual(y) } }) { return true }
            // Spacing and a typographic ellipsis (`T : 'static`, `$(…)…`) are how it is written.
            func plain(_ s: String) -> String {
                var u = String.UnicodeScalarView()
                for c in s.unicodeScalars where c != " " && c != "\t" {
                    if c == "\u{2026}" { u.append(contentsOf: "...".unicodeScalars) } else { u.append(c) }
                }
                return String(u)
            }
            let x = plain(a)
            let y = plain(b)
            return x == y || x.hasSuffix("." + y) || y.hasSuffix("." + x)
        }

        /// `list` with one occurrence of each of `tokens` removed.
        static func removing(_ tokens: [String], from list: [String]) -> [String] {
            var drop: [String: Int] = [:]
            for t in tokens { drop[t, default: 0] += 1 }
            return list.filter { x in
                guard let n = drop[x], n > 0 else { return true }
                drop[x] = n - 1
                return false
            }
        }

        func hasPairedRows(source k: Int) -> Bool {
            (al.source.units[k].table?.rows.indices ?? 0..<0).contains { al.rowPairs[PageAlignment.RowRef(unit: k, row: $0)] != nil }
        }

        func hasPairedRows(target k: Int) -> Bool {
            (al.target.units[k].table?.rows.indices ?? 0..<0).contains { al.targetRowPairs[PageAlignment.RowRef(unit: k, row: $0)] != nil }
        }

        /// Rows of every generic table compared, as the pair analysis paired them page-wide:
        /// missing rows (one finding per run), extra rows, and the cells of paired rows. Tables
        /// of missing or extra sections, and tables reported missing or extra as a whole, are
        /// left out. `matched` is `matchedInOrder()`.
        mutating func compareRows(
            counterparts: [Int: Int], _ matched: (pairs: [(source: Int, target: Int)], runningMax: [Int]), skipSource: Set<Int>,
            skipTarget: Set<Int>
        ) {
            typealias RowRef = PageAlignment.RowRef
            let s = al.source
            let t = al.target
            // The matched target blocks, each with a source block paired to it.
            var sourceOf: [Int: Int] = [:]
            sourceOf.reserveCapacity(counterparts.count)
            for (a, b) in counterparts { sourceOf[b] = a }
            for region in al.regions {
                for k in region.sourceUnits where !skipSource.contains(k) && s.units[k].kind == .table && !s.units[k].isSpecTable {
                    let blockMatch = counterparts[k].flatMap { t.units[$0].kind == .table && !t.units[$0].isSpecTable ? $0 : nil }
                    guard blockMatch != nil || hasPairedRows(source: k) else { continue }
                    compareRows(ofSource: k, blockMatch: blockMatch, matched)
                }
                for k in region.targetUnits where !skipTarget.contains(k) && t.units[k].kind == .table && !t.units[k].isSpecTable {
                    guard sourceOf[k] != nil || hasPairedRows(target: k) else { continue }
                    let tb = t.units[k].table!
                    let source = sourceOf[k]
                        ?? tb.rows.indices.lazy.compactMap { [al] in al.targetRowPairs[RowRef(unit: k, row: $0)]?.unit }.first
                    let note = source.map { s.units[$0].range.start } ?? SourceLocation(file: pair.source.path, line: 1)
                    // The translation's own section (the table is there), else the source's, as named
                    // (made for the first finding).
                    var section: String? = nil
                    for j in tb.rows.indices where al.targetRowPairs[RowRef(unit: k, row: j)] == nil {
                        if isInSourceProse(tb.rows[j]) { continue }
                        if section == nil {
                            let own = sectionContext(t, k)
                            section = !own.isEmpty ? own : source.map { shownContext(sourceUnit: $0, counterpart: nil) } ?? ""
                        }
                        let section = section!
                        out.append(Diagnostic(
                            "extra-generic-row", .warning,
                            "row '\(clip(PageAlignment.rowKey(tb.rows[j]), 40))' of the \(tb.origin.rawValue)\(section) is not in the source locale (\(sl))",
                            at: tb.rows[j].location, notes: [DiagnosticNote("the table in the source locale (\(sl))", at: note)],
                            fingerprint: "row|" + PageAlignment.rowKey(tb.rows[j])))
                    }
                }
            }
        }

        /// The lines of row `i` of `rows`, the rows of `table`'s unit: from its first line to the
        /// line before the next row (a definition list's term and its definition), else to the
        /// table's end.
        static func rowLines(_ rows: [GenericTable.Row], _ i: Int, in table: PageUnit) -> ClosedRange<Int> {
            let first = rows[i].location.line
            let next = i + 1 < rows.count ? rows[i + 1].location.line - 1 : table.range.end.line
            return first...max(first, next)
        }

        /// Whether a target row is an item the source names in its prose rather than in a table
        /// (the translation lists a deprecated constant as a row, the source in the sentence under
        /// its list): one prose block of the source has the row's code key and every code span
        /// and number of the row, qualifiers aside (`Node.ENTITY_NODE` (`6`) / `ENTITY_NODE` | 6).
        func isInSourceProse(_ row: GenericTable.Row) -> Bool {
            guard row.keyIsCode else { return false }
            let key = Self.unqualified(row.key)
            let needed = Set((row.tokens.code + row.tokens.numbers).map(Self.unqualified))
            return al.source.units.contains { u in
                guard u.kind == .prose, u.table == nil else { return false }
                let forms = Set((u.tokens.code + u.tokens.numbers).map(Self.unqualified))
                return forms.contains(key) && needed.isSubset(of: forms)
            }
        }

        mutating func compareRows(ofSource k: Int, blockMatch: Int?, _ matched: (pairs: [(source: Int, target: Int)], runningMax: [Int])) {
            typealias RowRef = PageAlignment.RowRef
            let a = al.source.units[k]
            let ta = a.table!
            let sr = ta.rows
            // Named as the translation names the section of the table its rows are in.
            func shownSection(_ unit: Int?) -> String { shownContext(sourceUnit: k, counterpart: unit) }
            // The table's section as its block match's names it, made for the first finding.
            var shownTable: String? = nil
            func tableSection() -> String {
                if let shownTable { return shownTable }
                let x = shownSection(blockMatch)
                shownTable = x
                return x
            }
            func targetRow(_ r: RowRef) -> GenericTable.Row { al.target.units[r.unit].table!.rows[r.row] }
            let pairs = sr.indices.map { al.rowPairs[RowRef(unit: k, row: $0)] }
            // Missing rows: one finding per run, where the next paired row is in the translation.
            var run: [Int] = []
            func flush() {
                guard let first = run.first else { return }
                // Rows paired into the matched table first (a row moved to another table says
                // nothing of where this one belongs).
                func here(_ p: PageAlignment.RowRef?) -> PageAlignment.RowRef? {
                    guard let p else { return nil }
                    return blockMatch == nil || p.unit == blockMatch ? p : nil
                }
                let next = pairs[(run.last! + 1)...].lazy.compactMap(here).first
                // Else right after the previous paired row: the translation's next row.
                let previous = pairs[..<first].lazy.compactMap(here).last.map { p in
                    let rows = al.target.units[p.unit].table!.rows
                    return p.row + 1 < rows.count ? rows[p.row + 1].location : rows[p.row].location
                }
                let at = next.map { targetRow($0).location } ?? previous
                    ?? blockMatch.map { al.target.units[$0].range.start } ?? insertionPoint(beforeSourceUnit: k + 1, matched)
                let keys = run.map { "'\(clip(PageAlignment.rowKey(sr[$0]), 40))'" }
                let what = run.count == 1 ? "row \(keys[0])" : "\(run.count) rows (\(keys.prefix(5).joined(separator: ", "))\(run.count > 5 ? ", …" : ""))"
                let section = tableSection()
                out.append(Diagnostic(
                    "missing-generic-row", .warning, "\(what) of the \(ta.origin.rawValue)\(section) \(run.count == 1 ? "is" : "are") missing in \(tl)",
                    at: at, notes: [DiagnosticNote("the row in the source locale (\(sl))", at: sr[first].location)],
                    fingerprint: "row|" + run.map { PageAlignment.rowKey(sr[$0]) }.joined(separator: "|")))
                run = []
            }
            for i in sr.indices {
                if pairs[i] == nil { run.append(i) } else { flush() }
            }
            flush()
            // A key cell changed where keys repeat (`-=` written as `-`): the rows were paired by
            // their other cells, so the key is what differs. Own findings, never grouped.
            var keyChanged = Set<Int>()
            for (i, p) in pairs.enumerated() {
                guard let p else { continue }
                let tr = targetRow(p)
                guard sr[i].keyIsCode, tr.keyIsCode, !Self.sameCode(sr[i].key, tr.key) else { continue }
                // Only where the rest of the row agrees; a row that differs elsewhere too is
                // reported with its cells below.
                guard Set(sr[i].tokens.code).subtracting([sr[i].key]) == Set(tr.tokens.code).subtracting([tr.key]) else { continue }
                let theirLine = tr.location.line...tr.location.line
                var d = Diagnostic(
                    "inline-code-mismatch", .warning,
                    MessageText.explainingEntities(
                        "the key of row '\(clip(sr[i].key, 40))' of the \(ta.origin.rawValue)\(shownSection(p.unit)) differs: \(tl) has '\(clip(tr.key, 40))', the source locale (\(sl)) has '\(clip(sr[i].key, 40))'"),
                    at: tr.location,
                    notes: [DiagnosticNote(
                        "the row in the source locale (\(sl))",
                        at: locate([sr[i].key], kind: 1, in: [sr[i].location.line...sr[i].location.line], target: false)?.start ?? sr[i].location)],
                    fingerprint: "key|\(sr[i].key)|\(tr.key)")
                // At the key's code span.
                d = Self.placed(d, at: locate([tr.key], kind: 1, in: [theirLine], target: true))
                d.fix = fixes().tokens(
                    rule: d.ruleID, kind: 1, missing: [sr[i].key], extra: [tr.key], sourceLines: [sr[i].location.line...sr[i].location.line],
                    targetLines: tr.location.line...tr.location.line)
                out.append(d)
                keyChanged.insert(i)
            }
            // A row key that is a name kept in every language (Latin words in a page of another
            // script: `101 Switching Protocols`) written otherwise in the translation's leading
            // cells (`101 | Switching Protocol`), where the rows were paired by the rest.
            for (i, p) in pairs.enumerated() where !keyChanged.contains(i) && !sr[i].keyIsCode {
                guard let p else { continue }
                let tr = targetRow(p)
                guard let theirs = Self.renamedKey(sr[i].key, in: tr.cells) else { continue }
                out.append(Diagnostic(
                    "row-key-mismatch", .warning,
                    "the name of row '\(clip(sr[i].key, 40))' of the \(ta.origin.rawValue)\(shownSection(p.unit)) differs: \(tl) has '\(clip(theirs, 40))', the source locale (\(sl)) has '\(clip(sr[i].key, 40))'",
                    at: tr.location, notes: [DiagnosticNote("the row in the source locale (\(sl))", at: sr[i].location)],
                    fingerprint: "key-name|\(sr[i].key)|\(theirs)"))
                keyChanged.insert(i)
            }
            // Row findings: many rows differing the same way (an old translation that wrote
            // `ELEMENT_NODE` for `Node.ELEMENT_NODE`) are one finding per rule for the table.
            let before = out.count
            for (i, p) in pairs.enumerated() {
                guard let p else { continue }
                let tr = targetRow(p)
                let tb = al.target.units[p.unit].table!
                // A row whose description (every cell after the first) is empty in the
                // translation but not in the source: the text was never written.
                if sr[i].cells.dropFirst().contains(where: { !$0.isEmpty }), tr.cells.dropFirst().allSatisfy(\.isEmpty) {
                    out.append(Diagnostic(
                        "table-shape-mismatch", .warning,
                        "row '\(clip(PageAlignment.rowKey(sr[i]), 40))' of the \(tb.origin.rawValue)\(shownSection(p.unit)) has no description in \(tl)",
                        at: tr.location, notes: [DiagnosticNote("the row in the source locale (\(sl))", at: sr[i].location)],
                        fingerprint: "empty-row|" + PageAlignment.rowKey(sr[i])))
                } else if ta.columnCount == tb.columnCount,
                    let j = tr.cells.indices.dropFirst().first(where: { j in
                        j < sr[i].cells.count && Self.isPlaceholderCell(tr.cells[j]) && !Self.isPlaceholderCell(sr[i].cells[j])
                            && sr[i].cells[j].unicodeScalars.contains(where: Script.isLetter)
                    })
                {
                    // A cell left as a placeholder (`...`, `TODO`) where the source has text.
                    out.append(Diagnostic(
                        "table-shape-mismatch", .warning,
                        "row '\(clip(PageAlignment.rowKey(sr[i]), 40))' of the \(tb.origin.rawValue)\(shownSection(p.unit)) has the placeholder '\(tr.cells[j])' in \(tl) where the source locale (\(sl)) has '\(clip(sr[i].cells[j], 40))'",
                        at: tr.location, notes: [DiagnosticNote("the row in the source locale (\(sl))", at: sr[i].location)],
                        fingerprint: "placeholder-cell|\(PageAlignment.rowKey(sr[i]))|\(j)"))
                }
                // The same data in another structure (a definition list of cross-reference macros,
                // an HTML table of plain text) links differently by its form: links are compared
                // only between tables of one origin.
                var sourceTokens = sr[i].tokens
                var targetTokens = tr.tokens
                // One side an HTML table, the other not: its markup is the structure's.
                if ta.origin != tb.origin, ta.origin == .html || tb.origin == .html {
                    sourceTokens.htmlAttributes = []
                    targetTokens.htmlAttributes = []
                }
                // Rows paired by their key's first word (`{{HTTPStatus(100, "100 Continue")}}`
                // and `| 100 | Continue |`): the key cell's form (a link to the item's own page, a
                // code span over two plain cells) is the structure's; the key paired the rows.
                // A key link the other row has anywhere still counts as there.
                if ta.origin != tb.origin, !Self.sameCode(PageAlignment.rowKey(sr[i]), PageAlignment.rowKey(tr)) {
                    let sourceLinks = Set(sourceTokens.links)
                    let targetLinks = Set(targetTokens.links)
                    sourceTokens.links = Self.removing(sr[i].keyLinks.filter { !targetLinks.contains($0) }, from: sourceTokens.links)
                    targetTokens.links = Self.removing(tr.keyLinks.filter { !sourceLinks.contains($0) }, from: targetTokens.links)
                    sourceTokens.code.removeAll { $0 == sr[i].key }
                    targetTokens.code.removeAll { $0 == tr.key }
                    // So are the key's numbers (`404` of `{{HTTPStatus(404, "404 Not Found")}}`,
                    // a macro whose text is not prose, written as a cell of its own).
                    var keyNumbers = InvariantTokens()
                    TokenExtractor(locales: []).tokens(prose: sr[i].key + " " + tr.key, into: &keyNumbers)
                    sourceTokens.numbers.removeAll { keyNumbers.numbers.contains($0) }
                    targetTokens.numbers.removeAll { keyNumbers.numbers.contains($0) }
                }
                // A changed key was reported above.
                if keyChanged.contains(i) {
                    sourceTokens.code.removeAll { $0 == sr[i].key }
                    targetTokens.code.removeAll { $0 == tr.key }
                }
                if Self.sameTokens(sourceTokens, targetTokens) { continue }
                let context = " in row '\(clip(PageAlignment.rowKey(sr[i]), 40))'"
                compareTokens(
                    source: [(i, sourceTokens, sr[i].location, context, Self.rowLines(sr, i, in: a), context)],
                    target: [(i, targetTokens, tr.location, context, Self.rowLines(tb.rows, p.row, in: al.target.units[p.unit]), context)],
                    counterpart: [i: i], fallback: tr.location, keepNumbers: sr[i].wholeCellNumbers, row: true)
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
                let section = tableSection()
                var first = group[0]
                first.message = "\(group.count) of \(sr.count) rows of the \(ta.origin.rawValue)\(section) differ (\(InvariantTokens.noun(of: d.ruleID))); the first: " + first.message
                first.notes += group.dropFirst().compactMap { g in g.location.map { DiagnosticNote("another row that differs", at: $0) } }
                first.fingerprintContent = "rows|" + group.compactMap(\.fingerprintContent).joined(separator: "||")
                first.fix = Fix.merged(group.map(\.fix))
                out.append(first)
            }
        }

        // MARK: tokens

        /// A block (or a table row) whose tokens are compared: its id, tokens, location, the
        /// " in section 'X'" context its findings' fingerprints hold (the section as its own page
        /// names it), its lines (where a fix and the finding's location find the tokens) and the
        /// context messages show (the section as the translation names it, `shownContext`).
        typealias TokenUnit = (id: Int, tokens: InvariantTokens, at: SourceLocation, context: String, lines: ClosedRange<Int>, shown: String)

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
            keepNumbers: Set<String> = [], alsoInSource: [InvariantTokens] = [], alsoInTarget: [InvariantTokens] = [], row: Bool = false
        ) {
            // A site that one locale links in its localised form (`ja.vite.dev/…`) is compared
            // by site only, on both sides.
            var localized = Set<String>()
            for u in source + target {
                for link in u.tokens.links where link.hasSuffix("/…") { localized.insert(String(link.dropLast(2))) }
            }
            func site(_ t: InvariantTokens) -> InvariantTokens {
                var t = t
                t.links = t.links.map { link in localized.first { link == $0 || link.hasPrefix($0 + "/") }.map { $0 + "/…" } ?? link }
                return t
            }
            let source = localized.isEmpty ? source : source.map { TokenUnit($0.id, site($0.tokens), $0.at, $0.context, $0.lines, $0.shown) }
            let target = localized.isEmpty ? target : target.map { TokenUnit($0.id, site($0.tokens), $0.at, $0.context, $0.lines, $0.shown) }
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
                // A kind neither side has a token of has nothing to report.
                guard source.contains(where: { !$0.tokens.tokens(ofKind: kind).isEmpty })
                    || target.contains(where: { !$0.tokens.tokens(ofKind: kind).isEmpty })
                else { continue }
                let (rule, noun) = InvariantTokens.kindNames[kind]
                // What follows is read only for a token the other side lacks: each built when
                // first needed.
                // Inline code written as plain text on the other side, anywhere on its page, is
                // formatting, not drift; so is a constant with or without its qualifier
                // (`Node.ELEMENT_NODE` / `ELEMENT_NODE`). Compared ASCII-case-insensitively.
                var qualifiedForms: (target: Set<String>?, source: Set<String>?) = (nil, nil)
                func qualified(target isTarget: Bool) -> Set<String> {
                    if let q = isTarget ? qualifiedForms.target : qualifiedForms.source { return q }
                    let q = isTarget ? Self.qualifierForms(target.map(\.tokens) + alsoInTarget) : Self.qualifierForms(source.map(\.tokens) + alsoInSource)
                    if isTarget { qualifiedForms.target = q } else { qualifiedForms.source = q }
                    return q
                }
                // A number the source writes as part of an ideographic word may be a word in the
                // translation; a large round number may be written with a word for thousands,
                // millions, … (`1000000000` / `1 миллиард`, `120000` / `120 тыс.`).
                var numberSets: (wordNumbers: Set<String>, targetNumbers: [String])? = nil
                func numbers() -> (wordNumbers: Set<String>, targetNumbers: [String]) {
                    if let numberSets { return numberSets }
                    let n = (Set(source.flatMap(\.tokens.wordNumbers)), (target.map(\.tokens) + alsoInTarget).flatMap(\.numbers))
                    numberSets = n
                    return n
                }
                func writtenWithMultiplier(_ x: String) -> Bool {
                    guard x.hasSuffix("000") else { return false }
                    return numbers().targetNumbers.contains { y in (1...4).contains { TokenExtractor.scaled(y, zeros: 3 * $0) == x } }
                }
                // Present in the matched stretch (as code or text): never missing. Present only
                // elsewhere on the page: missing only where the counterpart block has other code
                // instead (`startTransition` written where the source says `addTransitionType`).
                var regionTexts: (target: String?, source: String?) = (nil, nil)
                func region(target isTarget: Bool) -> String {
                    if let r = isTarget ? regionTexts.target : regionTexts.source { return r }
                    let r = isTarget
                        ? LinkTarget.asciiLowercased((target.map(\.tokens.text) + alsoInTarget.map(\.text)).joined(separator: "\n"))
                        : LinkTarget.asciiLowercased((source.map(\.tokens.text) + alsoInSource.map(\.text)).joined(separator: "\n"))
                    if isTarget { regionTexts.target = r } else { regionTexts.source = r }
                    return r
                }
                func inRegion(_ x: String, target isTarget: Bool) -> Bool {
                    if region(target: isTarget).hasBytes(LinkTarget.asciiLowercased(x)) { return true }
                    let forms = qualified(target: isTarget)
                    return forms.contains(x) || forms.contains(Self.unqualified(x))
                }
                func counted(_ x: String) -> Bool {
                    if kind == 1 { return !(inRegion(x, target: true) || Self.present(x, in: pageText(target: true))) }
                    guard kind == 0, !keepNumbers.contains(x) else { return true }
                    return !((Int(x).map { $0 <= 10 } ?? false) || numbers().wordNumbers.contains(x) || writtenWithMultiplier(x))
                }
                // Links are a multiset (each link of the source needs one in the translation);
                // other tokens only need to be present: mentioning `true` twice where the source
                // does once is style, not drift.
                let multiset = kind == 2
                var available: [String: Int] = [:]
                for t in target.map(\.tokens) + alsoInTarget { for x in t.tokens(ofKind: kind) { available[x, default: 0] += 1 } }
                if !multiset { for k in available.keys { available[k] = Int.max / 2 } }
                // Missing tokens grouped by where they are reported.
                var missing: [SourceLocation: (tokens: [String], note: SourceLocation, context: String, counterpart: Int?, sources: [ClosedRange<Int>], shown: String)] = [:]
                var order: [SourceLocation] = []
                var softMissing: [(at: SourceLocation, token: String, note: SourceLocation, context: String, counterpart: Int, lines: ClosedRange<Int>, shown: String)] = []
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
                                missing[at] = ([], s.at, s.context, c, [], s.shown)
                                order.append(at)
                            }
                            if missing[at]!.sources.last != s.lines { missing[at]!.sources.append(s.lines) }
                            if multiset || !missing[at]!.tokens.contains(x) { missing[at]!.tokens.append(x) }
                        } else if kind == 1, let c = counterpart[s.id], let at = targetAt[c], !inRegion(x, target: true),
                            reported.insert(x).inserted
                        {
                            softMissing.append((at, x, s.at, s.context, c, s.lines, s.shown))
                        }
                    }
                }
                var extra: [Int: [String]] = [:]
                var softExtra: [Int: [String]] = [:]
                var remaining = sourceCounts
                if !multiset { for k in remaining.keys { remaining[k] = Int.max / 2 } }
                for t in target {
                    for x in t.tokens.tokens(ofKind: kind) {
                        if let c = remaining[x], c > 0 {
                            remaining[x] = c - 1
                        } else if kind == 1 && inRegion(x, target: false) {
                            continue
                        } else if kind == 1 && Self.present(x, in: pageText(target: false)) {
                            if reported.insert("extra:" + x).inserted { softExtra[t.id, default: []].append(x) }
                        } else if multiset || reported.insert("extra:" + x).inserted {
                            extra[t.id, default: []].append(x)
                        }
                    }
                }
                // Code present elsewhere on the other page counts where the block has other code
                // in its place: a replacement, not a span moved or written as plain text.
                for m in softMissing where !(extra[m.counterpart] ?? []).isEmpty || !(softExtra[m.counterpart] ?? []).isEmpty {
                    if missing[m.at] == nil {
                        missing[m.at] = ([], m.note, m.context, m.counterpart, [], m.shown)
                        order.append(m.at)
                    }
                    if missing[m.at]!.sources.last != m.lines { missing[m.at]!.sources.append(m.lines) }
                    missing[m.at]!.tokens.append(m.token)
                }
                var instead: (missingAt: SourceLocation, at: SourceLocation)? = nil
                var missingCounterparts = Set(order.compactMap { missing[$0]!.counterpart })
                for (c, e) in softExtra where missingCounterparts.contains(c) { extra[c, default: []] += e }
                // One replacement over a paragraph the translator split in two: the only missing
                // group (its counterpart has nothing extra) and the only extra group, in another
                // block of the same stretch, are one "differs" finding, not a missing and an extra.
                // A number is shown as what the translation has instead only when it is alike
                // (`2019` / `2022`, `100` / `1000`): in a row, another number (a version in a
                // column the source does not have) is not its replacement, nor, across blocks, a
                // number of another paragraph.
                let missingNumbers = kind == 0 ? order.flatMap { missing[$0]!.tokens } : []
                func alike(_ x: String) -> Bool { missingNumbers.contains { Self.alikeNumbers(x, $0) } }
                if kind == 0 && row {
                    for k in Array(extra.keys) { extra[k]!.removeAll { !alike($0) } }
                }
                do {
                    let lone = order.filter { at in missing[at]!.counterpart.map { (extra[$0] ?? []).isEmpty } ?? true }
                    let extraOnly = extra.filter { !missingCounterparts.contains($0.key) && $0.value.contains { kind != 0 || alike($0) } }
                    if lone.count == 1, extraOnly.count == 1, let d = extraOnly.first?.key {
                        if kind == 0 { extra[d]!.removeAll { !alike($0) } }
                        missing[lone[0]]!.counterpart = d
                        missingCounterparts.insert(d)
                        if let x = targetAt[d], x != lone[0] { instead = (lone[0], x) }
                    }
                }
                for at in order {
                    let m = missing[at]!
                    // Notes point at the source's token itself where the scanner finds it.
                    let note = DiagnosticNote(
                        "the source locale (\(sl)) has it here", at: locate(m.tokens, kind: kind, in: m.sources, target: false)?.start ?? m.note)
                    if let c = m.counterpart, let e = extra[c], !e.isEmpty {
                        extra[c] = nil
                        let theirLines = targetLines[c].map { [$0] } ?? []
                        let token = locate(e, kind: kind, in: theirLines, target: true)
                        // What the translation has instead stands in another block of the
                        // stretch: the finding is there, at the token when the scanner finds it,
                        // else a note points at that block.
                        let elsewhere = instead?.missingAt == at
                        let other = instead.flatMap { i in
                            i.missingAt != at ? nil
                                : token == nil ? DiagnosticNote("what \(tl) has instead", at: i.at)
                                : DiagnosticNote("the counterpart in \(tl) of the source's block", at: at)
                        }
                        let theirs = written(e, kind: kind, target: true, lines: theirLines)
                        let ours = written(m.tokens, kind: kind, target: false, lines: m.sources)
                        var d = Diagnostic(
                            rule, .warning,
                            MessageText.explainingEntities(
                                "\(noun)\(m.shown) differs: \(tl) has \(list(theirs, against: ours)), the source locale (\(sl)) has \(list(ours, against: theirs))"),
                            at: at, notes: [note] + (other.map { [$0] } ?? []), fingerprint: "\(m.context)|\(m.tokens.joined(separator: " "))|\(e.joined(separator: " "))")
                        // At the translation's token.
                        d = Self.placed(d, at: token)
                        d.tokens = DriftTokens(source: m.tokens, target: e)
                        // A number replaced in another paragraph is new content more often than a
                        // typo: reported, not fixed.
                        if let lines = targetLines[c], kind != 0 || !elsewhere {
                            d.fix = fixes().tokens(rule: rule, kind: kind, missing: m.tokens, extra: e, sourceLines: m.sources, targetLines: lines)
                        }
                        out.append(d)
                    } else {
                        var d = Diagnostic(
                            rule, .warning,
                            MessageText.explainingEntities(
                                "\(noun) \(list(written(m.tokens, kind: kind, target: false, lines: m.sources)))\(m.shown) of the source locale (\(sl)) \(m.tokens.count == 1 ? "is" : "are") missing in \(tl)"),
                            at: at, notes: [note], fingerprint: "\(m.context)|\(m.tokens.joined(separator: " "))")
                        d.tokens = DriftTokens(source: m.tokens, target: [])
                        out.append(d)
                    }
                }
                guard kind != 0 else { continue }
                for t in target {
                    guard let e = extra[t.id], !e.isEmpty else { continue }
                    // The source block this one stands for: where the note points.
                    let origin = source.first { counterpart[$0.id] == t.id }
                    var note = origin.map { DiagnosticNote("the counterpart in the source locale (\(sl))", at: $0.at) }
                        ?? DiagnosticNote("source page", at: SourceLocation(file: pair.source.path, line: 1))
                    // Code the source block has that this one lacks and that one of the extra spans
                    // contains (or is contained in): renamed (`unstable_addTransitionType` for
                    // `addTransitionType`), present elsewhere on the page only as part of the new name.
                    // Looked for in the block's counterpart, else in the whole stretch, never in
                    // code the translation's stretch has as it is.
                    var replaced: [String] = []
                    if kind == 1 {
                        let candidates = origin == nil ? source : source.filter { counterpart[$0.id] == t.id }
                        let targetCode = Set((target.map(\.tokens) + alsoInTarget).flatMap(\.code))
                        replaced = Array(Set(candidates.flatMap(\.tokens.code).filter { x in
                            !targetCode.contains(x) && e.contains { y in Self.contains(y, x) || Self.contains(x, y) }
                        })).sorted()
                        if let first = candidates.first(where: { $0.tokens.code.contains(where: replaced.contains) }) {
                            // The renamed span itself in the source, where the scanner finds it.
                            let span = locate(replaced, kind: kind, in: [first.lines], target: false)?.start
                            if origin == nil {
                                note = DiagnosticNote("the source locale (\(sl)) has it here", at: span ?? first.at)
                            } else if let span {
                                note.location = span
                            }
                        }
                    }
                    let token = locate(e, kind: kind, in: [t.lines], target: true)
                    if !replaced.isEmpty {
                        var d = Diagnostic(
                            rule, .warning,
                            MessageText.explainingEntities(
                                "\(noun)\(t.shown) differs: \(tl) has \(list(e, against: replaced)), the source locale (\(sl)) has \(list(replaced, against: e))"),
                            at: t.at, notes: [note], fingerprint: "\(t.context)|\(replaced.joined(separator: " "))|\(e.joined(separator: " "))")
                        d = Self.placed(d, at: token)
                        d.tokens = DriftTokens(source: replaced, target: e)
                        out.append(d)
                        continue
                    }
                    var d = Diagnostic(
                        rule, .warning,
                        MessageText.explainingEntities(
                            "\(tl) has \(noun) \(list(written(e, kind: kind, target: true, lines: [t.lines])))\(t.shown) that the source locale (\(sl)) does not"),
                        at: t.at, notes: [note],
                        fingerprint: "extra\(t.context)|\(e.joined(separator: " "))")
                    d = Self.placed(d, at: token)
                    d.tokens = DriftTokens(source: [], target: e)
                    out.append(d)
                }
            }
        }

        /// Whether code token `x` is in `text` (ASCII-lower-cased page text): as written, or, for a
        /// span that names one identifier (`Vec<T>`, `println!`, `compareDocumentPosition()`),
        /// that identifier as a whole word, in prose or in a code block (sentence punctuation caught
        /// inside the span, `Retry-After:`, left out).
        static func present(_ x: String, in text: String) -> Bool {
            let lower = LinkTarget.asciiLowercased(x)
            if text.hasBytes(lower) { return true }
            var name = Substring(lower)
            // Punctuation of the sentence caught inside the span (`Retry-After:`, `useCallback,`).
            while let last = name.utf8.last, last == UInt8(ascii: ":") || last == UInt8(ascii: ",") || last == UInt8(ascii: ";"),
                name.utf8.count > 2
            {
                name = name.dropLast()
            }
            if name.hasSuffix("()") { name = name.dropLast(2) }
            if name.hasSuffix("!") { name = name.dropLast() }
            if name.hasSuffix(">"), let open = name.firstIndex(of: "<") { name = name[..<open] }
            let identifier = name.utf8.count >= 2 && name.utf8.allSatisfy { b in
                b == UInt8(ascii: "_") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":") || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
                    || b == UInt8(ascii: "-")
            } && name.utf8.first != UInt8(ascii: "-") && name.utf8.last != UInt8(ascii: "-")
            return identifier && name.count < lower.count && containsWord(text, name)
        }

        /// Whether `word` occurs in `text` with no identifier byte (ASCII letter, digit, `_`) on
        /// either side.
        static func containsWord(_ text: String, _ word: Substring) -> Bool {
            let t = Array(text.utf8)
            let w = Array(word.utf8)
            guard !w.isEmpty, t.count >= w.count else { return false }
            func isWordByte(_ b: UInt8) -> Bool { b == UInt8(ascii: "_") || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) }
            var i = 0
            while i + w.count <= t.count {
                if t[i] == w[0], t[i..<(i + w.count)].elementsEqual(w),
                    i == 0 || !isWordByte(t[i - 1]), i + w.count == t.count || !isWordByte(t[i + w.count])
                {
                    return true
                }
                i += 1
            }
            return false
        }

        /// Every code token of `tokens` and its unqualified form (`Node.ELEMENT_NODE` also gives
        /// `ELEMENT_NODE`).
        static func qualifierForms(_ tokens: [InvariantTokens]) -> Set<String> {
            var out = Set<String>()
            for t in tokens {
                for c in t.code {
                    out.insert(c)
                    out.insert(unqualified(c))
                }
            }
            return out
        }

        /// A code token without its qualifier: the part after the last `.` or `::` of a dotted
        /// identifier (`Node.ELEMENT_NODE` → `ELEMENT_NODE`); other code as it is: a range
        /// (`1...n`, `a..b`) or a number (`1.5`) has no qualifier.
        static func unqualified(_ c: String) -> String {
            // ASCII letters are the ASCII scalars that are alphabetic.
            guard c.utf8.allSatisfy({ b in
                b == UInt8(ascii: ".") || b == UInt8(ascii: ":") || b == UInt8(ascii: "_") || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
                    || (b >= 0x30 && b <= 0x39)
            }) else { return c }
            // Each part an identifier (`::` is one separator, so it leaves no empty part); a
            // leading `...` (`...u8`, "digits, then `u8`") qualifies too.
            let parts = c.replacingOccurrences(of: "::", with: ".").split(separator: ".", omittingEmptySubsequences: false).drop { $0.isEmpty }
            guard !parts.isEmpty,
                parts.allSatisfy({ p in p.utf8.first.map { $0 == UInt8(ascii: "_") || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) } ?? false }),
                let last = parts.last
            else { return c }
            return String(last)
        }

        /// Up to four tokens, quoted; long ones cut around where they stop agreeing with the most
        /// similar of `others` (the other side's tokens), so the difference stays visible.
        func list(_ tokens: [String], against others: [String] = []) -> String {
            let shown = MessageText.clip(Array(tokens.prefix(4)), against: others, 80).map { "'\($0)'" }.joined(separator: ", ")
            return tokens.count > 4 ? shown + " and \(tokens.count - 4) more" : shown
        }

        func clip(_ s: String, _ n: Int = 60) -> String {
            MessageText.clip(s, n)
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
