import Foundation

extension Transaction {
    /// The kind of in-app product: StoreKit's `Product.ProductType`.
    ///
    /// The raw value is Apple's string, the same in StoreKit and in the App Store Server API's
    /// `type` field (`"Auto-Renewable Subscription"`).
    ///
    /// [Product.ProductType](https://developer.apple.com/documentation/storekit/product/producttype)
    public enum ProductType: String, CaseIterable, Hashable, Sendable, Codable {
        /// `"Consumable"`: used once and bought again (coins, lives). Never an entitlement.
        case consumable = "Consumable"
        /// `"Non-Consumable"`: bought once, owned for good (unless refunded).
        case nonConsumable = "Non-Consumable"
        /// `"Auto-Renewable Subscription"`: renews each period until cancelled; entitled while
        /// subscribed or in the billing grace period.
        case autoRenewable = "Auto-Renewable Subscription"
        /// `"Non-Renewing Subscription"`: a limited period the app manages itself; StoreKit
        /// keeps the latest one in current entitlements whatever its age.
        case nonRenewable = "Non-Renewing Subscription"
    }

    /// Whether the customer bought the product or has it through Family Sharing: StoreKit's
    /// `Transaction.OwnershipType`.
    ///
    /// The raw value is Apple's string (`"PURCHASED"`, `"FAMILY_SHARED"`); a value Apple adds
    /// later is kept as it is.
    ///
    /// [Transaction.OwnershipType](https://developer.apple.com/documentation/storekit/transaction/ownershiptype-swift.struct)
    public struct OwnershipType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// Apple's string, for example `"PURCHASED"`.
        public var rawValue: String

        /// Creates a value from Apple's string; never fails.
        ///
        /// - Parameter rawValue: The string, for example `"FAMILY_SHARED"`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// `"PURCHASED"`: the customer bought the product.
        public static let purchased = OwnershipType(rawValue: "PURCHASED")
        /// `"FAMILY_SHARED"`: a family member bought it and shares it through Family Sharing.
        public static let familyShared = OwnershipType(rawValue: "FAMILY_SHARED")

        /// The raw value.
        public var description: String { rawValue }
    }

    /// Why the App Store refunded or revoked a transaction: StoreKit's
    /// `Transaction.RevocationReason` (the server's `revocationReason`, an integer).
    ///
    /// [Transaction.RevocationReason](https://developer.apple.com/documentation/storekit/transaction/revocationreason-swift.struct)
    public struct RevocationReason: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// Apple's integer: `0` other, `1` an issue in the app; other values are kept.
        public var rawValue: Int

        /// Creates a value from Apple's integer; never fails.
        ///
        /// - Parameter rawValue: The integer, for example `1`.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// `0`: refunded for another reason, for example an accidental purchase.
        public static let other = RevocationReason(rawValue: 0)
        /// `1`: refunded because of an actual or perceived issue in the app.
        public static let developerIssue = RevocationReason(rawValue: 1)

        /// `other`, `developerIssue` or `unknown(<n>)`.
        public var description: String {
            switch rawValue {
            case 0: "other"
            case 1: "developerIssue"
            default: "unknown(\(rawValue))"
            }
        }
    }

    /// The server environment that produced a transaction: StoreKit's `AppStore.Environment`.
    ///
    /// The raw value is Apple's string (`"Production"`, `"Sandbox"`, `"Xcode"`,
    /// `"LocalTesting"`); a value Apple adds later is kept as it is.
    ///
    /// [AppStore.Environment](https://developer.apple.com/documentation/storekit/appstore/environment)
    public struct Environment: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// Apple's string, for example `"Sandbox"`.
        public var rawValue: String

        /// Creates a value from Apple's string; never fails.
        ///
        /// - Parameter rawValue: The string, for example `"Production"`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// `"Production"`: the live App Store.
        public static let production = Environment(rawValue: "Production")
        /// `"Sandbox"`: the sandbox test environment (accelerated renewals).
        public static let sandbox = Environment(rawValue: "Sandbox")
        /// `"Xcode"`: StoreKit testing in Xcode.
        public static let xcode = Environment(rawValue: "Xcode")
        /// `"LocalTesting"`: local testing (App Store Server Library tests).
        public static let localTesting = Environment(rawValue: "LocalTesting")

        /// The raw value.
        public var description: String { rawValue }
    }

    /// Whether a customer purchase or an automatic renewal produced a transaction: StoreKit's
    /// `Transaction.Reason` (the server's `transactionReason`).
    ///
    /// [Transaction.Reason](https://developer.apple.com/documentation/storekit/transaction/reason-swift.struct)
    public enum Reason: String, CaseIterable, Hashable, Sendable, Codable {
        /// `"PURCHASE"`: the customer bought, resubscribed, upgraded or restored.
        case purchase = "PURCHASE"
        /// `"RENEWAL"`: the App Store renewed an auto-renewable subscription.
        case renewal = "RENEWAL"
    }
}
