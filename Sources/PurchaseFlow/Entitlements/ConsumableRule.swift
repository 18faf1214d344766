/// Rule: consumables are never current entitlements.
///
/// StoreKit leaves consumables out of `Transaction.currentEntitlements`; the app records what it
/// delivered when it processes (and then finishes) the transaction.
///
/// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
public enum ConsumableRule {
    /// Whether the rule keeps `transaction` out of the entitlements: `true` for a consumable.
    ///
    /// - Parameter transaction: Any transaction.
    public static func excludes(_ transaction: Transaction) -> Bool {
        transaction.productType == .consumable
    }
}
