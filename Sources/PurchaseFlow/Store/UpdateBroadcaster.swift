import Foundation

/// Fans one stream of values out to every ``StoreProtocol/updates`` stream handed out, and
/// replays the current unfinished values to each new stream (StoreKit delivers unfinished
/// transactions to a new `Transaction.updates` listener).
///
/// Thread-safe (a lock); used from an actor's isolated methods and from `nonisolated` getters.
final class UpdateBroadcaster<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [Int: AsyncStream<Element>.Continuation] = [:]
    private var nextId = 0
    private var replay: [Element] = []
    private var replaysToNewStreams: Bool

    init(replaysToNewStreams: Bool) {
        self.replaysToNewStreams = replaysToNewStreams
    }

    /// A new stream that receives every later ``yield(_:)``, after the replay values.
    func makeStream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        lock.lock()
        let id = nextId
        nextId += 1
        continuations[id] = continuation
        let initial = replaysToNewStreams ? replay : []
        // Yield under the lock so that no concurrent yield overtakes the replay.
        for value in initial { continuation.yield(value) }
        lock.unlock()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// Sends `value` to every open stream.
    func yield(_ value: Element) {
        lock.lock()
        for continuation in continuations.values { continuation.yield(value) }
        lock.unlock()
    }

    /// Replaces the values replayed to new streams.
    func setReplay(_ values: [Element]) {
        lock.lock()
        replay = values
        lock.unlock()
    }

    /// Whether new streams get the replay values.
    func setReplaysToNewStreams(_ enabled: Bool) {
        lock.lock()
        replaysToNewStreams = enabled
        lock.unlock()
    }

    /// Ends every open stream.
    func finishAll() {
        lock.lock()
        let all = continuations.values
        continuations.removeAll()
        lock.unlock()
        for continuation in all { continuation.finish() }
    }

    private func remove(_ id: Int) {
        lock.lock()
        continuations[id] = nil
        lock.unlock()
    }
}
