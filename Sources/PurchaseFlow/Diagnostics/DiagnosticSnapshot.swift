import Foundation

/// What the store said at one moment, with personal data redacted: the log the seed report
/// recommends keeping until release — the unfinished queue, subscription status and renewal info,
/// the `currentEntitlements` count, and `latest(for:)` with its expiration.
///
/// Take one with ``PurchaseDiagnostics/snapshot(store:productIds:groupIds:timeSource:redaction:nonRenewingPolicy:)``;
/// print it with ``text`` or ``json()``. `appAccountToken` values appear only as ``Redaction``
/// output.
public struct DiagnosticSnapshot: Hashable, Sendable, Codable {
    /// When the snapshot was taken.
    public var takenAt: Date
    /// How personal data was redacted.
    public var redaction: Redaction
    /// How many transactions `Transaction.unfinished` listed.
    public var unfinishedCount: Int
    /// Those transactions, oldest first.
    public var unfinished: [TransactionSummary]
    /// How many verified transactions `Transaction.currentEntitlements` listed.
    public var currentEntitlementsCount: Int
    /// The transactions `currentEntitlements` listed (verified or not), sorted by product id.
    public var currentEntitlements: [TransactionSummary]
    /// `latest(for:)` for each requested product, in the requested order.
    public var latest: [LatestTransactionSummary]
    /// Subscription status and renewal info per group, sorted by group id.
    public var subscriptionGroups: [SubscriptionGroupSummary]
    /// Store calls that failed while taking the snapshot, for example
    /// `subscriptionStatus(groupId: pro): networkError`.
    public var errors: [String]

    /// Creates a snapshot.
    ///
    /// - Parameters: one per property.
    public init(
        takenAt: Date, redaction: Redaction, unfinished: [TransactionSummary], currentEntitlementsCount: Int,
        currentEntitlements: [TransactionSummary], latest: [LatestTransactionSummary],
        subscriptionGroups: [SubscriptionGroupSummary], errors: [String]
    ) {
        self.takenAt = takenAt
        self.redaction = redaction
        self.unfinishedCount = unfinished.count
        self.unfinished = unfinished
        self.currentEntitlementsCount = currentEntitlementsCount
        self.currentEntitlements = currentEntitlements
        self.latest = latest
        self.subscriptionGroups = subscriptionGroups
        self.errors = errors
    }

