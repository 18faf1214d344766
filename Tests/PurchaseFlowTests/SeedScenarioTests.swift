import Foundation
import PurchaseFlow
import Testing

/// The seed report (shared/seeds/003): tapping "buy" shows "processing", no App Store sheet
/// appears, `purchase()` returns `.success` with a verified transaction that the app finishes, and
/// `currentEntitlements` stays empty — the transaction was a stale, unfinished renewal of an
/// expired sandbox subscription chain.
@Suite("Seed: the purchase sheet never appears")
struct SeedScenarioTests {
    /// A sandbox chain bought an hour ago that renewed twice and then stopped (the sandbox limits
    /// renewals); the app never finished the renewals. The store has the seed's failure switched on.
    static func expiredSandboxChain() async throws -> (SimulatedStore, ManualTimeSource, [String]) {
        let (store, clock) = makeStore(
            SimulatedStore.Behavior(returnsQueuedTransactionInsteadOfPurchasing: true, maximumRenewals: 2))
        let original = try await store.recordPurchase(productId: "monthly", at: t0 - 60 * minute, finished: true)
        let renewals = await store.allTransactions.filter { $0.originalTransactionId == original.transactionId }
            .dropFirst().map(\.transactionId)
        #expect(renewals.count == 2)
        return (store, clock, renewals)
    }

    @Test("without the sweep: success without a sheet, no entitlement, and the diagnosis names the cause")
    func failureReproducedWithoutSweep() async throws {
        let (store, clock, renewals) = try await Self.expiredSandboxChain()
        let staleId = try #require(renewals.first)

        // The app of the report: no sweep, purchase, finish whatever comes back.
        let attempt = await PurchaseAttempt.begin(productId: "monthly", store: store, timeSource: clock.timeSource)
        #expect(attempt.unfinishedTransactionIds == renewals)
        let result = try await store.purchase(productId: "monthly", options: PurchaseOptions())
        guard case .success(.verified(let returned)) = result else {
            Issue.record("expected .success(.verified), got \(result)")
            return
        }
        await store.finish(returned)

        #expect(returned.transactionId == staleId)
        #expect(await store.sheetsShown.isEmpty)
        #expect(await store.currentEntitlements().isEmpty)
        let latest = try #require(await store.latest(for: "monthly")?.verifiedValue)
        #expect(latest.isExpired(at: clock.now))

        let snapshot = await PurchaseDiagnostics.snapshot(
            store: store, productIds: ["monthly"], timeSource: clock.timeSource)
        let diagnosis = PurchaseDiagnostics.diagnose(snapshot, attempt: attempt, result: result)
        let stale = try #require(diagnosis.findings(.staleUnfinishedTransactionReturnedByPurchase).first)
        #expect(stale.transactionId == staleId)
        #expect(stale.staleReasons == [.queuedBeforeAttempt, .purchasedBeforeAttempt, .alreadyExpired])
        let expired = try #require(diagnosis.findings(.expiredSubscriptionChain).first)
        #expect(expired.productId == "monthly")
        #expect(expired.date == latest.expirationDate)
        #expect(diagnosis.text.contains("[staleUnfinishedTransactionReturnedByPurchase]"))
        #expect(diagnosis.text.contains(staleId))
        #expect(diagnosis.text.contains("[expiredSubscriptionChain]"))
    }

