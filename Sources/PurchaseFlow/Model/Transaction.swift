import Foundation

/// A signed record of a purchase, restore or renewal: the value StoreKit 2 calls `Transaction`,
/// with the field names of the App Store Server API (`transactionId`, `productId`, …).
///
/// A plain value type: it is the same whether it came from StoreKit on a device
/// (``StoreKitStore``), from a server's decoded JWS (``init(payload:)``), or from
/// ``SimulatedStore``. Dates are absolute `Date`s (the server's milliseconds since 1970 are
/// converted on decoding). Identifiers are strings of decimal digits, as the App Store Server API
/// sends them (StoreKit's `UInt64` ids are converted with `String(_:)`).
///
/// Which transactions grant access is decided by ``EntitlementEngine``; the fields that matter are
/// ``productType``, ``expirationDate``, ``revocationDate`` and ``isUpgraded``.
///
/// [Transaction](https://developer.apple.com/documentation/storekit/transaction)
public struct Transaction: Hashable, Sendable, Codable, Identifiable {
    /// The unique identifier of this transaction (StoreKit `id`, server `transactionId`), for
    /// example `"2000000123456789"`.
    ///
    /// [id](https://developer.apple.com/documentation/storekit/transaction/id)
    public var transactionId: String

    /// The identifier of the original purchase (StoreKit `originalID`). Every renewal,
    /// resubscription and upgrade of one subscription group shares it: it names the subscription
    /// chain. Equal to ``transactionId`` for a first purchase.
    ///
    /// [originalID](https://developer.apple.com/documentation/storekit/transaction/originalid)
    public var originalTransactionId: String

    /// The identifier of the subscription purchase event across devices, including renewals
    /// (StoreKit `webOrderLineItemID`); `nil` for non-subscriptions.
    ///
    /// [webOrderLineItemID](https://developer.apple.com/documentation/storekit/transaction/weborderlineitemid)
    public var webOrderLineItemId: String?

    /// The product identifier set in App Store Connect (StoreKit `productID`).
    ///
    /// [productID](https://developer.apple.com/documentation/storekit/transaction/productid)
    public var productId: String

    /// The kind of product: consumable, non-consumable, auto-renewable or non-renewing.
    ///
    /// [productType](https://developer.apple.com/documentation/storekit/transaction/producttype)
    public var productType: ProductType

    /// The subscription group of an auto-renewable subscription (StoreKit `subscriptionGroupID`);
    /// `nil` for other product types.
    ///
    /// [subscriptionGroupID](https://developer.apple.com/documentation/storekit/transaction/subscriptiongroupid)
    public var subscriptionGroupId: String?

    /// When the App Store charged the customer: the purchase, the restore, or the renewal.
    ///
    /// [purchaseDate](https://developer.apple.com/documentation/storekit/transaction/purchasedate)
    public var purchaseDate: Date

    /// The purchase date of the original transaction (``originalTransactionId``).
    ///
    /// [originalPurchaseDate](https://developer.apple.com/documentation/storekit/transaction/originalpurchasedate)
    public var originalPurchaseDate: Date

    /// When an auto-renewable subscription's period ends (it renews or expires then); `nil` for
    /// the other product types.
    ///
    /// [expirationDate](https://developer.apple.com/documentation/storekit/transaction/expirationdate)
    public var expirationDate: Date?

    /// When the App Store refunded the transaction or revoked it from Family Sharing; `nil` unless
    /// that happened. A revoked transaction grants nothing.
    ///
    /// [revocationDate](https://developer.apple.com/documentation/storekit/transaction/revocationdate)
    public var revocationDate: Date?

    /// Why the transaction was refunded or revoked; `nil` unless ``revocationDate`` is set.
    ///
    /// [revocationReason](https://developer.apple.com/documentation/storekit/transaction/revocationreason-swift.property)
    public var revocationReason: RevocationReason?

    /// Whether the customer upgraded to a higher-level subscription of the same group: this
    /// transaction is superseded and grants nothing.
    ///
    /// [isUpgraded](https://developer.apple.com/documentation/storekit/transaction/isupgraded)
    public var isUpgraded: Bool

    /// Whether the customer bought the product or has it through Family Sharing.
    ///
    /// [ownershipType](https://developer.apple.com/documentation/storekit/transaction/ownershiptype-swift.property)
    public var ownershipType: OwnershipType

