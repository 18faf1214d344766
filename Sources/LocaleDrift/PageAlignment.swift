import DocDiagnostics
import Foundation
import SpecModel

/// The block alignment of a page pair: both pages' structures and which source section matches
/// which target section.
///
/// Sections are aligned like a diff, maximising a similarity score built only from what does
/// not depend on the language: explicit heading anchors, heading level, the invariant tokens and
/// code of each section's body, the section's share of the page's prose (translations are
/// longer or shorter than their source by a roughly constant factor) and its position. One
/// missing section therefore leaves the others matched, and yields one finding.
public struct PageAlignment: Sendable {
    /// The source page's structure.
    public var source: PageStructure
    /// The target page's structure.
    public var target: PageStructure
    /// For each source section, the index of the matched target section.
    public var sourceToTarget: [Int: Int] = [:]
    /// For each target section, the index of the matched source section.
    public var targetToSource: [Int: Int] = [:]
    /// Target prose letters per source letter over the whole page.
    public var lengthRatio: Double

    /// Aligns the pages of `pair`; `locales` are the locale codes removed from link targets.
    public init(_ pair: PagePair, locales: Set<String>? = nil) {
        let locales = locales ?? [pair.source.locale.lowercased(), pair.target.locale.lowercased()]
        source = pair.source.structure ?? PageStructure(pair.source, locales: locales)
        target = pair.target.structure ?? PageStructure(pair.target, locales: locales)
        let sl = max(source.letterCount, 1)
        let tl = max(target.letterCount, 1)
        lengthRatio = Double(tl) / Double(sl)
        let ss = source.sections.map { Self.sorted(Self.signature($0, source)) }
        let ts = target.sections.map { Self.sorted(Self.signature($0, target)) }
        // A section with subsections is also compared by everything under it: a translator who
        // folded an H3 into its H2 (a parameter heading turned into a list item) kept the H2's
        // content, subsections included.
        let sDeep = Self.deepSignatures(source, ss)
        let tDeep = Self.deepSignatures(target, ts)
        let sCode = source.sections.map { Self.sorted(Self.codeWords($0, source)) }
        let tCode = target.sections.map { Self.sorted(Self.codeWords($0, target)) }
        let sLetters = source.sections.map { Self.letters($0, source) }
        let tLetters = target.sections.map { Self.letters($0, target) }
        let n = source.sections.count
        let m = target.sections.count
        let ratio = lengthRatio
        // What the n × m scores read, gathered once per section (the scoring runs a million
        // times on pages of a thousand sections): heading level, anchor as a number shared by
        // both pages (equal anchors, equal numbers), -1 without a heading.
        var anchorIDs: [String: Int] = [:]
        func gathered(_ s: PageStructure) -> (level: [Int], anchor: [Int?]) {
            var level: [Int] = []
            var anchor: [Int?] = []
            for section in s.sections {
                guard let h = section.headingIndex else {
                    level.append(-1)
                    anchor.append(nil)
                    continue
                }
                level.append(section.level)
                anchor.append(s.units[h].anchor.map { a in
                    if let id = anchorIDs[a] { return id }
                    anchorIDs[a] = anchorIDs.count
                    return anchorIDs.count - 1
                })
            }
            return (level, anchor)
        }
        let (sLevel, sAnchor) = gathered(source)
        let (tLevel, tAnchor) = gathered(target)
        let src = source
        let tgt = target
        // Over the table's limit (pages of thousands of sections), sections with the same
        // level, anchor and tokens, unique on both pages, are matched first.
        func key(_ s: PageStructure, _ k: Int, _ tokens: [UInt64]) -> SectionKey? {
            let section = s.sections[k]
            guard let h = section.headingIndex else { return SectionKey(level: 0, anchor: nil, tokens: []) }
            let anchor = s.units[h].anchor
            return anchor == nil && tokens.isEmpty ? nil : SectionKey(level: section.level, anchor: anchor, tokens: tokens)
        }
        let keys = (source: ss.indices.map { key(src, $0, ss[$0]) }, target: ts.indices.map { key(tgt, $0, ts[$0]) })
        // The n × m similarities, a row at a time when the scoring asks row by row.
        var scoring = SectionScoring(
            sourceLevel: sLevel, targetLevel: tLevel, sourceAnchor: sAnchor.map { $0 ?? -1 }, targetAnchor: tAnchor.map { $0 ?? -1 },
            sourceTokenCount: ss.map { $0.count }, targetTokenCount: ts.map { $0.count }, sourceHasCode: sCode.map { !$0.isEmpty },
            targetHasCode: tCode.map { !$0.isEmpty }, sourceHasDeep: sDeep.map { $0 != nil }, targetHasDeep: tDeep.map { $0 != nil },
            sourceLetters: sLetters, targetLetters: tLetters, ratio: ratio, own: Alignment.TagIntersections(rows: ss, columns: ts),
            code: Alignment.TagIntersections(rows: sCode, columns: tCode),
            deep: Alignment.TagIntersections(rows: sDeep.indices.map { sDeep[$0] ?? ss[$0] }, columns: tDeep.indices.map { tDeep[$0] ?? ts[$0] }))
        let matches: [(Int, Int)]
        if let cache = pair.scoreCache, n * m <= SectionScoreCache.limit {
            let inputs = { (s: PageStructure, k: Int, level: [Int], own: [[UInt64]], deep: [[UInt64]?], code: [[UInt64]], letters: [Int]) in
                SectionScoreCache.Inputs(
                    level: level[k], anchor: s.sections[k].headingIndex.flatMap { s.units[$0].anchor }, tokens: own[k], deep: deep[k], code: code[k],
                    letters: letters[k])
            }
            let terms = scoring
            let scores = cache.scores(
                source: (0..<n).map { inputs(src, $0, sLevel, ss, sDeep, sCode, sLetters) },
                target: (0..<m).map { inputs(tgt, $0, tLevel, ts, tDeep, tCode, tLetters) }, ratio: ratio, partial: { scoring.partial($0, $1) }
            ) { i, j, p in terms.score(i, j, partial: p) }
            matches = Alignment.scored(n, m, keys: keys) { Double(scores[$0 * m + $1]) }
        } else {
            matches = Alignment.scored(n, m, keys: keys) { i, j in scoring.score(i, j) }
        }
        for (i, j) in matches {
            sourceToTarget[i] = j
            targetToSource[j] = i
        }
        // Sections the translation has in another order: a leftover source section and a
        // leftover target section that are clearly the same (same anchor, or most of their
        // tokens and code in common) are matched out of order.
        let leftS = (0..<n).filter { sourceToTarget[$0] == nil && source.sections[$0].headingIndex != nil }
        let leftT = (0..<m).filter { targetToSource[$0] == nil && target.sections[$0].headingIndex != nil }
        let movedScore = { (i: Int, j: Int) -> Double in
            let a = src.sections[i]
            let b = tgt.sections[j]
            if let x = src.units[a.headingIndex!].anchor, let y = tgt.units[b.headingIndex!].anchor { return x == y ? 1 : 0 }
            guard ss[i].count >= 2, ts[j].count >= 2 else { return 0 }
            return Alignment.jaccardSorted(ss[i], ts[j]) + (a.level == b.level ? 0.1 : -0.2)
                + 0.2 * Self.lengthSimilarity(sLetters[i], tLetters[j], ratio)
        }
        moved = Self.movedPairs(
            leftS, leftT, score: movedScore, sourceAnchor: { src.units[src.sections[$0].headingIndex!].anchor },
            targetAnchor: { tgt.units[tgt.sections[$0].headingIndex!].anchor }, sourceTokens: { ss[$0] }, targetTokens: { ts[$0] })
        alignRegions(pair.scoreCache)
        unmatchedLines = (Self.lines(source, missingSections), Self.lines(target, extraSections))
    }

