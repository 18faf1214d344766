/// Rule: which of two transactions of the same product (or chain) is the latest, as
/// `Transaction.latest(for:)` reports it.
///
/// The most recent ``Transaction/purchaseDate`` wins; on a tie the later
/// ``Transaction/expirationDate`` (none counts as earliest); on a further tie the larger
/// ``Transaction/transactionId`` (compared as a decimal number, so `"10"` is after `"9"`).
/// Revoked and upgraded transactions take part: `latest(for:)` returns them too.
///
/// [latest(for:)](https://developer.apple.com/documentation/storekit/transaction/latest(for:))
public enum LatestTransactionRule {
    /// Whether `candidate` is more recent than `current`.
    ///
    /// - Parameters:
    ///   - candidate: The transaction that might replace `current`.
    ///   - current: The latest transaction so far.
    /// - Returns: `true` when `candidate` is the later one; `false` when equal or earlier.
    /// - Complexity: O(1) apart from comparing the identifiers' characters on a full tie.
    public static func isMoreRecent(_ candidate: Transaction, than current: Transaction) -> Bool {
        if candidate.purchaseDate != current.purchaseDate {
            return candidate.purchaseDate > current.purchaseDate
        }
        if candidate.expirationDate != current.expirationDate {
            guard let candidateExpiration = candidate.expirationDate else { return false }
            guard let currentExpiration = current.expirationDate else { return true }
            return candidateExpiration > currentExpiration
        }
        return decimalIdentifier(candidate.transactionId, isGreaterThan: current.transactionId)
    }

    /// The latest transaction of each product, keyed by ``Transaction/productId``.
    ///
    /// - Parameter transactions: Any transactions, in any order.
    /// - Returns: One transaction per product id seen.
    /// - Complexity: O(n), one dictionary lookup per transaction.
    public static func latestByProduct(_ transactions: [Transaction]) -> [String: Transaction] {
        var latest: [String: Int] = [:]
        for index in transactions.indices {
            if let slot = latest.index(forKey: transactions[index].productId) {
                if isMoreRecent(transactions[index], than: transactions[latest.values[slot]]) {
                    latest.values[slot] = index
                }
            } else {
                latest[transactions[index].productId] = index
            }
        }
        return latest.mapValues { transactions[$0] }
    }

    /// Compares identifiers made of decimal digits numerically (shorter is smaller), falling back
    /// to plain string order.
    static func decimalIdentifier(_ lhs: String, isGreaterThan rhs: String) -> Bool {
        let lhsCount = lhs.utf8.count
        let rhsCount = rhs.utf8.count
        if lhsCount != rhsCount { return lhsCount > rhsCount }
        return lhs > rhs
    }
}
