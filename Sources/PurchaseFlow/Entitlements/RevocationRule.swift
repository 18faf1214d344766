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

    /// One transaction per ``Transaction/transactionId``: when a list holds several copies of the
    /// same transaction (the original and the refunded copy the App Store signs later), the
    /// revoked copy replaces the others, wherever it comes in the list; among several revoked
    /// copies the first stays, and without one the first copy stays. Order is otherwise kept
    /// (each id at the position of its first copy).
    ///
    /// - Parameter transactions: Any transactions, in any order.
    /// - Returns: `transactions` itself when no id repeats.
    /// - Complexity: O(n), one dictionary lookup per transaction.
    public static func mergingCopies(_ transactions: [Transaction]) -> [Transaction] {
        var firstIndex: [String: Int] = [:]
        firstIndex.reserveCapacity(transactions.count)
        var merged: [Transaction] = []
        var hasCopies = false
        for index in transactions.indices {
            let id = transactions[index].transactionId
            if let slot = firstIndex[id] {
                if !hasCopies {
                    hasCopies = true
                    merged = Array(transactions[..<index])
                }
                if !excludes(merged[slot]) && excludes(transactions[index]) { merged[slot] = transactions[index] }
            } else {
                firstIndex[id] = hasCopies ? merged.count : index
                if hasCopies { merged.append(transactions[index]) }
            }
        }
        return hasCopies ? merged : transactions
    }
}
