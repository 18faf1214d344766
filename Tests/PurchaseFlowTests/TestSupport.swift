import Foundation
import PurchaseFlow
import Testing

/// 2026-01-01T00:00:00Z.
let t0 = Date(timeIntervalSince1970: 1_767_225_600)
let minute: TimeInterval = 60
let day: TimeInterval = 86_400

/// A transaction with test defaults.
func makeTransaction(
    _ id: String, product: String = "product", type: PurchaseFlow.Transaction.ProductType = .nonConsumable,
    original: String? = nil, group: String? = nil, purchased: Date = t0, expires: Date? = nil, revoked: Date? = nil,
    upgraded: Bool = false, ownership: PurchaseFlow.Transaction.OwnershipType = .purchased, token: UUID? = nil
) -> PurchaseFlow.Transaction {
    PurchaseFlow.Transaction(
        transactionId: id, originalTransactionId: original, productId: product, productType: type,
        subscriptionGroupId: group, purchaseDate: purchased, expirationDate: expires, revocationDate: revoked,
        revocationReason: revoked == nil ? nil : .other, isUpgraded: upgraded, ownershipType: ownership,
        appAccountToken: token, environment: .sandbox)
}

/// What a ``RecordingDelegate`` saw, in order.
enum DelegateEvent: Equatable, Sendable {
    case sweep(SweepTrigger, finished: [String], unverified: [String])
    case deliver(String, TransactionSource)
    case unverified(String, TransactionVerificationError)
    case willPurchase(String)
    case complete(String, outcome: String)
    case failed(String)
    case stale(String, reasons: [StaleReason], expected: String)
    case entitlement(String, entitled: Bool, path: EntitlementPath)
}

/// A delegate that records every call and can refuse deliveries.
actor RecordingDelegate: PurchaseCoordinatorDelegate {
    private(set) var events: [DelegateEvent] = []
    private(set) var delivered: [PurchaseFlow.Transaction] = []
    private var refusedTransactionIds: Set<String> = []
    private var heldTransactionIds: Set<String> = []
    private var heldDeliveries: [String: CheckedContinuation<Bool, Never>] = [:]

    struct Refused: Error, CustomStringConvertible {
        var description: String { "database unavailable" }
    }

    func refuseDelivery(of transactionId: String) { refusedTransactionIds.insert(transactionId) }
    func acceptDeliveries() { refusedTransactionIds.removeAll() }

    /// Makes the next delivery of the transaction wait until ``releaseDelivery(of:failing:)``.
    func holdDelivery(of transactionId: String) { heldTransactionIds.insert(transactionId) }
    /// Whether a delivery of the transaction is waiting.
    func isHoldingDelivery(of transactionId: String) -> Bool { heldDeliveries[transactionId] != nil }
    /// Lets the waiting delivery go on; `failing` makes it throw.
    func releaseDelivery(of transactionId: String, failing: Bool) {
        heldDeliveries.removeValue(forKey: transactionId)?.resume(returning: failing)
    }

    func coordinator(_ coordinator: PurchaseCoordinator, didFinishSweep report: SweepReport) async {
        events.append(.sweep(report.trigger, finished: report.finishedTransactionIds, unverified: report.unverifiedTransactionIds))
    }

    func coordinator(
        _ coordinator: PurchaseCoordinator, deliver transaction: PurchaseFlow.Transaction, source: TransactionSource
    ) async throws {
        if heldTransactionIds.remove(transaction.transactionId) != nil {
            let failing = await withCheckedContinuation { continuation in
                heldDeliveries[transaction.transactionId] = continuation
            }
            if failing { throw Refused() }
        }
        if refusedTransactionIds.contains(transaction.transactionId) { throw Refused() }
        events.append(.deliver(transaction.transactionId, source))
        delivered.append(transaction)
    }

    func coordinator(
        _ coordinator: PurchaseCoordinator, didReceiveUnverified transaction: PurchaseFlow.Transaction,
        error: TransactionVerificationError
    ) async {
        events.append(.unverified(transaction.transactionId, error))
    }

    func coordinator(_ coordinator: PurchaseCoordinator, willPurchase attempt: PurchaseAttempt) async {
        events.append(.willPurchase(attempt.productId))
    }

    func coordinator(_ coordinator: PurchaseCoordinator, didComplete attempt: PurchaseAttempt, outcome: PurchaseOutcome) async {
        events.append(.complete(attempt.productId, outcome: outcome.caseName))
    }

    func coordinator(_ coordinator: PurchaseCoordinator, didFailPurchase attempt: PurchaseAttempt, error: any Error) async {
        events.append(.failed(attempt.productId))
    }

    func coordinator(
        _ coordinator: PurchaseCoordinator, didDetectStaleTransaction stale: StaleTransaction, expected attempt: PurchaseAttempt
    ) async {
        events.append(.stale(stale.transaction.transactionId, reasons: stale.reasons, expected: attempt.productId))
    }

    func coordinator(_ coordinator: PurchaseCoordinator, entitlementDidChange resolution: EntitlementResolution) async {
        events.append(.entitlement(resolution.productId, entitled: resolution.isEntitled, path: resolution.decidedBy))
    }

    func entitlementEvents(for productId: String) -> [Bool] {
        events.compactMap { event in
            if case .entitlement(let id, let entitled, _) = event, id == productId { return entitled }
            return nil
        }
    }
}

