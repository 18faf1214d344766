import Foundation

/// A product that ``SimulatedStore`` sells: what App Store Connect would hold for it.
public struct SimulatedProduct: Hashable, Sendable {
    /// The product identifier.
    public var id: String
    /// The product type.
    public var type: Transaction.ProductType
    /// The subscription group (auto-renewable subscriptions only).
    public var subscriptionGroupId: String?
    /// The service level within the group: `1` is the highest, as in App Store Connect. Buying a
    /// product with a smaller level than the current one is an upgrade.
    public var groupLevel: Int
    /// The length of one subscription period in seconds (auto-renewable subscriptions only).
    public var period: TimeInterval?

    /// Creates a product.
    ///
    /// - Parameters:
    ///   - id: The product identifier.
    ///   - type: The product type.
    ///   - subscriptionGroupId: The subscription group (auto-renewable subscriptions).
    ///   - groupLevel: The service level within the group, `1` highest; `1` by default.
    ///   - period: Seconds per period (auto-renewable subscriptions).
    public init(
        id: String, type: Transaction.ProductType, subscriptionGroupId: String? = nil, groupLevel: Int = 1,
        period: TimeInterval? = nil
    ) {
        self.id = id
        self.type = type
        self.subscriptionGroupId = subscriptionGroupId
        self.groupLevel = groupLevel
        self.period = period
    }

    /// A consumable.
    ///
    /// - Parameter id: The product identifier.
    public static func consumable(_ id: String) -> SimulatedProduct {
        SimulatedProduct(id: id, type: .consumable)
    }

    /// A non-consumable.
    ///
    /// - Parameter id: The product identifier.
    public static func nonConsumable(_ id: String) -> SimulatedProduct {
        SimulatedProduct(id: id, type: .nonConsumable)
    }

    /// A non-renewing subscription.
    ///
    /// - Parameter id: The product identifier.
    public static func nonRenewable(_ id: String) -> SimulatedProduct {
        SimulatedProduct(id: id, type: .nonRenewable)
    }

    /// An auto-renewable subscription.
    ///
    /// - Parameters:
    ///   - id: The product identifier.
    ///   - groupId: The subscription group.
    ///   - level: The service level, `1` highest; `1` by default.
    ///   - period: Seconds per period; 5 minutes by default (the sandbox's "1 month").
    public static func autoRenewable(
        _ id: String, groupId: String, level: Int = 1, period: TimeInterval = SimulatedProduct.sandboxMonth
    ) -> SimulatedProduct {
        SimulatedProduct(id: id, type: .autoRenewable, subscriptionGroupId: groupId, groupLevel: level, period: period)
    }

    /// 300 seconds: how long a one-month subscription lasts in the App Store sandbox.
    public static let sandboxMonth: TimeInterval = 5 * 60
}

/// A purchase sheet ``SimulatedStore`` "showed": the evidence that a purchase was interactive.
public struct SheetPresentation: Hashable, Sendable {
    /// What the sheet asked for.
    public enum Kind: String, Hashable, Sendable {
        /// The App Store purchase confirmation sheet.
        case purchase
        /// The Ask to Buy request sheet of a child account.
        case askToBuyRequest
    }

    /// The product of the purchase.
    public var productId: String
    /// When the sheet was shown (the store's clock).
    public var shownAt: Date
    /// What the sheet asked for.
    public var kind: Kind
}

/// A purchase waiting for a parent's Ask to Buy decision in ``SimulatedStore``.
public struct PendingPurchase: Hashable, Sendable {
    /// The product requested.
    public var productId: String
    /// The purchase options given.
    public var options: PurchaseOptions
    /// When the request was made.
    public var requestedAt: Date
}
