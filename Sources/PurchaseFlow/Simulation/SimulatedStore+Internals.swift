import Foundation

// The simulation's mechanics: purchases, renewals, billing retry and the bookkeeping behind
// SimulatedStore's public API.
extension SimulatedStore {
    func result(for transaction: Transaction) -> VerificationResult<Transaction> {
        if let error = unverifiedErrors[transaction.transactionId] { return .unverified(transaction, error) }
        return .verified(transaction)
    }

    func visibleTransactions() -> [Transaction] {
        hiddenOnDevice.isEmpty ? transactions : transactions.filter { !hiddenOnDevice.contains($0.transactionId) }
    }

    func unfinishedResults() -> [VerificationResult<Transaction>] {
        visibleTransactions().filter { !finishedIds.contains($0.transactionId) }.map(result(for:))
    }

    /// The oldest unfinished, verified transaction of the product or of its subscription group.
    func oldestUnfinished(matching product: SimulatedProduct) -> Transaction? {
        visibleTransactions().first { transaction in
            guard !finishedIds.contains(transaction.transactionId),
                unverifiedErrors[transaction.transactionId] == nil
            else { return false }
            if transaction.productId == product.id { return true }
            guard let group = product.subscriptionGroupId else { return false }
            return transaction.subscriptionGroupId == group
        }
    }

    /// Keeps the replay list of ``updates`` in step with the unfinished transactions.
    func didChange() {
        broadcaster.setReplay(unfinishedResults())
    }

    func notify(_ transaction: Transaction) {
        guard !hiddenOnDevice.contains(transaction.transactionId) else { return }
        broadcaster.yield(result(for: transaction))
    }

    func append(_ transaction: Transaction, notifyListeners: Bool) {
        indexById[transaction.transactionId] = transactions.count
        transactions.append(transaction)
        if transaction.productType == .autoRenewable {
            let key = transaction.originalTransactionId
            if let index = chainLatestIndex[key],
                !LatestTransactionRule.isMoreRecent(transaction, than: transactions[index])
            {
                // An older transaction of the chain: the latest stays.
            } else {
                chainLatestIndex[key] = transactions.count - 1
            }
        }
        if notifyListeners { notify(transaction) }
    }

    func newTransaction(
        _ product: SimulatedProduct, originalTransactionId: String?, originalPurchaseDate: Date?, purchaseDate: Date,
        expirationDate: Date?, options: PurchaseOptions, ownershipType: Transaction.OwnershipType = .purchased,
        reason: Transaction.Reason
    ) -> Transaction {
        let id = makeTransactionId()
        return Transaction(
            transactionId: id, originalTransactionId: originalTransactionId ?? id,
            webOrderLineItemId: product.type == .autoRenewable ? "w" + id : nil, productId: product.id,
            productType: product.type, subscriptionGroupId: product.subscriptionGroupId, purchaseDate: purchaseDate,
            originalPurchaseDate: originalPurchaseDate ?? purchaseDate, expirationDate: expirationDate,
            ownershipType: ownershipType, appAccountToken: options.appAccountToken,
            purchasedQuantity: product.type == .consumable ? max(1, options.quantity) : 1,
            environment: behavior.environment, reason: reason, signedDate: purchaseDate)
    }

    /// Applies a purchase at `date`: a new transaction, an existing non-consumable, the current
    /// transaction of an active subscription to the same product, an upgrade or a resubscription. `notifyNew` delivers a new transaction through updates (Ask to Buy
    /// approvals); `notifyChanges` delivers the transaction an upgrade supersedes.
    func makePurchase(
        _ product: SimulatedProduct, options: PurchaseOptions, at date: Date, notifyNew: Bool, notifyChanges: Bool
    ) throws -> Transaction {
        let countBefore = transactions.count
        let transaction = try applyPurchase(product, options: options, at: date, notifyChanges: notifyChanges)
        if notifyNew, transactions.count > countBefore { notify(transaction) }
        return transaction
    }

    func applyPurchase(
        _ product: SimulatedProduct, options: PurchaseOptions, at date: Date, notifyChanges: Bool
    ) throws -> Transaction {
        switch product.type {
        case .consumable, .nonRenewable:
            let transaction = newTransaction(
                product, originalTransactionId: nil, originalPurchaseDate: nil, purchaseDate: date, expirationDate: nil,
                options: options, reason: .purchase)
            append(transaction, notifyListeners: false)
            return transaction
        case .nonConsumable:
            // Buying an owned non-consumable again returns the existing transaction (StoreKit
            // offers to "get it again for free").
            if let owned = transactions.last(where: { $0.productId == product.id && $0.revocationDate == nil }) {
                return owned
            }
            let transaction = newTransaction(
                product, originalTransactionId: nil, originalPurchaseDate: nil, purchaseDate: date, expirationDate: nil,
                options: options, reason: .purchase)
            append(transaction, notifyListeners: false)
            return transaction
        case .autoRenewable:
            return try subscribe(product, options: options, at: date, notifyChanges: notifyChanges)
        }
    }

