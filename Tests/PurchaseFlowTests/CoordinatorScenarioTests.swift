import Foundation
import PurchaseFlow
import Testing

@Suite("Coordinator scenarios")
struct CoordinatorScenarioTests {
    func makeCoordinator(
        _ store: SimulatedStore, _ clock: ManualTimeSource,
        configuration: PurchaseCoordinator.Configuration = .default
    ) -> (PurchaseCoordinator, RecordingDelegate) {
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(
            store: store, configuration: configuration, timeSource: clock.timeSource, delegate: delegate)
        return (coordinator, delegate)
    }

    @Test("first purchase of a subscription: sheet, new transaction, finished, entitled")
    func firstPurchase() async throws {
        let (store, clock) = makeStore()
        let (coordinator, delegate) = makeCoordinator(store, clock)
        await coordinator.start()
        let token = UUID()

        let outcome = try await coordinator.purchase(productId: "monthly", options: PurchaseOptions(appAccountToken: token))

        guard case .purchased(let transaction, let entitlement) = outcome else {
            Issue.record("expected purchased, got \(outcome)")
            return
        }
        #expect(transaction.originalTransactionId == transaction.transactionId)
        #expect(transaction.appAccountToken == token)
        #expect(transaction.expirationDate == t0 + SimulatedProduct.sandboxMonth)
        #expect(entitlement.isEntitled && entitlement.decidedBy == .currentEntitlements)
        #expect(await store.isFinished(transaction.transactionId))
        #expect(await store.sheetsShown.count == 1)
        #expect(await coordinator.entitledProductIds == ["monthly"])
        #expect(
            await delegate.events == [
                .sweep(.launch, finished: [], unverified: []),
                .sweep(.beforePurchase, finished: [], unverified: []),
                .willPurchase("monthly"),
                .deliver(transaction.transactionId, .purchase),
                .entitlement("monthly", entitled: true, path: .currentEntitlements),
                .complete("monthly", outcome: "purchased"),
            ])
    }

    @Test("renewals arrive through updates; after expiry the entitlement is lost and a new purchase restores it")
    func renewalAfterExpiry() async throws {
        let (store, clock) = makeStore()
        let (coordinator, delegate) = makeCoordinator(store, clock)
        await coordinator.start()
        guard case .purchased(let first, _) = try await coordinator.purchase(productId: "monthly") else {
            Issue.record("first purchase failed")
            return
        }

        // One period later the subscription renews: the renewal comes through updates.
        clock.advance(by: SimulatedProduct.sandboxMonth + 1)
        await store.advance()
        #expect(
            await eventually {
                await delegate.events.contains { event in
                    if case .deliver(let id, .updates) = event { return id != first.transactionId }
                    return false
                }
            })
        #expect(await coordinator.resolveEntitlement(for: "monthly").isEntitled)

        // The customer turns auto-renew off; the period ends; the entitlement is lost.
        try await store.setAutoRenew(productId: "monthly", willAutoRenew: false)
        clock.advance(by: SimulatedProduct.sandboxMonth)
        let lapsed = await coordinator.resolveEntitlement(for: "monthly")
        #expect(!lapsed.isEntitled)
        #expect(lapsed.decidedBy == .latestTransaction)
        #expect(lapsed.activeState?.name == "expired")
        let statuses = try await store.subscriptionStatus(groupId: "pro")
        #expect(statuses.map(\.state) == [.expired])
        #expect(statuses.first?.renewalInfo.verifiedValue?.expirationReason == .autoRenewDisabled)

        // Resubscribing after expiry: a new transaction in the same chain.
        guard case .purchased(let again, let entitlement) = try await coordinator.purchase(productId: "monthly") else {
            Issue.record("resubscription failed")
            return
        }
        #expect(again.originalTransactionId == first.transactionId)
        #expect(again.reason == .purchase)
        #expect(entitlement.isEntitled)
        #expect(await delegate.entitlementEvents(for: "monthly") == [true, false, true])
        await coordinator.stop()
    }

    @Test("restore: after a reinstall nothing is entitled until sync")
    func restore() async throws {
        let (store, clock) = makeStore()
        try await store.recordPurchase(productId: "lifetime", at: t0 - day)
        try await store.recordPurchase(productId: "monthly", at: t0 - minute)
        await store.simulateReinstall()
        let (coordinator, delegate) = makeCoordinator(store, clock)
        await coordinator.start()
        #expect(await store.currentEntitlements().isEmpty)
        #expect(await !coordinator.resolveEntitlement(for: "lifetime").isEntitled)

        let restored = try await coordinator.restorePurchases(productIds: ["lifetime", "monthly", "coins"])

        #expect(await store.syncCount == 1)
        #expect(restored.map(\.isEntitled) == [true, true, false])
        #expect(restored.map(\.decidedBy) == [.currentEntitlements, .currentEntitlements, .latestTransaction])
        await coordinator.stop()
        withExtendedLifetime(delegate) {}  // the coordinator keeps its delegate weakly
    }

    @Test("refund: the revoked transaction arrives through updates and the entitlement is removed")
    func refund() async throws {
        let (store, clock) = makeStore()
        let (coordinator, delegate) = makeCoordinator(store, clock)
        await coordinator.start()
        guard case .purchased(let bought, _) = try await coordinator.purchase(productId: "lifetime") else {
            Issue.record("purchase failed")
            return
        }
        clock.advance(by: day)

        try await store.refund(transactionId: bought.transactionId, reason: .developerIssue)

        #expect(await eventually { await delegate.entitlementEvents(for: "lifetime") == [true, false] })
        let revoked = try #require(await delegate.delivered.last)
        #expect(revoked.transactionId == bought.transactionId)
        #expect(revoked.revocationDate == t0 + day)
        #expect(revoked.revocationReason == .developerIssue)
        let resolution = await coordinator.resolveEntitlement(for: "lifetime")
        #expect(resolution.activeState == .revoked(at: t0 + day))
        await coordinator.stop()
    }

    @Test("upgrade within a group: the old transaction is upgraded, only the new product is entitled")
    func upgrade() async throws {
        let (store, clock) = makeStore()
        let (coordinator, delegate) = makeCoordinator(store, clock)
        await coordinator.start()
        guard case .purchased(let basic, _) = try await coordinator.purchase(productId: "monthly") else {
            Issue.record("purchase failed")
            return
        }
        clock.advance(by: minute)

        guard case .purchased(let premium, let entitlement) = try await coordinator.purchase(productId: "monthly.premium")
        else {
            Issue.record("upgrade failed")
            return
        }
        #expect(premium.originalTransactionId == basic.transactionId)
        #expect(entitlement.isEntitled)
        #expect(await eventually { await delegate.entitlementEvents(for: "monthly") == [true, false] })
        let old = try #require(await store.latest(for: "monthly")?.verifiedValue)
        #expect(old.isUpgraded)
        #expect(await coordinator.resolveEntitlement(for: "monthly").activeState == .upgraded)
        #expect(await store.currentEntitlements().map(\.unsafePayloadValue.productId) == ["monthly.premium"])
        await coordinator.stop()
    }

    @Test("grace period: a failed renewal keeps access until the grace period ends")
    func gracePeriod() async throws {
        let (store, clock) = makeStore(SimulatedStore.Behavior(gracePeriod: 3 * day))
        let (coordinator, delegate) = makeCoordinator(store, clock)
        _ = try await coordinator.purchase(productId: "monthly")
        try await store.setRenewalPaymentFails(productId: "monthly")
        clock.advance(by: SimulatedProduct.sandboxMonth + minute)

        let inGrace = await coordinator.resolveEntitlement(for: "monthly")
        #expect(inGrace.isEntitled)
        #expect(inGrace.decidedBy == .currentEntitlements)
        #expect(try await store.subscriptionStatus(groupId: "pro").map(\.state) == [.inGracePeriod])

        // The latest(for:) path agrees: the renewal info's grace period counts.
        await store.setBehavior(SimulatedStore.Behavior(gracePeriod: 3 * day, currentEntitlementsTemporarilyEmpty: true))
        let fallback = await coordinator.resolveEntitlement(for: "monthly")
        #expect(fallback.isEntitled)
        #expect(fallback.decidedBy == .latestTransaction)
        #expect(fallback.activeState == .inGracePeriod(until: t0 + SimulatedProduct.sandboxMonth + 3 * day))

        await store.setBehavior(SimulatedStore.Behavior(gracePeriod: 3 * day))
        clock.advance(by: 3 * day)
        #expect(try await store.subscriptionStatus(groupId: "pro").map(\.state) == [.inBillingRetryPeriod])
        #expect(await !coordinator.resolveEntitlement(for: "monthly").isEntitled)
        #expect(await delegate.entitlementEvents(for: "monthly") == [true, false])
    }

    @Test("billing retry without grace period: not entitled; recovery renews and entitles again")
    func billingRetryWithoutGrace() async throws {
        let (store, clock) = makeStore()
        let (coordinator, delegate) = makeCoordinator(store, clock)
        _ = try await coordinator.purchase(productId: "monthly")
        try await store.setRenewalPaymentFails(productId: "monthly")
        clock.advance(by: SimulatedProduct.sandboxMonth + minute)

        let retry = await coordinator.resolveEntitlement(for: "monthly")
        #expect(!retry.isEntitled)
        #expect(try await store.subscriptionStatus(groupId: "pro").map(\.state) == [.inBillingRetryPeriod])
        let diagnosis = await coordinator.diagnose(productIds: ["monthly"])
        #expect(diagnosis.codes.contains(.billingRetryWithoutGracePeriod))

        try await store.setRenewalPaymentFails(productId: "monthly", failing: false)
        let recovered = await coordinator.resolveEntitlement(for: "monthly")
        #expect(recovered.isEntitled)
        #expect(recovered.transaction?.purchaseDate == clock.now)
        withExtendedLifetime(delegate) {}  // the coordinator keeps its delegate weakly
    }

    @Test("Ask to Buy: pending, then approved through updates, delivered, finished and entitled")
    func askToBuy() async throws {
        let (store, clock) = makeStore(SimulatedStore.Behavior(requiresAskToBuy: true))
        let (coordinator, delegate) = makeCoordinator(store, clock)
        await coordinator.start()

        let outcome = try await coordinator.purchase(productId: "lifetime")
        #expect(outcome == .pending)
        #expect(await store.sheetsShown.map(\.kind) == [.askToBuyRequest])
        #expect(await store.pendingPurchases.map(\.productId) == ["lifetime"])
        #expect(await !coordinator.resolveEntitlement(for: "lifetime").isEntitled)

        clock.advance(by: 10 * minute)
        let approved = try await store.approveAskToBuy(productId: "lifetime")

        #expect(await eventually { await delegate.entitlementEvents(for: "lifetime") == [true] })
        #expect(await delegate.events.contains(.deliver(approved.transactionId, .updates)))
        #expect(await eventually { await store.isFinished(approved.transactionId) })
        #expect(await store.pendingPurchases.isEmpty)
        await coordinator.stop()
    }

    @Test("Ask to Buy declined: nothing is ever delivered")
    func askToBuyDeclined() async throws {
        let (store, clock) = makeStore(SimulatedStore.Behavior(requiresAskToBuy: true))
        let (coordinator, delegate) = makeCoordinator(store, clock)
        #expect(try await coordinator.purchase(productId: "lifetime") == .pending)
        try await store.declineAskToBuy(productId: "lifetime")
        #expect(await store.allTransactions.isEmpty)
        #expect(await delegate.delivered.isEmpty)
    }

    @Test("unverified transactions are reported once, never delivered, never finished")
    func unverifiedReportedNotFinished() async throws {
        let (store, clock) = makeStore()
        let bad = makeTransaction("900", product: "lifetime", purchased: t0 - day)
        await store.addTransaction(bad, verificationError: .invalidSignature)
        let good = makeTransaction("901", product: "coins", type: .consumable, purchased: t0 - day)
        await store.addTransaction(good)
        let (coordinator, delegate) = makeCoordinator(store, clock)

        let report = try #require(await coordinator.start())
        await coordinator.sweepUnfinished()

        #expect(report.finishedTransactionIds == ["901"])
        #expect(report.unverifiedTransactionIds == ["900"])
        #expect(await !store.isFinished("900"))
        #expect(await store.isFinished("901"))
        let events = await delegate.events
        #expect(events.filter { $0 == .unverified("900", .invalidSignature) }.count == 1)
        #expect(!events.contains(.deliver("900", .unfinishedSweep)))
        #expect(await !coordinator.resolveEntitlement(for: "lifetime").isEntitled)
        let diagnosis = await coordinator.diagnose(productIds: ["lifetime"])
        #expect(diagnosis.findings(.unverifiedTransactionsPending).first?.transactionIds == ["900"])
        await coordinator.stop()
    }

    @Test("a delivery that throws leaves the transaction unfinished; the next sweep delivers it")
    func deliveryFailureRetried() async throws {
        let (store, clock) = makeStore()
        let (coordinator, delegate) = makeCoordinator(store, clock)
        await store.addTransaction(makeTransaction("700", product: "coins", type: .consumable, purchased: t0 - minute))
        await delegate.refuseDelivery(of: "700")

        let first = await coordinator.sweepUnfinished()
        #expect(first.deliveryFailures == [DeliveryFailure(transactionId: "700", productId: "coins", reason: "database unavailable")])
        #expect(await !store.isFinished("700"))

        await delegate.acceptDeliveries()
        let second = await coordinator.sweepUnfinished()
        #expect(second.finishedTransactionIds == ["700"])
        #expect(await store.isFinished("700"))
    }

    @Test("a purchase whose delivery throws is reported as deliveryFailed and stays unfinished")
    func purchaseDeliveryFailure() async throws {
        let (store, clock) = makeStore()
        let (coordinator, delegate) = makeCoordinator(store, clock)
        await delegate.refuseDelivery(of: "2000000000000001")
        let outcome = try await coordinator.purchase(productId: "coins")
        #expect(outcome.caseName == "deliveryFailed")
        #expect(await !store.isFinished("2000000000000001"))
    }

    @Test("a cancelled sheet is userCancelled; a store error is rethrown and reported")
    func cancelAndError() async throws {
        let (store, clock) = makeStore()
        let (coordinator, delegate) = makeCoordinator(store, clock)
        await store.cancelNextPurchase()
        #expect(try await coordinator.purchase(productId: "lifetime") == .userCancelled)
        await #expect(throws: SimulatedStore.Failure.productNotFound("nope")) {
            try await coordinator.purchase(productId: "nope")
        }
        #expect(await delegate.events.suffix(2) == [.willPurchase("nope"), .failed("nope")])
        #expect(await coordinator.lastResult == nil)
    }

    @Test("buying an owned non-consumable again returns the original: alreadyPurchased, not stale")
    func alreadyPurchased() async throws {
        let (store, clock) = makeStore()
        let original = try await store.recordPurchase(productId: "lifetime", at: t0 - 30 * day)
        let (coordinator, delegate) = makeCoordinator(store, clock)
        let outcome = try await coordinator.purchase(productId: "lifetime")
        guard case .alreadyPurchased(let transaction, let entitlement) = outcome else {
            Issue.record("expected alreadyPurchased, got \(outcome)")
            return
        }
        #expect(transaction == original)
        #expect(entitlement.isEntitled)
        #expect(await store.sheetsShown.count == 1)
        #expect(await !delegate.events.contains { if case .stale = $0 { true } else { false } })
    }

    @Test("consumables are delivered and finished but never entitled")
    func consumable() async throws {
        let (store, clock) = makeStore()
        let (coordinator, delegate) = makeCoordinator(store, clock)
        guard case .purchased(let coins, let entitlement) = try await coordinator.purchase(
            productId: "coins", options: PurchaseOptions(quantity: 5))
        else {
            Issue.record("purchase failed")
            return
        }
        #expect(coins.purchasedQuantity == 5)
        #expect(!entitlement.isEntitled)
        #expect(entitlement.activeState == .consumable)
        #expect(await store.isFinished(coins.transactionId))
        withExtendedLifetime(delegate) {}  // the coordinator keeps its delegate weakly
    }

    @Test("two paths: when currentEntitlements is briefly empty, latest(for:) with the active check decides")
    func dualPathFallback() async throws {
        let (store, clock) = makeStore()
        let (coordinator, delegate) = makeCoordinator(store, clock)
        _ = try await coordinator.purchase(productId: "monthly")
        await store.setBehavior(SimulatedStore.Behavior(currentEntitlementsTemporarilyEmpty: true))

        let active = await coordinator.resolveEntitlement(for: "monthly")
        #expect(active.isEntitled)
        #expect(active.decidedBy == .latestTransaction)
        #expect(active.activeState == .active)
        let diagnosis = await coordinator.diagnose(productIds: ["monthly"])
        let disagreement = try #require(diagnosis.findings(.entitlementPathsDisagree).first)
        #expect(disagreement.inCurrentEntitlements == false && disagreement.latestIsActive == true)

        try await store.setAutoRenew(productId: "monthly", willAutoRenew: false)
        clock.advance(by: SimulatedProduct.sandboxMonth + 1)
        let expired = await coordinator.resolveEntitlement(for: "monthly")
        #expect(!expired.isEntitled)
        #expect(expired.decidedBy == .latestTransaction)
        withExtendedLifetime(delegate) {}  // the coordinator keeps its delegate weakly
    }

    @Test("a stale result is finished so that the retry purchases for real")
    func retryAfterStale() async throws {
        let (store, clock, _) = try await SeedScenarioTests.expiredSandboxChain()
        let (coordinator, delegate) = makeCoordinator(store, clock, configuration: .withoutSweep)
        #expect(try await coordinator.purchase(productId: "monthly").caseName == "staleTransaction")
        #expect(try await coordinator.purchase(productId: "monthly").caseName == "staleTransaction")
        #expect(try await coordinator.purchase(productId: "monthly").caseName == "purchased")
        #expect(await store.sheetsShown.count == 1)
        withExtendedLifetime(delegate) {}  // the coordinator keeps its delegate weakly
    }
}

@Suite("Delegate on the main actor")
struct MainActorDelegateTests {
    @Test("a @MainActor model conforms and receives deliveries and entitlement changes")
    @MainActor
    func mainActorModel() async throws {
        let (store, clock) = makeStore()
        let model = MainActorModel()
        let coordinator = PurchaseCoordinator(store: store, timeSource: clock.timeSource, delegate: model)
        let outcome = try await coordinator.purchase(productId: "lifetime")
        #expect(outcome.caseName == "purchased")
        #expect(model.entitled == ["lifetime"])
        #expect(model.delivered == [outcome.transaction?.transactionId].compactMap { $0 })
    }
}
