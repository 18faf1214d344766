import Foundation
@testable import PurchaseFlow
import Testing

/// Regression scenarios for the review findings on PurchaseFlow (one suite per finding).

@Suite("Finding 1: without a delegate nothing is finished")
struct NoDelegateTests {
    @Test("no delegate: the purchase is deliveryFailed and unfinished; sweeps and updates finish nothing; a delegate set later gets everything")
    func noDelegateNeverFinishes() async throws {
        let (store, clock) = makeStore()
        let coordinator = PurchaseCoordinator(store: store, timeSource: clock.timeSource)
        await coordinator.start()

        let outcome = try await coordinator.purchase(productId: "lifetime")
        guard case .deliveryFailed(let bought, let reason) = outcome else {
            Issue.record("expected deliveryFailed, got \(outcome)")
            return
        }
        #expect(reason == DeliveryFailure.noDelegateReason)
        #expect(await !store.isFinished(bought.transactionId))
        #expect(await store.unfinished().map(\.unsafePayloadValue.transactionId) == [bought.transactionId])

        let sweep = await coordinator.sweepUnfinished()
        #expect(sweep.finishedTransactionIds.isEmpty)
        #expect(sweep.deliveryFailures.map(\.transactionId) == [bought.transactionId])
        #expect(sweep.deliveryFailures.map(\.reason) == [DeliveryFailure.noDelegateReason])

        let coins = makeTransaction("600", product: "coins", type: .consumable)
        await store.addTransaction(coins)
        await coordinator.handle(update: .verified(coins))
        #expect(await !store.isFinished("600"))
        #expect(await coordinator.deliveryFailures.last?.transactionId == "600")

        // The app sets its delegate: the next sweep delivers both and finishes them.
        let delegate = RecordingDelegate()
        await coordinator.setDelegate(delegate)
        let later = await coordinator.sweepUnfinished()
        #expect(later.finishedTransactionIds == [bought.transactionId, "600"])
        #expect(await delegate.delivered.map(\.transactionId) == [bought.transactionId, "600"])
        #expect(await store.unfinished().isEmpty)
        await coordinator.stop()
    }

    @Test("a delegate the app released (kept weakly) finishes nothing either")
    func releasedDelegate() async throws {
        let (store, clock) = makeStore()
        var delegate: RecordingDelegate? = RecordingDelegate()
        let coordinator = PurchaseCoordinator(store: store, timeSource: clock.timeSource, delegate: delegate)
        #expect(await coordinator.delegate != nil)
        delegate = nil
        #expect(await coordinator.delegate == nil)

        let outcome = try await coordinator.purchase(productId: "monthly")
        #expect(outcome.caseName == "deliveryFailed")
        let transaction = try #require(outcome.transaction)
        #expect(await !store.isFinished(transaction.transactionId))
    }

    @Test("no delegate: a stale result is not finished either, so it comes back")
    func staleWithoutDelegate() async throws {
        let (store, clock, renewals) = try await SeedScenarioTests.expiredSandboxChain()
        let coordinator = PurchaseCoordinator(store: store, configuration: .withoutSweep, timeSource: clock.timeSource)
        let first = try await coordinator.purchase(productId: "monthly")
        let second = try await coordinator.purchase(productId: "monthly")
        #expect(first.caseName == "staleTransaction" && second.caseName == "staleTransaction")
        #expect(first.transaction?.transactionId == renewals[0])
        #expect(second.transaction?.transactionId == renewals[0])
        #expect(await !store.isFinished(renewals[0]))
    }
}

@Suite("Finding 2: the device's clock does not decide staleness")
struct ClockSkewTests {
    static let offsets: [TimeInterval] = [-10 * minute, -5 * minute, 5 * minute, 10 * minute]