    func subscribe(
        _ product: SimulatedProduct, options: PurchaseOptions, at date: Date, notifyChanges: Bool
    ) throws -> Transaction {
        let period = product.period ?? SimulatedProduct.sandboxMonth
        let existing = chainLatestIndex.first { _, index in
            transactions[index].subscriptionGroupId == product.subscriptionGroupId
                && transactions[index].ownershipType == .purchased
        }
        guard let (originalTransactionId, latestIndex) = existing else {
            let transaction = newTransaction(
                product, originalTransactionId: nil, originalPurchaseDate: nil, purchaseDate: date,
                expirationDate: date + period, options: options, reason: .purchase)
            append(transaction, notifyListeners: false)
            renewalInfos[transaction.transactionId] = RenewalInfo(
                originalTransactionId: transaction.transactionId, currentProductId: product.id, renewalDate: date + period,
                recentSubscriptionStartDate: date, environment: behavior.environment, signedDate: date)
            return transaction
        }
        let latest = transactions[latestIndex]
        let info = renewalInfos[originalTransactionId]
        let state = SubscriptionChainState.state(latest: latest, renewalInfo: info, at: date)
        let active = state == .subscribed || state == .inGracePeriod || state == .inBillingRetryPeriod
        if active {
            // Subscribing again to the current product: StoreKit returns the current transaction
            // (the sheet says the customer is already subscribed); nothing new is created.
            if latest.productId == product.id { return latest }
            let currentLevel = products[latest.productId]?.groupLevel ?? Int.max
            guard product.groupLevel < currentLevel else { throw Failure.downgradeNotSimulated(product.id) }
            // Upgrade: the current transaction is superseded now.
            transactions[latestIndex].isUpgraded = true
            if notifyChanges { notify(transactions[latestIndex]) }
        } else {
            renewalCounts[originalTransactionId] = 0
        }
        let transaction = newTransaction(
            product, originalTransactionId: originalTransactionId, originalPurchaseDate: latest.originalPurchaseDate,
            purchaseDate: date, expirationDate: date + period, options: options, ownershipType: latest.ownershipType,
            reason: .purchase)
        append(transaction, notifyListeners: false)
        billingRetryStarted[originalTransactionId] = nil
        renewalInfos[originalTransactionId] = RenewalInfo(
            originalTransactionId: originalTransactionId, currentProductId: product.id, renewalDate: date + period,
            recentSubscriptionStartDate: active ? info?.recentSubscriptionStartDate ?? date : date,
            environment: behavior.environment, signedDate: date)
        return transaction
    }

    /// Applies one step of a chain's life at `now`; `true` when something changed and another
    /// step may follow.
    func renewOnce(_ originalTransactionId: String, now: Date) -> Bool {
        guard let index = chainLatestIndex[originalTransactionId], var info = renewalInfos[originalTransactionId] else {
            return false
        }
        let latest = transactions[index]
        guard latest.revocationDate == nil, !latest.isUpgraded, let expiration = latest.expirationDate,
            expiration <= now
        else { return false }
        if info.isInBillingRetry {
            if let started = billingRetryStarted[originalTransactionId], started + behavior.billingRetryDuration <= now {
                info.isInBillingRetry = false
                info.willAutoRenew = false
                info.expirationReason = .billingError
                renewalInfos[originalTransactionId] = info
            }
            return false
        }
        guard info.willAutoRenew else {
            if info.expirationReason == nil {
                info.expirationReason = .autoRenewDisabled
                renewalInfos[originalTransactionId] = info
            }
            return false
        }
        if let maximum = behavior.maximumRenewals, renewalCounts[originalTransactionId, default: 0] >= maximum {
            info.willAutoRenew = false
            info.expirationReason = .autoRenewDisabled
            renewalInfos[originalTransactionId] = info
            return false
        }
        if failingPayments.contains(originalTransactionId) {
            info.isInBillingRetry = true
            info.expirationReason = .billingError
            info.gracePeriodExpirationDate = behavior.gracePeriod.map { expiration + $0 }
            billingRetryStarted[originalTransactionId] = expiration
            renewalInfos[originalTransactionId] = info
            return false
        }
        renew(originalTransactionId, from: latest, at: expiration)
        return true
    }

    /// Creates and delivers the next period's transaction starting at `date`.
    func renew(_ originalTransactionId: String, from latest: Transaction, at date: Date) {
        guard var info = renewalInfos[originalTransactionId] else { return }
        let productId = info.autoRenewPreference ?? info.currentProductId
        let product = products[productId]
            ?? SimulatedProduct(
                id: productId, type: .autoRenewable, subscriptionGroupId: latest.subscriptionGroupId,
                period: SimulatedProduct.sandboxMonth)
        let period = product.period ?? SimulatedProduct.sandboxMonth
        let renewal = newTransaction(
            product, originalTransactionId: originalTransactionId, originalPurchaseDate: latest.originalPurchaseDate,
            purchaseDate: date, expirationDate: date + period,
            options: PurchaseOptions(appAccountToken: latest.appAccountToken), ownershipType: latest.ownershipType,
            reason: .renewal)
        append(renewal, notifyListeners: true)
        renewalCounts[originalTransactionId, default: 0] += 1
        info.currentProductId = productId
        info.renewalDate = date + period
        info.isInBillingRetry = false
        info.gracePeriodExpirationDate = nil
        info.expirationReason = nil
        info.signedDate = date
        renewalInfos[originalTransactionId] = info
    }

    /// Billing recovered during retry: a renewal starting now.
    func recover(_ originalTransactionId: String) {
        guard let index = chainLatestIndex[originalTransactionId] else { return }
        billingRetryStarted[originalTransactionId] = nil
        renew(originalTransactionId, from: transactions[index], at: clock.now())
    }

    /// The chain whose current or renewing product is `productId` (own purchase first).
    func chain(for productId: String) throws -> String {
        let candidates = chainLatestIndex.keys.sorted().filter { key in
            guard let index = chainLatestIndex[key] else { return false }
            let info = renewalInfos[key]
            return transactions[index].productId == productId || info?.currentProductId == productId
                || info?.autoRenewPreference == productId
        }
        let own = candidates.first { key in
            chainLatestIndex[key].map { transactions[$0].ownershipType == .purchased } ?? false
        }
        guard let found = own ?? candidates.first else { throw Failure.unknownTransaction(productId) }
        return found
    }
}
