import Foundation

/// What a purchase call returned: StoreKit's `Product.PurchaseResult`.
///
/// `.success` means StoreKit *returned a transaction*, not that the customer just bought
/// something: a queued unfinished transaction can come back instead of a new purchase (see
/// ``PurchaseCoordinator`` and ``StaleTransactionDetector``).
///
/// [Product.PurchaseResult](https://developer.apple.com/documentation/storekit/product/purchaseresult)
public enum PurchaseResult: Sendable, Hashable {
    /// The purchase call returned a transaction, verified or not.
    case success(VerificationResult<Transaction>)
    /// The customer cancelled the purchase sheet.
    case userCancelled
    /// The purchase awaits an action (Ask to Buy approval, Strong Customer Authentication); the
    /// transaction arrives later through the store's ``StoreProtocol/updates``.
    case pending

    /// `success`, `userCancelled` or `pending`.
    public var caseName: String {
        switch self {
        case .success: "success"
        case .userCancelled: "userCancelled"
        case .pending: "pending"
        }
    }
}

/// Options of a purchase: StoreKit's `Product.PurchaseOption` values this library passes on.
///
/// [Product.PurchaseOption](https://developer.apple.com/documentation/storekit/product/purchaseoption)
public struct PurchaseOptions: Hashable, Sendable, Codable {
    /// The app's account UUID, stored in the transaction's ``Transaction/appAccountToken``.
    ///
    /// [appAccountToken(_:)](https://developer.apple.com/documentation/storekit/product/purchaseoption/appaccounttoken(_:))
    public var appAccountToken: UUID?

    /// The number of items (consumables); `1` by default.
    ///
    /// [quantity(_:)](https://developer.apple.com/documentation/storekit/product/purchaseoption/quantity(_:))
    public var quantity: Int

    /// Creates options.
    ///
    /// - Parameters:
    ///   - appAccountToken: The app's account UUID; `nil` for none.
    ///   - quantity: The number of items; `1` by default.
    public init(appAccountToken: UUID? = nil, quantity: Int = 1) {
        self.appAccountToken = appAccountToken
        self.quantity = quantity
    }
}