    @Test("real purchases succeed with the device's clock ahead or behind", arguments: offsets)
    func realPurchasesSucceed(offset: TimeInterval) async throws {
        let (store, clock) = makeStore()
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(store: store, timeSource: skewed(clock, by: offset), delegate: delegate)
        await coordinator.start()

        // First-ever purchases of every type.
        for productId in ["monthly", "lifetime", "coins", "season.pass"] {
            let outcome = try await coordinator.purchase(productId: productId)
            #expect(outcome.caseName == "purchased", "\(productId) at \(offset) s: \(outcome)")
            #expect(outcome.transaction?.productId == productId)
        }
        #expect(await store.sheetsShown.count == 4)
        #expect(await coordinator.entitledProductIds == ["lifetime", "monthly", "season.pass"])
        #expect(await delegate.events.allSatisfy { if case .stale = $0 { false } else { true } })
        let diagnosis = await coordinator.diagnose(productIds: ["monthly", "lifetime", "coins", "season.pass"])
        #expect(diagnosis.findings.filter { $0.severity == .error }.isEmpty, "\(diagnosis.text)")

        // A consumable again, a minute later: a new purchase.
        clock.advance(by: minute)
        #expect(try await coordinator.purchase(productId: "coins").caseName == "purchased")

        // The subscription lapses; resubscribing is a real purchase.
        // (Past the skew too: when currentEntitlements does not list a product, path 2 of the
        // entitlement check dates expiry with the device's clock.)
        try await store.setAutoRenew(productId: "monthly", willAutoRenew: false)
        clock.advance(by: SimulatedProduct.sandboxMonth + 11 * minute)
        #expect(await !coordinator.resolveEntitlement(for: "monthly").isEntitled)
        let resubscribed = try await coordinator.purchase(productId: "monthly")
        #expect(resubscribed.caseName == "purchased", "\(resubscribed)")
        #expect(resubscribed.entitlement?.isEntitled == true)
        await coordinator.stop()
    }

    @Test("what is owned stays alreadyPurchased, and the seed's stale results stay stale, whatever the clock", arguments: offsets)
    func ownedAndStaleUnaffected(offset: TimeInterval) async throws {
        let (store, clock, renewals) = try await SeedScenarioTests.expiredSandboxChain()
        try await store.recordPurchase(productId: "lifetime", at: t0 - 30 * day)
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(
            store: store, configuration: .withoutSweep, timeSource: skewed(clock, by: offset), delegate: delegate)

        #expect(try await coordinator.purchase(productId: "lifetime").caseName == "alreadyPurchased")
        let first = try await coordinator.purchase(productId: "monthly")
        let second = try await coordinator.purchase(productId: "monthly")
        guard case .staleTransaction(let stale1, _) = first, case .staleTransaction(let stale2, _) = second else {
            Issue.record("expected two stale results, got \(first) and \(second)")
            return
        }
        #expect(stale1.transaction.transactionId == renewals[0])
        #expect(stale1.reasons == [.queuedBeforeAttempt, .purchasedBeforeAttempt, .alreadyExpired])
        #expect(stale2.transaction.transactionId == renewals[1])
        #expect(stale2.reasons.starts(with: [.queuedBeforeAttempt, .latestBeforeAttempt]))
        #expect(try await coordinator.purchase(productId: "monthly").caseName == "purchased")
    }

    @Test("the detector: a new transaction is fresh even when its dates are minutes off the device's clock")
    func detectorIgnoresDeviceClock() {
        let detector = StaleTransactionDetector()
        let attempt = PurchaseAttempt(
            sequence: 1, productId: "monthly", startedAt: t0 + 10 * minute, unfinishedTransactionIds: [],
            sweptBeforePurchase: true, sweptTransactionIds: [], storeClockLowerBound: t0 - minute)
        let fresh = makeTransaction(
            "1", product: "monthly", type: .autoRenewable, group: "pro", purchased: t0,
            expires: t0 + SimulatedProduct.sandboxMonth)
        #expect(detector.classify(fresh, attempt: attempt, at: t0 + 10 * minute) == .fresh)
        let lifetime = makeTransaction("2", product: "lifetime", purchased: t0)
        var lifetimeAttempt = attempt
        lifetimeAttempt.productId = "lifetime"
        #expect(detector.classify(lifetime, attempt: lifetimeAttempt, at: t0 + 10 * minute) == .fresh)
        // Expired by the App Store's own dates: older than something it had already recorded.
        let old = makeTransaction(
            "3", product: "monthly", type: .autoRenewable, group: "pro", purchased: t0 - 20 * minute,
            expires: t0 - 15 * minute)
        var later = attempt
        later.storeClockLowerBound = t0 - 10 * minute
        #expect(detector.classify(old, attempt: later, at: t0 - 10 * minute) == .stale([.purchasedBeforeAttempt, .alreadyExpired]))
        // By the device's clock alone, only beyond the tolerance.
        later.storeClockLowerBound = nil
        #expect(detector.classify(old, attempt: later, at: t0 - minute) == .fresh)
        #expect(detector.classify(old, attempt: later, at: t0) == .stale([.alreadyExpired]))
    }
}

