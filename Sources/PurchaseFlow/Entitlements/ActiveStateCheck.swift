import Foundation

/// Rule: whether a single transaction — typically the one `Transaction.latest(for:)` returned —
/// still grants access. The check that makes `latest(for:)` safe as the second entitlement path.
///
/// A transaction is active when it is not revoked, not upgraded, not a consumable, and not
/// expired; an expired auto-renewable subscription still counts while its renewal info's
/// ``RenewalInfo/gracePeriodExpirationDate`` is in the future. Non-renewing subscriptions follow
/// the ``NonRenewingPolicy``.
///
/// [latest(for:)](https://developer.apple.com/documentation/storekit/transaction/latest(for:)),
/// [expirationDate](https://developer.apple.com/documentation/storekit/transaction/expirationdate)
public enum ActiveStateCheck {
    /// Evaluates `transaction` at `now`.
    ///
    /// - Parameters:
    ///   - transaction: The transaction to check.
    ///   - renewalInfo: The renewal info of the transaction's chain, for the grace period; `nil`
    ///     when not known.
    ///   - now: The moment to decide for.
    ///   - nonRenewingPolicy: How the app dates the end of non-renewing subscriptions.
    /// - Returns: The transaction's ``ActiveState``.
    public static func evaluate(
        _ transaction: Transaction, renewalInfo: RenewalInfo?, at now: Date,
        nonRenewingPolicy: NonRenewingPolicy = .storeKit
    ) -> ActiveState {
        if let revocationDate = transaction.revocationDate { return .revoked(at: revocationDate) }
        if transaction.isUpgraded { return .upgraded }
        switch transaction.productType {
        case .consumable:
            return .consumable
        case .nonConsumable:
            return .active
        case .nonRenewable:
            if let expiration = nonRenewingPolicy.expirationDate(for: transaction), expiration <= now {
                return .expired(at: expiration)
            }
            return .active
        case .autoRenewable:
            guard let expiration = transaction.expirationDate else { return .expired(at: nil) }
            if expiration > now { return .active }
            if let grace = renewalInfo?.gracePeriodExpirationDate, grace > now {
                return .inGracePeriod(until: grace)
            }
            return .expired(at: expiration)
        }
    }
}

/// The outcome of ``ActiveStateCheck``: whether one transaction grants access now, and why not.
public enum ActiveState: Hashable, Sendable, CustomStringConvertible {
    /// Grants access.
    case active
    /// Expired, but the billing grace period runs until the date: grants access.
    case inGracePeriod(until: Date)
    /// Expired at the date (`nil` for an auto-renewable transaction without expiration date).
    case expired(at: Date?)
    /// Refunded or revoked at the date.
    case revoked(at: Date)
    /// Superseded by an upgrade within the subscription group.
    case upgraded
    /// A consumable: never an entitlement.
    case consumable

    /// Whether the transaction grants access: ``active`` and ``inGracePeriod(until:)``.
    public var isActive: Bool {
        switch self {
        case .active, .inGracePeriod: true
        case .expired, .revoked, .upgraded, .consumable: false
        }
    }

    /// The case name: `active`, `inGracePeriod`, `expired`, `revoked`, `upgraded`, `consumable`.
    public var name: String {
        switch self {
        case .active: "active"
        case .inGracePeriod: "inGracePeriod"
        case .expired: "expired"
        case .revoked: "revoked"
        case .upgraded: "upgraded"
        case .consumable: "consumable"
        }
    }

    /// The date the case carries (grace end, expiration, revocation), if any.
    public var date: Date? {
        switch self {
        case .inGracePeriod(let date): date
        case .expired(let date): date
        case .revoked(let date): date
        case .active, .upgraded, .consumable: nil
        }
    }

    /// ``name``, with the date in ISO 8601 when there is one, for example
    /// `expired(2026-01-01T00:05:00Z)`.
    public var description: String {
        guard let date else { return name }
        return "\(name)(\(DiagnosticFormat.iso8601(date)))"
    }
}
