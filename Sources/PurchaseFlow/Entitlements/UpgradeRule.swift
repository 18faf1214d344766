/// Rule: a transaction superseded by an upgrade within its subscription group
/// (``Transaction/isUpgraded``) grants nothing; the upgrade's own transaction does.
///
/// [isUpgraded](https://developer.apple.com/documentation/storekit/transaction/isupgraded)
public enum UpgradeRule {
    /// Whether the rule keeps `transaction` out of the entitlements: `true` when upgraded.
    ///
    /// - Parameter transaction: Any transaction.
    public static func excludes(_ transaction: Transaction) -> Bool {
        transaction.isUpgraded
    }
}