@Suite("Finding 3: an active subscriber who subscribes again")
struct ActiveSubscriberTests {
    @Test("subscribed: StoreKit returns the current transaction; alreadyPurchased, no stale event, no error finding")
    func subscribedAgain() async throws {
        let (store, clock) = makeStore()
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(store: store, timeSource: clock.timeSource, delegate: delegate)
        guard case .purchased(let current, _) = try await coordinator.purchase(productId: "monthly") else {
            Issue.record("first purchase failed")
            return
        }
        clock.advance(by: minute)

        let outcome = try await coordinator.purchase(productId: "monthly")
        guard case .alreadyPurchased(let transaction, let entitlement) = outcome else {
            Issue.record("expected alreadyPurchased, got \(outcome)")
            return
        }
        #expect(transaction == current)
        #expect(entitlement.isEntitled)
        #expect(await store.allTransactions.count == 1)
        #expect(await !delegate.events.contains { if case .stale = $0 { true } else { false } })
        #expect(await delegate.events.last == .complete("monthly", outcome: "alreadyPurchased"))
        let diagnosis = await coordinator.diagnose(productIds: ["monthly"])
        #expect(diagnosis.findings(.staleUnfinishedTransactionReturnedByPurchase).isEmpty, "\(diagnosis.text)")
        #expect(diagnosis.findings.filter { $0.severity == .error }.isEmpty)
    }

    @Test("in the grace period: alreadyPurchased and entitled", arguments: [0, 10 * minute, -10 * minute])
    func inGracePeriodAgain(offset: TimeInterval) async throws {
        let (store, clock) = makeStore(SimulatedStore.Behavior(gracePeriod: 3 * day))
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(store: store, timeSource: skewed(clock, by: offset), delegate: delegate)
        _ = try await coordinator.purchase(productId: "monthly")
        try await store.setRenewalPaymentFails(productId: "monthly")
        clock.advance(by: SimulatedProduct.sandboxMonth + 30 * minute)
        #expect(try await store.subscriptionStatus(groupId: "pro").map(\.state) == [.inGracePeriod])

        let outcome = try await coordinator.purchase(productId: "monthly")
        #expect(outcome.caseName == "alreadyPurchased", "\(outcome)")
        #expect(outcome.entitlement?.isEntitled == true)
        let diagnosis = await coordinator.diagnose(productIds: ["monthly"])
        #expect(diagnosis.findings.filter { $0.severity == .error }.isEmpty, "\(diagnosis.text)")
    }

    @Test("without a coordinator: the diagnosis of an active subscriber's repeat purchase has no error")
    func diagnosisWithoutCoordinator() async throws {
        let (store, clock) = makeStore()
        let first = try #require(try await store.purchase(productId: "monthly", options: PurchaseOptions()).transactionValue)
        await store.finish(first)
        clock.advance(by: minute)
        let attempt = await PurchaseAttempt.begin(productId: "monthly", store: store, timeSource: clock.timeSource)
        #expect(attempt.latestTransactionId == first.transactionId)
        #expect(attempt.currentEntitlementIds == [first.transactionId])
        let result = try await store.purchase(productId: "monthly", options: PurchaseOptions())
        let snapshot = await PurchaseDiagnostics.snapshot(store: store, productIds: ["monthly"], timeSource: clock.timeSource)
        #expect(PurchaseDiagnostics.diagnose(snapshot, attempt: attempt, result: result).text == "note: no findings")
    }
}

@Suite("Finding 4: an outdated entitlement resolution never wins")
struct ResolutionOrderTests {
    @Test("a slow latest(for:) from before a refund does not publish 'entitled' after the refund's resolution")
    func slowResolutionDropped() async throws {
        let (simulated, clock) = makeStore()
        let store = ControlledStore(simulated)
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(store: store, timeSource: clock.timeSource, delegate: delegate)
        guard case .purchased(let bought, _) = try await coordinator.purchase(productId: "lifetime") else {
            Issue.record("purchase failed")
            return
        }
        // Path 2 decides (currentEntitlements briefly empty); its latest(for:) answers slowly.
        await simulated.setBehavior(SimulatedStore.Behavior(currentEntitlementsTemporarilyEmpty: true))
        await store.holdNextLatest(for: "lifetime")
        let slow = Task { await coordinator.resolveEntitlement(for: "lifetime") }
        #expect(await eventually { await store.isHoldingLatest(for: "lifetime") })

        clock.advance(by: minute)
        try await simulated.refund(transactionId: bought.transactionId)
        let afterRefund = await coordinator.resolveEntitlement(for: "lifetime")
        #expect(!afterRefund.isEntitled)

        await store.releaseLatest(for: "lifetime")
        let late = await slow.value
        #expect(late == afterRefund)
        #expect(await coordinator.entitledProductIds.isEmpty)
        #expect(await delegate.entitlementEvents(for: "lifetime") == [true, false])
    }

