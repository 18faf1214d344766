/// Whether a product is a current entitlement, and if not, which rule excluded it.
///
/// Produced per product by ``EntitlementEngine/evaluate(_:renewalInfo:at:)`` and by the
/// type-specific rules (``NonConsumableRule``, ``AutoRenewableRule``, ``NonRenewingRule``).
///
/// [currentEntitlements](https://developer.apple.com/documentation/storekit/transaction/currententitlements)
public enum EntitlementVerdict: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The product grants access now.
    case entitled
    /// The product grants nothing now, for the reason given.
    case excluded(ExclusionReason)

    /// Whether the verdict is ``entitled``.
    public var isEntitled: Bool { self == .entitled }

    /// `entitled`, or `excluded(<reason>)`.
    public var description: String {
        switch self {
        case .entitled: "entitled"
        case .excluded(let reason): "excluded(\(reason.rawValue))"
        }
    }
}

/// The rule that kept a product out of the current entitlements.
public enum ExclusionReason: String, CaseIterable, Hashable, Sendable, Codable {
    /// ``ConsumableRule``: consumables are never entitlements.
    case consumable
    /// ``RevocationRule``: every transaction of the product was refunded or revoked, or the
    /// subscription chain's state is ``RenewalState/revoked``.
    case revoked
    /// ``UpgradeRule``: the transaction was superseded by an upgrade within its group.
    case upgraded
    /// ``AutoRenewableRule``: the subscription chain's state is ``RenewalState/expired``.
    case expired
    /// ``AutoRenewableRule``: the chain is in ``RenewalState/inBillingRetryPeriod`` without a
    /// running grace period.
    case inBillingRetryPeriod
    /// ``NonRenewingRule``: the app's own validity period of a non-renewing subscription is over.
    case appDefinedExpiry
}
