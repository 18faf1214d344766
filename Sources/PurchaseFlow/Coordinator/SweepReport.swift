import Foundation

/// What one sweep of `Transaction.unfinished` did.
///
/// Verified transactions are delivered to the delegate and then finished; unverified ones are
/// reported and left unfinished; a delivery that throws, or finds no delegate, leaves its
/// transaction unfinished for the next sweep. A transaction that another call (a purchase, an
/// update) is delivering at that moment is left to that call and listed in
/// ``inProgressTransactionIds``, not in ``finishedTransactionIds``: that delivery may still fail.
///
/// [unfinished](https://developer.apple.com/documentation/storekit/transaction/unfinished)
public struct SweepReport: Hashable, Sendable, Codable {
    /// Why the sweep ran.
    public var trigger: SweepTrigger
    /// When it started (the coordinator's clock).
    public var startedAt: Date
    /// How many unfinished transactions the store listed.
    public var unfinishedCount: Int
    /// The verified transactions this sweep delivered and finished, oldest first.
    public var finishedTransactionIds: [String]
    /// The unverified transactions reported and left unfinished.
    public var unverifiedTransactionIds: [String]
    /// The verified transactions whose delivery threw (or found no delegate), left unfinished.
    public var deliveryFailures: [DeliveryFailure]
    /// The verified transactions another call was delivering when the sweep reached them; that
    /// call finishes them if its delivery succeeds.
    public var inProgressTransactionIds: [String]
    /// The products of every transaction seen, sorted, without duplicates.
    public var productIds: [String]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - trigger: Why the sweep ran.
    ///   - startedAt: When it started.
    ///   - unfinishedCount: How many unfinished transactions were listed.
    ///   - finishedTransactionIds: The transactions finished.
    ///   - unverifiedTransactionIds: The unverified transactions reported.
    ///   - deliveryFailures: The failed deliveries.
    ///   - productIds: The products seen.
    ///   - inProgressTransactionIds: The transactions left to another call's delivery.
    public init(
        trigger: SweepTrigger, startedAt: Date, unfinishedCount: Int, finishedTransactionIds: [String],
        unverifiedTransactionIds: [String], deliveryFailures: [DeliveryFailure], productIds: [String],
        inProgressTransactionIds: [String] = []
    ) {
        self.trigger = trigger
        self.startedAt = startedAt
        self.unfinishedCount = unfinishedCount
        self.finishedTransactionIds = finishedTransactionIds
        self.unverifiedTransactionIds = unverifiedTransactionIds
        self.deliveryFailures = deliveryFailures
        self.inProgressTransactionIds = inProgressTransactionIds
        self.productIds = productIds
    }

    private enum CodingKeys: String, CodingKey {
        case trigger, startedAt, unfinishedCount, finishedTransactionIds, unverifiedTransactionIds, deliveryFailures
        case inProgressTransactionIds, productIds
    }

    /// Decodes a report; `inProgressTransactionIds`, added later, may be absent.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a required field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        trigger = try container.decode(SweepTrigger.self, forKey: .trigger)
        startedAt = try container.decode(Date.self, forKey: .startedAt)
        unfinishedCount = try container.decode(Int.self, forKey: .unfinishedCount)
        finishedTransactionIds = try container.decode([String].self, forKey: .finishedTransactionIds)
        unverifiedTransactionIds = try container.decode([String].self, forKey: .unverifiedTransactionIds)
        deliveryFailures = try container.decode([DeliveryFailure].self, forKey: .deliveryFailures)
        inProgressTransactionIds = try container.decodeIfPresent([String].self, forKey: .inProgressTransactionIds) ?? []
        productIds = try container.decode([String].self, forKey: .productIds)
    }
}

/// Why a sweep of unfinished transactions ran.
public enum SweepTrigger: String, CaseIterable, Hashable, Sendable, Codable {
    /// ``PurchaseCoordinator/start()`` at launch.
    case launch
    /// ``PurchaseCoordinator/purchase(productId:options:)``, before asking the store.
    case beforePurchase
    /// ``PurchaseCoordinator/restorePurchases(productIds:)``, after `AppStore.sync()`.
    case restore
    /// ``PurchaseCoordinator/sweepUnfinished(trigger:)`` called by the app.
    case manual
}

/// Where a transaction handed to the delegate came from.
public enum TransactionSource: String, CaseIterable, Hashable, Sendable, Codable {
    /// A sweep of `Transaction.unfinished`.
    case unfinishedSweep
    /// The new transaction of a purchase.
    case purchase
    /// A stale transaction a purchase returned instead of purchasing.
    case stalePurchaseResult
    /// `Transaction.updates`: renewals, Ask to Buy approvals, refunds, upgrades, other devices.
    case updates
}

/// A verified transaction whose delivery threw, or that had no delegate to go to; it stays
/// unfinished, and StoreKit offers it again (next sweep, next launch).
public struct DeliveryFailure: Hashable, Sendable, Codable {
    /// The ``reason`` when the coordinator had no delegate (it is kept weakly, so it is gone when
    /// the app released it): nothing was delivered and the transaction was not finished.
    public static let noDelegateReason = "no delegate: nothing delivered, the transaction stays unfinished"

    /// The transaction.
    public var transactionId: String
    /// Its product.
    public var productId: String
    /// The error's description, or ``noDelegateReason``.
    public var reason: String

    /// Creates a value.
    ///
    /// - Parameters:
    ///   - transactionId: The transaction.
    ///   - productId: Its product.
    ///   - reason: The error's description.
    public init(transactionId: String, productId: String, reason: String) {
        self.transactionId = transactionId
        self.productId = productId
        self.reason = reason
    }
}
