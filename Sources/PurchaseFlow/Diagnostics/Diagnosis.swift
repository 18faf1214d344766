import Foundation

/// The causes found in a ``DiagnosticSnapshot`` (and, when given, a purchase attempt and its
/// result), each as a ``Finding``: what the seed report had to work out by hand.
///
/// ```text
/// error: [staleUnfinishedTransactionReturnedByPurchase] purchase(productId: monthly) returned transaction 2000000000000002 of monthly, purchased 2025-12-31T23:05:00Z, instead of a new purchase (queuedBeforeAttempt, purchasedBeforeAttempt, alreadyExpired); a purchase that hands back a queued transaction shows no App Store sheet. Finish unfinished transactions before purchasing
/// warning: [expiredSubscriptionChain] the subscription chain 2000000000000001 of monthly expired at 2025-12-31T23:15:00Z; latest(for:) returns transaction 2000000000000003, which grants nothing, and currentEntitlements does not list the product
/// warning: [unfinishedTransactionsPending] 1 verified transaction(s) in Transaction.unfinished: 2000000000000003; a purchase can return one of them instead of showing the sheet. Deliver and finish them at launch and before purchasing
/// ```
public struct Diagnosis: Hashable, Sendable, Codable {
    /// The snapshot's time.
    public var takenAt: Date
    /// The findings, most severe first, then in the order of ``Finding/Code``'s declaration.
    public var findings: [Finding]

    /// Creates a diagnosis; the findings are put in order.
    ///
    /// - Parameters:
    ///   - takenAt: The snapshot's time.
    ///   - findings: The findings, in any order.
    public init(takenAt: Date, findings: [Finding]) {
        self.takenAt = takenAt
        self.findings = findings.enumerated().sorted { lhs, rhs in
            let left = (lhs.element.severity.rank, lhs.element.code.rank, lhs.offset)
            let right = (rhs.element.severity.rank, rhs.element.code.rank, rhs.offset)
            return left < right
        }.map(\.element)
    }

    /// The distinct finding codes, in ``findings`` order.
    public var codes: [Finding.Code] {
        var seen: Set<Finding.Code> = []
        return findings.map(\.code).filter { seen.insert($0).inserted }
    }

    /// The findings with `code`.
    ///
    /// - Parameter code: A finding code.
    public func findings(_ code: Finding.Code) -> [Finding] {
        findings.filter { $0.code == code }
    }

    /// One line per finding, `<severity>: [<code>] <message>`; `note: no findings` when empty.
    public var text: String {
        guard !findings.isEmpty else { return "note: no findings" }
        return findings.map(\.line).joined(separator: "\n")
    }

    /// The diagnosis as JSON: keys sorted, dates ISO 8601 in UTC, pretty-printed.
    ///
    /// - Returns: The JSON text.
    /// - Throws: `EncodingError` (not expected).
    public func json() throws -> String {
        String(decoding: try DiagnosticFormat.jsonEncoder().encode(self), as: UTF8.self)
    }
}

/// One cause named by a ``Diagnosis``.
///
/// Fields other than ``code``, ``severity`` and ``message`` are set when they apply to the code.
public struct Finding: Hashable, Sendable, Codable {
    /// What was found.
    public enum Code: String, CaseIterable, Hashable, Sendable, Codable {
        /// A purchase returned a stale transaction (queued unfinished, purchased earlier, expired,
        /// revoked, or another product) instead of purchasing: ``Finding/transactionId``,
        /// ``Finding/productId`` (requested), ``Finding/staleReasons``.
        case staleUnfinishedTransactionReturnedByPurchase
        /// The latest transaction of an auto-renewable chain has expired (no grace period):
        /// ``Finding/productId``, ``Finding/transactionId``, ``Finding/originalTransactionId``,
        /// ``Finding/date`` (expiration).
        case expiredSubscriptionChain
        /// `currentEntitlements` and `latest(for:)` with the active-state check disagree:
        /// ``Finding/productId``, ``Finding/inCurrentEntitlements``, ``Finding/latestIsActive``.
        case entitlementPathsDisagree
        /// Unverified transactions wait in `Transaction.unfinished`: ``Finding/transactionIds``.
        case unverifiedTransactionsPending
        /// Verified transactions wait in `Transaction.unfinished`; a purchase may return one of
        /// them: ``Finding/transactionIds``.
        case unfinishedTransactionsPending
        /// A chain is in billing retry without a grace period (not entitled):
        /// ``Finding/productId``, ``Finding/originalTransactionId``.
        case billingRetryWithoutGracePeriod
        /// A chain is in the billing grace period (still entitled): ``Finding/productId``,
        /// ``Finding/originalTransactionId``, ``Finding/date`` (grace end).
        case inGracePeriod
        /// The latest transaction of a product was refunded or revoked: ``Finding/productId``,
        /// ``Finding/transactionId``, ``Finding/date`` (revocation).
        case revokedTransaction
        /// A store call failed while taking the snapshot: ``Finding/message``.
        case storeError

        var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
    }

    /// How serious a finding is.
    public enum Severity: String, CaseIterable, Hashable, Sendable, Codable {
        /// A cause of a wrong purchase outcome or a wrong entitlement.
        case error
        /// A state that leads to one.
        case warning
        /// Useful context.
        case note

        var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }
    }

    /// What was found.
    public var code: Code
    /// How serious it is.
    public var severity: Severity
    /// One sentence for people.
    public var message: String
    /// The product concerned.
    public var productId: String?
    /// The transaction concerned.
    public var transactionId: String?
    /// The subscription chain concerned.
    public var originalTransactionId: String?
    /// The transactions concerned, for findings about several.
    public var transactionIds: [String]?
    /// The date the finding is about (expiration, grace end, revocation).
    public var date: Date?
    /// Why a purchase result was stale.
    public var staleReasons: [StaleReason]?
    /// Whether `currentEntitlements` listed the product.
    public var inCurrentEntitlements: Bool?
    /// Whether `latest(for:)` passed the active-state check.
    public var latestIsActive: Bool?

    /// Creates a finding.
    ///
    /// - Parameters: one per property; all but `code`, `severity` and `message` default to `nil`.
    public init(
        code: Code, severity: Severity, message: String, productId: String? = nil, transactionId: String? = nil,
        originalTransactionId: String? = nil, transactionIds: [String]? = nil, date: Date? = nil,
        staleReasons: [StaleReason]? = nil, inCurrentEntitlements: Bool? = nil, latestIsActive: Bool? = nil
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.productId = productId
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.transactionIds = transactionIds
        self.date = date
        self.staleReasons = staleReasons
        self.inCurrentEntitlements = inCurrentEntitlements
        self.latestIsActive = latestIsActive
    }

    /// `<severity>: [<code>] <message>`.
    public var line: String { "\(severity.rawValue): [\(code.rawValue)] \(message)" }
}
