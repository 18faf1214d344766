import SpecModel

/// Cutting long values for messages so that what differs stays visible.
enum MessageText {
    /// `message` with what `&vert;` is said when it quotes one: a value that shows `&vert;`
    /// (an entity left as text: written `&amp;vert;`, or inside a backtick code span) reads
    /// `&vert;` where the other locale has `|`, and a writer who does not know the entity
    /// cannot tell why they differ.
    static func explainingEntities(_ message: String) -> String {
        guard message.utf8.count >= 6, message.hasBytes("&vert;") else { return message }
        return message + " (&vert; is an escaped |, shown as text)"
    }

    /// `s` cut to at most `width` characters, with an ellipsis at the end when cut.
    static func clip(_ s: String, _ width: Int) -> String {
        s.count > width ? String(s.prefix(width - 1)) + "…" : s
    }

    /// `s` cut to at most `width` characters so that the part that differs from the value it is
    /// shown beside stays visible: it stops agreeing at character `from` and agrees again in its
    /// last `suffix` characters. A long common beginning becomes `…` (a little context kept);
    /// a difference too wide to show whole keeps its start and the value's end, with `…` between
    /// them, so a difference at the end (`#section-6` / `#section-6.5.1`) is never cut off.
    static func clip(_ s: String, _ width: Int, differingFrom from: Int, suffix: Int = 0) -> String {
        let c = Array(s)
        guard c.count > width, width > 8 else { return s.count > width ? clip(s, width) : s }
        let context = min(12, width / 4)
        let lo = from > width / 3 ? from - context : 0
        let end = max(from, c.count - suffix)
        let budget = width - (lo > 0 ? 1 : 0)
        let lead = lo > 0 ? "…" : ""
        // The rest of the value fits after the cut beginning.
        if c.count - lo <= budget { return lead + String(c[lo...]) }
        // The difference, with context after it, fits in one window from `lo`.
        if min(c.count, end + context) <= lo + budget - 1 { return lead + String(c[lo..<(lo + budget - 1)]) + "…" }
        // Else its start and the value's end.
        let head = (budget - 1) / 2
        let tail = budget - 1 - head
        return lead + String(c[lo..<(lo + head)]) + "…" + String(c[(c.count - tail)...])
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

    /// The number of characters `a` and `b` end with in common, not counting the first `skip`
    /// (their common beginning).
    static func commonSuffix(_ a: String, _ b: String, skip: Int) -> Int {
        var n = 0
        for (x, y) in zip(a.reversed(), b.reversed()) {
            guard x == y, n < min(a.count, b.count) - skip else { break }
            n += 1
        }
        return n
    }

    /// Two values shown side by side ("ru has X, ja has Y"), each cut to `width` characters
    /// around where they differ.
    static func clipPair(_ a: String, _ b: String, _ width: Int) -> (String, String) {
        let p = commonPrefix(a, b)
        let q = commonSuffix(a, b, skip: p)
        return (clip(a, width, differingFrom: p, suffix: q), clip(b, width, differingFrom: p, suffix: q))
    }

    /// Values of one side shown against the other side's: each cut around where it differs
    /// from the most similar value on the other side (the most characters in common at
    /// its beginning and end).
    static func clip(_ values: [String], against others: [String], _ width: Int) -> [String] {
        values.map { v in
            guard v.count > width else { return v }
            var best = (prefix: 0, suffix: 0)
            for o in others {
                let p = commonPrefix(v, o)
                let q = commonSuffix(v, o, skip: p)
                if p + q > best.prefix + best.suffix { best = (p, q) }
            }
            return clip(v, width, differingFrom: best.prefix, suffix: best.suffix)
        }
    }
}
