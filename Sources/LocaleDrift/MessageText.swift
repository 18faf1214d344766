/// Cutting long values for messages so that what differs stays visible.
enum MessageText {
    /// `s` cut to at most `width` characters, with an ellipsis at the end when cut.
    static func clip(_ s: String, _ width: Int) -> String {
        s.count > width ? String(s.prefix(width - 1)) + "…" : s
    }

    /// `s` cut to at most `width` characters so that the part from character `from` on (where it
    /// stops agreeing with the value it is shown beside) is visible: a long common beginning
    /// becomes `…`. Without a common beginning worth dropping, as `clip(_:_:)`.
    static func clip(_ s: String, _ width: Int, differingFrom from: Int) -> String {
        guard s.count > width, from > width / 3 else { return clip(s, width) }
        // Keep a little context before the first difference.
        let start = from - min(12, width / 4)
        let rest = String(s.dropFirst(start))
        return "…" + clip(rest, width - 1)
    }

    /// The number of characters `a` and `b` begin with in common.
    static func commonPrefix(_ a: String, _ b: String) -> Int {
        var n = 0
        for (x, y) in zip(a, b) {
            guard x == y else { break }
            n += 1
        }
        return n
    }

    /// Two values shown side by side ("ru has X, ja has Y"), each cut to `width` characters
    /// around where they start to differ.
    static func clipPair(_ a: String, _ b: String, _ width: Int) -> (String, String) {
        let p = commonPrefix(a, b)
        return (clip(a, width, differingFrom: p), clip(b, width, differingFrom: p))
    }

    /// Values of one side shown against the other side's: each cut around where it stops
    /// agreeing with the most similar value on the other side.
    static func clip(_ values: [String], against others: [String], _ width: Int) -> [String] {
        values.map { v in clip(v, width, differingFrom: others.map { commonPrefix(v, $0) }.max() ?? 0) }
    }
}
