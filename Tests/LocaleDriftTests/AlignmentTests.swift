import DocSpecTestSupport
@testable import LocaleDrift
import Testing

/// The index pairs of `Alignment.lcs` as `"i-j"` strings (tuples are not Equatable in arrays).
private func lcs<T: Hashable>(_ a: [T], _ b: [T]) -> [String] {
    Alignment.lcs(a, b).map { "\($0.0)-\($0.1)" }
}

@Suite("Alignment.lcs")
struct AlignmentTests {
    @Test("Empty inputs give no pairs")
    func empty() {
        #expect(lcs([Int](), []) == [])
        #expect(lcs([], [1, 2]) == [])
        #expect(lcs([1, 2], []) == [])
    }

    @Test("Identical sequences pair index by index")
    func identical() {
        #expect(lcs(["sh", "json", "swift"], ["sh", "json", "swift"]) == ["0-0", "1-1", "2-2"])
    }

    @Test("One element missing in the middle: the others still pair")
    func missingMiddle() {
        #expect(lcs(["sh", "json", "swift"], ["sh", "swift"]) == ["0-0", "2-1"])
    }

    @Test("One element inserted at the front shifts nothing else")
    func insertedFront() {
        #expect(lcs(["json", "swift"], ["yaml", "json", "swift"]) == ["0-1", "1-2"])
    }

    @Test("Disjoint sequences give no pairs; a swap keeps one pair")
    func disjointAndSwap() {
        #expect(lcs(["a", "b"], ["c", "d"]) == [])
        #expect(lcs(["a", "b"], ["b", "a"]).count == 1)
    }

    @Test("Pairs are strictly increasing on both sides, with repeated elements")
    func repeated() {
        let pairs = Alignment.lcs(["x", "y", "x", "y"], ["y", "x", "y"])
        #expect(pairs.count == 3)
        #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
    }
}

@Suite("Alignment of long inputs")
struct LongAlignmentTests {
    @Test("unique anchors: keys found once on each side, in a chain increasing on both sides")
    func uniqueAnchors() {
        let a: [String?] = ["x", "a", "b", "dup", "c", nil, "dup", "d"]
        let b: [String?] = ["b", "a", "dup", "c", "y", nil, "d", "dup"]
        let pairs = Alignment.uniqueAnchors(a, b).map { "\($0.0)-\($0.1)" }
        // a/b cross (only one of them can be kept), dup is not unique, nil never pairs.
        #expect(pairs == ["1-1", "4-3", "7-6"] || pairs == ["2-0", "4-3", "7-6"], "\(pairs)")
    }

    @Test("scored with keys over the limit matches the unique keys and aligns the stretches between them by the table")
    func scoredAnchored() {
        // Source 0..<40; the target leaves out every third element. Keys are the values; the
        // score prefers equal values. A limit below 40 × 27 forces the anchored path.
        let source = Array(0..<40)
        let target = source.filter { $0 % 3 != 0 }
        let score = { (i: Int, j: Int) -> Double in source[i] == target[j] ? 1 : -1 }
        let exact = Alignment.scored(source.count, target.count, score: score).map { "\($0.0)-\($0.1)" }
        let keys = (source: source.map { Optional($0) }, target: target.map { Optional($0) })
        let anchored = Alignment.scored(source.count, target.count, keys: keys, limit: 100, score: score).map { "\($0.0)-\($0.1)" }
        #expect(anchored == exact)
        #expect(anchored.count == target.count)
        // Without usable keys the stretches fall back to the table (small) or to position (large).
        let none = (source: [Int?](repeating: nil, count: 40), target: [Int?](repeating: nil, count: 27))
        let positional = Alignment.scored(source.count, target.count, keys: none, limit: 100, score: score)
        #expect(positional.allSatisfy { $0.0 == $0.1 && source[$0.0] == target[$0.1] })
    }

    @Test("scored traces back the same pairs from kept scores as from scores computed again")
    func keptScores() {
        var rng = SeededGenerator(seed: 7)
        for round in 0..<200 {
            // Mostly small tables (on the stack), every tenth over 4,096 cells (on the heap).
            let size: UInt64 = round % 10 == 0 ? 90 : 12
            let n = Int(rng.next() % size)
            let m = Int(rng.next() % size)
            // Few distinct values, many ties, some not positive.
            let cells = (0..<(n * m)).map { _ in Double(Int(rng.next() % 7) - 2) / 4 }
            var calls = 0
            let score = { (i: Int, j: Int) -> Double in
                calls += 1
                return cells[i * m + j]
            }
            let kept = Alignment.scored(n, m, limit: 10_000, keptScores: 10_000, score: score).map { "\($0.0)-\($0.1)" }
            #expect(calls == n * m)
            let again = Alignment.scored(n, m, limit: 10_000, keptScores: 0, score: score).map { "\($0.0)-\($0.1)" }
            #expect(kept == again)
        }
    }

    @Test("lcs over the limit: unique elements anchor the middle, the stretches between them are aligned exactly")
    func lcsAnchored() {
        let a = (0..<300).map { $0 % 7 == 0 ? "dup" : "e\($0)" }
        let b = a.enumerated().filter { $0.offset % 5 != 2 }.map(\.element)
        let exact = lcs(a, b)
        let anchored = Alignment.lcs(a, b, limit: 50).map { "\($0.0)-\($0.1)" }
        #expect(anchored.count == exact.count, "\(anchored.count) vs \(exact.count)")
        let pairs = Alignment.lcs(a, b, limit: 50)
        #expect(pairs.allSatisfy { a[$0.0] == b[$0.1] })
        #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
    }
}

@Suite("Alignment.TagIntersections")
struct TagIntersectionsTests {
    /// Sorted tag lists with repeats, shared tags and empty lists, from a fixed seed: tags are
    /// drawn from a small pool so that lists overlap, and some collide in the index's low bits.
    static func lists(_ count: Int, seed: inout UInt64) -> [[UInt64]] {
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        let pool: [UInt64] = (0..<24).map { k in k < 4 ? UInt64(k) << 40 : (UInt64(k) &* 0x9E37_79B9_7F4A_7C15) }
        return (0..<count).map { _ in
            let length = Int(next() % 9)
            return (0..<length).map { _ in pool[Int(next() % UInt64(pool.count))] }.sorted()
        }
    }

    @Test("Every pair, asked for row by row, column by column or in a scattered order, is jaccardSorted's value")
    func sameAsMerge() {
        var seed: UInt64 = 42
        for _ in 0..<20 {
            let rows = Self.lists(7, seed: &seed)
            let columns = Self.lists(9, seed: &seed)
            var expected: [Double] = []
            for i in rows.indices { for j in columns.indices { expected.append(Alignment.jaccardSorted(rows[i], columns[j])) } }
            let m = columns.count
            var byRow = Alignment.TagIntersections(rows: rows, columns: columns)
            for i in rows.indices.reversed() { for j in columns.indices.reversed() { #expect(byRow.jaccard(i, j) == expected[i * m + j]) } }
            var byColumn = Alignment.TagIntersections(rows: rows, columns: columns)
            for j in columns.indices { for i in rows.indices { #expect(byColumn.jaccard(i, j) == expected[i * m + j]) } }
            var scattered = Alignment.TagIntersections(rows: rows, columns: columns)
            for k in 0..<(rows.count * m * 2) {
                let i = (k * 5 + k / 3) % rows.count
                let j = (k * 7) % m
                #expect(scattered.jaccard(i, j) == expected[i * m + j])
            }
        }
    }
}