    @Test("results that finish in order are all published")
    func inOrderPublished() async throws {
        let (store, clock) = makeStore()
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(store: store, timeSource: clock.timeSource, delegate: delegate)
        _ = try await coordinator.purchase(productId: "monthly")
        // (Past the skew too: when currentEntitlements does not list a product, path 2 of the
        // entitlement check dates expiry with the device's clock.)
        try await store.setAutoRenew(productId: "monthly", willAutoRenew: false)
        clock.advance(by: SimulatedProduct.sandboxMonth + 11 * minute)
        #expect(await !coordinator.resolveEntitlement(for: "monthly").isEntitled)
        _ = try await coordinator.purchase(productId: "monthly")
        #expect(await delegate.entitlementEvents(for: "monthly") == [true, false, true])
    }
}

@Suite("Finding 5: an attempt is diagnosed with its own result")
struct ConcurrentPurchaseTests {
    @Test("two overlapping purchases: lastResult belongs to lastAttempt, diagnose finds no product mismatch")
    func overlappingPurchases() async throws {
        let (simulated, clock) = makeStore()
        let store = ControlledStore(simulated)
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(store: store, timeSource: clock.timeSource, delegate: delegate)
        await store.holdNextPurchase(of: "lifetime")
        let first = Task { try await coordinator.purchase(productId: "lifetime") }
        #expect(await eventually { await store.isHoldingPurchase(of: "lifetime") })

        let second = try await coordinator.purchase(productId: "coins")
        #expect(second.caseName == "purchased")
        await store.releasePurchase(of: "lifetime")
        let firstOutcome = try await first.value
        #expect(firstOutcome.caseName == "purchased")

        let lastAttempt = try #require(await coordinator.lastAttempt)
        #expect(lastAttempt.productId == "coins")
        #expect(await coordinator.lastResult?.transactionValue?.productId == "coins")
        let completed = try #require(await coordinator.lastCompletedPurchase)
        #expect(completed.attempt.productId == "lifetime")
        #expect(completed.result.transactionValue?.productId == "lifetime")

        let diagnosis = await coordinator.diagnose(productIds: ["lifetime", "coins"])
        #expect(diagnosis.findings(.staleUnfinishedTransactionReturnedByPurchase).isEmpty, "\(diagnosis.text)")
    }
}

@Suite("Finding 7: a sweep reports only what it finished")
struct SweepInProgressTests {
    @Test("a transaction another call is delivering is in progress, not finished; that delivery can still fail")
    func inProgressNotFinished() async throws {
        let (store, clock) = makeStore()
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(store: store, timeSource: clock.timeSource, delegate: delegate)
        let coins = makeTransaction("800", product: "coins", type: .consumable)
        await store.addTransaction(coins)
        await delegate.holdDelivery(of: "800")
        let update = Task { await coordinator.handle(update: .verified(coins)) }
        #expect(await eventually { await delegate.isHoldingDelivery(of: "800") })

        let report = await coordinator.sweepUnfinished()
        #expect(report.finishedTransactionIds.isEmpty)
        #expect(report.inProgressTransactionIds == ["800"])
        #expect(report.deliveryFailures.isEmpty)

        await delegate.releaseDelivery(of: "800", failing: true)
        await update.value
        #expect(await !store.isFinished("800"))
        #expect(await coordinator.deliveryFailures.map(\.transactionId) == ["800"])
        let next = await coordinator.sweepUnfinished()
        #expect(next.finishedTransactionIds == ["800"])
        #expect(next.inProgressTransactionIds.isEmpty)
        #expect(await coordinator.rememberedCounts.inFlight == 0)
    }

