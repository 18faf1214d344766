import Foundation

/// Computes StoreKit's current entitlements, the latest transaction per product and each
/// subscription chain's state from a list of transactions: the same answer on a device, in tests
/// and on a server that receives App Store Server API payloads.
///
/// Pure: no I/O, no clock (the caller passes `now`). The rules, each in its own type:
///
/// | product type | rule | entitled through |
/// |---|---|---|
/// | consumable | ``ConsumableRule`` | never |
/// | non-consumable | ``NonConsumableRule`` | the latest transaction not revoked |
/// | auto-renewable | ``SubscriptionChainState`` + ``AutoRenewableRule`` | the chain's latest transaction while subscribed or in grace period |
/// | non-renewing | ``NonRenewingRule`` | the latest transaction not revoked (StoreKit), or until the app's ``NonRenewingPolicy`` date |
///
/// ``RevocationRule`` and ``UpgradeRule`` apply to every type. Chains are keyed by
/// ``Transaction/originalTransactionId``; renewal info by the same key.
///
/// Copies of one transaction: a history can hold the original and the refunded copy of the same
/// ``Transaction/transactionId`` (the App Store re-signs a transaction when it is refunded). The
/// copies count as one transaction, and a revoked copy wins whatever the order, so a refund is
/// never hidden by a stale copy (``RevocationRule/mergingCopies(_:)``).
///
/// ```swift
/// let report = EntitlementEngine().evaluate(transactions, renewalInfo: renewals, at: Date())
/// report.isEntitled(to: "com.example.pro.monthly")
/// ```
///
/// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
public struct EntitlementEngine: Sendable {
    /// How the app dates the end of non-renewing subscriptions; ``NonRenewingPolicy/storeKit``
    /// by default.
    public var nonRenewingPolicy: NonRenewingPolicy

    /// Creates an engine.
    ///
    /// - Parameter nonRenewingPolicy: How non-renewing subscriptions end; StoreKit's behaviour
    ///   (never) by default.
    public init(nonRenewingPolicy: NonRenewingPolicy = .storeKit) {
        self.nonRenewingPolicy = nonRenewingPolicy
    }