    /// The snapshot as lines of text, for a log:
    ///
    /// ```text
    /// snapshot at 2026-01-01T00:00:00Z (appAccountToken: hashPrefix)
    /// unfinished: 1 [2000000000000003]
    ///   2000000000000003 monthly autoRenewable purchased 2025-12-31T23:10:00Z expires 2025-12-31T23:15:00Z appAccountToken hash:82d866b5 verified
    /// currentEntitlements: 0
    /// latest(for: monthly): 2000000000000003 monthly autoRenewable purchased 2025-12-31T23:10:00Z expires 2025-12-31T23:15:00Z appAccountToken hash:82d866b5 verified state expired(2025-12-31T23:15:00Z)
    /// subscription group pro: expired (2) transaction 2000000000000003 product monthly willAutoRenew false autoRenewPreference monthly expirationReason autoRenewDisabled isInBillingRetry false gracePeriodExpirationDate none renewalDate 2025-12-31T23:15:00Z verified
    /// ```
    public var text: String {
        var lines = ["snapshot at \(DiagnosticFormat.iso8601(takenAt)) (appAccountToken: \(redaction.rawValue))"]
        lines.append("unfinished: \(unfinishedCount) [\(unfinished.map(\.transactionId).joined(separator: ", "))]")
        lines += unfinished.map { "  " + $0.line }
        lines.append("currentEntitlements: \(currentEntitlementsCount)")
        lines += currentEntitlements.map { "  " + $0.line }
        for entry in latest {
            guard let transaction = entry.transaction else {
                lines.append("latest(for: \(entry.productId)): none")
                continue
            }
            var line = "latest(for: \(entry.productId)): \(transaction.line)"
            if let state = entry.activeState {
                line += " state \(state)"
                if let date = entry.activeStateDate { line += "(\(DiagnosticFormat.iso8601(date)))" }
            }
            lines.append(line)
        }
        for group in subscriptionGroups {
            if group.statuses.isEmpty { lines.append("subscription group \(group.groupId): no status") }
            for status in group.statuses {
                lines.append("subscription group \(group.groupId): \(status.line)")
            }
        }
        lines += errors.map { "error: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// The snapshot as JSON: keys sorted, dates ISO 8601 in UTC, pretty-printed — the same input
    /// always gives the same bytes.
    ///
    /// - Returns: The JSON text.
    /// - Throws: `EncodingError` (not expected: every value is encodable).
    public func json() throws -> String {
        String(decoding: try DiagnosticFormat.jsonEncoder().encode(self), as: UTF8.self)
    }
}

/// One transaction in a ``DiagnosticSnapshot``; the app account token is redacted.
///
/// [Transaction](https://developer.apple.com/documentation/storekit/transaction)
public struct TransactionSummary: Hashable, Sendable, Codable {
    /// ``Transaction/transactionId``.
    public var transactionId: String
    /// ``Transaction/originalTransactionId``.
    public var originalTransactionId: String
    /// ``Transaction/productId``.
    public var productId: String
    /// ``Transaction/productType``'s case name, for example `autoRenewable`.
    public var productType: String
    /// ``Transaction/subscriptionGroupId``.
    public var subscriptionGroupId: String?
    /// ``Transaction/purchaseDate``.
    public var purchaseDate: Date
    /// ``Transaction/expirationDate``.
    public var expirationDate: Date?
    /// ``Transaction/revocationDate``.
    public var revocationDate: Date?
    /// ``Transaction/revocationReason``'s description.
    public var revocationReason: String?
    /// ``Transaction/isUpgraded``.
    public var isUpgraded: Bool
    /// ``Transaction/ownershipType``'s raw value.
    public var ownershipType: String
    /// ``Transaction/environment``'s raw value.
    public var environment: String
    /// ``Transaction/appAccountToken`` after ``Redaction`` (`hash:…` or `redacted`); `nil` when
    /// none was set.
    public var appAccountToken: String?
    /// Whether StoreKit verified it.
    public var verified: Bool
    /// The verification error, when not verified.
    public var verificationError: String?

    /// Summarises a verification result.
    ///
    /// - Parameters:
    ///   - result: The transaction and its verification.
    ///   - redaction: How the app account token is shown.
    public init(_ result: VerificationResult<Transaction>, redaction: Redaction) {
        let transaction = result.unsafePayloadValue
        transactionId = transaction.transactionId
        originalTransactionId = transaction.originalTransactionId
        productId = transaction.productId
        productType = transaction.productType.caseName
        subscriptionGroupId = transaction.subscriptionGroupId
        purchaseDate = transaction.purchaseDate
        expirationDate = transaction.expirationDate
        revocationDate = transaction.revocationDate
        revocationReason = transaction.revocationReason?.description
        isUpgraded = transaction.isUpgraded
        ownershipType = transaction.ownershipType.rawValue
        environment = transaction.environment.rawValue
        appAccountToken = transaction.appAccountToken.map(redaction.apply(to:))
        verified = result.isVerified
        verificationError = result.verificationError?.rawValue
    }

    var line: String {
        var parts = [transactionId, productId, productType, "purchased", DiagnosticFormat.iso8601(purchaseDate)]
        if let expirationDate { parts += ["expires", DiagnosticFormat.iso8601(expirationDate)] }
        if let revocationDate { parts += ["revoked", DiagnosticFormat.iso8601(revocationDate)] }
        if isUpgraded { parts.append("upgraded") }
        if ownershipType != Transaction.OwnershipType.purchased.rawValue { parts.append(ownershipType) }
        if let appAccountToken { parts += ["appAccountToken", appAccountToken] }
        parts.append(verified ? "verified" : "unverified(\(verificationError ?? "?"))")
        return parts.joined(separator: " ")
    }
}

/// `latest(for:)` of one product in a ``DiagnosticSnapshot``, with ``ActiveStateCheck``'s verdict.
///
/// [latest(for:)](https://developer.apple.com/documentation/storekit/transaction/latest(for:))
public struct LatestTransactionSummary: Hashable, Sendable, Codable {
    /// The product.
    public var productId: String
    /// The latest transaction; `nil` when never bought.
    public var transaction: TransactionSummary?
    /// ``ActiveState/name`` of the transaction (renewal info from the group's status applied);
    /// `nil` without a transaction or when unverified.
    public var activeState: String?
    /// ``ActiveState/date``: the expiration, grace end or revocation date the state refers to.
    public var activeStateDate: Date?
    /// Whether the active-state check grants access.
    public var isActive: Bool
    /// Whether `currentEntitlements` listed a verified transaction of this product.
    public var inCurrentEntitlements: Bool

    /// Creates a value.
    ///
    /// - Parameters: one per property.
    public init(
        productId: String, transaction: TransactionSummary?, activeState: String?, activeStateDate: Date?,
        isActive: Bool, inCurrentEntitlements: Bool
    ) {
        self.productId = productId
        self.transaction = transaction
        self.activeState = activeState
        self.activeStateDate = activeStateDate
        self.isActive = isActive
        self.inCurrentEntitlements = inCurrentEntitlements
    }
}

/// The subscription status of one group in a ``DiagnosticSnapshot``.
///
/// [status(for:)](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status(for:))
public struct SubscriptionGroupSummary: Hashable, Sendable, Codable {
    /// The subscription group.
    public var groupId: String
    /// One status per chain.
    public var statuses: [SubscriptionStatusSummary]

    /// Creates a value.
    ///
    /// - Parameters:
    ///   - groupId: The subscription group.
    ///   - statuses: One status per chain.
    public init(groupId: String, statuses: [SubscriptionStatusSummary]) {
        self.groupId = groupId
        self.statuses = statuses
    }
}

/// One chain's status and renewal info in a ``DiagnosticSnapshot``.
///
/// [Product.SubscriptionInfo.Status](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status)
public struct SubscriptionStatusSummary: Hashable, Sendable, Codable {
    /// The state's name, for example `inGracePeriod`.
    public var state: String
    /// The state's raw value (`1...5`).
    public var stateRawValue: Int
    /// The chain's latest transaction.
    public var transaction: TransactionSummary
    /// ``RenewalInfo/originalTransactionId``.
    public var originalTransactionId: String
    /// ``RenewalInfo/currentProductId``.
    public var currentProductId: String
    /// ``RenewalInfo/willAutoRenew``.
    public var willAutoRenew: Bool
    /// ``RenewalInfo/autoRenewPreference``.
    public var autoRenewPreference: String?
    /// ``RenewalInfo/expirationReason``'s description.
    public var expirationReason: String?
    /// ``RenewalInfo/isInBillingRetry``.
    public var isInBillingRetry: Bool
    /// ``RenewalInfo/gracePeriodExpirationDate``.
    public var gracePeriodExpirationDate: Date?
    /// ``RenewalInfo/renewalDate``.
    public var renewalDate: Date?
    /// Whether StoreKit verified the renewal info.
    public var renewalInfoVerified: Bool

    /// Summarises a status.
    ///
    /// - Parameters:
    ///   - status: The status.
    ///   - redaction: How personal data is shown.
    public init(_ status: SubscriptionGroupStatus, redaction: Redaction) {
        let info = status.renewalInfo.unsafePayloadValue
        state = status.state.description
        stateRawValue = status.state.rawValue
        transaction = TransactionSummary(status.transaction, redaction: redaction)
        originalTransactionId = info.originalTransactionId
        currentProductId = info.currentProductId
        willAutoRenew = info.willAutoRenew
        autoRenewPreference = info.autoRenewPreference
        expirationReason = info.expirationReason?.description
        isInBillingRetry = info.isInBillingRetry
        gracePeriodExpirationDate = info.gracePeriodExpirationDate
        renewalDate = info.renewalDate
        renewalInfoVerified = status.renewalInfo.isVerified
    }

    var line: String {
        [
            "\(state) (\(stateRawValue))", "transaction", transaction.transactionId, "product", currentProductId,
            "willAutoRenew", String(willAutoRenew), "autoRenewPreference", autoRenewPreference ?? "none",
            "expirationReason", expirationReason ?? "none", "isInBillingRetry", String(isInBillingRetry),
            "gracePeriodExpirationDate", gracePeriodExpirationDate.map(DiagnosticFormat.iso8601) ?? "none",
            "renewalDate", renewalDate.map(DiagnosticFormat.iso8601) ?? "none",
            renewalInfoVerified ? "verified" : "unverified",
        ].joined(separator: " ")
    }
}

extension Transaction.ProductType {
    /// The case name: `consumable`, `nonConsumable`, `autoRenewable`, `nonRenewable`.
    public var caseName: String {
        switch self {
        case .consumable: "consumable"
        case .nonConsumable: "nonConsumable"
        case .autoRenewable: "autoRenewable"
        case .nonRenewable: "nonRenewable"
        }
    }
}
