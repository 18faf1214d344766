/// The state of an auto-renewable subscription chain: StoreKit's
/// `Product.SubscriptionInfo.RenewalState`.
///
/// The raw values are StoreKit's integers, which are also the App Store Server API's subscription
/// `status` values: subscribed `1`, expired `2`, inBillingRetryPeriod `3`, inGracePeriod `4`,
/// revoked `5`. Only ``subscribed`` and ``inGracePeriod`` grant access (``isEntitled``).
/// ``SubscriptionChainState`` computes the state from a chain's transactions and renewal info.
///
/// [Product.SubscriptionInfo.RenewalState](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalstate)
public enum RenewalState: Int, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// `1`: the current period has not ended. Entitled.
    case subscribed = 1
    /// `2`: the subscription ended (cancelled, billing retry over, or never renewed). Not
    /// entitled.
    case expired = 2
    /// `3`: the period ended, the App Store is retrying the payment, and there is no grace period
    /// (or it is over). Not entitled.
    case inBillingRetryPeriod = 3
    /// `4`: the period ended, the App Store is retrying the payment, and the billing grace period
    /// (`RenewalInfo.gracePeriodExpirationDate`) is running. Entitled.
    case inGracePeriod = 4
    /// `5`: the App Store revoked the subscription (refund, or Family Sharing access ended). Not
    /// entitled.
    case revoked = 5

    /// Whether this state grants access: ``subscribed`` and ``inGracePeriod`` do.
    ///
    /// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
    public var isEntitled: Bool {
        self == .subscribed || self == .inGracePeriod
    }

    /// The case name, for example `inGracePeriod`.
    public var description: String {
        switch self {
        case .subscribed: "subscribed"
        case .expired: "expired"
        case .inBillingRetryPeriod: "inBillingRetryPeriod"
        case .inGracePeriod: "inGracePeriod"
        case .revoked: "revoked"
        }
    }
}
