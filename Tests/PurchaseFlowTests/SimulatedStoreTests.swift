import Foundation
import PurchaseFlow
import Testing

@Suite("SimulatedStore")
struct SimulatedStoreTests {
    @Test("finish semantics: unfinished until finished, replayed to every new updates stream")
    func finishSemantics() async throws {
        let (store, _) = makeStore()
        let result = try await store.purchase(productId: "coins", options: PurchaseOptions(quantity: 3))
        let transaction = try #require(result.transactionValue)
        #expect(await store.unfinished().map(\.unsafePayloadValue.transactionId) == [transaction.transactionId])

        var iterator = store.updates.makeAsyncIterator()
        #expect(await iterator.next()?.unsafePayloadValue.transactionId == transaction.transactionId)

        await store.finish(transaction)
        #expect(await store.unfinished().isEmpty)
        await store.finish(transaction)  // twice: nothing happens
        let later = store.updates  // nothing left to replay
        await store.closeUpdates()
        var replay = later.makeAsyncIterator()
        #expect(await replay.next() == nil)
    }

    @Test("purchases show a sheet; the seed switch returns the queued transaction without one")
    func seedSwitch() async throws {
        let (store, _) = makeStore(SimulatedStore.Behavior(returnsQueuedTransactionInsteadOfPurchasing: true))
        let first = try #require(try await store.purchase(productId: "lifetime", options: PurchaseOptions()).transactionValue)
        #expect(await store.sheetsShown.count == 1)
        // Not finished: the next purchase of the product gets it back, without a sheet.
        let second = try #require(try await store.purchase(productId: "lifetime", options: PurchaseOptions()).transactionValue)
        #expect(second == first)
        #expect(await store.sheetsShown.count == 1)
        #expect(await store.returnedQueuedTransactionIds == [first.transactionId])
    }

    @Test("renewals: one transaction per period, delivered through updates; the sandbox limit stops the chain")
    func renewals() async throws {
        let (store, clock) = makeStore(SimulatedStore.Behavior(maximumRenewals: 3))
        let first = try #require(try await store.purchase(productId: "monthly", options: PurchaseOptions()).transactionValue)
        let stream = store.updates  // replays the unfinished purchase first
        await store.finish(first)
        clock.advance(by: 10 * SimulatedProduct.sandboxMonth)
        await store.advance()
        let chain = await store.allTransactions
        #expect(chain.count == 4)
        #expect(chain.dropFirst().allSatisfy { $0.reason == .renewal && $0.originalTransactionId == first.transactionId })
        #expect(chain.last?.expirationDate == t0 + 4 * SimulatedProduct.sandboxMonth)
        let info = try #require(await store.renewalInfo(originalTransactionId: first.transactionId))
        #expect(!info.willAutoRenew)
        #expect(info.expirationReason == .autoRenewDisabled)
        #expect(try await store.subscriptionStatus(groupId: "pro").map(\.state) == [.expired])
        #expect(await store.currentEntitlements().isEmpty)

        var iterator = stream.makeAsyncIterator()
        var delivered: [String] = []
        for _ in 0..<4 { delivered.append(await iterator.next()?.unsafePayloadValue.transactionId ?? "") }
        // The first value is the replay of the unfinished purchase; then the three renewals.
        #expect(delivered == chain.map(\.transactionId))
    }

    @Test("billing retry ends after the retry period: the chain expires with a billing error")
    func billingRetryEnds() async throws {
        let (store, clock) = makeStore(SimulatedStore.Behavior(billingRetryDuration: day))
        _ = try await store.purchase(productId: "monthly", options: PurchaseOptions())
        try await store.setRenewalPaymentFails(productId: "monthly")
        clock.advance(by: SimulatedProduct.sandboxMonth + minute)
        #expect(try await store.subscriptionStatus(groupId: "pro").map(\.state) == [.inBillingRetryPeriod])
        clock.advance(by: day)
        let status = try #require(try await store.subscriptionStatus(groupId: "pro").first)
        #expect(status.state == .expired)
        #expect(status.renewalInfo.verifiedValue?.expirationReason == .billingError)
        #expect(status.renewalInfo.verifiedValue?.willAutoRenew == false)
    }

    @Test("subscription rules: subscribing again returns the current transaction, like StoreKit; downgrades throw")
    func subscriptionErrors() async throws {
        let (store, clock) = makeStore(SimulatedStore.Behavior(gracePeriod: day))
        let current = try #require(
            try await store.purchase(productId: "monthly.premium", options: PurchaseOptions()).transactionValue)
        clock.advance(by: minute)
        let again = try #require(
            try await store.purchase(productId: "monthly.premium", options: PurchaseOptions()).transactionValue)
        #expect(again == current)
        #expect(await store.allTransactions.count == 1)
        #expect(await store.sheetsShown.count == 2)
        // In the grace period too: still the current transaction, nothing new.
        try await store.setRenewalPaymentFails(productId: "monthly.premium")
        clock.advance(by: SimulatedProduct.sandboxMonth)
        #expect(try await store.subscriptionStatus(groupId: "pro").map(\.state) == [.inGracePeriod])
        let inGrace = try #require(
            try await store.purchase(productId: "monthly.premium", options: PurchaseOptions()).transactionValue)
        #expect(inGrace == current)
        #expect(await store.allTransactions.count == 1)
        await #expect(throws: SimulatedStore.Failure.downgradeNotSimulated("monthly")) {
            try await store.purchase(productId: "monthly", options: PurchaseOptions())
        }
    }

    @Test("reinstall hides the device's transactions until sync; unverified transactions stay unverified")
    func reinstallAndUnverified() async throws {
        let (store, _) = makeStore()
        try await store.recordPurchase(productId: "lifetime", at: t0 - day)
        await store.addTransaction(makeTransaction("99", product: "season.pass", type: .nonRenewable), verificationError: .invalidDeviceVerification)
        await store.simulateReinstall()
        #expect(await store.latest(for: "lifetime") == nil)
        #expect(await store.unfinished().isEmpty)
        try await store.sync()
        #expect(await store.latest(for: "lifetime")?.isVerified == true)
        #expect(await store.unfinished().map(\.verificationError) == [.invalidDeviceVerification])
        let current = await store.currentEntitlements()
        #expect(current.count == 2)
        #expect(current.filter(\.isVerified).map(\.unsafePayloadValue.productId) == ["lifetime"])
    }

    @Test("a purchase from another device arrives off-device until sync, or through updates")
    func otherDevice() async throws {
        let (store, _) = makeStore()
        await store.addTransaction(makeTransaction("50", product: "lifetime"), onDevice: false)
        #expect(await store.currentEntitlements().isEmpty)
        let stream = store.updates
        await store.addTransaction(makeTransaction("51", product: "season.pass", type: .nonRenewable), notifyListeners: true)
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.unsafePayloadValue.transactionId == "51")
    }
}

extension PurchaseResult {
    /// The transaction of a `.success`, verified or not.
    var transactionValue: PurchaseFlow.Transaction? {
        if case .success(let result) = self { return result.unsafePayloadValue }
        return nil
    }
}
