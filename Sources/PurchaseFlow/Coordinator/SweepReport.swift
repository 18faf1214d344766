import Foundation

/// What one sweep of `Transaction.unfinished` did.
///
/// Verified transactions are delivered to the delegate and then finished; unverified ones are
/// reported and left unfinished; a delivery that throws leaves its transaction unfinished for the
/// next sweep.
///
/// [unfinished](https://developer.apple.com/documentation/storekit/transaction/unfinished)
public struct SweepReport: Hashable, Sendable, Codable {
    /// Why the sweep ran.
    public var trigger: SweepTrigger
    /// When it started (the coordinator's clock).
    public var startedAt: Date
    /// How many unfinished transactions the store listed.
    public var unfinishedCount: Int
    /// The verified transactions delivered and finished, oldest first.
    public var finishedTransactionIds: [String]
    /// The unverified transactions reported and left unfinished.
    public var unverifiedTransactionIds: [String]
    /// The verified transactions whose delivery threw, left unfinished.
    public var deliveryFailures: [DeliveryFailure]
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
    public init(
        trigger: SweepTrigger, startedAt: Date, unfinishedCount: Int, finishedTransactionIds: [String],
        unverifiedTransactionIds: [String], deliveryFailures: [DeliveryFailure], productIds: [String]
    ) {
        self.trigger = trigger
        self.startedAt = startedAt
        self.unfinishedCount = unfinishedCount
        self.finishedTransactionIds = finishedTransactionIds
        self.unverifiedTransactionIds = unverifiedTransactionIds
        self.deliveryFailures = deliveryFailures
        self.productIds = productIds
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

/// A verified transaction whose delivery threw; it stays unfinished.
public struct DeliveryFailure: Hashable, Sendable, Codable {
    /// The transaction.
    public var transactionId: String
    /// Its product.
    public var productId: String
    /// The error's description.
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
