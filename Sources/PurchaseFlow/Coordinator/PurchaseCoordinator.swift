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
///   `Transaction.updates`. Nothing is finished without a delegate: a transaction is finished
///   only after the delegate took delivery of it.
/// - ``purchase(productId:options:)`` records the unfinished snapshot, `latest(for:)` and
///   `currentEntitlements`, sweeps, purchases, and checks the result with
///   ``StaleTransactionDetector`` (by identity, not by the device's clock).
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
        /// The stale-result check; by identity and App Store dates, with 15 minutes of device
        /// clock skew tolerated by default.
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
    /// How many transaction states the coordinator remembers as delivered, and how many
    /// unverified transaction ids as reported: 1000 each, least recently seen dropped first.
    ///
    /// A delivered transaction that comes back unchanged (the sandbox re-sends finished ones) is
    /// finished again without a second delivery while it is among the last 1000 seen; after that
    /// it may be delivered again, so make delivery idempotent on ``Transaction/transactionId``.
    /// An unverified transaction still in `Transaction.unfinished` is seen again by every sweep,
    /// which keeps it among the recent ones: it is reported once unless 1000 other unverified
    /// transactions arrive in between.
    public static let rememberedTransactionLimit = 1000

    /// A purchase whose store call returned, with what it returned: an attempt and its own result.
    public struct CompletedPurchase: Hashable, Sendable {
        /// The attempt.
        public var attempt: PurchaseAttempt
        /// What the store's purchase returned for this attempt.
        public var result: PurchaseResult

        /// Creates a value.
        ///
        /// - Parameters:
        ///   - attempt: The attempt.
        ///   - result: What the store returned for it.
        public init(attempt: PurchaseAttempt, result: PurchaseResult) {
            self.attempt = attempt
            self.result = result
        }
    }

    /// The last decision published for a product, with the sequence number of the resolution that
    /// made it.
    private struct PublishedResolution {
        var sequence: Int
        var resolution: EntitlementResolution
    }

    /// What `deliverAndFinish(_:source:waitsForOtherCall:)` did.
    private enum DeliveryResult {
        /// This call finished the transaction (delivered now, or delivered earlier in the same state).
        case finished
        /// Delivery threw, or there was no delegate: left unfinished.
        case failed(DeliveryFailure)
        /// Another call is delivering it; this call did not wait.
        case inProgressElsewhere
        /// Another call was delivering it; this call waited, and that call finished it.
        case finishedByOtherCall
    }

    private let clock: TimeSource
    private weak var delegateReference: (any PurchaseCoordinatorDelegate)?
    private var updatesTask: Task<Void, Never>?
    private var published: [String: PublishedResolution] = [:]
    private var resolutionCount = 0
    private var handled = RecentSet<Transaction>(capacity: PurchaseCoordinator.rememberedTransactionLimit)
    private var inFlight: [String: [CheckedContinuation<DeliveryFailure?, Never>]] = [:]
    private var reportedUnverified = RecentSet<String>(capacity: PurchaseCoordinator.rememberedTransactionLimit)
    private var attemptCount = 0

    /// The purchase attempt that started last, if any.
    public private(set) var lastAttempt: PurchaseAttempt?
    /// What the store returned for ``lastAttempt``: `nil` while it runs, when it threw, or when no
    /// purchase ran yet. Never the result of another attempt.
    public private(set) var lastResult: PurchaseResult?
    /// The purchase whose store call returned last, with its own result: the pair
    /// ``diagnose(productIds:redaction:)`` uses. With overlapping purchases it can be another
    /// attempt than ``lastAttempt``.
    public private(set) var lastCompletedPurchase: CompletedPurchase?
    /// Deliveries that threw or found no delegate, most recent last (at most 100 kept).
    public private(set) var deliveryFailures: [DeliveryFailure] = []

    /// Creates a coordinator. Nothing happens until ``start()`` or a purchase.
    ///
    /// - Parameters:
    ///   - store: The store: ``StoreKitStore`` on Apple platforms, ``SimulatedStore`` in tests.
    ///   - configuration: The automatic steps; all on by default.
    ///   - timeSource: The clock; the system clock by default.
    ///   - delegate: The delegate, kept weakly; set it before ``start()``. Without one (never set,
    ///     or released by the app) nothing is delivered and nothing is finished: transactions stay
    ///     unfinished, StoreKit offers them again later, and each is reported as a
    ///     ``DeliveryFailure`` with ``DeliveryFailure/noDelegateReason`` (a purchase's outcome is
    ///     ``PurchaseOutcome/deliveryFailed(_:reason:)``).
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
        published.filter(\.value.resolution.isEntitled).keys.sorted()
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
    /// delegate and then finished (without a delegate, or when delivery throws, it is left
    /// unfinished and listed in ``SweepReport/deliveryFailures``; one another call is delivering
    /// is left to that call, ``SweepReport/inProgressTransactionIds``); each unverified one is
    /// reported and left unfinished. Then the entitlements of the products seen are resolved again.
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
        var inProgress: [String] = []
        var productIds: Set<String> = []
        for item in unfinished {
            let transaction = item.unsafePayloadValue
            productIds.insert(transaction.productId)
            switch item {
            case .verified(let transaction):
                switch await deliverAndFinish(transaction, source: .unfinishedSweep) {
                case .finished: finished.append(transaction.transactionId)
                case .failed(let failure): failures.append(failure)
                case .inProgressElsewhere, .finishedByOtherCall: inProgress.append(transaction.transactionId)
                }
            case .unverified(let transaction, let error):
                unverified.append(transaction.transactionId)
                await reportUnverified(transaction, error: error)
            }
        }
        let report = SweepReport(
            trigger: trigger, startedAt: startedAt, unfinishedCount: unfinished.count,
            finishedTransactionIds: finished, unverifiedTransactionIds: unverified, deliveryFailures: failures,
            productIds: productIds.sorted(), inProgressTransactionIds: inProgress)
        await delegate?.coordinator(self, didFinishSweep: report)
        if !productIds.isEmpty { await refreshEntitlements(for: productIds.sorted()) }
        return report
    }

    // MARK: Purchase

    /// Purchases a product: snapshot of `Transaction.unfinished`, `latest(for:)` and
    /// `currentEntitlements`, sweep (``Configuration/sweepsBeforePurchase``), the store's purchase,
    /// the stale-result check, delivery and finish, and the entitlement decision.
    ///
    /// Purchases are not serialised: two overlapping calls each get their own attempt;
    /// ``lastAttempt`` is the one that started last and ``lastResult`` is only ever its result, and
    /// ``lastCompletedPurchase`` keeps each returned result together with its own attempt. When
    /// the returned transaction is being delivered by another call at that moment (an update that
    /// arrived first), the purchase waits for that delivery and reports how it ended.
    ///
    /// - Parameters:
    ///   - productId: The product identifier.
    ///   - options: The app account token and quantity; none by default.
    /// - Returns: The outcome; only ``PurchaseOutcome/purchased(_:_:)`` is a new purchase.
    /// - Throws: The store's error, unchanged (after
    ///   ``PurchaseCoordinatorDelegate/coordinator(_:didFailPurchase:error:)``).
    ///
    /// [purchase(options:)](https://developer.apple.com/documentation/storekit/product/purchase(options:))
    public func purchase(productId: String, options: PurchaseOptions = PurchaseOptions()) async throws -> PurchaseOutcome {
        attemptCount += 1
        let sequence = attemptCount
        let evidence = await PurchaseAttempt.Evidence.read(productId: productId, store: store, timeSource: clock)
        var swept: [String] = []
        if configuration.sweepsBeforePurchase {
            swept = await sweep(evidence.unfinished, trigger: .beforePurchase).finishedTransactionIds
        }
        let attempt = evidence.attempt(
            sequence: sequence, sweptBeforePurchase: configuration.sweepsBeforePurchase, sweptTransactionIds: swept)
        if sequence >= (lastAttempt?.sequence ?? 0) {
            lastAttempt = attempt
            lastResult = nil
        }
        await delegate?.coordinator(self, willPurchase: attempt)
        let result: PurchaseResult
        do {
            result = try await store.purchase(productId: productId, options: options)
        } catch {
            await delegate?.coordinator(self, didFailPurchase: attempt, error: error)
            throw error
        }
        if lastAttempt?.sequence == sequence { lastResult = result }
        lastCompletedPurchase = CompletedPurchase(attempt: attempt, result: result)
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
                if case .failed(let failure) = await deliverAndFinish(transaction, source: .purchase, waitsForOtherCall: true) {
                    return .deliveryFailed(transaction, reason: failure.reason)
                }
                return .alreadyPurchased(transaction, await resolveEntitlement(for: attempt.productId))
            case .fresh:
                if case .failed(let failure) = await deliverAndFinish(transaction, source: .purchase, waitsForOtherCall: true) {
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
    /// and its product's entitlement resolved again (without a delegate it is left unfinished and
    /// recorded in ``deliveryFailures``); an unverified one is reported. The listener
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
    /// Resolutions are numbered when they start. One that finishes after a later-started
    /// resolution of the same product already published (a slow `latest(for:)` overtaken by the
    /// resolution a refund triggered) is dropped: it changes nothing, tells the delegate nothing,
    /// and the newer decision is returned instead.
    ///
    /// - Parameter productId: The product.
    /// - Returns: The decision and the path that made it.
    public func resolveEntitlement(for productId: String) async -> EntitlementResolution {
        let sequence = nextResolutionSequence()
        let current = await store.currentEntitlements()
        let resolution = await resolve(productId, current: current)
        return await publish(resolution, sequence: sequence)
    }

    /// ``resolveEntitlement(for:)`` for several products, reading `currentEntitlements` once.
    ///
    /// - Parameter productIds: The products.
    /// - Returns: One resolution per product, in the given order.
    @discardableResult
    public func refreshEntitlements(for productIds: [String]) async -> [EntitlementResolution] {
        let sequence = nextResolutionSequence()
        let current = await store.currentEntitlements()
        var resolutions: [EntitlementResolution] = []
        for productId in productIds {
            let resolution = await resolve(productId, current: current)
            resolutions.append(await publish(resolution, sequence: sequence))
        }
        return resolutions
    }

    private func nextResolutionSequence() -> Int {
        resolutionCount += 1
        return resolutionCount
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

    /// Publishes `resolution` unless a resolution of the same product that started later has
    /// already been published; returns the decision that stands.
    private func publish(_ resolution: EntitlementResolution, sequence: Int) async -> EntitlementResolution {
        let productId = resolution.productId
        if let newer = published[productId], newer.sequence > sequence { return newer.resolution }
        let previous = published[productId]?.resolution.isEntitled ?? false
        published[productId] = PublishedResolution(sequence: sequence, resolution: resolution)
        if previous != resolution.isEntitled {
            await delegate?.coordinator(self, entitlementDidChange: resolution)
        }
        return resolution
    }

    // MARK: Diagnostics

    /// Takes a diagnostic snapshot of the store and diagnoses it together with
    /// ``lastCompletedPurchase``: the purchase whose store call returned last and its own result
    /// (never one attempt's expectations with another attempt's result).
    ///
    /// - Parameters:
    ///   - productIds: The products to inspect with `latest(for:)`.
    ///   - redaction: How personal data is shown; hash prefixes by default.
    /// - Returns: The snapshot and the findings.
    public func diagnose(productIds: [String], redaction: Redaction = .hashPrefix) async -> Diagnosis {
        let snapshot = await PurchaseDiagnostics.snapshot(
            store: store, productIds: productIds, timeSource: clock, redaction: redaction,
            nonRenewingPolicy: configuration.nonRenewingPolicy)
        let completed = lastCompletedPurchase
        return PurchaseDiagnostics.diagnose(
            snapshot, attempt: completed?.attempt, result: completed?.result,
            detector: configuration.staleTransactionDetector)
    }

    // MARK: Delivery

    /// Delivers through the delegate, then finishes. Without a delegate nothing is delivered and
    /// nothing is finished. When another call is delivering the same transaction, returns
    /// `.inProgressElsewhere` at once, or with `waitsForOtherCall` waits for that
    /// delivery and reports how it ended.
    private func deliverAndFinish(
        _ transaction: Transaction, source: TransactionSource, waitsForOtherCall: Bool = false
    ) async -> DeliveryResult {
        if handled.contains(transaction) {
            // Already delivered in exactly this state: make sure it is finished, deliver nothing.
            handled.touch(transaction)
            await store.finish(transaction)
            return .finished
        }
        let id = transaction.transactionId
        if inFlight[id] != nil {
            // Another call (an update arriving during a sweep) is delivering it right now.
            guard waitsForOtherCall else { return .inProgressElsewhere }
            let failure = await withCheckedContinuation { continuation in
                inFlight[id, default: []].append(continuation)
            }
            return failure.map(DeliveryResult.failed) ?? .finishedByOtherCall
        }
        guard let delegate = delegateReference else {
            let failure = DeliveryFailure(
                transactionId: id, productId: transaction.productId, reason: DeliveryFailure.noDelegateReason)
            record(failure)
            return .failed(failure)
        }
        inFlight[id] = []
        var failure: DeliveryFailure?
        do {
            try await delegate.coordinator(self, deliver: transaction, source: source)
            await store.finish(transaction)
            handled.touch(transaction)
        } catch {
            failure = DeliveryFailure(
                transactionId: id, productId: transaction.productId, reason: String(describing: error))
        }
        if let failure { record(failure) }
        for waiter in inFlight.removeValue(forKey: id) ?? [] { waiter.resume(returning: failure) }
        return failure.map(DeliveryResult.failed) ?? .finished
    }

    /// How much the coordinator remembers, for tests: delivered transaction states, reported
    /// unverified ids, deliveries in flight. The first two never exceed
    /// ``rememberedTransactionLimit``.
    var rememberedCounts: (delivered: Int, reportedUnverified: Int, inFlight: Int) {
        (handled.count, reportedUnverified.count, inFlight.count)
    }

    private func record(_ failure: DeliveryFailure) {
        deliveryFailures.append(failure)
        if deliveryFailures.count > 100 { deliveryFailures.removeFirst(deliveryFailures.count - 100) }
    }

    private func reportUnverified(_ transaction: Transaction, error: TransactionVerificationError) async {
        guard reportedUnverified.touch(transaction.transactionId) else { return }
        await delegate?.coordinator(self, didReceiveUnverified: transaction, error: error)
    }
}
