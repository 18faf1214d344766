import Foundation
import PurchaseFlow
import Testing

@Suite("Entitlement rules")
struct EntitlementRuleTests {
    let engine = EntitlementEngine()

    // MARK: One rule at a time

    @Test("ConsumableRule: consumables are never entitlements")
    func consumableRule() {
        #expect(ConsumableRule.excludes(makeTransaction("1", type: .consumable)))
        #expect(!ConsumableRule.excludes(makeTransaction("2", type: .nonConsumable)))
        let report = engine.evaluate([makeTransaction("1", product: "coins", type: .consumable)], at: t0)
        #expect(report.currentEntitlements.isEmpty)
        #expect(report.verdicts["coins"] == .excluded(.consumable))
        #expect(report.latestByProduct["coins"]?.transactionId == "1")
    }

    @Test("RevocationRule: a revoked transaction grants nothing")
    func revocationRule() {
        #expect(RevocationRule.excludes(makeTransaction("1", revoked: t0)))
        #expect(!RevocationRule.excludes(makeTransaction("2")))
        let report = engine.evaluate([makeTransaction("1", product: "lifetime", revoked: t0 + minute)], at: t0 + day)
        #expect(report.currentEntitlements.isEmpty)
        #expect(report.verdicts["lifetime"] == .excluded(.revoked))
        #expect(report.latestByProduct["lifetime"]?.isRevoked == true)
    }

    @Test("UpgradeRule: an upgraded transaction grants nothing")
    func upgradeRule() {
        #expect(UpgradeRule.excludes(makeTransaction("1", upgraded: true)))
        #expect(!UpgradeRule.excludes(makeTransaction("2")))
        let lone = makeTransaction(
            "1", product: "basic", type: .autoRenewable, group: "g", expires: t0 + day, upgraded: true)
        let report = engine.evaluate([lone], at: t0 + minute)
        #expect(report.currentEntitlements.isEmpty)
        #expect(report.verdicts["basic"] == .excluded(.upgraded))
    }

    @Test("NonConsumableRule: the latest unrevoked transaction; a purchase after a refund entitles again")
    func nonConsumableRule() {
        #expect(NonConsumableRule.verdict(latestUnrevoked: makeTransaction("1")) == .entitled)
        #expect(NonConsumableRule.verdict(latestUnrevoked: nil) == .excluded(.revoked))
        let refunded = makeTransaction("1", product: "lifetime", purchased: t0, revoked: t0 + day)
        let again = makeTransaction("2", product: "lifetime", purchased: t0 + 2 * day)
        let report = engine.evaluate([again, refunded], at: t0 + 3 * day)
        #expect(report.currentEntitlements.map(\.transactionId) == ["2"])
        #expect(report.isEntitled(to: "lifetime"))
    }

    @Test("AutoRenewableRule: subscribed and inGracePeriod entitle; the others say why not")
    func autoRenewableRule() {
        #expect(AutoRenewableRule.verdict(for: .subscribed) == .entitled)
        #expect(AutoRenewableRule.verdict(for: .inGracePeriod) == .entitled)
        #expect(AutoRenewableRule.verdict(for: .expired) == .excluded(.expired))
        #expect(AutoRenewableRule.verdict(for: .inBillingRetryPeriod) == .excluded(.inBillingRetryPeriod))
        #expect(AutoRenewableRule.verdict(for: .revoked) == .excluded(.revoked))
        #expect(RenewalState.allCases.filter(\.isEntitled) == [.subscribed, .inGracePeriod])
    }

    @Test("NonRenewingRule: StoreKit keeps the latest whatever its age; the app's validity can end it")
    func nonRenewingRule() {
        let pass = makeTransaction("1", product: "season.pass", type: .nonRenewable, purchased: t0)
        let years = t0 + 3 * 365 * day
        #expect(NonRenewingRule.verdict(latestUnrevoked: pass, policy: .storeKit, at: years) == .entitled)
        let ninetyDays = NonRenewingPolicy.validity(["season.pass": 90 * day])
        #expect(NonRenewingRule.verdict(latestUnrevoked: pass, policy: ninetyDays, at: t0 + 89 * day) == .entitled)
        #expect(
            NonRenewingRule.verdict(latestUnrevoked: pass, policy: ninetyDays, at: t0 + 90 * day)
                == .excluded(.appDefinedExpiry))
        #expect(NonRenewingRule.verdict(latestUnrevoked: nil, policy: .storeKit, at: t0) == .excluded(.revoked))

