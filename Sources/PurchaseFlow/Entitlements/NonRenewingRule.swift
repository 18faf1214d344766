import Foundation

/// Rule: a non-renewing subscription is entitled through its latest transaction that was not
/// revoked — whatever its age, as StoreKit does — unless the app supplies its own validity
/// period (``NonRenewingPolicy``).
///
/// StoreKit does not know how long a non-renewing subscription lasts: its transactions have no
/// expiration date, and `Transaction.currentEntitlements` keeps the latest one even after it is
/// finished. Apps that sell, say, a one-month pass compute the end themselves;
/// ``NonRenewingPolicy/validity(_:)`` does that from the purchase date.
///
/// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
public enum NonRenewingRule {
    /// The verdict for a non-renewing product given its latest unrevoked transaction.
    ///
    /// - Parameters:
    ///   - latestUnrevoked: The latest transaction that ``RevocationRule`` did not exclude, or
    ///     `nil` when there is none.
    ///   - policy: How the app dates the end of a non-renewing subscription.
    ///   - now: The moment to decide for.
    /// - Returns: ``EntitlementVerdict/entitled``; `excluded(.revoked)` without a transaction;
    ///   `excluded(.appDefinedExpiry)` when the policy's expiration date is at or before `now`.
    public static func verdict(
        latestUnrevoked: Transaction?, policy: NonRenewingPolicy, at now: Date
    ) -> EntitlementVerdict {
        guard let transaction = latestUnrevoked else { return .excluded(.revoked) }
        if let expiration = policy.expirationDate(for: transaction), expiration <= now {
            return .excluded(.appDefinedExpiry)
        }
        return .entitled
    }
}

/// How the app dates the end of a non-renewing subscription.
///
/// ``storeKit`` (the default) follows StoreKit: no end, the latest transaction stays an
/// entitlement. ``validity(_:)`` gives products a duration from their purchase date;
/// ``init(expirationDate:)`` takes any rule.
public struct NonRenewingPolicy: Sendable {
    private let expiration: @Sendable (Transaction) -> Date?

    /// Creates a policy from a function.
    ///
    /// - Parameter expirationDate: Returns when a non-renewing transaction stops granting access,
    ///   or `nil` for never. Called from any thread.
    public init(expirationDate: @escaping @Sendable (Transaction) -> Date?) {
        expiration = expirationDate
    }

    /// StoreKit's behaviour: non-renewing subscriptions never expire by themselves.
    public static var storeKit: NonRenewingPolicy {
        NonRenewingPolicy { _ in nil }
    }

    /// Each listed product lasts its duration from ``Transaction/purchaseDate``; unlisted
    /// products follow ``storeKit``.
    ///
    /// - Parameter durations: Seconds of validity by product id, for example
    ///   `["season.pass": 90 * 86_400]`.
    public static func validity(_ durations: [String: TimeInterval]) -> NonRenewingPolicy {
        NonRenewingPolicy { transaction in
            durations[transaction.productId].map { transaction.purchaseDate + $0 }
        }
    }

    /// When `transaction` stops granting access under this policy; `nil` for never.
    ///
    /// - Parameter transaction: A non-renewing subscription's transaction.
    public func expirationDate(for transaction: Transaction) -> Date? {
        expiration(transaction)
    }
}
