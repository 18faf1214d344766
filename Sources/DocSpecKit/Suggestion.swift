/// "Did you mean …?": the known name nearest to a misspelt one, for commands, options, option
/// values, config keys and rule ids.
enum Suggestion {
    /// The candidate with the smallest edit distance to `word` (insertions, deletions,
    /// substitutions and swaps of neighbours, over Unicode scalars, ignoring case), if it is close
    /// enough to be a typo: at most 1 edit for words of up to 4 scalars, 2 up to 8, else 3. Ties go
    /// to the earlier candidate. `nil` when none is that close, or `word` is itself a candidate.
    static func nearest(_ word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        let limit = w.count <= 4 ? 1 : w.count <= 8 ? 2 : 3
        var best: (name: String, distance: Int)?
        for c in candidates {
            let d = distance(w, Array(c.lowercased().unicodeScalars))
            if d == 0 { return c == word ? nil : c }
            if d <= limit, d < (best?.distance ?? .max) { best = (c, d) }
        }
        return best?.name
    }

    /// The optimal-string-alignment distance between `a` and `b`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    /// `"; did you mean '<nearest>'?"`, or `""` when nothing is near.
    static func hint(_ word: String, in candidates: [String]) -> String {
        nearest(word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
