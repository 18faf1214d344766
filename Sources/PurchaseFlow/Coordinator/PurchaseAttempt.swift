import Foundation

/// One call of ``PurchaseCoordinator/purchase(productId:options:)``, as it stood just before the
/// store was asked: the evidence ``StaleTransactionDetector`` compares the result with.
///
/// The evidence is about identity and the App Store's own dates, not the device's clock: which
/// transactions were unfinished, which transaction `latest(for:)` returned, which transactions
/// `currentEntitlements` listed, and the newest date the App Store had recorded
/// (``storeClockLowerBound``).
public struct PurchaseAttempt: Hashable, Sendable, Codable {
    /// The attempt's number within its coordinator, from 1 (0 for ``begin(productId:store:timeSource:)``).
    public var sequence: Int
    /// The product requested.
    public var productId: String
    /// When the attempt started, before the sweep (the coordinator's clock, which may differ from
    /// the App Store's).
    public var startedAt: Date
    /// The identifiers of the transactions that were unfinished when the attempt started (before
    /// the sweep), oldest first: the pre-purchase `Transaction.unfinished` snapshot.
    public var unfinishedTransactionIds: [String]
    /// Whether the coordinator swept unfinished transactions before purchasing.
    public var sweptBeforePurchase: Bool
    /// The identifiers of the transactions the pre-purchase sweep finished; empty without sweep.
    public var sweptTransactionIds: [String]
    /// The identifier of the product's latest transaction (`latest(for:)`) when the attempt
    /// started; `nil` when the customer had never bought it.
    public var latestTransactionId: String?
    /// The identifiers of the verified transactions `currentEntitlements` listed when the attempt
    /// started (all products): the App Store's own notion of what is active (subscribed or in the
    /// grace period).
    public var currentEntitlementIds: [String]
    /// The newest purchase or signing date among the verified transactions the store listed when
    /// the attempt started (`unfinished`, `latest(for:)`, `currentEntitlements`): dates the App
    /// Store recorded, so its clock was at least this late when the purchase started, whatever the
    /// device's clock says. `nil` when the store listed no verified transaction.
    public var storeClockLowerBound: Date?

    /// Creates an attempt.
    ///
    /// - Parameters:
    ///   - sequence: The attempt's number.
    ///   - productId: The product requested.
    ///   - startedAt: When the attempt started.
    ///   - unfinishedTransactionIds: The unfinished transactions before the attempt.
    ///   - sweptBeforePurchase: Whether a sweep ran before purchasing.
    ///   - sweptTransactionIds: The transactions that sweep finished.
    ///   - latestTransactionId: The product's latest transaction before the attempt.
    ///   - currentEntitlementIds: The verified current entitlements before the attempt.
    ///   - storeClockLowerBound: The newest App Store date seen before the attempt.
    public init(
        sequence: Int, productId: String, startedAt: Date, unfinishedTransactionIds: [String],
        sweptBeforePurchase: Bool, sweptTransactionIds: [String], latestTransactionId: String? = nil,
        currentEntitlementIds: [String] = [], storeClockLowerBound: Date? = nil
    ) {
        self.sequence = sequence
        self.productId = productId
        self.startedAt = startedAt
        self.unfinishedTransactionIds = unfinishedTransactionIds
        self.sweptBeforePurchase = sweptBeforePurchase
        self.sweptTransactionIds = sweptTransactionIds
        self.latestTransactionId = latestTransactionId
        self.currentEntitlementIds = currentEntitlementIds
        self.storeClockLowerBound = storeClockLowerBound
    }

    private enum CodingKeys: String, CodingKey {
        case sequence, productId, startedAt, unfinishedTransactionIds, sweptBeforePurchase, sweptTransactionIds
        case latestTransactionId, currentEntitlementIds, storeClockLowerBound
    }

    /// Decodes an attempt; the evidence fields added later (`latestTransactionId`,
    /// `currentEntitlementIds`, `storeClockLowerBound`) may be absent.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a required field is missing or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int.self, forKey: .sequence)
        productId = try container.decode(String.self, forKey: .productId)
        startedAt = try container.decode(Date.self, forKey: .startedAt)
        unfinishedTransactionIds = try container.decode([String].self, forKey: .unfinishedTransactionIds)
        sweptBeforePurchase = try container.decode(Bool.self, forKey: .sweptBeforePurchase)
        sweptTransactionIds = try container.decode([String].self, forKey: .sweptTransactionIds)
        latestTransactionId = try container.decodeIfPresent(String.self, forKey: .latestTransactionId)
        currentEntitlementIds = try container.decodeIfPresent([String].self, forKey: .currentEntitlementIds) ?? []
        storeClockLowerBound = try container.decodeIfPresent(Date.self, forKey: .storeClockLowerBound)
    }

    /// Records an attempt for code that calls the store directly (without a coordinator): reads
    /// the unfinished transactions, `latest(for:)`, `currentEntitlements` and the time, and sweeps
    /// nothing.
    ///
    /// ```swift
    /// let attempt = await PurchaseAttempt.begin(productId: "monthly", store: store)
    /// let result = try await store.purchase(productId: "monthly", options: PurchaseOptions())
    /// let snapshot = await PurchaseDiagnostics.snapshot(store: store, productIds: ["monthly"])
    /// print(PurchaseDiagnostics.diagnose(snapshot, attempt: attempt, result: result).text)
    /// ```
    ///
    /// - Parameters:
    ///   - productId: The product about to be purchased.
    ///   - store: The store.
    ///   - timeSource: The clock; the system clock by default.
    /// - Returns: The attempt, with `sequence` 0.
    public static func begin(
        productId: String, store: any StoreProtocol, timeSource: TimeSource = .system
    ) async -> PurchaseAttempt {
        let evidence = await Evidence.read(productId: productId, store: store, timeSource: timeSource)
        return evidence.attempt(sequence: 0, sweptBeforePurchase: false, sweptTransactionIds: [])
    }

    /// What the store said just before a purchase: read once, before any sweep.
    struct Evidence {
        var productId: String
        var startedAt: Date
        var unfinished: [VerificationResult<Transaction>]
        var latest: VerificationResult<Transaction>?
        var current: [VerificationResult<Transaction>]

        static func read(productId: String, store: any StoreProtocol, timeSource: TimeSource) async -> Evidence {
            let startedAt = timeSource.now()
            let unfinished = await store.unfinished()
            let latest = await store.latest(for: productId)
            let current = await store.currentEntitlements()
            return Evidence(productId: productId, startedAt: startedAt, unfinished: unfinished, latest: latest, current: current)
        }

        func attempt(sequence: Int, sweptBeforePurchase: Bool, sweptTransactionIds: [String]) -> PurchaseAttempt {
            let verified = (unfinished + current + (latest.map { [$0] } ?? [])).compactMap(\.verifiedValue)
            let storeDates = verified.flatMap { [$0.purchaseDate, $0.signedDate].compactMap { $0 } }
            return PurchaseAttempt(
                sequence: sequence, productId: productId, startedAt: startedAt,
                unfinishedTransactionIds: unfinished.map(\.unsafePayloadValue.transactionId),
                sweptBeforePurchase: sweptBeforePurchase, sweptTransactionIds: sweptTransactionIds,
                latestTransactionId: latest?.unsafePayloadValue.transactionId,
                currentEntitlementIds: current.compactMap(\.verifiedValue).map(\.transactionId),
                storeClockLowerBound: storeDates.max())
        }
    }
}
