/// Rule: an auto-renewable subscription is entitled through the latest transaction of its chain
/// while the chain is ``RenewalState/subscribed`` or ``RenewalState/inGracePeriod``.
///
/// The chain's state comes from ``SubscriptionChainState``. Expired chains, chains in billing
/// retry without a running grace period, and revoked chains grant nothing.
///
/// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements),
/// [RenewalState](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalstate)
public enum AutoRenewableRule {
    /// The verdict for a subscription chain in `state`.
    ///
    /// - Parameter state: The chain's state.
    /// - Returns: ``EntitlementVerdict/entitled`` for subscribed and inGracePeriod; otherwise
    ///   excluded with ``ExclusionReason/expired``, ``ExclusionReason/inBillingRetryPeriod`` or
    ///   ``ExclusionReason/revoked``.
    public static func verdict(for state: RenewalState) -> EntitlementVerdict {
        switch state {
        case .subscribed, .inGracePeriod: .entitled
        case .expired: .excluded(.expired)
        case .inBillingRetryPeriod: .excluded(.inBillingRetryPeriod)
        case .revoked: .excluded(.revoked)
        }
    }
}
