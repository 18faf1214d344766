import Foundation

/// Rule: whether the transaction a purchase returned is the new purchase, a product the customer
/// already owns (or is subscribed to), or a stale transaction that StoreKit handed back instead
/// of purchasing.
///
/// The seed report's failure: tapping "buy" showed no App Store sheet, `purchase()` returned
/// `.success` with a verified transaction, the app finished it, and `currentEntitlements` stayed
/// empty — the transaction was an old, unfinished renewal of an expired sandbox chain.
///
/// The decision rests on identity and on the App Store's own dates, recorded in the
/// ``PurchaseAttempt`` before the purchase — not on the device's clock, which can be minutes or
/// hours off the App Store's. A result is stale when any of these holds (``StaleReason``):
///
/// | reason | test |
/// |---|---|
/// | ``StaleReason/queuedBeforeAttempt`` | its id was in the attempt's pre-purchase unfinished snapshot |
/// | ``StaleReason/latestBeforeAttempt`` | its id was the product's `latest(for:)` transaction before the attempt |
/// | ``StaleReason/purchasedBeforeAttempt`` | its ``Transaction/purchaseDate`` is earlier than ``PurchaseAttempt/storeClockLowerBound``, a date the App Store had already recorded before the attempt |
/// | ``StaleReason/alreadyExpired`` | its ``Transaction/expirationDate`` is at or before ``PurchaseAttempt/storeClockLowerBound`` or its own ``Transaction/signedDate``, or more than ``clockSkewTolerance`` before the device's "now" |
/// | ``StaleReason/revoked`` | it has a ``Transaction/revocationDate`` |
/// | ``StaleReason/productMismatch`` | it is for another product than the one requested |
///
/// A new transaction has a new id, and its purchase and expiration dates are later than anything
/// the App Store recorded before the attempt, so none of the tests holds for it — whatever the
/// device's clock says. The device's clock enters only the last part of
/// ``StaleReason/alreadyExpired``, with a generous tolerance (15 minutes by default: more than the
/// App Store sandbox's 5-minute "month"); the purchase date is never compared with the device's
/// clock.
///
/// Exceptions, ``Classification/alreadyOwned`` (StoreKit returns the existing transaction when the
/// customer buys something they already have):
/// - a non-consumable that is not revoked, for the requested product, whose only reasons are
///   ``StaleReason/queuedBeforeAttempt``, ``StaleReason/latestBeforeAttempt`` or
///   ``StaleReason/purchasedBeforeAttempt``;
/// - an auto-renewable subscription that is not revoked or upgraded, for the requested product,
///   that `currentEntitlements` listed before the attempt (subscribed or in the grace period) —
///   or, when `currentEntitlements` listed nothing at all (it can be briefly empty), that was the
///   product's `latest(for:)` transaction and is not ``StaleReason/alreadyExpired``.
///
/// [purchase(options:)](https://developer.apple.com/documentation/storekit/product/purchase(options:)),
/// [unfinished](https://developer.apple.com/documentation/storekit/transaction/unfinished),
/// [latest(for:)](https://developer.apple.com/documentation/storekit/transaction/latest(for:))
public struct StaleTransactionDetector: Hashable, Sendable {
    /// How far the device's clock may be ahead of the App Store's, in seconds, before an
    /// expiration date that is earlier than the device's "now" counts as ``StaleReason/alreadyExpired``
    /// on the device's clock alone; 15 minutes by default.
    public var clockSkewTolerance: TimeInterval

    /// Creates a detector.
    ///
    /// - Parameter clockSkewTolerance: Seconds the device's clock may be ahead of the App
    ///   Store's; 15 minutes by default.
    public init(clockSkewTolerance: TimeInterval = 15 * 60) {
        self.clockSkewTolerance = clockSkewTolerance
    }

    /// What a returned transaction is.
    public enum Classification: Hashable, Sendable {
        /// The new transaction of this purchase.
        case fresh
        /// A transaction the customer already had, returned again: an owned non-consumable's
        /// original transaction, or the current transaction of an active subscription.
        case alreadyOwned
        /// An old transaction returned instead of a purchase, with every reason found.
        case stale([StaleReason])
    }

