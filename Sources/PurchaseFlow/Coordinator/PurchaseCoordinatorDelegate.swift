/// Receives a ``PurchaseCoordinator``'s progress, and delivers the content of its transactions.
///
/// Every method is required, so that a conforming type states exactly what it handles (and a
/// renamed parameter is a compile error, not a silently unused method). Every method is `async`:
/// a `@MainActor` class can implement them as main-actor methods, and the coordinator waits for
/// each call before it goes on — in particular it finishes a transaction only after
/// ``coordinator(_:deliver:source:)`` returned.
///
/// The coordinator keeps the delegate weakly: keep a strong reference in the app. Without a
/// delegate the coordinator delivers nothing and finishes nothing (StoreKit offers the
/// transactions again later). Calls for one coordinator never overlap in time
/// for the same transaction; calls about different transactions (an update arriving during a
/// purchase) may interleave at suspension points.
///
/// | method | called |
/// |---|---|
/// | ``coordinator(_:didFinishSweep:)`` | after each sweep of unfinished transactions (launch, before a purchase, restore, manual) |
/// | ``coordinator(_:deliver:source:)`` | for each verified transaction to deliver, before it is finished |
/// | ``coordinator(_:didReceiveUnverified:error:)`` | once per unverified transaction id, which is never finished |
/// | ``coordinator(_:willPurchase:)`` | after the pre-purchase sweep, just before the store's purchase |
/// | ``coordinator(_:didComplete:outcome:)`` | when a purchase call returns (any outcome) |
/// | ``coordinator(_:didFailPurchase:error:)`` | when the store's purchase throws |
/// | ``coordinator(_:didDetectStaleTransaction:expected:)`` | when a purchase returned a stale transaction, before ``coordinator(_:didComplete:outcome:)`` |
/// | ``coordinator(_:entitlementDidChange:)`` | when a product's entitlement flips (first known entitled, or lost) |
public protocol PurchaseCoordinatorDelegate: AnyObject, Sendable {
    /// A sweep of `Transaction.unfinished` ended.
    ///
    /// - Parameters:
    ///   - coordinator: The coordinator that swept.
    ///   - report: What was finished, reported unverified, or failed to deliver.
    func coordinator(_ coordinator: PurchaseCoordinator, didFinishSweep report: SweepReport) async

    /// Deliver the transaction's content (unlock, credit, persist) — the transaction is finished
    /// right after this returns. Throw to keep it unfinished; it will be offered again.
    ///
    /// Called for verified transactions only: from sweeps, from purchases (new, already owned,
    /// and stale results), and from `Transaction.updates` (renewals, Ask to Buy approvals,
    /// refunds — check ``Transaction/revocationDate`` — and upgrades). The same transaction can
    /// come again (for example after a refund changed it, or, unchanged, after more than
    /// ``PurchaseCoordinator/rememberedTransactionLimit`` other transactions were delivered); make
    /// delivery idempotent on ``Transaction/transactionId``.
    ///
    /// - Parameters:
    ///   - coordinator: The coordinator.
    ///   - transaction: The verified transaction.
    ///   - source: Where it came from.
    /// - Throws: Any error, to leave the transaction unfinished.
    func coordinator(_ coordinator: PurchaseCoordinator, deliver transaction: Transaction, source: TransactionSource) async throws

    /// A transaction failed StoreKit's verification. It is not delivered and not finished; log it
    /// and do not grant anything from it. Called once per transaction id (every sweep report
    /// still lists it); the coordinator remembers the last
    /// ``PurchaseCoordinator/rememberedTransactionLimit`` ids reported, and every sweep refreshes
    /// those still unfinished.
    ///
    /// - Parameters:
    ///   - coordinator: The coordinator.
    ///   - transaction: The unverified payload (for logging only).
    ///   - error: Why verification failed.
    func coordinator(
        _ coordinator: PurchaseCoordinator, didReceiveUnverified transaction: Transaction, error: TransactionVerificationError
    ) async

    /// A purchase is about to be sent to the store (after the pre-purchase sweep).
    ///
    /// - Parameters:
    ///   - coordinator: The coordinator.
    ///   - attempt: The product, start time, and the unfinished snapshot and sweep before it.
    func coordinator(_ coordinator: PurchaseCoordinator, willPurchase attempt: PurchaseAttempt) async

    /// A purchase call returned.
    ///
    /// - Parameters:
    ///   - coordinator: The coordinator.
    ///   - attempt: The attempt, as passed to ``coordinator(_:willPurchase:)``.
    ///   - outcome: The outcome, as ``PurchaseCoordinator/purchase(productId:options:)`` returns it.
    func coordinator(_ coordinator: PurchaseCoordinator, didComplete attempt: PurchaseAttempt, outcome: PurchaseOutcome) async

    /// The store's purchase threw; ``PurchaseCoordinator/purchase(productId:options:)`` rethrows
    /// the same error after this call.
    ///
    /// - Parameters:
    ///   - coordinator: The coordinator.
    ///   - attempt: The attempt.
    ///   - error: The store's error (StoreKit's `Product.PurchaseError` or `StoreKitError`, …).
    func coordinator(_ coordinator: PurchaseCoordinator, didFailPurchase attempt: PurchaseAttempt, error: any Error) async

    /// A purchase returned a stale transaction instead of purchasing — the seed report's "no
    /// sheet, success, no entitlement". Called before it is delivered and finished.
    ///
    /// - Parameters:
    ///   - coordinator: The coordinator.
    ///   - stale: The returned transaction and why it is stale.
    ///   - attempt: What was expected: the attempt's product, start time and unfinished snapshot.
    func coordinator(
        _ coordinator: PurchaseCoordinator, didDetectStaleTransaction stale: StaleTransaction, expected attempt: PurchaseAttempt
    ) async

    /// A product's entitlement changed: it became entitled, or stopped being entitled (expiry,
    /// refund, upgrade away). Products start as not entitled, so the first entitled resolution is
    /// a change.
    ///
    /// - Parameters:
    ///   - coordinator: The coordinator.
    ///   - resolution: The new decision, with the path that decided it.
    func coordinator(_ coordinator: PurchaseCoordinator, entitlementDidChange resolution: EntitlementResolution) async
}
