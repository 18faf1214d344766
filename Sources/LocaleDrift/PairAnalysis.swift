import DocDiagnostics
import SpecModel

/// What DocSpec works out about a page pair before any rule reports: which sections and blocks
/// match (`blocks`), which spec tables and rows are each other's counterparts (`tables`) and which
/// code samples are (`samples`). Computed once per pair; the drift rules read it instead of
/// aligning on their own, and the views (`docspec report --html`, `docspec tables`) render it, so
/// what a view shows paired is what the findings were computed on.
public struct PairAnalysis: Sendable {
    /// The block alignment: both pages' structures, section matches and block matches in the
    /// stretches between matched sections. `nil` when only the spec tables and code samples were
    /// paired (`docspec tables` needs no block alignment).
    public var blocks: PageAlignment?
    /// The spec tables of both pages, paired.
    public var tables: SpecTablePairing
    /// The code samples of both pages, paired.
    public var samples: SamplePairing

    /// Analyses `pair`: block alignment, spec tables and code samples.
    ///
    /// - Parameters:
    ///   - pair: the source page and its translation.
    ///   - locales: locale codes removed from link targets (default: the pair's two locales).
    ///   - blocks: whether to align blocks too (the drift rules need it; table views do not).
    public init(_ pair: PagePair, locales: Set<String>? = nil, blocks: Bool = true) {
        self.blocks = blocks ? PageAlignment(pair, locales: locales) : nil
        tables = SpecTablePairing(source: pair.source, target: pair.target)
        samples = SamplePairing(source: pair.source.codeSamples, target: pair.target.codeSamples)
    }
}

/// The spec tables of a page pair, paired by table id; a table whose id differs only because its
/// directive changed (same kind, same place among the unmatched tables) is paired too.
public struct SpecTablePairing: Sendable {
    /// A pair of spec tables (indices into each page's `tables`) and their rows.
    public struct TablePair: Sendable {
        /// The source page's table.
        public var source: Int
        /// The target page's table.
        public var target: Int
        /// Paired although the ids differ (the directive changed in one locale).
        public var renamed: Bool
        /// The rows, paired: see `RowPairing`.
        public var rows: RowPairing
    }

    /// Paired tables, in source order.
    public var pairs: [TablePair] = []
    /// Source tables without a counterpart (indices), in source order.
    public var unmatchedSource: [Int] = []
    /// Target tables without a counterpart (indices), in target order.
    public var unmatchedTarget: [Int] = []

    /// Pairs the spec tables of `source` and `target`. Tables whose directive failed in one
    /// locale (`failedTables`) are not paired by position with another table.
    public init(source: SpecPage, target: SpecPage) {
        let targetIndex = Dictionary(target.tables.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let sourceIDs = Set(source.tables.map(\.id))
        let brokenInTarget = Set(target.failedTables.compactMap(\.id))
        let brokenInSource = Set(source.failedTables.compactMap(\.id))
        let unmatchedS = source.tables.indices.filter { targetIndex[source.tables[$0].id] == nil }
        let unmatchedT = target.tables.indices.filter { !sourceIDs.contains(target.tables[$0].id) }
        var renamed: [Int: Int] = [:]
        var renamedTargets: Set<Int> = []
        for (i, j) in zip(unmatchedS, unmatchedT)
        where source.tables[i].kind == target.tables[j].kind && !brokenInTarget.contains(source.tables[i].id)
            && !brokenInSource.contains(target.tables[j].id)
        {
            renamed[i] = j
            renamedTargets.insert(j)
        }
        for (i, st) in source.tables.enumerated() {
            if let j = renamed[i] ?? targetIndex[st.id] {
                pairs.append(TablePair(source: i, target: j, renamed: renamed[i] != nil, rows: RowPairing(st.rows, target.tables[j].rows)))
            } else {
                unmatchedSource.append(i)
            }
        }
        unmatchedTarget = target.tables.indices.filter { !sourceIDs.contains(target.tables[$0].id) && !renamedTargets.contains($0) }
    }
}

/// The rows of two spec tables paired by the kind's key column; a target row whose key the source
/// lacks, sitting exactly where a missing source row belongs, is that row with its key changed
/// (one digit of a code), so it is one cell finding rather than a missing and an extra row.
public struct RowPairing: Sendable {
    /// For each source row: its target row and whether the key changed, or `nil` when the
    /// translation lacks it; with the target row it belongs before (`slot`, the target's row count
    /// at the end).
    public struct Entry: Sendable {
        /// The target row, or `nil`.
        public var target: Int?
        /// The key cell differs (paired by position).
        public var keyChanged: Bool
        /// Where the source row belongs in the target table.
        public var slot: Int
    }

    /// One entry per source row, in order.
    public var entries: [Entry] = []
    /// Target rows without a counterpart, in order.
    public var unmatchedTarget: [Int] = []

