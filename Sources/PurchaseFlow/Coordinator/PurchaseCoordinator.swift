import Foundation

/// Runs StoreKit 2 purchases the way the seed report's fix prescribes: unfinished transactions
/// are swept at launch and before every purchase, a purchase result that is a stale transaction
/// is recognised instead of being taken for success, and entitlement is decided by two paths.
///
/// ```swift
/// let coordinator = PurchaseCoordinator(store: StoreKitStore(), delegate: appModel)
/// await coordinator.start()                        // sweep Transaction.unfinished, listen to updates
/// let outcome = try await coordinator.purchase(productId: "com.example.pro.monthly")
/// if case .purchased(_, let entitlement) = outcome { print(entitlement.isEntitled) }
/// ```
///
/// - ``start()`` sweeps `Transaction.unfinished` (verified transactions are delivered through the
///   delegate, then finished; unverified ones are reported and never finished), then listens to
///   `Transaction.updates`.
/// - ``purchase(productId:options:)`` records the unfinished snapshot, sweeps, purchases, and
///   checks the result with ``StaleTransactionDetector``.
/// - ``resolveEntitlement(for:)`` asks `currentEntitlements` first and falls back to
///   `latest(for:)` with ``ActiveStateCheck``; the result names the deciding path.
///
/// [Transaction.unfinished](https://developer.apple.com/documentation/storekit/transaction/unfinished),
/// [Transaction.updates](https://developer.apple.com/documentation/storekit/transaction/updates),
/// [finish()](https://developer.apple.com/documentation/storekit/transaction/finish())
public actor PurchaseCoordinator {
    /// What the coordinator does automatically.
    public struct Configuration: Sendable {
        /// Sweep unfinished transactions in ``PurchaseCoordinator/start()``; `true` by default.
        public var sweepsAtLaunch: Bool
        /// Sweep unfinished transactions before each purchase; `true` by default. Turning it off
        /// reproduces the seed report's failure against a store that returns queued transactions.
        public var sweepsBeforePurchase: Bool
        /// Listen to the store's updates after ``PurchaseCoordinator/start()``; `true` by default.
        public var listensForUpdates: Bool
        /// Deliver and finish a stale transaction a purchase returned, so that the next purchase
        /// shows the sheet; `true` by default.
        public var finishesStaleTransactions: Bool
        /// The stale-result check; 60 s purchase-date tolerance by default.
        public var staleTransactionDetector: StaleTransactionDetector
        /// How the app dates the end of non-renewing subscriptions (path 2 of the entitlement
        /// check); StoreKit's behaviour by default.
        public var nonRenewingPolicy: NonRenewingPolicy

        /// Creates a configuration; every argument has the default described on its property.
        public init(
            sweepsAtLaunch: Bool = true, sweepsBeforePurchase: Bool = true, listensForUpdates: Bool = true,
            finishesStaleTransactions: Bool = true,
            staleTransactionDetector: StaleTransactionDetector = StaleTransactionDetector(),
            nonRenewingPolicy: NonRenewingPolicy = .storeKit
        ) {
            self.sweepsAtLaunch = sweepsAtLaunch
            self.sweepsBeforePurchase = sweepsBeforePurchase
            self.listensForUpdates = listensForUpdates
            self.finishesStaleTransactions = finishesStaleTransactions
            self.staleTransactionDetector = staleTransactionDetector
            self.nonRenewingPolicy = nonRenewingPolicy
        }

        /// Every automatic step on.
        public static var `default`: Configuration { Configuration() }

        /// No sweeps (at launch or before purchases): the app of the seed report, before its fix.
        public static var withoutSweep: Configuration {
            Configuration(sweepsAtLaunch: false, sweepsBeforePurchase: false)
        }
    }

    /// The store the coordinator drives.
    public nonisolated let store: any StoreProtocol
    /// The configuration given at creation.
    public nonisolated let configuration: Configuration
    private let clock: TimeSource
    private weak var delegateReference: (any PurchaseCoordinatorDelegate)?
    private var updatesTask: Task<Void, Never>?
    private var knownEntitlements: [String: Bool] = [:]
    private var handled: Set<Transaction> = []
    private var inFlight: Set<String> = []
    private var reportedUnverified: Set<String> = []
    private var attemptCount = 0

    /// The last purchase attempt, if any.
    public private(set) var lastAttempt: PurchaseAttempt?
    /// What the store returned for ``lastAttempt`` (`nil` when it threw or no purchase ran yet).
    public private(set) var lastResult: PurchaseResult?
    /// Deliveries that threw, most recent last (at most 100 kept).
    public private(set) var deliveryFailures: [DeliveryFailure] = []

    /// Creates a coordinator. Nothing happens until ``start()`` or a purchase.
    ///
    /// - Parameters:
    ///   - store: The store: ``StoreKitStore`` on Apple platforms, ``SimulatedStore`` in tests.
    ///   - configuration: The automatic steps; all on by default.
    ///   - timeSource: The clock; the system clock by default.
    ///   - delegate: The delegate, kept weakly; without one, verified transactions are finished
    ///     with nothing delivered, so set it before ``start()``.
    public init(
        store: any StoreProtocol, configuration: Configuration = .default, timeSource: TimeSource = .system,
        delegate: (any PurchaseCoordinatorDelegate)? = nil
    ) {
        self.store = store
        self.configuration = configuration
        self.clock = timeSource
        self.delegateReference = delegate
    }

    deinit {
        updatesTask?.cancel()
    }

    /// The delegate, kept weakly.
    public var delegate: (any PurchaseCoordinatorDelegate)? { delegateReference }

    /// Replaces the delegate (kept weakly).
    ///
    /// - Parameter delegate: The new delegate, or `nil`.
    public func setDelegate(_ delegate: (any PurchaseCoordinatorDelegate)?) {
        delegateReference = delegate
    }

    /// The products last resolved as entitled, sorted.
    public var entitledProductIds: [String] {
        knownEntitlements.filter(\.value).keys.sorted()
    }

    // MARK: Launch

    /// Sweeps unfinished transactions (``Configuration/sweepsAtLaunch``), then starts listening to
    /// the store's updates (``Configuration/listensForUpdates``). Call once at launch, after
    /// setting the delegate. Calling it again sweeps again and keeps the one listener.
    ///
    /// - Returns: The launch sweep's report; `nil` when sweeping at launch is off.
    @discardableResult
    public func start() async -> SweepReport? {
        var report: SweepReport?
        if configuration.sweepsAtLaunch { report = await sweepUnfinished(trigger: .launch) }
        if configuration.listensForUpdates, updatesTask == nil {
            let stream = store.updates
            updatesTask = Task { [weak self] in
                for await update in stream {
                    guard let self else { return }
                    await self.handle(update: update)
                }
            }
        }
        return report
    }

    /// Stops listening to updates.
    public func stop() {
        updatesTask?.cancel()
        updatesTask = nil
    }

    // MARK: Sweep

    /// Sweeps `Transaction.unfinished`: each verified transaction is delivered through the
    /// delegate and then finished; each unverified one is reported and left unfinished. Then the
    /// entitlements of the products seen are resolved again.
    ///
    /// - Parameter trigger: Why the sweep runs; ``SweepTrigger/manual`` by default.
    /// - Returns: What the sweep did (also sent to ``PurchaseCoordinatorDelegate/coordinator(_:didFinishSweep:)``).
    @discardableResult
    public func sweepUnfinished(trigger: SweepTrigger = .manual) async -> SweepReport {
        let unfinished = await store.unfinished()
        return await sweep(unfinished, trigger: trigger)
    }

    private func sweep(_ unfinished: [VerificationResult<Transaction>], trigger: SweepTrigger) async -> SweepReport {
        let startedAt = clock.now()
        var finished: [String] = []
        var unverified: [String] = []
        var failures: [DeliveryFailure] = []
        var productIds: Set<String> = []
        for item in unfinished {
            let transaction = item.unsafePayloadValue
            productIds.insert(transaction.productId)
            switch item {
            case .verified(let transaction):
                if let failure = await deliverAndFinish(transaction, source: .unfinishedSweep) {
                    failures.append(failure)
                } else {
                    finished.append(transaction.transactionId)
                }
            case .unverified(let transaction, let error):
                unverified.append(transaction.transactionId)
                await reportUnverified(transaction, error: error)
            }
        }
        let report = SweepReport(
            trigger: trigger, startedAt: startedAt, unfinishedCount: unfinished.count,
            finishedTransactionIds: finished, unverifiedTransactionIds: unverified, deliveryFailures: failures,
            productIds: productIds.sorted())
        await delegate?.coordinator(self, didFinishSweep: report)
        if !productIds.isEmpty { await refreshEntitlements(for: productIds.sorted()) }
        return report
    }

    // MARK: Purchase

    /// Purchases a product: snapshot of `Transaction.unfinished`, sweep
    /// (``Configuration/sweepsBeforePurchase``), the store's purchase, the stale-result check,
    /// delivery and finish, and the entitlement decision.
    ///
    /// - Parameters:
    ///   - productId: The product identifier.
    ///   - options: The app account token and quantity; none by default.
    /// Purchases are not serialised: two overlapping calls each get their own attempt, and
    /// ``lastAttempt`` is the one that started last.
    ///
    /// - Returns: The outcome; only ``PurchaseOutcome/purchased(_:_:)`` is a new purchase.
    /// - Throws: The store's error, unchanged (after
    ///   ``PurchaseCoordinatorDelegate/coordinator(_:didFailPurchase:error:)``).
    ///
    /// [purchase(options:)](https://developer.apple.com/documentation/storekit/product/purchase(options:))
    public func purchase(productId: String, options: PurchaseOptions = PurchaseOptions()) async throws -> PurchaseOutcome {
        attemptCount += 1
        let startedAt = clock.now()
        let unfinished = await store.unfinished()
        var swept: [String] = []
        if configuration.sweepsBeforePurchase {
            swept = await sweep(unfinished, trigger: .beforePurchase).finishedTransactionIds
        }
        let attempt = PurchaseAttempt(
            sequence: attemptCount, productId: productId, startedAt: startedAt,
            unfinishedTransactionIds: unfinished.map(\.unsafePayloadValue.transactionId),
            sweptBeforePurchase: configuration.sweepsBeforePurchase, sweptTransactionIds: swept)
        lastAttempt = attempt
        lastResult = nil
        await delegate?.coordinator(self, willPurchase: attempt)
        let result: PurchaseResult
        do {
            result = try await store.purchase(productId: productId, options: options)
        } catch {
            await delegate?.coordinator(self, didFailPurchase: attempt, error: error)
            throw error
        }
        lastResult = result
        let outcome = await outcome(of: result, attempt: attempt)
        await delegate?.coordinator(self, didComplete: attempt, outcome: outcome)
        return outcome
    }

    private func outcome(of result: PurchaseResult, attempt: PurchaseAttempt) async -> PurchaseOutcome {
        switch result {
        case .userCancelled:
            return .userCancelled
        case .pending:
            return .pending
        case .success(.unverified(let transaction, let error)):
            await reportUnverified(transaction, error: error)
            return .unverified(transaction, error)
        case .success(.verified(let transaction)):
            let detector = configuration.staleTransactionDetector
            switch detector.classify(transaction, attempt: attempt, at: clock.now()) {
            case .stale(let reasons):
                let stale = StaleTransaction(transaction: transaction, reasons: reasons)
                await delegate?.coordinator(self, didDetectStaleTransaction: stale, expected: attempt)
                if configuration.finishesStaleTransactions {
                    _ = await deliverAndFinish(transaction, source: .stalePurchaseResult)
                }
                return .staleTransaction(stale, await resolveEntitlement(for: attempt.productId))
            case .alreadyOwned:
                if let failure = await deliverAndFinish(transaction, source: .purchase) {
                    return .deliveryFailed(transaction, reason: failure.reason)
                }
                return .alreadyPurchased(transaction, await resolveEntitlement(for: attempt.productId))
            case .fresh:
                if let failure = await deliverAndFinish(transaction, source: .purchase) {
                    return .deliveryFailed(transaction, reason: failure.reason)
                }
                return .purchased(transaction, await resolveEntitlement(for: attempt.productId))
            }
        }
    }

    // MARK: Restore

    /// Restores purchases: `AppStore.sync()`, a sweep, and the entitlement decision for each
    /// product. Call only from an explicit "Restore Purchases" action (it may ask the customer to
    /// sign in).
    ///
    /// - Parameter productIds: The products to decide for.
    /// - Returns: One resolution per product, in the given order.
    /// - Throws: The store's `sync()` error.
    ///
    /// [sync()](https://developer.apple.com/documentation/storekit/appstore/sync())
    public func restorePurchases(productIds: [String]) async throws -> [EntitlementResolution] {
        try await store.sync()
        await sweepUnfinished(trigger: .restore)
        return await refreshEntitlements(for: productIds)
    }

    // MARK: Updates

    /// Handles one value of `Transaction.updates`: a verified transaction is delivered, finished,
    /// and its product's entitlement resolved again; an unverified one is reported. The listener
    /// started by ``start()`` calls this; call it yourself only if you listen on your own.
    ///
    /// - Parameter update: The value.
    ///
    /// [updates](https://developer.apple.com/documentation/storekit/transaction/updates)
    public func handle(update: VerificationResult<Transaction>) async {
        switch update {
        case .verified(let transaction):
            _ = await deliverAndFinish(transaction, source: .updates)
            await refreshEntitlements(for: [transaction.productId])
        case .unverified(let transaction, let error):
            await reportUnverified(transaction, error: error)
        }
    }

    // MARK: Entitlements

    /// Decides whether the customer is entitled to `productId`: `currentEntitlements` first; if
    /// it has no verified transaction of the product, `latest(for:)` with ``ActiveStateCheck``
    /// (the renewal info's grace period is read from the subscription status when the latest
    /// transaction has expired). Tells the delegate when the decision differs from the last one.
    ///
    /// - Parameter productId: The product.
    /// - Returns: The decision and the path that made it.
    public func resolveEntitlement(for productId: String) async -> EntitlementResolution {
        let current = await store.currentEntitlements()
        let resolution = await resolve(productId, current: current)
        await publish(resolution)
        return resolution
    }

    /// ``resolveEntitlement(for:)`` for several products, reading `currentEntitlements` once.
    ///
    /// - Parameter productIds: The products.
    /// - Returns: One resolution per product, in the given order.
    @discardableResult
    public func refreshEntitlements(for productIds: [String]) async -> [EntitlementResolution] {
        let current = await store.currentEntitlements()
        var resolutions: [EntitlementResolution] = []
        for productId in productIds {
            let resolution = await resolve(productId, current: current)
            await publish(resolution)
            resolutions.append(resolution)
        }
        return resolutions
    }

    private func resolve(_ productId: String, current: [VerificationResult<Transaction>]) async -> EntitlementResolution {
        let verified = current.compactMap(\.verifiedValue)
        if let transaction = verified.first(where: { $0.productId == productId }) {
            return EntitlementResolution(
                productId: productId, isEntitled: true, decidedBy: .currentEntitlements, transaction: transaction,
                activeState: nil, currentEntitlementsCount: verified.count, resolvedAt: clock.now())
        }
        guard let latest = await store.latest(for: productId) else {
            return EntitlementResolution(
                productId: productId, isEntitled: false, decidedBy: .latestTransaction, transaction: nil,
                activeState: nil, currentEntitlementsCount: verified.count, resolvedAt: clock.now())
        }
        let transaction = latest.unsafePayloadValue
        if let error = latest.verificationError {
            return EntitlementResolution(
                productId: productId, isEntitled: false, decidedBy: .latestTransaction, transaction: transaction,
                activeState: nil, verificationError: error, currentEntitlementsCount: verified.count,
                resolvedAt: clock.now())
        }
        let now = clock.now()
        var renewalInfo: RenewalInfo?
        if transaction.productType == .autoRenewable, transaction.isExpired(at: now),
            let groupId = transaction.subscriptionGroupId,
            let statuses = try? await store.subscriptionStatus(groupId: groupId)
        {
            renewalInfo = statuses.first {
                $0.transaction.unsafePayloadValue.originalTransactionId == transaction.originalTransactionId
            }?.renewalInfo.verifiedValue
        }
        let state = ActiveStateCheck.evaluate(
            transaction, renewalInfo: renewalInfo, at: now, nonRenewingPolicy: configuration.nonRenewingPolicy)
        return EntitlementResolution(
            productId: productId, isEntitled: state.isActive, decidedBy: .latestTransaction, transaction: transaction,
            activeState: state, currentEntitlementsCount: verified.count, resolvedAt: now)
    }

    private func publish(_ resolution: EntitlementResolution) async {
        let previous = knownEntitlements[resolution.productId] ?? false
        knownEntitlements[resolution.productId] = resolution.isEntitled
        if previous != resolution.isEntitled {
            await delegate?.coordinator(self, entitlementDidChange: resolution)
        }
    }

    // MARK: Diagnostics

    /// Takes a diagnostic snapshot of the store and diagnoses it together with the last purchase
    /// attempt and its result.
    ///
    /// - Parameters:
    ///   - productIds: The products to inspect with `latest(for:)`.
    ///   - redaction: How personal data is shown; hash prefixes by default.
    /// - Returns: The snapshot and the findings.
    public func diagnose(productIds: [String], redaction: Redaction = .hashPrefix) async -> Diagnosis {
        let snapshot = await PurchaseDiagnostics.snapshot(
            store: store, productIds: productIds, timeSource: clock, redaction: redaction,
            nonRenewingPolicy: configuration.nonRenewingPolicy)
        return PurchaseDiagnostics.diagnose(
            snapshot, attempt: lastAttempt, result: lastResult, detector: configuration.staleTransactionDetector)
    }

    // MARK: Delivery

    /// Delivers through the delegate, then finishes; `nil` on success, the failure otherwise.
    private func deliverAndFinish(_ transaction: Transaction, source: TransactionSource) async -> DeliveryFailure? {
        if handled.contains(transaction) {
            // Already delivered in exactly this state: make sure it is finished, deliver nothing.
            await store.finish(transaction)
            return nil
        }
        // Another call (an update arriving during a sweep) is delivering it right now; it will
        // finish it, so this call counts it as handled.
        guard !inFlight.contains(transaction.transactionId) else { return nil }
        inFlight.insert(transaction.transactionId)
        defer { inFlight.remove(transaction.transactionId) }
        do {
            try await delegate?.coordinator(self, deliver: transaction, source: source)
        } catch {
            let failure = DeliveryFailure(
                transactionId: transaction.transactionId, productId: transaction.productId,
                reason: String(describing: error))
            deliveryFailures.append(failure)
            if deliveryFailures.count > 100 { deliveryFailures.removeFirst(deliveryFailures.count - 100) }
            return failure
        }
        await store.finish(transaction)
        handled.insert(transaction)
        return nil
    }

    private func reportUnverified(_ transaction: Transaction, error: TransactionVerificationError) async {
        guard reportedUnverified.insert(transaction.transactionId).inserted else { return }
        await delegate?.coordinator(self, didReceiveUnverified: transaction, error: error)
    }
}