    /// Evaluates every rule over `transactions` in a single pass.
    ///
    /// - Parameters:
    ///   - transactions: The customer's transactions, in any order (verified ones only: callers
    ///     drop unverified values first). Pass `Array(sequence)` for other collections.
    ///   - renewalInfo: Renewal info by ``RenewalInfo/originalTransactionId``; chains without one
    ///     have no grace period or billing retry.
    ///   - now: The moment to decide for.
    /// - Returns: The entitlements, latest transactions, chains and per-product verdicts.
    /// - Complexity: O(n) dictionary work for n transactions, plus O(e log e) to sort the e
    ///   entitlements. 100,000 transactions take 50–90 ms in a release build on a shared 2-core
    ///   machine, and about 7 MB of peak memory beyond the input (see
    ///   `Benchmarks/purchaseflow-bench`).
    public func evaluate(
        _ transactions: [Transaction], renewalInfo: [String: RenewalInfo] = [:], at now: Date
    ) -> EntitlementReport {
        // One pass over the transactions; dictionaries hold indices into `all`, and fields are read
        // in place, so no transaction is copied until the report is built. Copies of one
        // transaction id are merged first (a revoked copy wins).
        let all = RevocationRule.mergingCopies(transactions)
        var latestByProduct: [String: Int] = [:]
        var latestUnrevokedByProduct: [String: Int] = [:]
        var chains: [String: ChainAccumulator] = [:]

        for index in all.indices {
            Self.keepLatest(index, of: all, in: &latestByProduct, key: all[index].productId)
            switch all[index].productType {
            case .consumable:
                continue
            case .nonConsumable, .nonRenewable:
                if RevocationRule.excludes(all[index]) || UpgradeRule.excludes(all[index]) { continue }
                Self.keepLatest(index, of: all, in: &latestUnrevokedByProduct, key: all[index].productId)
            case .autoRenewable:
                if let slot = chains.index(forKey: all[index].originalTransactionId) {
                    chains.values[slot].add(index, of: all)
                } else {
                    chains[all[index].originalTransactionId] = ChainAccumulator(latest: index, count: 1)
                }
            }
        }

        var entitlements: [Transaction] = []
        var verdicts: [String: EntitlementVerdict] = [:]
        verdicts.reserveCapacity(latestByProduct.count)
        var subscriptionChains: [String: SubscriptionChain] = [:]
        subscriptionChains.reserveCapacity(chains.count)

        for (originalTransactionId, accumulator) in chains {
            let latest = all[accumulator.latest]
            let info = renewalInfo[originalTransactionId]
            let state = SubscriptionChainState.state(latest: latest, renewalInfo: info, at: now)
            subscriptionChains[originalTransactionId] = SubscriptionChain(
                originalTransactionId: originalTransactionId, subscriptionGroupId: latest.subscriptionGroupId,
                latestTransaction: latest, renewalInfo: info, state: state,
                transactionCount: accumulator.count)
            let verdict = UpgradeRule.excludes(latest) ? .excluded(.upgraded) : AutoRenewableRule.verdict(for: state)
            if verdict.isEntitled { entitlements.append(latest) }
            Self.merge(verdict, for: latest.productId, into: &verdicts)
        }

        var latestTransactions: [String: Transaction] = [:]
        latestTransactions.reserveCapacity(latestByProduct.count)
        for (productId, index) in latestByProduct {
            let latest = all[index]
            latestTransactions[productId] = latest
            switch latest.productType {
            case .consumable:
                verdicts[productId] = .excluded(.consumable)
            case .nonConsumable:
                let candidate = latestUnrevokedByProduct[productId].map { all[$0] }
                let verdict = NonConsumableRule.verdict(latestUnrevoked: candidate)
                if verdict.isEntitled, let candidate { entitlements.append(candidate) }
                verdicts[productId] = verdict
            case .nonRenewable:
                let candidate = latestUnrevokedByProduct[productId].map { all[$0] }
                let verdict = NonRenewingRule.verdict(latestUnrevoked: candidate, policy: nonRenewingPolicy, at: now)
                if verdict.isEntitled, let candidate { entitlements.append(candidate) }
                verdicts[productId] = verdict
            case .autoRenewable:
                // A product whose chains all moved to another product (upgrade) keeps the reason
                // of its own latest transaction.
                if verdicts[productId] == nil {
                    verdicts[productId] = UpgradeRule.excludes(latest) ? .excluded(.upgraded) : .excluded(.expired)
                }
            }
        }

        entitlements.sort { ($0.productId, $0.transactionId) < ($1.productId, $1.transactionId) }
        return EntitlementReport(
            currentEntitlements: entitlements, latestByProduct: latestTransactions,
            subscriptionChains: subscriptionChains, verdicts: verdicts)
    }

    /// StoreKit's `Transaction.currentEntitlements`: one transaction per entitled product (per
    /// chain for subscriptions), sorted by product id then transaction id.
    ///
    /// - Parameters:
    ///   - transactions: The customer's verified transactions, in any order.
    ///   - renewalInfo: Renewal info by original transaction id.
    ///   - now: The moment to decide for.
    /// - Returns: The entitlement transactions.
    /// - Complexity: O(n); see ``evaluate(_:renewalInfo:at:)``.
    ///
    /// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
    public func currentEntitlements(
        _ transactions: [Transaction], renewalInfo: [String: RenewalInfo] = [:], at now: Date
    ) -> [Transaction] {
        evaluate(transactions, renewalInfo: renewalInfo, at: now).currentEntitlements
    }

    private static func keepLatest(
        _ index: Int, of all: [Transaction], in dictionary: inout [String: Int], key: String
    ) {
        if let slot = dictionary.index(forKey: key) {
            if LatestTransactionRule.isMoreRecent(all[index], than: all[dictionary.values[slot]]) {
                dictionary.values[slot] = index
            }
        } else {
            dictionary[key] = index
        }
    }

    /// A product with several chains (own and family shared) is entitled if any chain is; among
    /// exclusions the first one seen stays.
    private static func merge(_ verdict: EntitlementVerdict, for productId: String, into verdicts: inout [String: EntitlementVerdict]) {
        if verdict.isEntitled || verdicts[productId] == nil { verdicts[productId] = verdict }
    }
}

/// The index of the latest transaction and the size of one chain while ``EntitlementEngine``
/// scans.
struct ChainAccumulator {
    var latest: Int
    var count: Int

    mutating func add(_ index: Int, of all: [Transaction]) {
        count += 1
        if LatestTransactionRule.isMoreRecent(all[index], than: all[latest]) { latest = index }
    }
}

