import Foundation

/// Snapshots of the store and the diagnosis of "the purchase sheet never appears" and "purchased
/// but not entitled" reports.
///
/// ```swift
/// let attempt = await PurchaseAttempt.begin(productId: "monthly", store: store)
/// let result = try await store.purchase(productId: "monthly", options: PurchaseOptions())
/// let snapshot = await PurchaseDiagnostics.snapshot(store: store, productIds: ["monthly"])
/// let diagnosis = PurchaseDiagnostics.diagnose(snapshot, attempt: attempt, result: result)
/// print(snapshot.text)
/// print(diagnosis.text)
/// ```
public enum PurchaseDiagnostics {
    /// Reads the store: `Transaction.unfinished`, `currentEntitlements`, `latest(for:)` of each
    /// product (with ``ActiveStateCheck``), and the subscription status of every group seen.
    /// Read-only: finishes nothing.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - productIds: The products to call `latest(for:)` for, in the order to report them.
    ///   - groupIds: Subscription groups to include besides those of the transactions seen.
    ///   - timeSource: The clock; the system clock by default.
    ///   - redaction: How app account tokens are shown; hash prefixes by default.
    ///   - nonRenewingPolicy: How non-renewing subscriptions end, for the active-state check.
    /// - Returns: The snapshot. A failing `subscriptionStatus` call is recorded in
    ///   ``DiagnosticSnapshot/errors``, not thrown.
    public static func snapshot(
        store: any StoreProtocol, productIds: [String], groupIds: [String] = [], timeSource: TimeSource = .system,
        redaction: Redaction = .hashPrefix, nonRenewingPolicy: NonRenewingPolicy = .storeKit
    ) async -> DiagnosticSnapshot {
        let takenAt = timeSource.now()
        let unfinished = await store.unfinished()
        let current = await store.currentEntitlements()
        var latest: [(String, VerificationResult<Transaction>?)] = []
        for productId in productIds { latest.append((productId, await store.latest(for: productId))) }

        var groups = Set(groupIds)
        for result in unfinished + current + latest.compactMap(\.1) {
            if let group = result.unsafePayloadValue.subscriptionGroupId { groups.insert(group) }
        }
        var groupSummaries: [SubscriptionGroupSummary] = []
        var renewalInfo: [String: RenewalInfo] = [:]
        var errors: [String] = []
        for groupId in groups.sorted() {
            do {
                let statuses = try await store.subscriptionStatus(groupId: groupId)
                for status in statuses {
                    let info = status.renewalInfo.unsafePayloadValue
                    renewalInfo[info.originalTransactionId] = info
                }
                groupSummaries.append(
                    SubscriptionGroupSummary(
                        groupId: groupId, statuses: statuses.map { SubscriptionStatusSummary($0, redaction: redaction) }))
            } catch {
                errors.append("subscriptionStatus(groupId: \(groupId)): \(error)")
            }
        }

        let entitledProducts = Set(current.compactMap(\.verifiedValue).map(\.productId))
        let latestSummaries = latest.map { productId, result in
            guard let result else {
                return LatestTransactionSummary(
                    productId: productId, transaction: nil, activeState: nil, activeStateDate: nil, isActive: false,
                    inCurrentEntitlements: entitledProducts.contains(productId))
            }
            let transaction = result.unsafePayloadValue
            let state: ActiveState? =
                result.isVerified
                ? ActiveStateCheck.evaluate(
                    transaction, renewalInfo: renewalInfo[transaction.originalTransactionId], at: takenAt,
                    nonRenewingPolicy: nonRenewingPolicy)
                : nil
            return LatestTransactionSummary(
                productId: productId, transaction: TransactionSummary(result, redaction: redaction),
                activeState: state?.name, activeStateDate: state?.date, isActive: state?.isActive ?? false,
                inCurrentEntitlements: entitledProducts.contains(productId))
        }

        return DiagnosticSnapshot(
            takenAt: takenAt, redaction: redaction,
            unfinished: unfinished.map { TransactionSummary($0, redaction: redaction) },
            currentEntitlementsCount: current.filter(\.isVerified).count,
            currentEntitlements: current.map { TransactionSummary($0, redaction: redaction) }
                .sorted { ($0.productId, $0.transactionId) < ($1.productId, $1.transactionId) },
            latest: latestSummaries, subscriptionGroups: groupSummaries, errors: errors)
    }

