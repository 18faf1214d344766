/// A fixed-seed generator (Knuth's MMIX linear congruential step), so a failing random input
/// can be found again.
public struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}

extension SeededGenerator {
    /// A text of `count` pieces drawn from `pieces` (which must not be empty), for tests that
    /// compare a fast path with a reference on generated input.
    public mutating func text(of count: Int, from pieces: [String]) -> String {
        var text = ""
        for _ in 0..<count { text += pieces[Int(next() % UInt64(pieces.count))] }
        return text
    }
}
