/// The status of one subscription chain of a group: StoreKit's `Product.SubscriptionInfo.Status`.
///
/// A group has one status per chain the customer can use: their own purchase, and one shared
/// through Family Sharing if any.
///
/// [Product.SubscriptionInfo.Status](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status)
public struct SubscriptionGroupStatus: Hashable, Sendable {
    /// The subscription group identifier.
    public var groupId: String
    /// The chain's state (subscribed, expired, billing retry, grace period, revoked).
    ///
    /// [state](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status/state)
    public var state: RenewalState
    /// The chain's latest transaction.
    ///
    /// [transaction](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status/transaction)
    public var transaction: VerificationResult<Transaction>
    /// The chain's renewal info.
    ///
    /// [renewalInfo](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/status/renewalinfo)
    public var renewalInfo: VerificationResult<RenewalInfo>

    /// Creates a status.
    ///
    /// - Parameters:
    ///   - groupId: The subscription group identifier.
    ///   - state: The chain's state.
    ///   - transaction: The chain's latest transaction.
    ///   - renewalInfo: The chain's renewal info.
    public init(
        groupId: String, state: RenewalState, transaction: VerificationResult<Transaction>,
        renewalInfo: VerificationResult<RenewalInfo>
    ) {
        self.groupId = groupId
        self.state = state
        self.transaction = transaction
        self.renewalInfo = renewalInfo
    }
}
