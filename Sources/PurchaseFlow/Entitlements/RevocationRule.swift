/// Rule: a refunded or revoked transaction (``Transaction/revocationDate`` set) grants nothing.
///
/// Refunds and the end of Family Sharing both set the revocation date; StoreKit removes such
/// transactions from `Transaction.currentEntitlements`, and the app should remove access.
///
/// [revocationDate](https://developer.apple.com/documentation/storekit/transaction/revocationdate)
public enum RevocationRule {
    /// Whether the rule keeps `transaction` out of the entitlements: `true` when revoked.
    ///
    /// - Parameter transaction: Any transaction.
    public static func excludes(_ transaction: Transaction) -> Bool {
        transaction.revocationDate != nil
    }
}
