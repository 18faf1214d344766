import Foundation

/// Whether the customer is entitled to a product, decided by two paths, and which path decided.
///
/// Path 1 is `Transaction.currentEntitlements`: if it lists a verified transaction of the
/// product, the customer is entitled. Otherwise path 2, `Transaction.latest(for:)`, decides with
/// ``ActiveStateCheck`` (not revoked, not upgraded, not expired — a running grace period counts).
/// Path 2 covers environments where `currentEntitlements` is briefly empty; the check keeps an
/// expired chain's latest transaction from granting access.
///
/// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements),
/// [latest(for:)](https://developer.apple.com/documentation/storekit/transaction/latest(for:))
public struct EntitlementResolution: Hashable, Sendable {
    /// The product.
    public var productId: String
    /// Whether the customer is entitled now.
    public var isEntitled: Bool
    /// The path that decided.
    public var decidedBy: EntitlementPath
    /// The transaction the decision rests on: the current entitlement, or the latest transaction;
    /// `nil` when the customer never bought the product.
    public var transaction: Transaction?
    /// ``ActiveStateCheck``'s verdict on the latest transaction (path 2 only; `nil` on path 1 or
    /// without a transaction).
    public var activeState: ActiveState?
    /// The verification error of the latest transaction, when it was unverified (then not
    /// entitled).
    public var verificationError: TransactionVerificationError?
    /// How many verified transactions `currentEntitlements` listed (all products).
    public var currentEntitlementsCount: Int
    /// When the decision was made (the coordinator's clock).
    public var resolvedAt: Date

    /// Creates a resolution.
    ///
    /// - Parameters:
    ///   - productId: The product.
    ///   - isEntitled: Whether the customer is entitled.
    ///   - decidedBy: The deciding path.
    ///   - transaction: The transaction the decision rests on.
    ///   - activeState: The active-state verdict (path 2).
    ///   - verificationError: The latest transaction's verification error.
    ///   - currentEntitlementsCount: The number of verified current entitlements.
    ///   - resolvedAt: When it was decided.
    public init(
        productId: String, isEntitled: Bool, decidedBy: EntitlementPath, transaction: Transaction?,
        activeState: ActiveState?, verificationError: TransactionVerificationError? = nil,
        currentEntitlementsCount: Int, resolvedAt: Date
    ) {
        self.productId = productId
        self.isEntitled = isEntitled
        self.decidedBy = decidedBy
        self.transaction = transaction
        self.activeState = activeState
        self.verificationError = verificationError
        self.currentEntitlementsCount = currentEntitlementsCount
        self.resolvedAt = resolvedAt
    }
}

/// The path that decided an ``EntitlementResolution``.
public enum EntitlementPath: String, CaseIterable, Hashable, Sendable, Codable {
    /// `Transaction.currentEntitlements` listed the product.
    ///
    /// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
    case currentEntitlements
    /// `currentEntitlements` did not list it; `Transaction.latest(for:)` with ``ActiveStateCheck``
    /// decided.
    ///
    /// [latest(for:)](https://developer.apple.com/documentation/storekit/transaction/latest(for:))
    case latestTransaction
}