    /// Names the causes visible in `snapshot`, and in the purchase `attempt` and its `result` when
    /// given (see ``Finding/Code``).
    ///
    /// - Parameters:
    ///   - snapshot: A snapshot taken after the purchase (or at any time).
    ///   - attempt: The purchase attempt, with its pre-purchase unfinished snapshot.
    ///   - result: What the store's purchase returned.
    ///   - detector: The stale-result check (by identity and App Store dates); the device-clock
    ///     part of its "already expired" test uses the snapshot's time.
    /// - Returns: The diagnosis.
    public static func diagnose(
        _ snapshot: DiagnosticSnapshot, attempt: PurchaseAttempt? = nil, result: PurchaseResult? = nil,
        detector: StaleTransactionDetector = StaleTransactionDetector()
    ) -> Diagnosis {
        var findings: [Finding] = []
        var expiredChains: Set<String> = []
        var staleExpiredChain: (Transaction, Date)?

        if let attempt, case .success(let returned)? = result {
            let transaction = returned.unsafePayloadValue
            if case .stale(let reasons) = detector.classify(transaction, attempt: attempt, at: snapshot.takenAt) {
                findings.append(
                    Finding(
                        code: .staleUnfinishedTransactionReturnedByPurchase, severity: .error,
                        message: "purchase(productId: \(attempt.productId)) returned transaction "
                            + "\(transaction.transactionId) of \(transaction.productId), purchased "
                            + "\(DiagnosticFormat.iso8601(transaction.purchaseDate)), instead of a new purchase "
                            + "(\(reasons.map(\.rawValue).joined(separator: ", "))); a purchase that hands back a "
                            + "queued transaction shows no App Store sheet. Finish unfinished transactions before "
                            + "purchasing",
                        productId: attempt.productId, transactionId: transaction.transactionId,
                        originalTransactionId: transaction.originalTransactionId, staleReasons: reasons))
                if transaction.productType == .autoRenewable, let expiration = transaction.expirationDate,
                    reasons.contains(.alreadyExpired)
                {
                    staleExpiredChain = (transaction, expiration)
                }
            }
        }

        for entry in snapshot.latest {
            guard let transaction = entry.transaction else { continue }
            if entry.activeState == ActiveState.expired(at: nil).name,
                transaction.productType == Transaction.ProductType.autoRenewable.caseName,
                let expiration = transaction.expirationDate,
                expiredChains.insert(transaction.originalTransactionId).inserted
            {
                findings.append(
                    Finding(
                        code: .expiredSubscriptionChain, severity: .warning,
                        message: "the subscription chain \(transaction.originalTransactionId) of \(entry.productId) "
                            + "expired at \(DiagnosticFormat.iso8601(expiration)); latest(for:) returns transaction "
                            + "\(transaction.transactionId), which grants nothing, and currentEntitlements does not "
                            + "list the product",
                        productId: entry.productId, transactionId: transaction.transactionId,
                        originalTransactionId: transaction.originalTransactionId, date: expiration))
            }
            if let revocationDate = transaction.revocationDate {
                findings.append(
                    Finding(
                        code: .revokedTransaction, severity: .note,
                        message: "the latest transaction \(transaction.transactionId) of \(entry.productId) was "
                            + "refunded or revoked at \(DiagnosticFormat.iso8601(revocationDate))",
                        productId: entry.productId, transactionId: transaction.transactionId, date: revocationDate))
            }
            if entry.inCurrentEntitlements != entry.isActive, transaction.verified {
                findings.append(
                    Finding(
                        code: .entitlementPathsDisagree, severity: .warning,
                        message: "currentEntitlements \(entry.inCurrentEntitlements ? "lists" : "does not list") "
                            + "\(entry.productId), but latest(for:) transaction \(transaction.transactionId) is "
                            + "\(entry.activeState ?? "unknown"); decide with both paths",
                        productId: entry.productId, transactionId: transaction.transactionId,
                        inCurrentEntitlements: entry.inCurrentEntitlements, latestIsActive: entry.isActive))
            }
        }

        // The stale transaction's chain, when latest(for:) did not already show it expired.
        if let (transaction, expiration) = staleExpiredChain,
            expiredChains.insert(transaction.originalTransactionId).inserted
        {
            findings.append(expiredChainFinding(transaction.productId, transaction, expiration))
        }

        let unverified = snapshot.unfinished.filter { !$0.verified }.map(\.transactionId)
        if !unverified.isEmpty {
            findings.append(
                Finding(
                    code: .unverifiedTransactionsPending, severity: .warning,
                    message: "\(unverified.count) unverified transaction(s) in Transaction.unfinished: "
                        + "\(unverified.joined(separator: ", ")); grant nothing from them and report them",
                    transactionIds: unverified))
        }
        let pending = snapshot.unfinished.filter(\.verified).map(\.transactionId)
        if !pending.isEmpty {
            findings.append(
                Finding(
                    code: .unfinishedTransactionsPending, severity: .warning,
                    message: "\(pending.count) verified transaction(s) in Transaction.unfinished: "
                        + "\(pending.joined(separator: ", ")); a purchase can return one of them instead of showing "
                        + "the sheet. Deliver and finish them at launch and before purchasing",
                    transactionIds: pending))
        }

        for group in snapshot.subscriptionGroups {
            for status in group.statuses {
                switch status.state {
                case RenewalState.inBillingRetryPeriod.description:
                    findings.append(
                        Finding(
                            code: .billingRetryWithoutGracePeriod, severity: .note,
                            message: "the subscription chain \(status.originalTransactionId) of "
                                + "\(status.currentProductId) in group \(group.groupId) is in billing retry without "
                                + "a grace period: not entitled until the payment succeeds",
                            productId: status.currentProductId, originalTransactionId: status.originalTransactionId))
                case RenewalState.inGracePeriod.description:
                    findings.append(
                        Finding(
                            code: .inGracePeriod, severity: .note,
                            message: "the subscription chain \(status.originalTransactionId) of "
                                + "\(status.currentProductId) in group \(group.groupId) is in the billing grace "
                                + "period until "
                                + "\(status.gracePeriodExpirationDate.map(DiagnosticFormat.iso8601) ?? "an unknown date"): "
                                + "still entitled",
                            productId: status.currentProductId, originalTransactionId: status.originalTransactionId,
                            date: status.gracePeriodExpirationDate))
                default:
                    break
                }
            }
        }

        for error in snapshot.errors {
            findings.append(Finding(code: .storeError, severity: .warning, message: error))
        }
        return Diagnosis(takenAt: snapshot.takenAt, findings: findings)
    }

    private static func expiredChainFinding(_ productId: String, _ transaction: Transaction, _ expiration: Date) -> Finding {
        Finding(
            code: .expiredSubscriptionChain, severity: .warning,
            message: "the subscription chain \(transaction.originalTransactionId) of \(productId) expired at "
                + "\(DiagnosticFormat.iso8601(expiration)); its transaction \(transaction.transactionId) grants nothing, "
                + "so currentEntitlements does not list the product",
            productId: productId, transactionId: transaction.transactionId,
            originalTransactionId: transaction.originalTransactionId, date: expiration)
    }
}
