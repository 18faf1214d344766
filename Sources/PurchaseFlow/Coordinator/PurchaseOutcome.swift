import Foundation

/// What ``PurchaseCoordinator/purchase(productId:options:)`` concluded: StoreKit's
/// `PurchaseResult` with the stale-transaction check and the entitlement decision applied.
///
/// Unlike `PurchaseResult.success`, only ``purchased(_:_:)`` means the customer just bought the
/// product.
///
/// [Product.PurchaseResult](https://developer.apple.com/documentation/storekit/product/purchaseresult)
public enum PurchaseOutcome: Hashable, Sendable {
    /// A new, verified transaction: delivered, finished, and the resulting entitlement.
    case purchased(Transaction, EntitlementResolution)
    /// The customer already had the product: StoreKit returned the original transaction of an
    /// owned non-consumable, or the current transaction of an active subscription (subscribed or
    /// in the grace period) when the customer subscribed again. Delivered (unless already
    /// delivered in this state) and finished.
    case alreadyPurchased(Transaction, EntitlementResolution)
    /// StoreKit returned an old transaction instead of purchasing (no sheet was shown): the seed
    /// report's failure. Delivered and finished when
    /// ``PurchaseCoordinator/Configuration/finishesStaleTransactions`` is on, so that a retry
    /// purchases for real. The resolution says whether the customer is entitled anyway.
    case staleTransaction(StaleTransaction, EntitlementResolution)
    /// The returned transaction failed verification: reported, not delivered, not finished.
    case unverified(Transaction, TransactionVerificationError)
    /// The delegate's ``PurchaseCoordinatorDelegate/coordinator(_:deliver:source:)`` threw, or
    /// there was no delegate: the transaction stays unfinished and is delivered again by the next
    /// sweep. `reason` is the error's description, or ``DeliveryFailure/noDelegateReason``.
    case deliveryFailed(Transaction, reason: String)
    /// Waiting for Ask to Buy approval or another action; the transaction arrives through the
    /// store's updates.
    case pending
    /// The customer cancelled the sheet.
    case userCancelled

    /// `purchased`, `alreadyPurchased`, `staleTransaction`, `unverified`, `deliveryFailed`,
    /// `pending` or `userCancelled`.
    public var caseName: String {
        switch self {
        case .purchased: "purchased"
        case .alreadyPurchased: "alreadyPurchased"
        case .staleTransaction: "staleTransaction"
        case .unverified: "unverified"
        case .deliveryFailed: "deliveryFailed"
        case .pending: "pending"
        case .userCancelled: "userCancelled"
        }
    }

    /// The transaction the outcome is about, if any.
    public var transaction: Transaction? {
        switch self {
        case .purchased(let transaction, _), .alreadyPurchased(let transaction, _),
            .unverified(let transaction, _), .deliveryFailed(let transaction, _):
            transaction
        case .staleTransaction(let stale, _): stale.transaction
        case .pending, .userCancelled: nil
        }
    }

    /// The entitlement decided after the purchase, if one was resolved.
    public var entitlement: EntitlementResolution? {
        switch self {
        case .purchased(_, let resolution), .alreadyPurchased(_, let resolution),
            .staleTransaction(_, let resolution):
            resolution
        case .unverified, .deliveryFailed, .pending, .userCancelled: nil
        }
    }
}
