import Foundation
import SpecModel

/// The section scores of a page pair's last alignment (`PageAlignment`), kept across checks of
/// the same pair (the language server re-checks a page on every edit): the n × m scores are
/// computed again only for the sections whose inputs changed, the rest read from the cache. A
/// score is a pure function of its two sections' inputs, their indices, the section counts and
/// the page's length ratio, evaluated in the same order, so the scores are exactly those a
/// fresh alignment computes.
///
/// Thread-safe: a lock guards the cache; pairs of different pages need caches of their own
/// (one shared by two pairs is correct but recomputes every time).
public final class SectionScoreCache: @unchecked Sendable {
    /// What a section's scores read of it.
    struct Inputs: Equatable {
        /// The heading level, -1 for the section before the first heading.
        var level: Int
        var anchor: String?
        var tokens: [UInt64]
        var deep: [UInt64]?
        var code: [UInt64]
        var letters: Int
    }

    /// Pairs of at most this many section pairs are cached (a `Double` and a `Float` each).
    static let limit = 2_000_000

    let lock = NSLock()
    var source: [Inputs] = []
    var target: [Inputs] = []
    var ratio = Double.nan
    /// Per cell, row-major: the score before the length and position terms.
    var partials: [Double] = []
    /// Per cell, row-major: the score the alignment reads.
    var cells: [Float] = []
    /// The block alignment of each region of the last alignment.
    var regions: Regions? = nil

    /// What `PageAlignment.alignRegions` computed for each region: both pages' units, the
    /// length ratio, and per region (in order) its unit indices, the positions of the matched
    /// sections' headings among them and the block matches (positions).
    struct Regions: Sendable {
        struct Region {
            var sourceUnits: [Int]
            var targetUnits: [Int]
            var headings: (Int?, Int?)
            var matches: [(Int, Int)]
        }
        var source: [PageUnit]
        var target: [PageUnit]
        var ratio: Double
        var regions: [Region]
    }

    /// The regions of the last alignment, taken out of the cache (a second alignment at the same
    /// time finds none: correct, only slower).
    func takeRegions() -> Regions? {
        lock.lock()
        defer { lock.unlock() }
        defer { regions = nil }
        return regions
    }

    /// Keeps the regions of this alignment for the next.
    func keep(_ r: Regions) {
        lock.lock()
        defer { lock.unlock() }
        regions = r
    }

    /// An empty cache.
    public init() {}

    /// The scores of every pair of sections (`i * target.count + j`), as `Float(final(i, j,
    /// partial(i, j)))`; `partial` is called only for two sections with headings (level ≥ 0).
    func scores(source s: [Inputs], target t: [Inputs], ratio: Double, partial: (Int, Int) -> Double, final: (Int, Int, Double) -> Double) -> [Float] {
        lock.lock()
        defer { lock.unlock() }
        let n = s.count
        let m = t.count
        let sameShape = n == source.count && m == target.count
        let changedS = sameShape ? s.indices.filter { s[$0] != source[$0] } : Array(0..<n)
        let changedT = sameShape ? t.indices.filter { t[$0] != target[$0] } : Array(0..<m)
        if !sameShape {
            partials = [Double](repeating: 0, count: n * m)
            cells = [Float](repeating: 0, count: n * m)
        }
        func compute(_ i: Int, _ j: Int) {
            let k = i * m + j
            if s[i].level >= 0 && t[j].level >= 0 { partials[k] = partial(i, j) }
            cells[k] = Float(final(i, j, partials[k]))
        }
        if sameShape && ratio == self.ratio {
            for i in changedS { for j in 0..<m { compute(i, j) } }
            let rows = Set(changedS)
            for j in changedT { for i in 0..<n where !rows.contains(i) { compute(i, j) } }
        } else {
            var isChangedS = [Bool](repeating: false, count: n)
            var isChangedT = [Bool](repeating: false, count: m)
            for i in changedS { isChangedS[i] = true }
            for j in changedT { isChangedT[j] = true }
            for i in 0..<n {
                for j in 0..<m {
                    if isChangedS[i] || isChangedT[j] {
                        compute(i, j)
                    } else {
                        cells[i * m + j] = Float(final(i, j, partials[i * m + j]))
                    }
                }
            }
        }
        source = s
        target = t
        self.ratio = ratio
        return cells
    }
}
