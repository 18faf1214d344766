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

    struct Refused: Error, CustomStringConvertible {
        var description: String { "database unavailable" }
    }

    func refuseDelivery(of transactionId: String) { refusedTransactionIds.insert(transactionId) }
    func acceptDeliveries() { refusedTransactionIds.removeAll() }

    func coordinator(_ coordinator: PurchaseCoordinator, didFinishSweep report: SweepReport) async {
        events.append(.sweep(report.trigger, finished: report.finishedTransactionIds, unverified: report.unverifiedTransactionIds))
    }

    func coordinator(
        _ coordinator: PurchaseCoordinator, deliver transaction: PurchaseFlow.Transaction, source: TransactionSource
    ) async throws {
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