    @Test("a purchase whose transaction another call is delivering waits for that delivery and reports its failure")
    func purchaseWaitsForOtherDelivery() async throws {
        let (store, clock) = makeStore(SimulatedStore.Behavior(returnsQueuedTransactionInsteadOfPurchasing: true))
        let owned = makeTransaction("810", product: "lifetime", purchased: t0 - day)
        await store.addTransaction(owned)
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(
            store: store, configuration: .withoutSweep, timeSource: clock.timeSource, delegate: delegate)
        await delegate.holdDelivery(of: "810")
        let update = Task { await coordinator.handle(update: .verified(owned)) }
        #expect(await eventually { await delegate.isHoldingDelivery(of: "810") })

        let purchase = Task { try await coordinator.purchase(productId: "lifetime") }
        #expect(await eventually { await coordinator.lastResult != nil })
        await delegate.releaseDelivery(of: "810", failing: true)
        let outcome = try await purchase.value
        await update.value
        #expect(outcome == .deliveryFailed(owned, reason: "database unavailable"))
        #expect(await !store.isFinished("810"))
    }

    @Test("a report decodes without the newer field")
    func reportDecodesOlderJSON() throws {
        let json = """
            {"trigger": "manual", "startedAt": 0, "unfinishedCount": 1, "finishedTransactionIds": ["1"],
             "unverifiedTransactionIds": [], "deliveryFailures": [], "productIds": ["coins"]}
            """
        let report = try JSONDecoder().decode(SweepReport.self, from: Data(json.utf8))
        #expect(report.inProgressTransactionIds.isEmpty)
        #expect(report.finishedTransactionIds == ["1"])
        let attemptJSON = """
            {"sequence": 1, "productId": "coins", "startedAt": 0, "unfinishedTransactionIds": [],
             "sweptBeforePurchase": true, "sweptTransactionIds": []}
            """
        let attempt = try JSONDecoder().decode(PurchaseAttempt.self, from: Data(attemptJSON.utf8))
        #expect(attempt.latestTransactionId == nil && attempt.currentEntitlementIds.isEmpty)
    }
}

@Suite("Finding 8: bounded memory")
struct BoundedMemoryTests {
    @Test("RecentSet keeps the most recently used elements only")
    func recentSet() {
        var set = RecentSet<Int>(capacity: 3)
        let inserted = [set.touch(1), set.touch(2), set.touch(3)]
        #expect(inserted == [true, true, true])
        let refreshed = set.touch(1)  // 2 is now the oldest
        #expect(!refreshed)
        let added = set.touch(4)
        #expect(added)
        #expect(set.count == 3)
        #expect(!set.contains(2) && set.contains(1) && set.contains(3) && set.contains(4))
        for _ in 0..<10_000 { set.touch(1) }
        #expect(set.count == 3)
        set.remove(3)
        #expect(set.count == 2 && !set.contains(3))
    }

    @Test("delivered states: at most the limit is remembered; a recent one is not delivered twice")
    func deliveredBounded() async throws {
        let (store, clock) = makeStore()
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(store: store, timeSource: clock.timeSource, delegate: delegate)
        let limit = PurchaseCoordinator.rememberedTransactionLimit
        let transactions = (0...limit).map { makeTransaction("c\($0)", product: "coins", type: .consumable) }
        for transaction in transactions { await coordinator.handle(update: .verified(transaction)) }
        #expect(await coordinator.rememberedCounts.delivered == limit)

        // The most recent one comes back unchanged: finished again, not delivered again.
        await coordinator.handle(update: .verified(transactions[limit]))
        #expect(await delegate.delivered.count == limit + 1)
        // The oldest one was forgotten: delivered again (delivery is idempotent on transactionId).
        await coordinator.handle(update: .verified(transactions[0]))
        #expect(await delegate.delivered.count == limit + 2)
        #expect(await coordinator.rememberedCounts.delivered == limit)
    }

    @Test("unverified ids: bounded, and one still unfinished is reported once however many others come")
    func unverifiedBounded() async throws {
        let (store, clock) = makeStore()
        await store.addTransaction(makeTransaction("u-pending", product: "lifetime"), verificationError: .invalidSignature)
        let delegate = RecordingDelegate()
        let coordinator = PurchaseCoordinator(store: store, timeSource: clock.timeSource, delegate: delegate)
        let limit = PurchaseCoordinator.rememberedTransactionLimit
        for index in 0..<(2 * limit) {
            if index % 100 == 0 { await coordinator.sweepUnfinished() }
            await coordinator.handle(
                update: .unverified(makeTransaction("u\(index)", product: "lifetime"), .invalidSignature))
        }
        await coordinator.sweepUnfinished()
        #expect(await coordinator.rememberedCounts.reportedUnverified <= limit)
        let reports = await delegate.events.filter { $0 == .unverified("u-pending", .invalidSignature) }
        #expect(reports.count == 1)
        #expect(await delegate.events.filter { if case .unverified = $0 { true } else { false } }.count == 2 * limit + 1)
    }
}
