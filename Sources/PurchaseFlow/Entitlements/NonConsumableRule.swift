/// Rule: a non-consumable is entitled through its latest transaction that was not revoked.
///
/// A non-consumable stays owned for good unless refunded; if every transaction of the product
/// was revoked the product is excluded with ``ExclusionReason/revoked`` (a purchase after a refund
/// entitles again).
///
/// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
public enum NonConsumableRule {
    /// The verdict for a non-consumable product given the latest of its transactions that
    /// ``RevocationRule`` and ``UpgradeRule`` did not exclude.
    ///
    /// - Parameter latestUnrevoked: That transaction, or `nil` when there is none.
    /// - Returns: ``EntitlementVerdict/entitled`` when there is one, otherwise
    ///   `excluded(.revoked)`.
    public static func verdict(latestUnrevoked: Transaction?) -> EntitlementVerdict {
        latestUnrevoked == nil ? .excluded(.revoked) : .entitled
    }
}