    /// What the n × m section scores read, gathered once per page pair (the scoring runs a
    /// million times on pages of a thousand sections), per source section (`source…`, by `i`)
    /// and per target section (`target…`, by `j`): heading level (-1 without a heading), anchor
    /// as a number shared by both pages (-1 without), token count, whether the section has code
    /// words and a deep signature, prose letters; and the tag similarities.
    struct SectionScoring {
        let sourceLevel: [Int]
        let targetLevel: [Int]
        let sourceAnchor: [Int]
        let targetAnchor: [Int]
        let sourceTokenCount: [Int]
        let targetTokenCount: [Int]
        let sourceHasCode: [Bool]
        let targetHasCode: [Bool]
        let sourceHasDeep: [Bool]
        let targetHasDeep: [Bool]
        let sourceLetters: [Int]
        let targetLetters: [Int]
        /// Target prose letters per source letter over the whole page.
        let ratio: Double
        /// Similarities of the sections' own signatures, code words and deep signatures (the
        /// own signature for a section without one).
        var own: Alignment.TagIntersections
        var code: Alignment.TagIntersections
        var deep: Alignment.TagIntersections

        /// The score of two sections with headings before the length and position terms: what
        /// depends only on the two sections (kept by `SectionScoreCache` across checks).
        mutating func partial(_ i: Int, _ j: Int) -> Double {
            var score = 0.5
            score += sourceLevel[i] == targetLevel[j] ? 1 : -1.5
            let aa = sourceAnchor[i]
            let ba = targetAnchor[j]
            if aa >= 0, ba >= 0 { score += aa == ba ? 10 : -4 }
            let jac = own.jaccard(i, j)
            score += 4 * jac
            // Samples the translation rewrote a little still share their identifiers (only
            // evidence for, never against: a replaced sample is a finding, not a misalignment).
            if sourceHasCode[i], targetHasCode[j] { score += 2 * code.jaccard(i, j) }
            if sourceHasDeep[i] || targetHasDeep[j] {
                score += 3 * max(0, deep.jaccard(i, j) - jac)
            }
            // Both sections carry tokens and share none: evidence that they differ.
            if sourceTokenCount[i] >= 3 && targetTokenCount[j] >= 3 && jac < 0.1 { score -= 2 }
            return score
        }

        /// The score of sections `i` and `j` whose `partial(i, j)` is `partial` (read only when
        /// both have headings): 100 for the two parts before the first heading, -1 for one of
        /// them and a section, else `partial` with the length and position terms.
        @inline(__always)
        func score(_ i: Int, _ j: Int, partial: Double) -> Double {
            let la = sourceLevel[i]
            let lb = targetLevel[j]
            if la < 0 || lb < 0 { return la < 0 && lb < 0 ? 100 : -1 }
            var score = partial
            score += 1.5 * PageAlignment.lengthSimilarity(sourceLetters[i], targetLetters[j], ratio)
            let n = sourceLevel.count
            let m = targetLevel.count
            score -= 3 * abs(Double(i) / Double(max(n, 1)) - Double(j) / Double(max(m, 1)))
            return score - 0.5
        }

        /// The score of sections `i` and `j`.
        mutating func score(_ i: Int, _ j: Int) -> Double {
            if sourceLevel[i] < 0 || targetLevel[j] < 0 { return score(i, j, partial: 0) }
            let p = partial(i, j)
            return score(i, j, partial: p)
        }
    }

    /// What matches a section to its counterpart on sight when the pages are too large to align
    /// by score alone: level, explicit anchor and tokens (sorted).
    struct SectionKey: Hashable {
        var level: Int
        var anchor: String?
        var tokens: [UInt64]
    }

    /// Leftover source sections (ascending) matched to leftover target sections out of order:
    /// each takes the not yet taken target section with the best `score` (the first of equals)
    /// when that is at least 0.5. A score of 0.5 needs the same anchor or a token in common, so
    /// when every pair cannot be tried (more than `limit` pairs) only those are: target sections
    /// with the same anchor or sharing one of the source section's tokens, tokens found in more
    /// than `postingLimit` target sections aside (they say little about which section is which).
    static func movedPairs(
        _ leftS: [Int], _ leftT: [Int], score: (Int, Int) -> Double, sourceAnchor: (Int) -> String?, targetAnchor: (Int) -> String?,
        sourceTokens: (Int) -> [UInt64], targetTokens: (Int) -> [UInt64], limit: Int = 4_000_000, postingLimit: Int = 64
    ) -> [(Int, Int)] {
        guard !leftS.isEmpty, !leftT.isEmpty else { return [] }
        var taken = Set<Int>()
        var out: [(Int, Int)] = []
        func take(_ i: Int, _ candidates: some Sequence<Int>) {
            var best: (j: Int, score: Double)? = nil
            for j in candidates where !taken.contains(j) {
                let sc = score(i, j)
                if best == nil || sc > best!.score || (sc == best!.score && j < best!.j) { best = (j, sc) }
            }
            if let best, best.score >= 0.5 {
                out.append((i, best.j))
                taken.insert(best.j)
            }
        }
        if leftS.count * leftT.count <= limit {
            for i in leftS { take(i, leftT) }
            return out
        }
        var byAnchor: [String: [Int]] = [:]
        var byToken: [UInt64: [Int]] = [:]
        for j in leftT {
            if let a = targetAnchor(j) { byAnchor[a, default: []].append(j) }
            var last: UInt64? = nil
            for t in targetTokens(j) where t != last {
                byToken[t, default: []].append(j)
                last = t
            }
        }
        for i in leftS {
            var candidates = Set<Int>()
            if let a = sourceAnchor(i) { candidates.formUnion(byAnchor[a] ?? []) }
            for t in sourceTokens(i) {
                if let js = byToken[t], js.count <= postingLimit { candidates.formUnion(js) }
            }
            take(i, candidates)
        }
        return out
    }

    /// A stretch of both pages between two matched sections: the matched pair and the
    /// unmatched sections that follow each, with their blocks aligned one to one.
    public struct Region: Sendable {
        /// Source section indices, the matched one first.
        public var sourceSections: [Int]
        /// Target section indices, the matched one first.
        public var targetSections: [Int]
        /// Source unit indices (headings and bodies), in order.
        public var sourceUnits: [Int]
        /// Target unit indices (headings and bodies), in order.
        public var targetUnits: [Int]
        /// Matched blocks: source unit index → target unit index.
        public var matches: [Int: Int]
    }

    /// The regions, in page order, then one per section pair matched out of order.
    public var regions: [Region] = []
    /// Section pairs matched out of order (the translation moved them): source → target.
    public var moved: [(Int, Int)] = []
    /// Source sections whose content the translation lacks (reported as `missing-section`;
    /// subsections of a missing section included).
    public var missingSections: Set<Int> = []
    /// Target sections whose content the source lacks (subsections included).
    public var extraSections: Set<Int> = []