    @Test("without the sweep, through the coordinator: the outcome is staleTransaction, not success")
    func coordinatorWithoutSweepDetectsStaleResult() async throws {
        let (store, clock, renewals) = try await Self.expiredSandboxChain()
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(
            store: store, configuration: .withoutSweep, timeSource: clock.timeSource, delegate: delegate)

        let outcome = try await coordinator.purchase(productId: "monthly")

        guard case .staleTransaction(let stale, let entitlement) = outcome else {
            Issue.record("expected staleTransaction, got \(outcome)")
            return
        }
        #expect(stale.transaction.transactionId == renewals.first)
        #expect(!entitlement.isEntitled)
        #expect(entitlement.decidedBy == .latestTransaction)
        #expect(entitlement.currentEntitlementsCount == 0)
        #expect(await store.sheetsShown.isEmpty)
        #expect(await delegate.events.contains(.stale(renewals[0], reasons: stale.reasons, expected: "monthly")))

        let diagnosis = await coordinator.diagnose(productIds: ["monthly"])
        #expect(Array(diagnosis.codes.prefix(2)) == [.staleUnfinishedTransactionReturnedByPurchase, .expiredSubscriptionChain])
        #expect(diagnosis.findings(.staleUnfinishedTransactionReturnedByPurchase).first?.transactionId == renewals[0])
    }

    @Test("with the sweep: the queue is finished first, the sheet is shown, a new transaction entitles")
    func fixedWithSweep() async throws {
        let (store, clock, renewals) = try await Self.expiredSandboxChain()
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(store: store, timeSource: clock.timeSource, delegate: delegate)

        let outcome = try await coordinator.purchase(productId: "monthly")

        guard case .purchased(let transaction, let entitlement) = outcome else {
            Issue.record("expected purchased, got \(outcome)")
            return
        }
        #expect(!renewals.contains(transaction.transactionId))
        #expect(transaction.purchaseDate == clock.now)
        #expect(entitlement.isEntitled)
        #expect(entitlement.decidedBy == .currentEntitlements)
        #expect(await store.sheetsShown.map(\.productId) == ["monthly"])
        #expect(await store.returnedQueuedTransactionIds.isEmpty)
        #expect(await store.unfinished().isEmpty)
        let events = await delegate.events
        #expect(events.first == .deliver(renewals[0], .unfinishedSweep))
        #expect(events.contains(.sweep(.beforePurchase, finished: renewals, unverified: [])))
        #expect(events.contains(.entitlement("monthly", entitled: true, path: .currentEntitlements)))
        #expect(events.last == .complete("monthly", outcome: "purchased"))

        let diagnosis = await coordinator.diagnose(productIds: ["monthly"])
        #expect(diagnosis.findings.isEmpty, "\(diagnosis.text)")
    }

    @Test(
        "acceptance: buying shows the sheet and entitles — fails without the sweep, passes with it",
        arguments: [true, false])
    func purchaseEntitles(sweeps: Bool) async throws {
        let (store, clock, _) = try await Self.expiredSandboxChain()
        let configuration = sweeps ? PurchaseCoordinator.Configuration.default : .withoutSweep
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(
            store: store, configuration: configuration, timeSource: clock.timeSource, delegate: delegate)
        let outcome = try await coordinator.purchase(productId: "monthly")
        let sheets = await store.sheetsShown.count
        let entitled = await !store.currentEntitlements().isEmpty
        withKnownIssue("the seed report's failure: a queued transaction comes back, no sheet, no entitlement") {
            #expect(outcome.caseName == "purchased")
            #expect(sheets == 1)
            #expect(entitled)
        } when: {
            !sweeps
        }
        withExtendedLifetime(delegate) {}  // the coordinator keeps it weakly
    }

    @Test("the sweep at launch clears the queue before the first purchase")
    func launchSweepClearsQueue() async throws {
        let (store, clock, renewals) = try await Self.expiredSandboxChain()
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(
            store: store,
            configuration: PurchaseCoordinator.Configuration(sweepsBeforePurchase: false, listensForUpdates: false),
            timeSource: clock.timeSource, delegate: delegate)
        let report = try #require(await coordinator.start())
        #expect(report.trigger == .launch)
        #expect(report.finishedTransactionIds == renewals)

        let outcome = try await coordinator.purchase(productId: "monthly")
        #expect(outcome.caseName == "purchased")
        #expect(await store.sheetsShown.count == 1)
    }
}