/// What ``EntitlementEngine/evaluate(_:renewalInfo:at:)`` found.
public struct EntitlementReport: Sendable {
    /// StoreKit's current entitlements: one transaction per entitled product (per chain for
    /// subscriptions), sorted by product id then transaction id.
    ///
    /// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
    public var currentEntitlements: [Transaction]

    /// The latest transaction of every product seen, revoked and upgraded ones included, as
    /// `Transaction.latest(for:)` returns it.
    ///
    /// [latest(for:)](https://developer.apple.com/documentation/storekit/transaction/latest(for:))
    public var latestByProduct: [String: Transaction]

    /// Every auto-renewable chain, keyed by original transaction id.
    public var subscriptionChains: [String: SubscriptionChain]

    /// The verdict for every product seen, keyed by product id.
    public var verdicts: [String: EntitlementVerdict]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - currentEntitlements: The entitlement transactions.
    ///   - latestByProduct: The latest transaction per product.
    ///   - subscriptionChains: The chains by original transaction id.
    ///   - verdicts: The verdicts by product id.
    public init(
        currentEntitlements: [Transaction], latestByProduct: [String: Transaction],
        subscriptionChains: [String: SubscriptionChain], verdicts: [String: EntitlementVerdict]
    ) {
        self.currentEntitlements = currentEntitlements
        self.latestByProduct = latestByProduct
        self.subscriptionChains = subscriptionChains
        self.verdicts = verdicts
    }

    /// The product ids of ``currentEntitlements``, sorted, without duplicates.
    public var entitledProductIds: [String] {
        Array(Set(currentEntitlements.map(\.productId))).sorted()
    }

    /// Whether some current entitlement is for `productId`.
    ///
    /// - Parameter productId: A product identifier.
    public func isEntitled(to productId: String) -> Bool {
        verdicts[productId] == .entitled
    }

    /// The state of a subscription group: the most favourable state among its chains (the
    /// customer's own and a family-shared one), in the order subscribed, inGracePeriod,
    /// inBillingRetryPeriod, expired, revoked; `nil` when the group has no chain.
    ///
    /// - Parameter groupId: A subscription group identifier.
    ///
    /// [Product.SubscriptionInfo.Status](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status)
    public func state(ofGroup groupId: String) -> RenewalState? {
        func rank(_ state: RenewalState) -> Int {
            switch state {
            case .subscribed: 0
            case .inGracePeriod: 1
            case .inBillingRetryPeriod: 2
            case .expired: 3
            case .revoked: 4
            }
        }
        return chains(inGroup: groupId).map(\.state).min { rank($0) < rank($1) }
    }

    /// The chains of a subscription group, sorted by original transaction id.
    ///
    /// - Parameter groupId: A subscription group identifier.
    public func chains(inGroup groupId: String) -> [SubscriptionChain] {
        subscriptionChains.values.filter { $0.subscriptionGroupId == groupId }
            .sorted { $0.originalTransactionId < $1.originalTransactionId }
    }
}

/// One auto-renewable subscription chain: every transaction sharing an original transaction id.
///
/// [Product.SubscriptionInfo.Status](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status)
public struct SubscriptionChain: Hashable, Sendable {
    /// The chain's original transaction identifier.
    public var originalTransactionId: String
    /// The subscription group of the latest transaction.
    public var subscriptionGroupId: String?
    /// The chain's latest transaction (``LatestTransactionRule``).
    public var latestTransaction: Transaction
    /// The chain's renewal info, if the caller supplied one.
    public var renewalInfo: RenewalInfo?
    /// The chain's state (``SubscriptionChainState``).
    public var state: RenewalState
    /// How many transactions the chain has (purchases, renewals, upgrades).
    public var transactionCount: Int

    /// Creates a chain.
    ///
    /// - Parameters:
    ///   - originalTransactionId: The original transaction identifier.
    ///   - subscriptionGroupId: The subscription group.
    ///   - latestTransaction: The latest transaction.
    ///   - renewalInfo: The renewal info.
    ///   - state: The state.
    ///   - transactionCount: The number of transactions.
    public init(
        originalTransactionId: String, subscriptionGroupId: String?, latestTransaction: Transaction,
        renewalInfo: RenewalInfo?, state: RenewalState, transactionCount: Int
    ) {
        self.originalTransactionId = originalTransactionId
        self.subscriptionGroupId = subscriptionGroupId
        self.latestTransaction = latestTransaction
        self.renewalInfo = renewalInfo
        self.state = state
        self.transactionCount = transactionCount
    }
}