    /// A row of a generic table: the table's unit index and the row's index in it.
    public struct RowRef: Hashable, Sendable, Comparable {
        /// The unit index of the table.
        public var unit: Int
        /// The row's index among the table's body rows.
        public var row: Int

        public init(unit: Int, row: Int) {
            self.unit = unit
            self.row = row
        }

        public static func < (a: RowRef, b: RowRef) -> Bool { (a.unit, a.row) < (b.unit, b.row) }
    }

    /// Rows of generic tables paired page-wide, source row → target row: first within each pair
    /// of matched tables (by tokens and key), then the rows left over anywhere on the page by
    /// key, whatever structure holds them (definition lists under several headings in one
    /// locale, one HTML table with group rows in the other), so a row found elsewhere on the
    /// page is never missing or extra.
    public var rowPairs: [RowRef: RowRef] = [:]
    /// The inverse of `rowPairs`.
    public var targetRowPairs: [RowRef: RowRef] = [:]

    /// Splits the pages into regions and aligns their blocks. An unmatched section whose blocks
    /// found counterparts (a translator merged or split headings) is not missing or extra.
    ///
    /// With `cache`, a region whose blocks are alike (`blockInputsEqual`) to those of the region
    /// at the same place in the cache's last alignment, at the same length ratio, takes that
    /// region's block matches: the block scores read nothing else, so the matches are the same.
    mutating func alignRegions(_ cache: SectionScoreCache? = nil) {
        let previous = cache?.takeRegions()
        var memo = SectionScoreCache.Regions(source: source.units, target: target.units, ratio: lengthRatio, regions: [])
        let movedS = Set(moved.map(\.0))
        let movedT = Set(moved.map(\.1))
        let pairs = sourceToTarget.sorted { $0.key < $1.key }.map { ($0.key, $0.value, false) } + moved.map { ($0.0, $0.1, true) }
        for (k, (i, j, isMoved)) in pairs.enumerated() {
            let nextI = isMoved ? i + 1 : k + 1 < pairs.count && !pairs[k + 1].2 ? pairs[k + 1].0 : source.sections.count
            let nextJ = isMoved ? j + 1 : k + 1 < pairs.count && !pairs[k + 1].2 ? pairs[k + 1].1 : target.sections.count
            var region = Region(
                sourceSections: [i] + (i + 1..<nextI).filter { !movedS.contains($0) },
                targetSections: [j] + (j + 1..<nextJ).filter { !movedT.contains($0) }, sourceUnits: [], targetUnits: [], matches: [:])
            region.sourceUnits = Self.units(region.sourceSections, source)
            region.targetUnits = Self.units(region.targetSections, target)
            let su = region.sourceUnits
            let tu = region.targetUnits
            let src = source
            let tgt = target
            let ratio = lengthRatio
            // The matched sections' headings are each other's counterparts.
            let hs = source.sections[i].headingIndex
            let ht = target.sections[j].headingIndex
            let headings = (su.firstIndex { $0 == hs }, tu.firstIndex { $0 == ht })
            let matches: [(Int, Int)]
            if let previous, let kept = Self.keptMatches(previous, k, su, tu, headings, source.units, target.units, ratio) {
                matches = kept
            } else {
                // The units are read in place (a copy of a unit retains each of its parts).
                matches = src.units.withUnsafeBufferPointer { sUnits in
                    tgt.units.withUnsafeBufferPointer { tUnits in
                        Alignment.scored(su.count, tu.count) { a, b in
                            if su[a] == hs || tu[b] == ht { return su[a] == hs && tu[b] == ht ? 100 : -1 }
                            return Self.blockScore(sUnits.baseAddress! + su[a], tUnits.baseAddress! + tu[b], ratio)
                                - 2 * abs(Double(a) / Double(max(su.count, 1)) - Double(b) / Double(max(tu.count, 1)))
                        }
                    }
                }
            }
            memo.regions.append(.init(sourceUnits: su, targetUnits: tu, headings: headings, matches: matches))
            region.matches.reserveCapacity(matches.count)
            for (a, b) in matches { region.matches[su[a]] = tu[b] }
            regions.append(region)
        }
        cache?.keep(memo)
        pairRows()
        // Unmatched sections whose content found no counterpart: rows of their tables count
        // as found when they were paired anywhere on the page.
        func share(_ s: PageStructure, _ u: Int, _ blockMatched: Bool, _ paired: [RowRef: RowRef]) -> Double {
            if blockMatched { return 1 }
            guard let rows = s.units[u].table?.rows, !rows.isEmpty, !s.units[u].isSpecTable else { return 0 }
            return Double(rows.indices.filter { paired[RowRef(unit: u, row: $0)] != nil }.count) / Double(rows.count)
        }
        // Only the sections after a region's matched pair can be missing or extra.
        for region in regions where region.sourceSections.count > 1 || region.targetSections.count > 1 {
            let matchedTargets = Set(region.matches.values)
            let regionSources = Set(region.sourceSections)
            let regionTargets = Set(region.targetSections)
            // The target section whose heading the heading of source section `x` was matched to.
            var targetOfHeading: [Int: Int] = [:]
            for y in region.targetSections.dropFirst() { if let h = target.sections[y].headingIndex { targetOfHeading[h] = y } }
            for x in region.sourceSections.dropFirst() where !missingSections.contains(x) && !Self.isBare(x, source) {
                if Self.matchedShare(source.sections[x], source, { share(source, $0, region.matches[$0] != nil, rowPairs) }) >= 0.5 { continue }
                // Its heading matched a translation heading (another name, another level) over
                // content that is mostly this section's: the same section, a heading-only
                // difference, whatever share of the source's content the translation kept.
                if let h = source.sections[x].headingIndex, let y = region.matches[h].flatMap({ targetOfHeading[$0] }) {
                    let own = Set(Self.units(source.sections[x]))
                    let into = Set(own.compactMap { region.matches[$0] })
                    let intoRows = Set(own.flatMap { u in
                        (source.units[u].table?.rows.indices).map { $0.compactMap { rowPairs[RowRef(unit: u, row: $0)] } } ?? []
                    })
                    let held = Self.matchedShare(target.sections[y], target) { u in
                        if into.contains(u) { return 1 }
                        guard let rows = target.units[u].table?.rows, !rows.isEmpty, !target.units[u].isSpecTable else { return 0 }
                        return Double(rows.indices.filter { intoRows.contains(RowRef(unit: u, row: $0)) }.count) / Double(rows.count)
                    }
                    if held >= 0.5 { continue }
                }
                missingSections.formUnion(Self.withSubsections(x, source, regionSources))
            }
            for y in region.targetSections.dropFirst() where !extraSections.contains(y) && !Self.isBare(y, target) {
                if Self.matchedShare(target.sections[y], target, { share(target, $0, matchedTargets.contains($0), targetRowPairs) }) < 0.5 {
                    extraSections.formUnion(Self.withSubsections(y, target, regionTargets))
                }
            }
        }
    }

