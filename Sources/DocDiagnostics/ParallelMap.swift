import Foundation

/// Maps over an array on all cores (`DispatchQueue.concurrentPerform`), keeping the order: the
/// result has one element per item, at the item's index. `transform` runs concurrently, so it
/// must not share mutable state. Used by lint's page passes and by generation's rendering.
public enum ParallelMap {
    /// `items.map(transform)`, with the items transformed concurrently; fewer than two items
    /// are mapped on the calling thread.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        if items.count < 2 { return items.map(transform) }
        let box = ResultBox<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            box.set(i, transform(items[i]))
        }
        return box.values()
    }

    /// `map(_:_:)` that starts the items in order of decreasing `cost` (one number per item, in
    /// any unit: the longest first, so the last ones to finish are short and no core waits long
    /// for the slowest at the end); the results are in the items' order.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], costliestFirst cost: [Int], _ transform: @Sendable (T) -> R) -> [R] {
        if items.count < 2 { return items.map(transform) }
        let order = items.indices.sorted { (cost[$0], $1) > (cost[$1], $0) }
        let box = ResultBox<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { k in
            let i = order[k]
            box.set(i, transform(items[i]))
        }
        return box.values()
    }

    /// The results, written from several threads under a lock.
    final class ResultBox<R>: @unchecked Sendable {
        private var storage: [R?]
        private let lock = NSLock()
        init(count: Int) { storage = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ value: R) {
            lock.lock()
            storage[i] = value
            lock.unlock()
        }
        func values() -> [R] { storage.compactMap { $0 } }
    }
}
