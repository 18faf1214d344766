/// A set that keeps only its `capacity` most recently used elements: inserting or touching an
/// element makes it the most recent; when the set is full, the least recently used element is
/// dropped. ``PurchaseCoordinator`` uses it to bound what it remembers about transactions.
struct RecentSet<Element: Hashable & Sendable>: Sendable {
    /// The most elements kept.
    let capacity: Int
    /// Each element and the stamp of its last use.
    private var stamps: [Element: Int] = [:]
    /// Uses in order; an entry whose stamp no longer matches ``stamps`` is outdated.
    private var uses: [(element: Element, stamp: Int)] = []
    /// The index of the oldest entry of ``uses`` still to look at.
    private var head = 0
    private var nextStamp = 0

    /// Creates an empty set.
    ///
    /// - Parameter capacity: The most elements kept; at least 1.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many elements the set holds.
    var count: Int { stamps.count }

    /// Whether the set holds `element` (does not count as a use).
    func contains(_ element: Element) -> Bool {
        stamps[element] != nil
    }

    /// Inserts `element`, or marks it used if present; drops the least recently used element when
    /// the set is over capacity.
    ///
    /// - Returns: `true` when `element` was not in the set.
    @discardableResult
    mutating func touch(_ element: Element) -> Bool {
        nextStamp += 1
        let inserted = stamps.updateValue(nextStamp, forKey: element) == nil
        uses.append((element, nextStamp))
        while stamps.count > capacity, head < uses.count {
            let oldest = uses[head]
            head += 1
            if stamps[oldest.element] == oldest.stamp { stamps[oldest.element] = nil }
        }
        compactIfNeeded()
        return inserted
    }

    /// Removes `element` if present.
    mutating func remove(_ element: Element) {
        stamps[element] = nil
        compactIfNeeded()
    }

    /// Drops outdated entries once they outnumber the live ones, so that memory stays within a
    /// constant factor of `capacity`.
    private mutating func compactIfNeeded() {
        guard uses.count - head > 2 * capacity + 16 else { return }
        uses = uses[head...].filter { stamps[$0.element] == $0.stamp }
        head = 0
    }
}
