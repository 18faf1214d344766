import Foundation

/// The injected clock of this library: where every "now" comes from.
///
/// Entitlements depend on the time (a subscription is active until its `expirationDate`, a grace
/// period until `gracePeriodExpirationDate`), so nothing in the library reads the system clock
/// directly: the engine takes a `Date`, and the coordinator, the diagnostics and
/// ``SimulatedStore`` take a `TimeSource`. Use ``system`` in an app or a server, ``fixed(_:)`` or
/// a ``ManualTimeSource`` in tests.
///
/// ```swift
/// let clock = ManualTimeSource(now: Date(timeIntervalSince1970: 1_767_225_600))
/// let store = SimulatedStore(products: [.autoRenewable("monthly", groupId: "pro")], timeSource: clock.timeSource)
/// clock.advance(by: 5 * 60)   // the sandbox month is over
/// ```
public struct TimeSource: Sendable {
    /// Returns the current time. Called once per decision; must be cheap and thread-safe.
    public let now: @Sendable () -> Date

    /// Creates a time source from a closure.
    ///
    /// - Parameter now: Returns the current time; called from any thread or actor.
    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system clock (`Date()`).
    public static var system: TimeSource {
        TimeSource { Date() }
    }

    /// A clock that always returns `date`.
    ///
    /// - Parameter date: The time every call of ``now`` returns.
    public static func fixed(_ date: Date) -> TimeSource {
        TimeSource { date }
    }
}

/// A settable clock for tests and reproductions: the time moves only when you move it.
///
/// Thread-safe (a lock guards the date), so a test can advance it while actors read it.
public final class ManualTimeSource: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// Creates a clock that starts at `now`.
    ///
    /// - Parameter now: The initial time.
    public init(now: Date) {
        current = now
    }

    /// The current time of this clock.
    public var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Moves the clock forward (or backward, with a negative value).
    ///
    /// - Parameter seconds: The interval in seconds.
    public func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }

    /// Sets the clock to `date`.
    ///
    /// - Parameter date: The new current time.
    public func set(_ date: Date) {
        lock.lock()
        current = date
        lock.unlock()
    }

    /// A ``TimeSource`` that reads this clock.
    public var timeSource: TimeSource {
        TimeSource { [self] in now }
    }
}
