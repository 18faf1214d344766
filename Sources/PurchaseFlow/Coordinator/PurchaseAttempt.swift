import Foundation

/// One call of ``PurchaseCoordinator/purchase(productId:options:)``, as it stood just before the
/// store was asked: the evidence ``StaleTransactionDetector`` compares the result with.
public struct PurchaseAttempt: Hashable, Sendable, Codable {
    /// The attempt's number within its coordinator, from 1 (0 for ``begin(productId:store:timeSource:)``).
    public var sequence: Int
    /// The product requested.
    public var productId: String
    /// When the attempt started, before the sweep (the coordinator's clock).
    public var startedAt: Date
    /// The identifiers of the transactions that were unfinished when the attempt started (before
    /// the sweep), oldest first: the pre-purchase `Transaction.unfinished` snapshot.
    public var unfinishedTransactionIds: [String]
    /// Whether the coordinator swept unfinished transactions before purchasing.
    public var sweptBeforePurchase: Bool
    /// The identifiers of the transactions the pre-purchase sweep finished; empty without sweep.
    public var sweptTransactionIds: [String]

    /// Creates an attempt.
    ///
    /// - Parameters:
    ///   - sequence: The attempt's number.
    ///   - productId: The product requested.
    ///   - startedAt: When the attempt started.
    ///   - unfinishedTransactionIds: The unfinished transactions before the attempt.
    ///   - sweptBeforePurchase: Whether a sweep ran before purchasing.
    ///   - sweptTransactionIds: The transactions that sweep finished.
    public init(
        sequence: Int, productId: String, startedAt: Date, unfinishedTransactionIds: [String],
        sweptBeforePurchase: Bool, sweptTransactionIds: [String]
    ) {
        self.sequence = sequence
        self.productId = productId
        self.startedAt = startedAt
        self.unfinishedTransactionIds = unfinishedTransactionIds
        self.sweptBeforePurchase = sweptBeforePurchase
        self.sweptTransactionIds = sweptTransactionIds
    }

    /// Records an attempt for code that calls the store directly (without a coordinator): reads
    /// the unfinished transactions and the time, and sweeps nothing.
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
        let startedAt = timeSource.now()
        let unfinished = await store.unfinished()
        return PurchaseAttempt(
            sequence: 0, productId: productId, startedAt: startedAt,
            unfinishedTransactionIds: unfinished.map(\.unsafePayloadValue.transactionId), sweptBeforePurchase: false,
            sweptTransactionIds: [])
    }
}
