import Foundation

/// Rule: whether the transaction a purchase returned is the new purchase, a product the customer
/// already owned, or a stale transaction that StoreKit handed back instead of purchasing.
///
/// The seed report's failure: tapping "buy" showed no App Store sheet, `purchase()` returned
/// `.success` with a verified transaction, the app finished it, and `currentEntitlements` stayed
/// empty — the transaction was an old, unfinished renewal of an expired sandbox chain. A result is
/// stale when any of these holds (``StaleReason``):
///
/// | reason | test |
/// |---|---|
/// | ``StaleReason/queuedBeforeAttempt`` | its id was in the attempt's pre-purchase unfinished snapshot |
/// | ``StaleReason/purchasedBeforeAttempt`` | its ``Transaction/purchaseDate`` is earlier than the attempt's start minus ``purchaseDateTolerance`` |
/// | ``StaleReason/alreadyExpired`` | its ``Transaction/expirationDate`` is at or before now |
/// | ``StaleReason/revoked`` | it has a ``Transaction/revocationDate`` |
/// | ``StaleReason/productMismatch`` | it is for another product than the one requested |
///
/// Exception: a non-consumable whose only reason is ``StaleReason/purchasedBeforeAttempt`` is
/// ``Classification/alreadyOwned``: StoreKit returns the original transaction when the customer
/// buys an owned non-consumable again.
///
/// [purchase(options:)](https://developer.apple.com/documentation/storekit/product/purchase(options:)),
/// [unfinished](https://developer.apple.com/documentation/storekit/transaction/unfinished)
public struct StaleTransactionDetector: Hashable, Sendable {
    /// How much earlier than the attempt's start a new transaction's purchase date may be, in
    /// seconds, to absorb the difference between the device's clock and the App Store's; 60 by
    /// default.
    public var purchaseDateTolerance: TimeInterval

    /// Creates a detector.
    ///
    /// - Parameter purchaseDateTolerance: Seconds of clock difference tolerated; 60 by default.
    public init(purchaseDateTolerance: TimeInterval = 60) {
        self.purchaseDateTolerance = purchaseDateTolerance
    }

    /// What a returned transaction is.
    public enum Classification: Hashable, Sendable {
        /// The new transaction of this purchase.
        case fresh
        /// An owned non-consumable's original transaction, returned again.
        case alreadyOwned
        /// An old transaction returned instead of a purchase, with every reason found.
        case stale([StaleReason])
    }

    /// Every reason `transaction` is not the attempt's new transaction.
    ///
    /// - Parameters:
    ///   - transaction: The transaction the purchase returned.
    ///   - attempt: The attempt.
    ///   - now: When the result arrived.
    /// - Returns: The reasons in ``StaleReason`` declaration order; empty for a new transaction.
    public func reasons(for transaction: Transaction, attempt: PurchaseAttempt, at now: Date) -> [StaleReason] {
        var reasons: [StaleReason] = []
        if attempt.unfinishedTransactionIds.contains(transaction.transactionId) { reasons.append(.queuedBeforeAttempt) }
        if transaction.purchaseDate < attempt.startedAt - purchaseDateTolerance { reasons.append(.purchasedBeforeAttempt) }
        if transaction.isExpired(at: now) { reasons.append(.alreadyExpired) }
        if transaction.isRevoked { reasons.append(.revoked) }
        if transaction.productId != attempt.productId { reasons.append(.productMismatch) }
        return reasons
    }

    /// Classifies `transaction`.
    ///
    /// - Parameters:
    ///   - transaction: The transaction the purchase returned.
    ///   - attempt: The attempt.
    ///   - now: When the result arrived.
    /// - Returns: ``Classification/fresh``, ``Classification/alreadyOwned`` or
    ///   ``Classification/stale(_:)``.
    public func classify(_ transaction: Transaction, attempt: PurchaseAttempt, at now: Date) -> Classification {
        let reasons = reasons(for: transaction, attempt: attempt, at: now)
        if reasons.isEmpty { return .fresh }
        if reasons == [.purchasedBeforeAttempt], transaction.productType == .nonConsumable { return .alreadyOwned }
        return .stale(reasons)
    }
}

/// Why a purchase's transaction is not the new purchase (see ``StaleTransactionDetector``).
public enum StaleReason: String, CaseIterable, Hashable, Sendable, Codable {
    /// It was in `Transaction.unfinished` before the purchase started.
    case queuedBeforeAttempt
    /// Its purchase date is before the purchase started.
    case purchasedBeforeAttempt
    /// It had already expired when the purchase returned it.
    case alreadyExpired
    /// It was refunded or revoked.
    case revoked
    /// It is for another product than the one requested.
    case productMismatch
}

/// A transaction a purchase returned that is not the new purchase, and why.
public struct StaleTransaction: Hashable, Sendable {
    /// The transaction the purchase returned.
    public var transaction: Transaction
    /// Every reason it is stale (never empty).
    public var reasons: [StaleReason]

    /// Creates a value.
    ///
    /// - Parameters:
    ///   - transaction: The transaction the purchase returned.
    ///   - reasons: Why it is stale.
    public init(transaction: Transaction, reasons: [StaleReason]) {
        self.transaction = transaction
        self.reasons = reasons
    }
}
