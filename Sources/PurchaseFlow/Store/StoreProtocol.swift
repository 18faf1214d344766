/// The store as ``PurchaseCoordinator`` and ``PurchaseDiagnostics`` see it: StoreKit 2's
/// transaction and purchase API, behind a protocol so that the same flow runs against StoreKit
/// (``StoreKitStore``, Apple platforms), against ``SimulatedStore`` (tests, Linux, reproductions),
/// or against your own backend.
///
/// Every method mirrors one StoreKit call and keeps its semantics:
///
/// | requirement | StoreKit |
/// |---|---|
/// | ``unfinished()`` | `Transaction.unfinished` |
/// | ``currentEntitlements()`` | `Transaction.currentEntitlements` |
/// | ``latest(for:)`` | `Transaction.latest(for:)` |
/// | ``purchase(productId:options:)`` | `Product.purchase(options:)` |
/// | ``finish(_:)`` | `Transaction.finish()` |
/// | ``updates`` | `Transaction.updates` |
/// | ``subscriptionStatus(groupId:)`` | `Product.SubscriptionInfo.status(for:)` |
/// | ``sync()`` | `AppStore.sync()` |
///
/// [Transaction](https://developer.apple.com/documentation/storekit/transaction)
public protocol StoreProtocol: Sendable {
    /// The transactions the app has not finished yet, verified or not, oldest first.
    ///
    /// Every transaction stays here until ``finish(_:)``; StoreKit delivers them again at each
    /// launch. A queued one can be returned by ``purchase(productId:options:)`` instead of a new
    /// purchase, which is why ``PurchaseCoordinator`` sweeps them first.
    ///
    /// [unfinished](https://developer.apple.com/documentation/storekit/transaction/unfinished)
    func unfinished() async -> [VerificationResult<Transaction>]

    /// The latest transaction of every product the customer is entitled to now: non-consumables,
    /// auto-renewable subscriptions that are subscribed or in the grace period, and the latest
    /// non-renewing subscription; never consumables, revoked or upgraded transactions. Finished or
    /// not.
    ///
    /// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
    func currentEntitlements() async -> [VerificationResult<Transaction>]

    /// The most recent transaction of a product, whatever its state (expired, revoked and
    /// upgraded included); `nil` when the customer never bought it.
    ///
    /// - Parameter productId: The product identifier.
    ///
    /// [latest(for:)](https://developer.apple.com/documentation/storekit/transaction/latest(for:))
    func latest(for productId: String) async -> VerificationResult<Transaction>?

    /// Starts a purchase: shows the App Store sheet and returns what StoreKit returned.
    ///
    /// `.success` carries a transaction to deliver and then finish; it is not necessarily a new
    /// one (see ``StaleTransactionDetector``).
    ///
    /// - Parameters:
    ///   - productId: The product identifier.
    ///   - options: The app account token and quantity.
    /// - Returns: `.success`, `.userCancelled` or `.pending`.
    /// - Throws: The store's error: StoreKit's `Product.PurchaseError` or `StoreKitError`,
    ///   ``StoreKitStore/Failure`` or ``SimulatedStore/Failure``.
    ///
    /// [purchase(options:)](https://developer.apple.com/documentation/storekit/product/purchase(options:))
    func purchase(productId: String, options: PurchaseOptions) async throws -> PurchaseResult

    /// Tells the store the app delivered the transaction's content; it leaves ``unfinished()``
    /// and is not delivered again. Call only after persisting and delivering. Finishing a
    /// transaction twice, or one the store does not know, does nothing.
    ///
    /// - Parameter transaction: The transaction to finish.
    ///
    /// [finish()](https://developer.apple.com/documentation/storekit/transaction/finish())
    func finish(_ transaction: Transaction) async

    /// Transactions made or changed outside the current purchase call: Ask to Buy approvals,
    /// renewals, refunds and revocations, upgrades, purchases on other devices, offer codes. Each
    /// access returns a new stream; unfinished transactions are delivered to a new stream right
    /// away.
    ///
    /// [updates](https://developer.apple.com/documentation/storekit/transaction/updates)
    var updates: AsyncStream<VerificationResult<Transaction>> { get }

    /// The status of each chain of a subscription group (the customer's own, and a family-shared
    /// one if any).
    ///
    /// - Parameter groupId: The subscription group identifier.
    /// - Returns: The statuses; empty when the customer never subscribed in the group.
    /// - Throws: The store's error (StoreKit's `StoreKitError`, for example `networkError`).
    ///
    /// [status(for:)](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status(for:))
    func subscriptionStatus(groupId: String) async throws -> [SubscriptionGroupStatus]

    /// Restores purchases: synchronises the device's transactions with the App Store. Shows a
    /// sign-in prompt on a device; call it only from an explicit "Restore Purchases" action.
    ///
    /// - Throws: The store's error (StoreKit's `StoreKitError.userCancelled`, for example).
    ///
    /// [sync()](https://developer.apple.com/documentation/storekit/appstore/sync())
    func sync() async throws
}

extension StoreProtocol {
    /// ``purchase(productId:options:)`` without options (no app account token, quantity 1).
    ///
    /// - Parameter productId: The product identifier.
    /// - Returns: `.success`, `.userCancelled` or `.pending`.
    /// - Throws: The store's error.
    ///
    /// [purchase(options:)](https://developer.apple.com/documentation/storekit/product/purchase(options:))
    public func purchase(productId: String) async throws -> PurchaseResult {
        try await purchase(productId: productId, options: PurchaseOptions())
    }
}