    /// The block matches (positions in the region's unit lists) of region `k` of the last
    /// alignment `previous`, when that region had as many units, its headings at the same
    /// positions, the same length ratio and, position by position, units alike for
    /// `blockScore` (`blockInputsEqual`); `nil` otherwise.
    static func keptMatches(
        _ previous: SectionScoreCache.Regions, _ k: Int, _ su: [Int], _ tu: [Int], _ headings: (Int?, Int?), _ sourceUnits: [PageUnit],
        _ targetUnits: [PageUnit], _ ratio: Double
    ) -> [(Int, Int)]? {
        guard k < previous.regions.count, previous.ratio == ratio else { return nil }
        let p = previous.regions[k]
        guard p.sourceUnits.count == su.count, p.targetUnits.count == tu.count, p.headings.0 == headings.0, p.headings.1 == headings.1
        else { return nil }
        func alike(_ old: [PageUnit], _ oldIndices: [Int], _ new: [PageUnit], _ newIndices: [Int]) -> Bool {
            old.withUnsafeBufferPointer { o in
                new.withUnsafeBufferPointer { n in
                    zip(oldIndices, newIndices).allSatisfy { blockInputsEqual(o.baseAddress! + $0, n.baseAddress! + $1) }
                }
            }
        }
        guard alike(previous.source, p.sourceUnits, sourceUnits, su), alike(previous.target, p.targetUnits, targetUnits, tu) else { return nil }
        return p.matches
    }

    /// Whether two units are the same for `blockScore`: what it reads of a unit (kind and level,
    /// anchor, tags, code key, table origin and row count, whether it has tokens, letters) is
    /// equal, strings byte for byte. Read where they are, as `blockScore` reads them.
    static func blockInputsEqual(_ a: UnsafePointer<PageUnit>, _ b: UnsafePointer<PageUnit>) -> Bool {
        func same(_ x: String?, _ y: String?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return x.utf8.elementsEqual(y.utf8)
        }
        return a.pointee.kind == b.pointee.kind && a.pointee.letterCount == b.pointee.letterCount
            && a.pointee.tokens.isEmpty == b.pointee.tokens.isEmpty && a.pointee.tags == b.pointee.tags
            && same(a.pointee.anchor, b.pointee.anchor) && same(a.pointee.codeKey, b.pointee.codeKey)
            && a.pointee.table?.origin == b.pointee.table?.origin && a.pointee.table?.rows.count == b.pointee.table?.rows.count
    }

    /// Pairs the rows of generic tables: within each pair of matched tables, then page-wide by
    /// key (the whole key, then its first word when that is a code, number or other Latin-script
    /// word, the same in every locale). Linear in rows apart from the alignment within each
    /// table pair.
    mutating func pairRows() {
        func isGeneric(_ u: PageUnit) -> Bool { u.kind == .table && !u.isSpecTable && u.table != nil }
        // Each source row is paired at most once: room for all of them, no rehashing.
        var sourceRows = 0
        source.units.withUnsafeBufferPointer { units in
            for u in units.indices where isGeneric(units[u]) { sourceRows += units[u].table!.rows.count }
        }
        rowPairs.reserveCapacity(sourceRows)
        targetRowPairs.reserveCapacity(sourceRows)
        for region in regions {
            for (a, b) in region.matches.sorted(by: { $0.key < $1.key }) where isGeneric(source.units[a]) && isGeneric(target.units[b]) {
                for (i, j) in Self.alignRows(source.units[a].table!.rows, target.units[b].table!.rows) {
                    rowPairs[RowRef(unit: a, row: i)] = RowRef(unit: b, row: j)
                }
            }
        }
        for (k, v) in rowPairs { targetRowPairs[v] = k }
        func leftovers(_ s: PageStructure, _ paired: [RowRef: RowRef]) -> [RowRef] {
            var out: [RowRef] = []
            s.units.withUnsafeBufferPointer { units in
                for u in units.indices where isGeneric(units[u]) {
                    for r in 0..<units[u].table!.rows.count where paired[RowRef(unit: u, row: r)] == nil { out.append(RowRef(unit: u, row: r)) }
                }
            }
            return out
        }
        let leftS = leftovers(source, rowPairs)
        let leftT = leftovers(target, targetRowPairs)
        guard !leftS.isEmpty, !leftT.isEmpty else { return }
        func key(_ s: PageStructure, _ r: RowRef) -> String { Self.rowKey(s.units[r.unit].table!.rows[r.row]) }
        for word in [false, true] {
            // Target rows by key, in page order, and how many of each key are taken.
            var byKey: [String: (rows: [RowRef], next: Int)] = [:]
            for r in leftT where targetRowPairs[r] == nil {
                if let k = Self.pageKey(key(target, r), firstWord: word) { byKey[k, default: ([], 0)].rows.append(r) }
            }
            for r in leftS where rowPairs[r] == nil {
                guard let k = Self.pageKey(key(source, r), firstWord: word), let queue = byKey[k], queue.next < queue.rows.count else { continue }
                let t = queue.rows[queue.next]
                byKey[k]!.next += 1
                rowPairs[r] = t
                targetRowPairs[t] = r
            }
        }
        // A row the translation moved to another table leaves a gap that no longer counts it:
        // the changed row beside it pairs with its counterpart.
        for region in regions {
            for (a, b) in region.matches.sorted(by: { $0.key < $1.key }) where isGeneric(source.units[a]) && isGeneric(target.units[b]) {
                let sr = source.units[a].table!.rows
                let tr = target.units[b].table!.rows
                var within: [Int: Int] = [:]
                for i in sr.indices { if let p = rowPairs[RowRef(unit: a, row: i)], p.unit == b { within[i] = p.row } }
                let pairs = Self.gapPairs(
                    sr, tr, within, free: { [rowPairs] in rowPairs[RowRef(unit: a, row: $0)] == nil },
                    { [targetRowPairs] in targetRowPairs[RowRef(unit: b, row: $0)] == nil })
                for (i, j) in pairs {
                    rowPairs[RowRef(unit: a, row: i)] = RowRef(unit: b, row: j)
                    targetRowPairs[RowRef(unit: b, row: j)] = RowRef(unit: a, row: i)
                }
            }
        }
    }