        let older = makeTransaction("0", product: "season.pass", type: .nonRenewable, purchased: t0 - 400 * day)
        #expect(engine.currentEntitlements([older, pass], at: years).map(\.transactionId) == ["1"])
        let appEngine = EntitlementEngine(nonRenewingPolicy: ninetyDays)
        #expect(appEngine.currentEntitlements([older, pass], at: years).isEmpty)
        #expect(appEngine.evaluate([pass], at: years).verdicts["season.pass"] == .excluded(.appDefinedExpiry))
    }

    @Test(
        "SubscriptionChainState: each state from the latest transaction and the renewal info",
        arguments: [
            // (expires after now, revoked, grace end after now, billing retry) -> state
            (true, false, false, false, RenewalState.subscribed),
            (false, false, false, false, .expired),
            (false, false, true, true, .inGracePeriod),
            (false, false, false, true, .inBillingRetryPeriod),
            (true, true, false, false, .revoked),
        ])
    func chainState(active: Bool, revoked: Bool, grace: Bool, retry: Bool, expected: RenewalState) {
        let now = t0 + 10 * day
        let latest = makeTransaction(
            "5", product: "monthly", type: .autoRenewable, original: "1", group: "pro", purchased: t0,
            expires: active ? now + day : now - day, revoked: revoked ? now - minute : nil)
        let info = RenewalInfo(
            originalTransactionId: "1", currentProductId: "monthly", isInBillingRetry: retry,
            gracePeriodExpirationDate: grace ? now + day : now - minute)
        #expect(SubscriptionChainState.state(latest: latest, renewalInfo: info, at: now) == expected)
        let chain = engine.evaluate([latest], renewalInfo: ["1": info], at: now).subscriptionChains["1"]
        #expect(chain?.state == expected)
        #expect(engine.evaluate([latest], renewalInfo: ["1": info], at: now).isEntitled(to: "monthly") == expected.isEntitled)
    }

    @Test("SubscriptionChainState: without renewal info an expired chain is expired; the boundary is exclusive")
    func chainStateBoundaries() {
        let latest = makeTransaction("1", type: .autoRenewable, group: "g", expires: t0 + day)
        #expect(SubscriptionChainState.state(latest: latest, renewalInfo: nil, at: t0 + day - 1) == .subscribed)
        #expect(SubscriptionChainState.state(latest: latest, renewalInfo: nil, at: t0 + day) == .expired)
        let noExpiry = makeTransaction("2", type: .autoRenewable, group: "g")
        #expect(SubscriptionChainState.state(latest: noExpiry, renewalInfo: nil, at: t0) == .expired)
    }

    @Test("ActiveStateCheck: the latest(for:) path's active-state check")
    func activeStateCheck() {
        let now = t0 + 10 * day
        let sub = makeTransaction("1", type: .autoRenewable, group: "g", expires: now - day)
        let grace = RenewalInfo(originalTransactionId: "1", currentProductId: "product", gracePeriodExpirationDate: now + day)
        #expect(ActiveStateCheck.evaluate(sub, renewalInfo: nil, at: now) == .expired(at: now - day))
        #expect(ActiveStateCheck.evaluate(sub, renewalInfo: grace, at: now) == .inGracePeriod(until: now + day))
        #expect(ActiveStateCheck.evaluate(sub, renewalInfo: grace, at: now).isActive)
        var current = sub
        current.expirationDate = now + day
        #expect(ActiveStateCheck.evaluate(current, renewalInfo: nil, at: now) == .active)
        #expect(ActiveStateCheck.evaluate(makeTransaction("2", revoked: t0), renewalInfo: nil, at: now) == .revoked(at: t0))
        #expect(ActiveStateCheck.evaluate(makeTransaction("3", upgraded: true), renewalInfo: nil, at: now) == .upgraded)
        #expect(ActiveStateCheck.evaluate(makeTransaction("4", type: .consumable), renewalInfo: nil, at: now) == .consumable)
        #expect(ActiveStateCheck.evaluate(makeTransaction("5"), renewalInfo: nil, at: now) == .active)
        let pass = makeTransaction("6", product: "season.pass", type: .nonRenewable, purchased: t0)
        #expect(ActiveStateCheck.evaluate(pass, renewalInfo: nil, at: now) == .active)
        #expect(
            ActiveStateCheck.evaluate(
                pass, renewalInfo: nil, at: now, nonRenewingPolicy: .validity(["season.pass": day]))
                == .expired(at: t0 + day))
        #expect(ActiveState.expired(at: t0).description == "expired(2026-01-01T00:00:00Z)")
    }

    @Test("LatestTransactionRule: purchase date, then expiration date, then numeric transaction id")
    func latestRule() {
        let a = makeTransaction("9", purchased: t0)
        let b = makeTransaction("10", purchased: t0)
        #expect(LatestTransactionRule.isMoreRecent(b, than: a))
        #expect(!LatestTransactionRule.isMoreRecent(a, than: b))
        let later = makeTransaction("1", purchased: t0 + 1)
        #expect(LatestTransactionRule.isMoreRecent(later, than: b))
        let longer = makeTransaction("2", type: .autoRenewable, purchased: t0, expires: t0 + day)
        let shorter = makeTransaction("3", type: .autoRenewable, purchased: t0, expires: t0 + minute)
        #expect(LatestTransactionRule.isMoreRecent(longer, than: shorter))
        #expect(LatestTransactionRule.latestByProduct([a, later, b]).mapValues(\.transactionId) == ["product": "1"])
        #expect(!LatestTransactionRule.isMoreRecent(a, than: a))
    }

    // MARK: The engine over mixed histories

    @Test("engine: a mixed history gives StoreKit's current entitlements, sorted")
    func mixedHistory() {
        let now = t0 + 100 * day
        let transactions = [
            makeTransaction("1", product: "coins", type: .consumable, purchased: t0),
            makeTransaction("2", product: "lifetime", purchased: t0),
            makeTransaction("3", product: "monthly", type: .autoRenewable, group: "pro", purchased: t0, expires: t0 + 30 * day),
            makeTransaction(
                "4", product: "monthly", type: .autoRenewable, original: "3", group: "pro", purchased: now - 10 * day,
                expires: now + 20 * day),
            makeTransaction("5", product: "yearly", type: .autoRenewable, group: "other", purchased: t0, expires: t0 + 30 * day),
            makeTransaction("6", product: "season.pass", type: .nonRenewable, purchased: t0),
            makeTransaction("7", product: "refunded", purchased: t0, revoked: t0 + day),
        ]
        let report = engine.evaluate(transactions.shuffled(), at: now)
        #expect(report.currentEntitlements.map(\.transactionId) == ["2", "4", "6"])
        #expect(report.entitledProductIds == ["lifetime", "monthly", "season.pass"])
        #expect(report.verdicts["yearly"] == .excluded(.expired))
        #expect(report.verdicts["refunded"] == .excluded(.revoked))
        #expect(report.subscriptionChains["3"]?.transactionCount == 2)
        #expect(report.subscriptionChains["3"]?.latestTransaction.transactionId == "4")
        #expect(report.chains(inGroup: "pro").map(\.originalTransactionId) == ["3"])
        // Order does not matter.
        #expect(engine.evaluate(transactions.reversed(), at: now).currentEntitlements == report.currentEntitlements)
    }

    @Test("engine: an upgrade leaves only the higher product; family-shared chains count too")
    func upgradeAndFamilySharing() {
        let now = t0 + minute * 10
        let basic = makeTransaction(
            "1", product: "basic", type: .autoRenewable, group: "g", purchased: t0, expires: t0 + day, upgraded: true)
        let premium = makeTransaction(
            "2", product: "premium", type: .autoRenewable, original: "1", group: "g", purchased: t0 + minute,
            expires: t0 + minute + day)
        let shared = makeTransaction(
            "3", product: "basic", type: .autoRenewable, group: "g", purchased: t0, expires: t0 + day,
            ownership: .familyShared)
        let report = engine.evaluate([basic, premium, shared], at: now)
        #expect(report.currentEntitlements.map(\.transactionId) == ["3", "2"])
        #expect(report.isEntitled(to: "basic"))
        #expect(report.isEntitled(to: "premium"))
        #expect(report.state(ofGroup: "g") == .subscribed)
        #expect(report.state(ofGroup: "none") == nil)
        let ownOnly = engine.evaluate([basic, premium], at: now)
        #expect(ownOnly.verdicts["basic"] == .excluded(.upgraded))
        #expect(ownOnly.currentEntitlements.map(\.productId) == ["premium"])
    }

    @Test("engine: 100,000 transactions in 5,000 chains give 5,000 chains and entitlements")
    func scale() {
        var transactions: [PurchaseFlow.Transaction] = []
        transactions.reserveCapacity(100_000)
        for index in 0..<100_000 {
            let chain = index % 5_000
            transactions.append(
                makeTransaction(
                    String(1_000_000 + index), product: "sub.\(chain % 50)", type: .autoRenewable,
                    original: String(chain), group: "g\(chain % 50)", purchased: t0 + Double(index),
                    expires: t0 + Double(index) + 30 * day))
        }
        let report = engine.evaluate(transactions, at: t0 + 100_000)
        #expect(report.subscriptionChains.count == 5_000)
        #expect(report.currentEntitlements.count == 5_000)
        // How fast: Benchmarks/purchaseflow-bench (release build, ratios), not a timed unit test.
    }
}
