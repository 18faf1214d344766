import LocaleDrift
import Testing

/// The index pairs of `Alignment.lcs` as `"i-j"` strings (tuples are not Equatable in arrays).
private func lcs<T: Equatable>(_ a: [T], _ b: [T]) -> [String] {
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