    /// The UUID the app set with the `appAccountToken` purchase option, linking the purchase to
    /// the app's own account; `nil` when none was set. Personal data: diagnostics never print it
    /// (see ``Redaction``).
    ///
    /// [appAccountToken](https://developer.apple.com/documentation/storekit/transaction/appaccounttoken)
    public var appAccountToken: UUID?

    /// The number of consumable items bought (StoreKit `purchasedQuantity`); `1` otherwise.
    ///
    /// [purchasedQuantity](https://developer.apple.com/documentation/storekit/transaction/purchasedquantity)
    public var purchasedQuantity: Int

    /// The server environment that produced the transaction (production, sandbox, Xcode).
    ///
    /// [environment](https://developer.apple.com/documentation/storekit/transaction/environment-swift.property)
    public var environment: Environment

    /// Whether a customer purchase or a system renewal produced the transaction; `nil` when not
    /// known.
    ///
    /// [reason](https://developer.apple.com/documentation/storekit/transaction/reason-swift.property)
    public var reason: Reason?

    /// When the App Store signed the transaction's JWS; `nil` when not known.
    ///
    /// [signedDate](https://developer.apple.com/documentation/storekit/transaction/signeddate)
    public var signedDate: Date?

    /// ``transactionId``, for `Identifiable`.
    public var id: String { transactionId }

    /// Creates a transaction.
    ///
    /// - Parameters:
    ///   - transactionId: The transaction's identifier.
    ///   - originalTransactionId: The original purchase's identifier; defaults to
    ///     `transactionId`.
    ///   - webOrderLineItemId: The subscription purchase event identifier.
    ///   - productId: The product identifier.
    ///   - productType: The kind of product.
    ///   - subscriptionGroupId: The subscription group (auto-renewable subscriptions).
    ///   - purchaseDate: When the App Store charged the customer.
    ///   - originalPurchaseDate: The original purchase date; defaults to `purchaseDate`.
    ///   - expirationDate: The end of the subscription period (auto-renewable subscriptions).
    ///   - revocationDate: When the transaction was refunded or revoked.
    ///   - revocationReason: Why it was refunded or revoked.
    ///   - isUpgraded: Whether a higher-level subscription superseded it.
    ///   - ownershipType: Purchased or family shared; defaults to purchased.
    ///   - appAccountToken: The app's account UUID set at purchase.
    ///   - purchasedQuantity: The number of items bought; defaults to 1.
    ///   - environment: The environment; defaults to production.
    ///   - reason: Purchase or renewal.
    ///   - signedDate: When the JWS was signed.
    public init(
        transactionId: String,
        originalTransactionId: String? = nil,
        webOrderLineItemId: String? = nil,
        productId: String,
        productType: ProductType,
        subscriptionGroupId: String? = nil,
        purchaseDate: Date,
        originalPurchaseDate: Date? = nil,
        expirationDate: Date? = nil,
        revocationDate: Date? = nil,
        revocationReason: RevocationReason? = nil,
        isUpgraded: Bool = false,
        ownershipType: OwnershipType = .purchased,
        appAccountToken: UUID? = nil,
        purchasedQuantity: Int = 1,
        environment: Environment = .production,
        reason: Reason? = nil,
        signedDate: Date? = nil
    ) {
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId ?? transactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.productId = productId
        self.productType = productType
        self.subscriptionGroupId = subscriptionGroupId
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate ?? purchaseDate
        self.expirationDate = expirationDate
        self.revocationDate = revocationDate
        self.revocationReason = revocationReason
        self.isUpgraded = isUpgraded
        self.ownershipType = ownershipType
        self.appAccountToken = appAccountToken
        self.purchasedQuantity = purchasedQuantity
        self.environment = environment
        self.reason = reason
        self.signedDate = signedDate
    }

    /// Whether ``revocationDate`` is set: the App Store refunded or revoked this transaction.
    public var isRevoked: Bool { revocationDate != nil }

    /// Whether the transaction has an ``expirationDate`` at or before `date`.
    ///
    /// A transaction without an expiration date (anything but an auto-renewable subscription) is
    /// never expired by this test.
    ///
    /// - Parameter date: The moment to test, usually ``TimeSource/now``.
    public func isExpired(at date: Date) -> Bool {
        guard let expirationDate else { return false }
        return expirationDate <= date
    }
}