    /// Pairs `source` rows with `target` rows.
    public init(_ source: [SpecRow], _ target: [SpecRow]) {
        let sourceKeys = Set(source.map(\.key))
        let targetIndex = Dictionary(target.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { a, _ in a })
        var unpaired = Set(target.indices.filter { !sourceKeys.contains(target[$0].key) })
        // Where each source row belongs in the target table: right after the counterpart of the
        // nearest earlier source row present there. One pass.
        var nextSlot = 0
        for sr in source {
            let slot = nextSlot
            if let i = targetIndex[sr.key] {
                nextSlot = i + 1
                entries.append(Entry(target: i, keyChanged: false, slot: slot))
            } else if slot < target.count, unpaired.contains(slot) {
                unpaired.remove(slot)
                entries.append(Entry(target: slot, keyChanged: true, slot: slot))
            } else {
                entries.append(Entry(target: nil, keyChanged: false, slot: slot))
            }
        }
        unmatchedTarget = unpaired.sorted()
    }
}

/// The code samples of a page pair, paired: equal samples (comments aside) by a longest common
/// subsequence; a sample the translation has unchanged elsewhere on the page (its section moved)
/// as moved; between equal samples, samples with the same info string, then by position; two
/// samples that share almost no code are not a pair (one is missing, the other extra).
public struct SamplePairing: Sendable {
    /// How two samples were paired.
    public enum Match: Sendable, Hashable {
        /// The same code (comments aside) and info string.
        case equal
        /// Equal, but the translation has it at another place on the page.
        case moved
        /// Paired by info string or position; the rules compare them.
        case paired
    }

    /// One entry of the pairing, in page order.
    public struct Entry: Sendable, Hashable {
        /// The source sample (index into the source page's `codeSamples`), or `nil` for an extra one.
        public var source: Int?
        /// The target sample, or `nil` for a missing one.
        public var target: Int?
        /// How the two were paired; `nil` when one side is missing.
        public var match: Match?
    }

    /// Every sample of both pages, in page order; moved pairs where the source has them.
    public var entries: [Entry] = []

    /// Pairs `source` samples with `target` samples.
    public init(source s: [CodeSample], target t: [CodeSample]) {
        let sk = s.map(CodeSampleDriftRule.key)
        let tk = t.map(CodeSampleDriftRule.key)
        let matches = Alignment.lcs(sk, tk)
        var moved: [Int: Int] = [:]
        var movedT = Set<Int>()
        do {
            let matchedS = Set(matches.map(\.0))
            let matchedT = Set(matches.map(\.1))
            // Unmatched target samples by key, in page order, and how many of each are taken.
            var byKey: [String: (samples: [Int], next: Int)] = [:]
            for j in t.indices where !matchedT.contains(j) { byKey[tk[j], default: ([], 0)].samples.append(j) }
            for i in s.indices where !matchedS.contains(i) {
                if let queue = byKey[sk[i]], queue.next < queue.samples.count {
                    moved[i] = queue.samples[queue.next]
                    movedT.insert(queue.samples[queue.next])
                    byKey[sk[i]]!.next += 1
                }
            }
        }
        var si = 0
        var ti = 0
        for (ms, mt) in matches + [(s.count, t.count)] {
            let sRun = Array(si..<ms).filter { moved[$0] == nil }
            let tRun = Array(ti..<mt).filter { !movedT.contains($0) }
            let run = Self.pairRun(sRun, tRun, s, t).map { Entry(source: $0.0, target: $0.1, match: $0.0 != nil && $0.1 != nil ? .paired : nil) }
            // Moved samples are listed where the source has them: each before the first entry
            // of the run with a larger source index (after the entries with none before it).
            var movedHere = (si..<ms).filter { moved[$0] != nil }[...]
            for entry in run {
                while let i = movedHere.first, (entry.source ?? -1) > i {
                    entries.append(Entry(source: i, target: moved[i], match: .moved))
                    movedHere.removeFirst()
                }
                entries.append(entry)
            }
            entries += movedHere.map { Entry(source: $0, target: moved[$0], match: .moved) }
            if ms < s.count { entries.append(Entry(source: ms, target: mt, match: .equal)) }
            si = ms + 1
            ti = mt + 1
        }
    }

    /// Pairs an unmatched run of source samples with one of target samples: by info string
    /// first (so a missing sample next to a changed one does not shift the pairing), then
    /// positionally between those pairs. `nil` on one side means missing or extra.
    static func pairRun(_ sRun: [Int], _ tRun: [Int], _ s: [CodeSample], _ t: [CodeSample]) -> [(Int?, Int?)] {
        let byInfo = Alignment.lcs(sRun.map { CodeSampleDriftRule.info(s[$0]) }, tRun.map { CodeSampleDriftRule.info(t[$0]) })
        var out: [(Int?, Int?)] = []
        var a = 0
        var b = 0
        // Two samples that share almost no words are different samples, not one sample changed:
        // one is missing and the other extra.
        func add(_ x: Int?, _ y: Int?) {
            if let x, let y, !CodeSampleDriftRule.similar(s[x], t[y]) {
                out.append((x, nil))
                out.append((nil, y))
            } else {
                out.append((x, y))
            }
        }
        for (ma, mb) in byInfo + [(sRun.count, tRun.count)] {
            for k in 0..<max(ma - a, mb - b) {
                add(a + k < ma ? sRun[a + k] : nil, b + k < mb ? tRun[b + k] : nil)
            }
            if ma < sRun.count { add(sRun[ma], tRun[mb]) }
            a = ma + 1
            b = mb + 1
        }
        return out
    }
}