    /// Every reason `transaction` is not the attempt's new transaction.
    ///
    /// - Parameters:
    ///   - transaction: The transaction the purchase returned.
    ///   - attempt: The attempt.
    ///   - now: When the result arrived (the device's clock).
    /// - Returns: The reasons in ``StaleReason`` declaration order; empty for a new transaction.
    public func reasons(for transaction: Transaction, attempt: PurchaseAttempt, at now: Date) -> [StaleReason] {
        var reasons: [StaleReason] = []
        if attempt.unfinishedTransactionIds.contains(transaction.transactionId) { reasons.append(.queuedBeforeAttempt) }
        if transaction.transactionId == attempt.latestTransactionId { reasons.append(.latestBeforeAttempt) }
        if let bound = attempt.storeClockLowerBound, transaction.purchaseDate < bound {
            reasons.append(.purchasedBeforeAttempt)
        }
        if isAlreadyExpired(transaction, attempt: attempt, at: now) { reasons.append(.alreadyExpired) }
        if transaction.isRevoked { reasons.append(.revoked) }
        if transaction.productId != attempt.productId { reasons.append(.productMismatch) }
        return reasons
    }

    /// Classifies `transaction`.
    ///
    /// - Parameters:
    ///   - transaction: The transaction the purchase returned.
    ///   - attempt: The attempt.
    ///   - now: When the result arrived (the device's clock).
    /// - Returns: ``Classification/fresh``, ``Classification/alreadyOwned`` or
    ///   ``Classification/stale(_:)``.
    public func classify(_ transaction: Transaction, attempt: PurchaseAttempt, at now: Date) -> Classification {
        let reasons = reasons(for: transaction, attempt: attempt, at: now)
        if reasons.isEmpty { return .fresh }
        if isAlreadyOwned(transaction, reasons: reasons, attempt: attempt) { return .alreadyOwned }
        return .stale(reasons)
    }

    /// Whether the transaction had expired by the App Store's own dates, or by the device's clock
    /// with ``clockSkewTolerance``.
    private func isAlreadyExpired(_ transaction: Transaction, attempt: PurchaseAttempt, at now: Date) -> Bool {
        guard let expiration = transaction.expirationDate else { return false }
        if let bound = attempt.storeClockLowerBound, expiration <= bound { return true }
        if let signed = transaction.signedDate, expiration <= signed { return true }
        return expiration <= now - clockSkewTolerance
    }

    private func isAlreadyOwned(_ transaction: Transaction, reasons: [StaleReason], attempt: PurchaseAttempt) -> Bool {
        guard transaction.productId == attempt.productId, !transaction.isRevoked else { return false }
        switch transaction.productType {
        case .nonConsumable:
            let existing: Set<StaleReason> = [.queuedBeforeAttempt, .latestBeforeAttempt, .purchasedBeforeAttempt]
            return Set(reasons).isSubset(of: existing)
        case .autoRenewable:
            guard !transaction.isUpgraded else { return false }
            if attempt.currentEntitlementIds.contains(transaction.transactionId) { return true }
            return attempt.currentEntitlementIds.isEmpty && reasons.contains(.latestBeforeAttempt)
                && !reasons.contains(.alreadyExpired)
        case .consumable, .nonRenewable:
            // Every purchase of these creates a new transaction.
            return false
        }
    }
}

/// Why a purchase's transaction is not the new purchase (see ``StaleTransactionDetector``).
public enum StaleReason: String, CaseIterable, Hashable, Sendable, Codable {
    /// It was in `Transaction.unfinished` before the purchase started.
    case queuedBeforeAttempt
    /// It was the product's latest transaction (`Transaction.latest(for:)`) before the purchase
    /// started.
    case latestBeforeAttempt
    /// Its purchase date is earlier than a date the App Store had already recorded before the
    /// purchase started (``PurchaseAttempt/storeClockLowerBound``); never decided from the
    /// device's clock.
    case purchasedBeforeAttempt
    /// It had already expired when the purchase returned it: by the App Store's dates, or by the
    /// device's clock beyond ``StaleTransactionDetector/clockSkewTolerance``.
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
