extension Alignment {
    /// Index pairs `(i, j)` where `a[i]` and `b[j]` hold a key that occurs exactly once in `a`
    /// and exactly once in `b` (`nil` keys never pair), reduced to a longest chain increasing in
    /// both `i` and `j` (patience diff's anchors). O((n + m) log n).
    static func uniqueAnchors<K: Hashable>(_ a: [K?], _ b: [K?]) -> [(Int, Int)] {
        // Position of a key seen once, or -1 once it is seen again.
        func once(_ keys: [K?]) -> [K: Int] {
            var out: [K: Int] = [:]
            for (i, k) in keys.enumerated() {
                guard let k else { continue }
                out[k] = out[k] == nil ? i : -1
            }
            return out
        }
        let inB = once(b)
        var pairs: [(Int, Int)] = []
        for (i, j) in once(a).sorted(by: { $0.value < $1.value }).map({ ($0.value, inB[$0.key] ?? -1) }) where i >= 0 && j >= 0 {
            pairs.append((i, j))
        }
        // Longest increasing subsequence of the target indices (pairs are sorted by source index).
        var tails: [Int] = []  // tails[k]: index into pairs of the smallest tail of a chain of length k + 1
        var previous = [Int](repeating: -1, count: pairs.count)
        for (p, pair) in pairs.enumerated() {
            var lo = 0
            var hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if pairs[tails[mid]].1 < pair.1 { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[p] = tails[lo - 1] }
            if lo == tails.count { tails.append(p) } else { tails[lo] = p }
        }
        var chain: [(Int, Int)] = []
        var p = tails.last ?? -1
        while p >= 0 {
            chain.append(pairs[p])
            p = previous[p]
        }
        return chain.reversed()
    }

    /// `scored(_:_:limit:score:)` for inputs too large for its table: the pairs whose keys are
    /// unique on both sides and in the same order (and whose score is positive) are matched
    /// first, then each stretch between two of them is aligned on its own (by the table when it
    /// fits in `limit` cells, by position when not). Inputs within `limit` are aligned exactly as
    /// by `scored`. The score function is called with indices of the whole inputs. Time about
    /// linear in `n + m` plus the stretches' tables (each at most `limit` cells).
    public static func scored<K: Hashable>(
        _ n: Int, _ m: Int, keys: (source: [K?], target: [K?]), limit: Int = 9_000_000, score: (Int, Int) -> Double
    ) -> [(Int, Int)] {
        if n * m <= limit { return scored(n, m, limit: limit, score: score) }
        var out: [(Int, Int)] = []
        var i0 = 0
        var j0 = 0
        for (i, j) in uniqueAnchors(keys.source, keys.target).filter({ score($0.0, $0.1) > 0 }) + [(n, m)] {
            let (si, sj) = (i0, j0)
            out += scored(i - si, j - sj, limit: limit) { score($0 + si, $1 + sj) }.map { ($0.0 + si, $0.1 + sj) }
            if i < n { out.append((i, j)) }
            i0 = i + 1
            j0 = j + 1
        }
        return out
    }
}
