import Foundation

/// Rule: the ``RenewalState`` of an auto-renewable subscription chain, from its latest
/// transaction and its renewal info, at a given time.
///
/// In order:
/// 1. the latest transaction has a ``Transaction/revocationDate`` → ``RenewalState/revoked``;
/// 2. its ``Transaction/expirationDate`` is after `now` → ``RenewalState/subscribed``;
/// 3. the renewal info's ``RenewalInfo/gracePeriodExpirationDate`` is after `now` →
///    ``RenewalState/inGracePeriod`` (access continues while the App Store retries the payment);
/// 4. ``RenewalInfo/isInBillingRetry`` → ``RenewalState/inBillingRetryPeriod``;
/// 5. otherwise → ``RenewalState/expired`` (also when the transaction has no expiration date).
///
/// [RenewalState](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalstate),
/// [gracePeriodExpirationDate](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/graceperiodexpirationdate)
public enum SubscriptionChainState {
    /// The chain's state at `now`.
    ///
    /// - Parameters:
    ///   - latest: The chain's latest transaction (see ``LatestTransactionRule``).
    ///   - renewalInfo: The chain's renewal info, or `nil` when not known (then no grace period
    ///     and no billing retry are assumed).
    ///   - now: The moment to decide for.
    /// - Returns: The state.
    public static func state(latest: Transaction, renewalInfo: RenewalInfo?, at now: Date) -> RenewalState {
        if latest.revocationDate != nil { return .revoked }
        if let expiration = latest.expirationDate, expiration > now { return .subscribed }
        if let grace = renewalInfo?.gracePeriodExpirationDate, grace > now { return .inGracePeriod }
        if renewalInfo?.isInBillingRetry == true { return .inBillingRetryPeriod }
        return .expired
    }
}
