import Foundation

/// A store that behaves like StoreKit 2, for tests on Linux and for reproducing a report.
///
/// Time comes from the injected ``TimeSource``; nothing happens in the background: renewals,
/// billing retry and expiry are worked out lazily from the clock whenever the store is called
/// (or ``advance()`` is), and reported through ``updates`` as StoreKit would.
///
/// What it reproduces:
/// - purchases show a sheet (recorded in ``sheetsShown``) and return `.success` with a new
///   transaction; a consumable's quantity, an app account token; buying an owned non-consumable
///   again returns its original transaction, and subscribing again to the current product of an
///   active subscription (subscribed, grace period, billing retry) returns its current
///   transaction, as StoreKit does;
/// - **finish semantics**: every new transaction is unfinished until ``finish(_:)``; unfinished
///   ones are listed by ``unfinished()`` and replayed to each new ``updates`` stream;
/// - current entitlements and `latest(for:)` with StoreKit's rules (``EntitlementEngine``);
/// - auto-renewable chains: renewals at the end of each period (optionally stopping after
///   ``Behavior/maximumRenewals``, like the sandbox), cancellation, billing retry with or without
///   a grace period (``Behavior/gracePeriod``), recovery, resubscription after expiry, upgrades
///   within a group (the old transaction becomes ``Transaction/isUpgraded``);
/// - Ask to Buy (``Behavior/requiresAskToBuy``): `.pending`, then ``approveAskToBuy(productId:)``
///   delivers the transaction through ``updates``;
/// - refunds and revocations (``refund(transactionId:reason:)``), delivered through ``updates``;
/// - restore: ``simulateReinstall()`` hides the device's transactions until ``sync()``;
/// - unverified transactions (``addTransaction(_:verificationError:finished:onDevice:renewalInfo:notifyListeners:)``);
/// - **the seed report's failure**: with ``Behavior/returnsQueuedTransactionInsteadOfPurchasing``,
///   a purchase while an unfinished transaction of the product (or its subscription group) is
///   queued returns that old transaction as `.success` without showing a sheet.
///
/// Not simulated: downgrades and crossgrades (``Failure/downgradeNotSimulated(_:)``), offers,
/// prices, storefronts.
///
/// [Testing in-app purchases](https://developer.apple.com/documentation/storekit/testing-in-app-purchases-with-sandbox)
public actor SimulatedStore: StoreProtocol {
    /// Switches for StoreKit behaviours and failure modes.
    public struct Behavior: Hashable, Sendable {
        /// The seed report's failure: a purchase returns the oldest unfinished transaction of the
        /// product or its subscription group as `.success`, without a sheet and without a new
        /// transaction. `false` by default.
        public var returnsQueuedTransactionInsteadOfPurchasing: Bool
        /// Every purchase needs a parent's approval: it returns `.pending`. `false` by default.
        public var requiresAskToBuy: Bool
        /// Unfinished transactions are delivered to each new ``updates`` stream, as StoreKit does
        /// at launch. `true` by default.
        public var replaysUnfinishedToNewListeners: Bool
        /// The billing grace period in seconds after a failed renewal; `nil` (default) for none.
        public var gracePeriod: TimeInterval?
        /// How long the App Store retries a failed payment before the subscription expires;
        /// 60 days by default.
        public var billingRetryDuration: TimeInterval
        /// How many times a chain renews before it stops by itself; `nil` (default) for no
        /// limit. The App Store sandbox stops after 12 renewals.
        public var maximumRenewals: Int?
        /// ``currentEntitlements()`` answers empty, as the seed report saw in some environments,
        /// while ``latest(for:)`` still knows the transactions. `false` by default.
        public var currentEntitlementsTemporarilyEmpty: Bool
        /// The environment stamped on new transactions; `.sandbox` by default.
        public var environment: Transaction.Environment

        /// Creates a behaviour; every argument has the default described on its property.
        public init(
            returnsQueuedTransactionInsteadOfPurchasing: Bool = false, requiresAskToBuy: Bool = false,
            replaysUnfinishedToNewListeners: Bool = true, gracePeriod: TimeInterval? = nil,
            billingRetryDuration: TimeInterval = 60 * 86_400, maximumRenewals: Int? = nil,
            currentEntitlementsTemporarilyEmpty: Bool = false, environment: Transaction.Environment = .sandbox
        ) {
            self.returnsQueuedTransactionInsteadOfPurchasing = returnsQueuedTransactionInsteadOfPurchasing
            self.requiresAskToBuy = requiresAskToBuy
            self.replaysUnfinishedToNewListeners = replaysUnfinishedToNewListeners
            self.gracePeriod = gracePeriod
            self.billingRetryDuration = billingRetryDuration
            self.maximumRenewals = maximumRenewals
            self.currentEntitlementsTemporarilyEmpty = currentEntitlementsTemporarilyEmpty
            self.environment = environment
        }
    }

    /// Errors the simulated store throws.
    public enum Failure: Error, Hashable, Sendable {
        /// No product with this identifier was configured.
        case productNotFound(String)
        /// Buying a lower or equal level of the current subscription group is not simulated.
        case downgradeNotSimulated(String)
        /// No Ask to Buy request is waiting for this product.
        case noPendingPurchase(String)
        /// No transaction has this identifier.
        case unknownTransaction(String)
    }

    // State shared with SimulatedStore+Internals.swift (module-internal, actor-isolated).
    let clock: TimeSource
    let broadcaster: UpdateBroadcaster<VerificationResult<Transaction>>
    var products: [String: SimulatedProduct]
    /// The store's behaviour switches; change them with ``setBehavior(_:)``.
    public private(set) var behavior: Behavior

    var transactions: [Transaction] = []
    var indexById: [String: Int] = [:]
    var chainLatestIndex: [String: Int] = [:]
    var renewalInfos: [String: RenewalInfo] = [:]
    var finishedIds: Set<String> = []
    var unverifiedErrors: [String: TransactionVerificationError] = [:]
    var hiddenOnDevice: Set<String> = []
    var failingPayments: Set<String> = []
    var billingRetryStarted: [String: Date] = [:]
    var renewalCounts: [String: Int] = [:]
    var nextNumber: UInt64 = 2_000_000_000_000_001

    /// Purchase sheets shown so far, oldest first.
    public private(set) var sheetsShown: [SheetPresentation] = []
    /// Ask to Buy requests waiting for a decision, oldest first.
    public private(set) var pendingPurchases: [PendingPurchase] = []
    /// Identifiers of queued transactions that ``purchase(productId:options:)`` returned instead
    /// of purchasing (``Behavior/returnsQueuedTransactionInsteadOfPurchasing``).
    public private(set) var returnedQueuedTransactionIds: [String] = []
    /// How many times ``sync()`` ran.
    public private(set) var syncCount = 0
    private var cancelsNextPurchase = false

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - products: The products on sale.
    ///   - timeSource: The clock; ``TimeSource/system`` by default.
    ///   - behavior: The behaviour switches; StoreKit's normal behaviour by default.
    public init(products: [SimulatedProduct], timeSource: TimeSource = .system, behavior: Behavior = Behavior()) {
        self.products = Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.clock = timeSource
        self.behavior = behavior
        self.broadcaster = UpdateBroadcaster(replaysToNewStreams: behavior.replaysUnfinishedToNewListeners)
    }

    /// Replaces the behaviour switches.
    ///
    /// - Parameter behavior: The new switches.
    public func setBehavior(_ behavior: Behavior) {
        self.behavior = behavior
        broadcaster.setReplaysToNewStreams(behavior.replaysUnfinishedToNewListeners)
    }

    // MARK: StoreProtocol

    /// The unfinished transactions on this device, oldest first; see
    /// ``StoreProtocol/unfinished()``.
    public func unfinished() async -> [VerificationResult<Transaction>] {
        advance()
        return unfinishedResults()
    }

    /// The current entitlements by StoreKit's rules (``EntitlementEngine``) over the device's
    /// transactions; empty under ``Behavior/currentEntitlementsTemporarilyEmpty``. See
    /// ``StoreProtocol/currentEntitlements()``.
    public func currentEntitlements() async -> [VerificationResult<Transaction>] {
        advance()
        if behavior.currentEntitlementsTemporarilyEmpty { return [] }
        let report = EntitlementEngine().evaluate(visibleTransactions(), renewalInfo: renewalInfos, at: clock.now())
        return report.currentEntitlements.map(result(for:))
    }

    /// The latest transaction of the product on this device; see ``StoreProtocol/latest(for:)``.
    public func latest(for productId: String) async -> VerificationResult<Transaction>? {
        advance()
        var latest: Transaction?
        for transaction in visibleTransactions() where transaction.productId == productId {
            if let current = latest, !LatestTransactionRule.isMoreRecent(transaction, than: current) { continue }
            latest = transaction
        }
        return latest.map(result(for:))
    }

    /// Purchases a product; see ``StoreProtocol/purchase(productId:options:)`` and the type's
    /// overview for what is simulated.
    ///
    /// - Throws: ``Failure/productNotFound(_:)``, ``Failure/downgradeNotSimulated(_:)``.
    public func purchase(productId: String, options: PurchaseOptions) async throws -> PurchaseResult {
        advance()
        guard let product = products[productId] else { throw Failure.productNotFound(productId) }
        let now = clock.now()
        if behavior.returnsQueuedTransactionInsteadOfPurchasing, let queued = oldestUnfinished(matching: product) {
            returnedQueuedTransactionIds.append(queued.transactionId)
            return .success(result(for: queued))
        }
        sheetsShown.append(
            SheetPresentation(productId: productId, shownAt: now, kind: behavior.requiresAskToBuy ? .askToBuyRequest : .purchase))
        if cancelsNextPurchase {
            cancelsNextPurchase = false
            return .userCancelled
        }
        if behavior.requiresAskToBuy {
            pendingPurchases.append(PendingPurchase(productId: productId, options: options, requestedAt: now))
            return .pending
        }
        // The new transaction is the purchase's result, not an update; a superseded one (upgrade)
        // is delivered through updates.
        let transaction = try makePurchase(product, options: options, at: now, notifyNew: false, notifyChanges: true)
        didChange()
        return .success(result(for: transaction))
    }

    /// Marks the transaction finished; see ``StoreProtocol/finish(_:)``.
    public func finish(_ transaction: Transaction) async {
        guard indexById[transaction.transactionId] != nil else { return }
        finishedIds.insert(transaction.transactionId)
        didChange()
    }

    /// A new stream of updates; unfinished transactions first under
    /// ``Behavior/replaysUnfinishedToNewListeners``. See ``StoreProtocol/updates``.
    public nonisolated var updates: AsyncStream<VerificationResult<Transaction>> {
        broadcaster.makeStream()
    }

    /// The statuses of the group's chains on this device, sorted by original transaction id; see
    /// ``StoreProtocol/subscriptionStatus(groupId:)``.
    public func subscriptionStatus(groupId: String) async throws -> [SubscriptionGroupStatus] {
        advance()
        let now = clock.now()
        return chainLatestIndex.keys.sorted().compactMap { originalTransactionId in
            guard let index = chainLatestIndex[originalTransactionId] else { return nil }
            let latest = transactions[index]
            guard latest.subscriptionGroupId == groupId, !hiddenOnDevice.contains(latest.transactionId) else { return nil }
            let info = renewalInfos[originalTransactionId]
                ?? RenewalInfo(originalTransactionId: originalTransactionId, currentProductId: latest.productId)
            return SubscriptionGroupStatus(
                groupId: groupId, state: SubscriptionChainState.state(latest: latest, renewalInfo: info, at: now),
                transaction: result(for: latest), renewalInfo: .verified(info))
        }
    }

    /// Restores purchases: every transaction becomes visible on this device again (after
    /// ``simulateReinstall()`` or ``addTransaction(_:verificationError:finished:onDevice:renewalInfo:notifyListeners:)``
    /// with `onDevice: false`). See ``StoreProtocol/sync()``.
    public func sync() async throws {
        syncCount += 1
        hiddenOnDevice.removeAll()
        advance()
        didChange()
    }

    // MARK: Controls

    /// Works out renewals, billing retry and expiry up to the clock's current time, and delivers
    /// new renewals through ``updates``. Every store call does this first; call it after moving
    /// the clock to deliver renewals without another call.
    public func advance() {
        let now = clock.now()
        var changed = false
        for originalTransactionId in chainLatestIndex.keys.sorted() {
            while renewOnce(originalTransactionId, now: now) { changed = true }
        }
        if changed { didChange() }
    }

    /// Makes the next purchase's sheet end with "Cancel" (`.userCancelled`).
    public func cancelNextPurchase() {
        cancelsNextPurchase = true
    }

    /// Approves the oldest Ask to Buy request for the product: the transaction is created now
    /// and delivered through ``updates`` (not returned by the original purchase call).
    ///
    /// - Parameter productId: The product requested.
    /// - Returns: The new transaction (the current one when the customer is already subscribed to
    ///   the product).
    /// - Throws: ``Failure/noPendingPurchase(_:)`` when no request waits for the product; the
    ///   purchase's own errors (``Failure/downgradeNotSimulated(_:)``, …).
    @discardableResult
    public func approveAskToBuy(productId: String) throws -> Transaction {
        advance()
        guard let index = pendingPurchases.firstIndex(where: { $0.productId == productId }),
            let product = products[productId]
        else { throw Failure.noPendingPurchase(productId) }
        let request = pendingPurchases.remove(at: index)
        let transaction = try makePurchase(
            product, options: request.options, at: clock.now(), notifyNew: true, notifyChanges: true)
        didChange()
        return transaction
    }

    /// Declines the oldest Ask to Buy request for the product: no transaction is ever created.
    ///
    /// - Parameter productId: The product requested.
    /// - Throws: ``Failure/noPendingPurchase(_:)`` when no request waits for the product.
    public func declineAskToBuy(productId: String) throws {
        guard let index = pendingPurchases.firstIndex(where: { $0.productId == productId }) else {
            throw Failure.noPendingPurchase(productId)
        }
        pendingPurchases.remove(at: index)
    }

    /// Records a purchase made earlier (or on another device) without a sheet and without
    /// notifying listeners; renewals after `date` follow when the store next works out the clock.
    ///
    /// - Parameters:
    ///   - productId: The product.
    ///   - date: The purchase date, usually in the past.
    ///   - options: The app account token and quantity.
    ///   - finished: Whether the app already finished it; `true` by default.
    /// - Returns: The new transaction.
    /// - Throws: ``Failure/productNotFound(_:)`` and the purchase's errors.
    @discardableResult
    public func recordPurchase(
        productId: String, at date: Date, options: PurchaseOptions = PurchaseOptions(), finished: Bool = true
    ) throws -> Transaction {
        guard let product = products[productId] else { throw Failure.productNotFound(productId) }
        let transaction = try makePurchase(product, options: options, at: date, notifyNew: false, notifyChanges: false)
        if finished { finishedIds.insert(transaction.transactionId) }
        advance()
        didChange()
        return transaction
    }

    /// Adds a transaction as it is: history, a purchase from another device, or one that fails
    /// verification.
    ///
    /// - Parameters:
    ///   - transaction: The transaction; its identifier must be new.
    ///   - verificationError: Makes every result for it `.unverified` with this error.
    ///   - finished: Whether the app already finished it; `false` by default.
    ///   - onDevice: `false` to keep it off this device until ``sync()``; `true` by default.
    ///   - renewalInfo: The chain's renewal info (auto-renewable subscriptions); by default one
    ///     is created (auto-renew on) when the chain has none.
    ///   - notifyListeners: Delivers it through ``updates`` now; `false` by default.
    public func addTransaction(
        _ transaction: Transaction, verificationError: TransactionVerificationError? = nil, finished: Bool = false,
        onDevice: Bool = true, renewalInfo: RenewalInfo? = nil, notifyListeners: Bool = false
    ) {
        if let verificationError { unverifiedErrors[transaction.transactionId] = verificationError }
        if finished { finishedIds.insert(transaction.transactionId) }
        if !onDevice { hiddenOnDevice.insert(transaction.transactionId) }
        append(transaction, notifyListeners: notifyListeners)
        if transaction.productType == .autoRenewable {
            if let renewalInfo {
                renewalInfos[transaction.originalTransactionId] = renewalInfo
            } else if renewalInfos[transaction.originalTransactionId] == nil {
                renewalInfos[transaction.originalTransactionId] = RenewalInfo(
                    originalTransactionId: transaction.originalTransactionId, currentProductId: transaction.productId,
                    environment: transaction.environment)
            }
        }
        didChange()
    }

    /// A fresh transaction identifier, for building transactions to
    /// ``addTransaction(_:verificationError:finished:onDevice:renewalInfo:notifyListeners:)``.
    public func makeTransactionId() -> String {
        let id = String(nextNumber)
        nextNumber += 1
        return id
    }

    /// Turns automatic renewal of the product's chain off (or on again).
    ///
    /// - Parameters:
    ///   - productId: A product of the chain (current or renewing).
    ///   - willAutoRenew: The new setting; `false` by default.
    /// - Throws: ``Failure/unknownTransaction(_:)`` when the customer has no chain for it.
    public func setAutoRenew(productId: String, willAutoRenew: Bool = false) throws {
        advance()
        let originalTransactionId = try chain(for: productId)
        renewalInfos[originalTransactionId]?.willAutoRenew = willAutoRenew
        if willAutoRenew { renewalInfos[originalTransactionId]?.expirationReason = nil }
        didChange()
    }

    /// Makes the chain's renewal payments fail (billing retry, with the grace period if
    /// configured), or succeed again. When they succeed again during billing retry the
    /// subscription recovers now: a renewal transaction is created and delivered.
    ///
    /// - Parameters:
    ///   - productId: A product of the chain.
    ///   - failing: Whether payments fail; `true` by default.
    /// - Throws: ``Failure/unknownTransaction(_:)`` when the customer has no chain for it.
    public func setRenewalPaymentFails(productId: String, failing: Bool = true) throws {
        advance()
        let originalTransactionId = try chain(for: productId)
        if failing {
            failingPayments.insert(originalTransactionId)
        } else {
            failingPayments.remove(originalTransactionId)
            if renewalInfos[originalTransactionId]?.isInBillingRetry == true { recover(originalTransactionId) }
        }
        didChange()
    }

    /// Refunds or revokes a transaction now: sets its revocation date and reason and delivers
    /// the changed transaction through ``updates``.
    ///
    /// - Parameters:
    ///   - transactionId: The transaction.
    ///   - reason: The revocation reason; ``Transaction/RevocationReason/other`` by default.
    /// - Throws: ``Failure/unknownTransaction(_:)``.
    public func refund(transactionId: String, reason: Transaction.RevocationReason = .other) throws {
        advance()
        guard let index = indexById[transactionId] else { throw Failure.unknownTransaction(transactionId) }
        transactions[index].revocationDate = clock.now()
        transactions[index].revocationReason = reason
        notify(transactions[index])
        didChange()
    }

    /// Forgets every transaction on this device (a reinstall or a new device) until ``sync()``.
    public func simulateReinstall() {
        hiddenOnDevice = Set(indexById.keys)
        didChange()
    }

    /// Ends every open ``updates`` stream.
    public func closeUpdates() {
        broadcaster.finishAll()
    }

    /// Every transaction the store knows, in creation order (hidden ones included).
    public var allTransactions: [Transaction] { transactions }

    /// Whether the transaction was finished.
    ///
    /// - Parameter transactionId: The transaction identifier.
    public func isFinished(_ transactionId: String) -> Bool {
        finishedIds.contains(transactionId)
    }

    /// The renewal info of a chain, if any.
    ///
    /// - Parameter originalTransactionId: The chain's original transaction identifier.
    public func renewalInfo(originalTransactionId: String) -> RenewalInfo? {
        renewalInfos[originalTransactionId]
    }
}