    /// A row key as compared page-wide: the whole key (trimmed, ASCII-lower-cased), or its first
    /// word when that word is written in ASCII and carries a digit or a code character (`100`,
    /// `-=`, `ELEMENT_NODE`); `nil` when there is none.
    static func pageKey(_ key: String, firstWord: Bool) -> String? {
        let k = key.trimmingSpaces
        guard !k.isEmpty, k != "(empty)" else { return nil }
        if !firstWord { return LinkTarget.asciiLowercased(k) }
        // On UTF-8 bytes: the first word ends at the first space or tab byte (no other scalar
        // holds one), and it is ASCII when none of its bytes is 0x80 or above.
        var bytes = k
        return bytes.withUTF8 { b -> String? in
            var end = 0
            var code = false
            while end < b.count, b[end] != 0x20, b[end] != 0x09 {
                let c = b[end]
                if c >= 0x80 { return nil }
                if !((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) { code = true }
                end += 1
            }
            guard code else { return nil }
            return String(unsafeUninitializedCapacity: end) { out in
                for i in 0..<end { out[i] = b[i] >= 0x41 && b[i] <= 0x5A ? b[i] | 0x20 : b[i] }
                return end
            }
        }
    }

    /// Rows of two matched generic tables aligned by their tokens (the key breaks ties), then a
    /// row the translation moved within the table (same key, same tokens) paired too: source
    /// row → target row.
    static func alignRows(_ sr: [GenericTable.Row], _ tr: [GenericTable.Row]) -> [(Int, Int)] {
        let sTags = sr.map { r -> [UInt64] in
            var tags = rowTags(r)
            tags.sort()
            return tags
        }
        let tTags = tr.map { r -> [UInt64] in
            var tags = rowTags(r)
            tags.sort()
            return tags
        }
        let sKey = sr.map(rowKey)
        let tKey = tr.map(rowKey)
        let sWord = sKey.map { pageKey($0, firstWord: true) }
        let tWord = tKey.map { pageKey($0, firstWord: true) }
        // Long tables: rows with the same key and tokens, unique in both tables, first.
        let keys = (source: sr.indices.map { RowKey(key: sKey[$0], tags: sTags[$0]) as RowKey? },
                    target: tr.indices.map { RowKey(key: tKey[$0], tags: tTags[$0]) as RowKey? })
        let matches = Alignment.scored(sr.count, tr.count, keys: keys) { i, j in
            let both = sTags[i].isEmpty && tTags[j].isEmpty
            let jac = Alignment.jaccardSorted(sTags[i], tTags[j])
            // The key breaks ties (rows may repeat a key, `-` and `-=`); the cells decide. A key
            // whose first word is the same code (`100 Continue` and `100`) nearly counts as the same.
            let sameKey = sKey[i] == tKey[j] ? 1.0 : sWord[i] != nil && sWord[i] == tWord[j] ? 0.8 : 0
            if !both && jac == 0 && sameKey == 0 { return -1 }
            return (both ? 0.3 : 3 * jac) + sameKey - abs(Double(i) / Double(max(sr.count, 1)) - Double(j) / Double(max(tr.count, 1)))
        }
        var rowMatch: [Int: Int] = [:]
        for (i, j) in matches { rowMatch[i] = j }
        let pairedT = Set(rowMatch.values)
        // Each unpaired source row takes the first unpaired target row with its key and tokens.
        var leftover: [RowKey: (rows: [Int], next: Int)] = [:]
        for j in tr.indices where !pairedT.contains(j) { leftover[keys.target[j]!, default: ([], 0)].rows.append(j) }
        for i in sr.indices where rowMatch[i] == nil {
            guard let queue = leftover[keys.source[i]!], queue.next < queue.rows.count else { continue }
            rowMatch[i] = queue.rows[queue.next]
            leftover[keys.source[i]!]!.next += 1
        }
        for (i, j) in gapPairs(sr, tr, rowMatch, free: { _ in true }, { _ in true }) { rowMatch[i] = j }
        return rowMatch.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Between two paired rows, as many unpaired rows on each side (at most a few), of the
    /// same shape: one row changed (a number in a row whose other cells are translated prose, a
    /// key cell rewritten), like a diff's changed line, compared cell by cell rather than
    /// missing + extra. Rows that are not `free` (paired elsewhere on the page) are not part of
    /// a gap. Returns the new pairs, source row → target row.
    static func gapPairs(
        _ sr: [GenericTable.Row], _ tr: [GenericTable.Row], _ rowMatch: [Int: Int], free freeS: (Int) -> Bool, _ freeT: (Int) -> Bool
    ) -> [(Int, Int)] {
        let sorted = rowMatch.sorted { $0.key < $1.key }
        let taken = Set(rowMatch.values)
        var newPairs: [(Int, Int)] = []
        var prev = (-1, -1)
        for (i, j) in sorted + [(sr.count, tr.count)] {
            if j > prev.1 {
                let gapS = (prev.0 + 1..<i).filter { rowMatch[$0] == nil && freeS($0) }
                let gapT = (prev.1 + 1..<j).filter { !taken.contains($0) && freeT($0) }
                if !gapS.isEmpty, gapS.count == gapT.count, gapS.count <= 3,
                    zip(gapS, gapT).allSatisfy({ sr[$0].cells.filter { !$0.isEmpty }.count == tr[$1].cells.filter { !$0.isEmpty }.count })
                {
                    newPairs += zip(gapS, gapT).map { ($0, $1) }
                }
                prev = (i, j)
            }
        }
        return newPairs
    }

    /// A row as matched on sight: its key and sorted tags.
    struct RowKey: Hashable {
        var key: String
        var tags: [UInt64]
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

    /// Whether section `x` is a heading with nothing under it: no blocks, no subsections, and
    /// at most a blank line before the next heading (site syntax such as MDN's `{{Compat}}`
    /// makes no block but is content). No content of it can be missing or extra; the heading
    /// alone is a heading-only difference. The page's last section is never bare.
    static func isBare(_ x: Int, _ s: PageStructure) -> Bool {
        guard let h = s.sections[x].headingIndex, s.sections[x].body.isEmpty, x + 1 < s.sections.count,
            s.sections[x + 1].level <= s.sections[x].level, let next = s.sections[x + 1].headingIndex
        else { return false }
        return s.units[next].range.start.line - s.units[h].range.end.line <= 2
    }

    /// What section `i` of `s` covers with its subsections: from its heading's start to the end
    /// of its last block; `nil` for the part before the first heading.
    public static func sectionRange(_ i: Int, in s: PageStructure) -> SourceRange? {
        guard let h = s.sections[i].headingIndex else { return nil }
        var end = s.units[h].range.end
        var k = i
        while k == i || (k < s.sections.count && s.sections[k].level > s.sections[i].level) {
            for u in s.sections[k].body where s.units[u].range.end > end { end = s.units[u].range.end }
            k += 1
        }
        return SourceRange(start: s.units[h].range.start, end: end)
    }

    static func units(_ s: PageSection) -> [Int] { (s.headingIndex.map { [$0] } ?? []) + Array(s.body) }

    /// The units of `sections` of `s` in order, each section's as `units(_:)` gives them.
    static func units(_ sections: [Int], _ s: PageStructure) -> [Int] {
        var out: [Int] = []
        for k in sections {
            if let h = s.sections[k].headingIndex { out.append(h) }
            out.append(contentsOf: s.sections[k].body)
        }
        return out
    }

    /// `x` and the sections after it in `within` that are nested deeper than it.
    static func withSubsections(_ x: Int, _ s: PageStructure, _ within: [Int]) -> [Int] {
        withSubsections(x, s, Set(within))
    }

    /// As `withSubsections(_:_:_:)`, with `within` as a set (no scan of a list per step: a page
    /// with thousands of missing sections stays linear).
    static func withSubsections(_ x: Int, _ s: PageStructure, _ within: Set<Int>) -> [Int] {
        var out = [x]
        var k = x + 1
        while within.contains(k), s.sections[k].level > s.sections[x].level {
            out.append(k)
            k += 1
        }
        return out
    }

    /// The share of a section's content (by weight: letters, tokens, code, table rows) whose
    /// blocks were matched.
    static func matchedShare(_ section: PageSection, _ s: PageStructure, _ matched: (Int) -> Double) -> Double {
        var total = 0.0
        var hit = 0.0
        for u in units(section) {
            let unit = s.units[u]
            var w = Double(unit.letterCount) + 20 * Double(unit.tokens.count)
            if unit.kind == .code { w += 50 }
            if let t = unit.table { w += 20 * Double(t.rows.count) }
            if case .heading = unit.kind { w = min(w, 20) }
            total += w
            hit += w * matched(u)
        }
        return total == 0 ? 1 : hit / total
    }

    /// How alike two blocks are (positive: may be matched). The units are read where they are
    /// (a unit passed by value is copied first, each of its parts retained).
    static func blockScore(_ a: UnsafePointer<PageUnit>, _ b: UnsafePointer<PageUnit>, _ ratio: Double) -> Double {
        switch (a.pointee.kind, b.pointee.kind) {
        case (.heading(let la), .heading(let lb)):
            if let x = a.pointee.anchor, let y = b.pointee.anchor { return x == y ? 10 : -1 }
            return 0.3 + (la == lb ? 0.5 : 0) + 3 * Alignment.jaccardSorted(a.pointee.tags, b.pointee.tags)
        case (.code, .code):
            if a.pointee.codeKey == b.pointee.codeKey { return 6 }
            let la = a.pointee.codeKey?.prefix { $0 != "\n" }
            let lb = b.pointee.codeKey?.prefix { $0 != "\n" }
            return la == lb ? 1.5 : 0.3
        case (.table, .table):
            let ta = a.pointee.table!
            let tb = b.pointee.table!
            return 1.5 + 3 * Alignment.jaccardSorted(a.pointee.tags, b.pointee.tags)
                + (ta.rows.count == tb.rows.count ? 1 : 0)
        case (.table, .prose), (.prose, .table):
            // A definition list written as a nested list (`- term` / `  - : text` and
            // `- term — text`) is the same block when they share tokens.
            let table = a.pointee.table ?? b.pointee.table
            guard table?.origin == .definitionList else { return -1 }
            let jac = Alignment.jaccardSorted(a.pointee.tags, b.pointee.tags)
            return jac == 0 ? -1 : 0.3 + 3 * jac
        case (.prose, .prose), (.html, .html), (.prose, .html), (.html, .prose):
            let both = a.pointee.tokens.isEmpty && b.pointee.tokens.isEmpty
            return 0.5 + (both ? 0 : 3 * Alignment.jaccardSorted(a.pointee.tags, b.pointee.tags))
                + 1.5 * lengthSimilarity(a.pointee.letterCount, b.pointee.letterCount, ratio)
        default:
            return -1
        }
    }

    /// Tagged invariant tokens of a section's heading and body, code included.
    /// A multiset, in no order (callers sort it): each unit's `tags` (its tokens' tagged hashes,
    /// a table's those of its rows), made once with the page's structure, plus the identifier
    /// parts of their code tokens and the units' code keys.
    static func signature(_ section: PageSection, _ s: PageStructure) -> [UInt64] {
        var out: [UInt64] = []
        // `Node.ELEMENT_NODE` in one locale, `ELEMENT_NODE` in the other: still alike. (`out`
        // is passed, not captured: a captured variable is checked for exclusive access per use.)
        func add(_ u: UnsafePointer<PageUnit>, to out: inout [UInt64]) {
            out.append(contentsOf: u.pointee.tags)
            u.pointee.tokens.appendIdentifierParts(wholeWords: false, to: &out)
            // Rows read in place (a copy of a row retains each of its parts).
            u.pointee.table?.rows.withUnsafeBufferPointer { rows in
                for k in rows.indices { rows[k].tokens.appendIdentifierParts(wholeWords: false, to: &out) }
            }
        }
        s.units.withUnsafeBufferPointer { units in
            if let h = section.headingIndex { add(units.baseAddress! + h, to: &out) }
            for k in section.body {
                add(units.baseAddress! + k, to: &out)
                if let c = units[k].codeKey { out.append(TagHash.of(UInt8(ascii: "k"), c)) }
            }
        }
        return out
    }

    /// `tags` in increasing order, sorted in place.
    static func sorted(_ tags: consuming [UInt64]) -> [UInt64] {
        tags.sort()
        return tags
    }

    /// For each section with subsections, the sorted signatures of it and its subsections;
    /// `nil` for a section without subsections or with more than eight.
    static func deepSignatures(_ s: PageStructure, _ own: [[UInt64]]) -> [[UInt64]?] {
        s.sections.indices.map { i -> [UInt64]? in
            guard i + 1 < s.sections.count, s.sections[i + 1].level > s.sections[i].level, s.sections[i].headingIndex != nil else { return nil }
            var k = i + 1
            while k < s.sections.count, s.sections[k].level > s.sections[i].level { k += 1 }
            // A large subtree (a page's H1 over everything) is no evidence for one heading and
            // would make every comparison of its row as long as the page.
            guard k - i - 1 <= 8 else { return nil }
            var out: [UInt64] = []
            out.reserveCapacity(own[i..<k].reduce(0) { $0 + $1.count })
            for x in i..<k { out += own[x] }
            out.sort()
            return out
        }
    }

    /// Tagged hashes of the first twelve distinct identifiers of a sample's code (ASCII, at
    /// least three bytes, starting with a letter): a sample the translation rewrote a little
    /// (`compareDocumentPosition(otherNode)` and `node.compareDocumentPosition( otherNode )`)
    /// is still evidence that two sections hold the same thing. Scans UTF-8 bytes.
    static func codeWords(_ section: PageSection, _ s: PageStructure) -> [UInt64] {
        var out: [UInt64] = []
        for k in section.body { if let c = s.units[k].codeKey { out += codeWords(c) } }
        return out
    }

    /// Hashes (`TagHash`, kind `w`) of the first 12 distinct words of `code` that start with an
    /// ASCII letter and are at least 3 bytes long (a word: ASCII letters, digits and `_`),
    /// hashed straight from the code's UTF-8 bytes.
    static func codeWords(_ code: String) -> [UInt64] {
        var code = code
        return code.withUTF8 { b in
            // At most 12 words: a scan of them is cheaper than a set.
            var out: [UInt64] = []
            out.reserveCapacity(12)
            func isWord(_ c: UInt8) -> Bool { c == 0x5F || (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) }
            var i = 0
            while i < b.count, out.count < 12 {
                guard isWord(b[i]) else {
                    i += 1
                    continue
                }
                let start = i
                i += 1
                while i < b.count, isWord(b[i]) { i += 1 }
                if i - start >= 3, (b[start] | 0x20) >= 0x61 && (b[start] | 0x20) <= 0x7A {
                    let h = TagHash.of(UInt8(ascii: "w"), bytes: UnsafeBufferPointer(rebasing: b[start..<i]))
                    if !out.contains(h) { out.append(h) }
                }
            }
            return out
        }
    }

    static func letters(_ section: PageSection, _ s: PageStructure) -> Int {
        section.body.reduce(section.headingIndex.map { s.units[$0].letterCount } ?? 0) { $0 + s.units[$1].letterCount }
    }

    /// 1 when `t` is `s` scaled by the page's ratio, falling to 0 at a factor of e apart;
    /// 0 (no evidence) when either side is nearly empty.
    static func lengthSimilarity(_ s: Int, _ t: Int, _ ratio: Double) -> Double {
        if s < 20 || t < 20 { return 0 }
        let r = (Double(t) / Double(s)) / ratio
        return max(0, 1 - abs(log(r)))
    }

    /// Line ranges of source sections missing in the target and of target sections missing in
    /// the source, headings and bodies included: findings about single blocks there would
    /// repeat the section finding.
    public private(set) var unmatchedLines: (source: [ClosedRange<Int>], target: [ClosedRange<Int>]) = ([], [])

    /// The lines of the sections in `set`, as disjoint ranges in increasing order (overlapping
    /// or touching ranges joined), so a line is looked up by binary search.
    static func lines(_ s: PageStructure, _ set: Set<Int>) -> [ClosedRange<Int>] {
        let ranges = set.compactMap { i -> ClosedRange<Int>? in
            guard let h = s.sections[i].headingIndex else { return nil }
            let end = s.sections[i].body.last.map { s.units[$0].range.end.line } ?? s.units[h].range.end.line
            return s.units[h].range.start.line...max(end, s.units[h].range.start.line)
        }.sorted { $0.lowerBound < $1.lowerBound }
        var out: [ClosedRange<Int>] = []
        for r in ranges {
            if let last = out.last, r.lowerBound <= last.upperBound + 1 {
                out[out.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// Whether one of `ranges` (disjoint, increasing, as `lines` makes them) holds `line`.
    static func contains(_ ranges: [ClosedRange<Int>], _ line: Int) -> Bool {
        var lo = 0
        var hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound < line { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count && ranges[lo].contains(line)
    }
}

extension PageAlignment {
    /// Where content at `line` of the source page belongs in the target page: the start of the
    /// target block matched to the first matched source block after that line, else the last
    /// line of the target block matched to the last matched source block before it; `nil` when
    /// no block is matched.
    public func targetLocation(forSourceLine line: Int) -> SourceLocation? {
        var after: (line: Int, at: SourceLocation)? = nil
        var before: (line: Int, at: SourceLocation)? = nil
        for region in regions {
            for (a, b) in region.matches {
                let start = source.units[a].range.start.line
                let t = target.units[b].range
                if start > line {
                    if after == nil || start < after!.line { after = (start, t.start) }
                } else if before == nil || start > before!.line {
                    before = (start, SourceLocation(file: t.start.file, line: max(t.end.line, t.start.line)))
                }
            }
        }
        return after?.at ?? before?.at
    }
}

extension PagePair {
    /// Where content at `line` of the source page belongs in the translation: the heading of
    /// the target section matched to the source section holding the line, else by the block
    /// alignment (see `PageAlignment.targetLocation(forSourceLine:)`), else by heading count.
    func targetLocation(forSourceLine line: Int) -> SourceLocation {
        let al = alignment ?? PageAlignment(self)
        if let i = al.sourceSection(containingLine: line), let j = al.targetSection(matching: i),
            let h = al.target.sections[j].headingIndex
        {
            return al.target.units[h].range.start
        }
        return al.targetLocation(forSourceLine: line) ?? targetAnchor(forSourceLine: line)
    }

    /// The section holding `line` of the source page named for a message, quoted, as the
    /// translation names it: the heading of the target section matched to it (`'Синтаксис'`),
    /// else the source's heading marked with the source locale (`'構文' (ja)`); `nil` before the
    /// first heading. (A message that named it otherwise before keeps its fingerprint: see
    /// `Diagnostic.worded(_:)`.)
    public func sectionName(forSourceLine line: Int) -> String? {
        let al = alignment ?? PageAlignment(self)
        guard let i = al.sourceSection(containingLine: line) else { return nil }
        return al.sectionName(source: i, sourceLocale: source.locale)
    }
}

extension PageAlignment {
    /// The source section holding `line` (the last one whose heading starts at or before it),
    /// `nil` when that is the part before the first heading.
    func sourceSection(containingLine line: Int) -> Int? {
        let i = source.sections.lastIndex { s in s.headingIndex.map { source.units[$0].range.start.line <= line } ?? true }
        return i.flatMap { source.sections[$0].headingIndex == nil ? nil : $0 }
    }

    /// The target section matched to source section `i` (in order or moved), if any.
    func targetSection(matching i: Int) -> Int? {
        sourceToTarget[i] ?? moved.first(where: { $0.0 == i })?.1
    }

    /// Source section `i` named for a message, quoted: the matched target section's heading,
    /// else the source's heading followed by ` (sourceLocale)`; `nil` for a section without
    /// heading.
    func sectionName(source i: Int, sourceLocale: String) -> String? {
        let title = source.sections[i].title
        guard source.sections[i].headingIndex != nil, !title.isEmpty else { return nil }
        if let j = targetSection(matching: i), target.sections[j].headingIndex != nil, !target.sections[j].title.isEmpty {
            return "'\(MessageText.clip(target.sections[j].title, 60))'"
        }
        return "'\(MessageText.clip(title, 60))' (\(sourceLocale))"
    }
}

extension PagePair {

    /// Whether `line` of the source page lies in a section the translation lacks entirely.
    func isInMissingSection(sourceLine line: Int) -> Bool {
        PageAlignment.contains((alignment ?? PageAlignment(self)).unmatchedLines.source, line)
    }

    /// Whether `line` of the target page lies in a section the source does not have.
    func isInExtraSection(targetLine line: Int) -> Bool {
        PageAlignment.contains((alignment ?? PageAlignment(self)).unmatchedLines.target, line)
    }
}

extension Alignment {
    /// A global alignment maximising the sum of `score(i, j)` over matched pairs (gaps cost
    /// nothing; a pair is matchable only when its score is positive). Returns the matched index
    /// pairs in increasing order. O(n·m); above `limit` cells pairs are matched by position.
    /// `score` is called once per cell (row by row, from the last), and again on the traced path
    /// only for tables over `keptScores` cells.
    public static func scored(_ n: Int, _ m: Int, limit: Int = 9_000_000, score: (Int, Int) -> Double) -> [(Int, Int)] {
        scored(n, m, limit: limit, keptScores: Self.keptScores, score: score)
    }

    /// `scored(_:_:limit:score:)`, keeping the scores for the traceback up to `keptScores` cells.
    static func scored(_ n: Int, _ m: Int, limit: Int, keptScores: Int, score: (Int, Int) -> Double) -> [(Int, Int)] {
        if n == 0 || m == 0 { return [] }
        if n * m > limit {
            return (0..<min(n, m)).filter { score($0, $0) > 0 }.map { ($0, $0) }
        }
        // best[i][j]: best total for suffixes a[i...], b[j...]; Float keeps 3,000 × 3,000
        // sections within 36 MB. The scores (as `Float`) are kept for tracing back up to
        // `keptScores` cells, recomputed (the same values) above.
        let w = m + 1
        let keep = n * m <= keptScores
        let cells = (n + 1) * w + (keep ? n * m : 0)
        // One buffer: best, then the kept scores; on the stack for small tables (at most
        // 16 KB: `score` runs inside), on the heap for the others.
        func align(_ buffer: UnsafeMutableBufferPointer<Float>) -> [(Int, Int)] {
            buffer.initialize(repeating: 0)
            let best = UnsafeMutableBufferPointer(rebasing: buffer[0..<((n + 1) * w)])
            let kept = UnsafeMutableBufferPointer(rebasing: buffer[((n + 1) * w)...])
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    var v = max(best[(i + 1) * w + j], best[i * w + j + 1])
                    let sc = Float(score(i, j))
                    if keep { kept[i * m + j] = sc }
                    if sc > 0 { v = max(v, sc + best[(i + 1) * w + j + 1]) }
                    best[i * w + j] = v
                }
            }
            var out: [(Int, Int)] = []
            out.reserveCapacity(min(n, m))
            var i = 0
            var j = 0
            while i < n && j < m {
                let sc = keep ? kept[i * m + j] : Float(score(i, j))
                if sc > 0, best[i * w + j] == sc + best[(i + 1) * w + j + 1] {
                    out.append((i, j))
                    i += 1
                    j += 1
                } else if best[(i + 1) * w + j] >= best[i * w + j + 1] {
                    i += 1
                } else {
                    j += 1
                }
            }
            return out
        }
        if cells <= 4_096 { return withUnsafeTemporaryAllocation(of: Float.self, capacity: cells, align) }
        let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: cells)
        defer { buffer.deallocate() }
        return align(buffer)
    }

    /// Tables of at most this many cells keep their scores for the traceback (4 bytes a cell).
    static let keptScores = 1_000_000

    /// The Jaccard similarities (`jaccardSorted`) of sorted tag lists `rows[i]` and
    /// `columns[j]`, for a scoring that asks for many pairs. The first pair of a row is merged
    /// like `jaccardSorted`; when the next pair asked for is in the same row, the row's
    /// intersection sizes with every column are counted at once, through an index of the
    /// columns' tags built on first use (each distinct tag of the row looked up once instead of
    /// a merge per pair), and read from then on. The values are `jaccardSorted`'s exactly: the
    /// same multiset intersection size in the same division.
    struct TagIntersections {
        let rows: [[UInt64]]
        let columns: [[UInt64]]
        /// The index: an open-addressing table of the columns' distinct tags (the tags are
        /// hashes already: their low bits pick the slot), each slot with the range of its
        /// postings (column, count) in `postingColumns` / `postingCounts`.
        var slotTags: [UInt64] = []
        var slotPostings: [Range<Int32>] = []
        var postingColumns: [Int32] = []
        var postingCounts: [Int32] = []
        var indexed = false
        /// The row last asked for, and whether `counts` holds its intersection sizes.
        var lastRow = -1
        var counted = false
        var counts: [Int] = []

        /// The lengths of `rows` and `columns`.
        let rowSizes: [Int]
        let columnSizes: [Int]

        init(rows: [[UInt64]], columns: [[UInt64]]) {
            self.rows = rows
            self.columns = columns
            rowSizes = rows.map { $0.count }
            columnSizes = columns.map { $0.count }
        }

        mutating func jaccard(_ i: Int, _ j: Int) -> Double {
            let a = rowSizes[i]
            let b = columnSizes[j]
            if a == 0 && b == 0 { return 1 }
            if i != lastRow {
                lastRow = i
                counted = false
                return Alignment.jaccardSorted(rows[i], columns[j])
            }
            if !counted { countRow(rows[i]) }
            let common = counts[j]
            return Double(common) / Double(a + b - common)
        }

        /// The end of the run of `tags[k]` in sorted `tags` (the first index past its last copy).
        @inline(__always)
        static func runEnd(_ tags: UnsafeBufferPointer<UInt64>, _ k: Int) -> Int {
            var e = k + 1
            while e < tags.count && tags[e] == tags[k] { e += 1 }
            return e
        }

        /// Builds the index over the columns' runs, without sorting: a first pass counts the
        /// runs (the table gets at least twice as many slots), the second places each distinct
        /// tag in a slot and counts its postings, the third writes them. Empty slots have an
        /// empty posting range.
        mutating func buildIndex() {
            var total = 0
            for column in columns {
                column.withUnsafeBufferPointer { c in
                    var k = 0
                    while k < c.count {
                        total += 1
                        k = Self.runEnd(c, k)
                    }
                }
            }
            var size = 4
            while size < 2 * total { size *= 2 }
            let mask = size - 1
            var tags = [UInt64](repeating: 0, count: size)
            // Per slot: postings so far (first pass), then the next posting to write (second).
            var next = [Int32](repeating: 0, count: size)
            var ranges = [Range<Int32>](repeating: 0..<0, count: size)
            var runs = 0
            tags.withUnsafeMutableBufferPointer { tags in
                next.withUnsafeMutableBufferPointer { next in
                    // A slot is used once it has a posting.
                    func slot(_ tag: UInt64) -> Int {
                        var k = Int(truncatingIfNeeded: tag) & mask
                        while next[k] != 0 && tags[k] != tag { k = (k + 1) & mask }
                        return k
                    }
                    for column in columns {
                        column.withUnsafeBufferPointer { c in
                            var k = 0
                            while k < c.count {
                                let s = slot(c[k])
                                tags[s] = c[k]
                                next[s] += 1
                                runs += 1
                                k = Self.runEnd(c, k)
                            }
                        }
                    }
                    ranges.withUnsafeMutableBufferPointer { ranges in
                        var start: Int32 = 0
                        for k in 0..<size where next[k] != 0 {
                            let count = next[k]
                            ranges[k] = start..<(start + count)
                            next[k] = start
                            start += count
                        }
                    }
                }
            }
            var postColumns = [Int32](repeating: 0, count: runs)
            var postCounts = [Int32](repeating: 0, count: runs)
            tags.withUnsafeBufferPointer { tags in
                ranges.withUnsafeBufferPointer { ranges in
                    next.withUnsafeMutableBufferPointer { next in
                        postColumns.withUnsafeMutableBufferPointer { postColumns in
                            postCounts.withUnsafeMutableBufferPointer { postCounts in
                                for (j, column) in columns.enumerated() {
                                    column.withUnsafeBufferPointer { c in
                                        var k = 0
                                        while k < c.count {
                                            let e = Self.runEnd(c, k)
                                            var s = Int(truncatingIfNeeded: c[k]) & mask
                                            while tags[s] != c[k] || ranges[s].isEmpty { s = (s + 1) & mask }
                                            let p = Int(next[s])
                                            postColumns[p] = Int32(j)
                                            postCounts[p] = Int32(e - k)
                                            next[s] += 1
                                            k = e
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            slotTags = tags
            slotPostings = ranges
            postingColumns = postColumns
            postingCounts = postCounts
            indexed = true
        }

        /// The multiset intersection sizes of sorted `a` with every column.
        mutating func countRow(_ a: [UInt64]) {
            if !indexed { buildIndex() }
            if counts.count != columns.count { counts = [Int](repeating: 0, count: columns.count) }
            let mask = slotTags.count - 1
            counts.withUnsafeMutableBufferPointer { counts in
                counts.update(repeating: 0)
                a.withUnsafeBufferPointer { a in
                    slotTags.withUnsafeBufferPointer { tags in
                        slotPostings.withUnsafeBufferPointer { ranges in
                            postingColumns.withUnsafeBufferPointer { postColumns in
                                postingCounts.withUnsafeBufferPointer { postCounts in
                                    var k = 0
                                    while k < a.count {
                                        let e = Self.runEnd(a, k)
                                        let times = e - k
                                        let tag = a[k]
                                        k = e
                                        var s = Int(truncatingIfNeeded: tag) & mask
                                        while !ranges[s].isEmpty {
                                            if tags[s] == tag {
                                                for p in Int(ranges[s].lowerBound)..<Int(ranges[s].upperBound) {
                                                    counts[Int(postColumns[p])] += min(Int(postCounts[p]), times)
                                                }
                                                break
                                            }
                                            s = (s + 1) & mask
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            counted = true
        }
    }

    /// Jaccard similarity of two sorted multisets (1 when both are empty), without allocating.
    static func jaccardSorted<T: Comparable>(_ a: [T], _ b: [T]) -> Double {
        if a.isEmpty && b.isEmpty { return 1 }
        var i = 0
        var j = 0
        var common = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                common += 1
                i += 1
                j += 1
            } else if a[i] < b[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return Double(common) / Double(a.count + b.count - common)
    }
}