/// Polls `condition` until it holds or about 2 seconds pass.
func eventually(_ condition: @Sendable () async -> Bool) async -> Bool {
    for _ in 0..<400 {
        if await condition() { return true }
        try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return await condition()
}

/// The standard catalogue of the scenario tests.
let catalogue: [SimulatedProduct] = [
    .autoRenewable("monthly", groupId: "pro", level: 2),
    .autoRenewable("monthly.premium", groupId: "pro", level: 1),
    .nonConsumable("lifetime"),
    .consumable("coins"),
    .nonRenewable("season.pass"),
]

/// A store and its clock at t0.
func makeStore(_ behavior: SimulatedStore.Behavior = SimulatedStore.Behavior()) -> (SimulatedStore, ManualTimeSource) {
    let clock = ManualTimeSource(now: t0)
    return (SimulatedStore(products: catalogue, timeSource: clock.timeSource, behavior: behavior), clock)
}

/// A UI model: the delegate methods run on the main actor.
@MainActor
final class MainActorModel: PurchaseCoordinatorDelegate {
    private(set) var entitled: Set<String> = []
    private(set) var delivered: [String] = []

    func coordinator(_ coordinator: PurchaseCoordinator, didFinishSweep report: SweepReport) async {}
    func coordinator(
        _ coordinator: PurchaseCoordinator, deliver transaction: PurchaseFlow.Transaction, source: TransactionSource
    ) async throws {
        delivered.append(transaction.transactionId)
    }
    func coordinator(
        _ coordinator: PurchaseCoordinator, didReceiveUnverified transaction: PurchaseFlow.Transaction,
        error: TransactionVerificationError
    ) async {}
    func coordinator(_ coordinator: PurchaseCoordinator, willPurchase attempt: PurchaseAttempt) async {}
    func coordinator(_ coordinator: PurchaseCoordinator, didComplete attempt: PurchaseAttempt, outcome: PurchaseOutcome) async {}
    func coordinator(_ coordinator: PurchaseCoordinator, didFailPurchase attempt: PurchaseAttempt, error: any Error) async {}
    func coordinator(
        _ coordinator: PurchaseCoordinator, didDetectStaleTransaction stale: StaleTransaction, expected attempt: PurchaseAttempt
    ) async {}
    func coordinator(_ coordinator: PurchaseCoordinator, entitlementDidChange resolution: EntitlementResolution) async {
        if resolution.isEntitled { entitled.insert(resolution.productId) } else { entitled.remove(resolution.productId) }
    }
}

/// A store that forwards to a ``SimulatedStore`` and can hold one `latest(for:)` (after reading
/// the answer, so that it returns it late and outdated) or one purchase (before purchasing) until
/// released: slow StoreKit calls, on demand.
actor ControlledStore: StoreProtocol {
    let inner: SimulatedStore
    private var latestHolds: Set<String> = []
    private var purchaseHolds: Set<String> = []
    private var waiting: [String: CheckedContinuation<Void, Never>] = [:]

    init(_ inner: SimulatedStore) {
        self.inner = inner
    }

    func holdNextLatest(for productId: String) { latestHolds.insert(productId) }
    func holdNextPurchase(of productId: String) { purchaseHolds.insert(productId) }
    func isHoldingLatest(for productId: String) -> Bool { waiting["latest:" + productId] != nil }
    func isHoldingPurchase(of productId: String) -> Bool { waiting["purchase:" + productId] != nil }
    func releaseLatest(for productId: String) { waiting.removeValue(forKey: "latest:" + productId)?.resume() }
    func releasePurchase(of productId: String) { waiting.removeValue(forKey: "purchase:" + productId)?.resume() }

    private func hold(_ key: String) async {
        await withCheckedContinuation { continuation in waiting[key] = continuation }
    }

    func unfinished() async -> [VerificationResult<PurchaseFlow.Transaction>] { await inner.unfinished() }
    func currentEntitlements() async -> [VerificationResult<PurchaseFlow.Transaction>] {
        await inner.currentEntitlements()
    }
    func latest(for productId: String) async -> VerificationResult<PurchaseFlow.Transaction>? {
        let answer = await inner.latest(for: productId)
        if latestHolds.remove(productId) != nil { await hold("latest:" + productId) }
        return answer
    }
    func purchase(productId: String, options: PurchaseOptions) async throws -> PurchaseResult {
        if purchaseHolds.remove(productId) != nil { await hold("purchase:" + productId) }
        return try await inner.purchase(productId: productId, options: options)
    }
    func finish(_ transaction: PurchaseFlow.Transaction) async { await inner.finish(transaction) }
    nonisolated var updates: AsyncStream<VerificationResult<PurchaseFlow.Transaction>> { inner.updates }
    func subscriptionStatus(groupId: String) async throws -> [SubscriptionGroupStatus] {
        try await inner.subscriptionStatus(groupId: groupId)
    }
    func sync() async throws { try await inner.sync() }
}

/// A clock `offset` seconds off `clock`: a device whose time is wrong.
func skewed(_ clock: ManualTimeSource, by offset: TimeInterval) -> TimeSource {
    TimeSource { clock.now + offset }
}
