import Foundation

/// The renewal state of an auto-renewable subscription chain: StoreKit's
/// `Product.SubscriptionInfo.RenewalInfo` (the server's `JWSRenewalInfoDecodedPayload`).
///
/// One per chain (``originalTransactionId``). It says what happens at the end of the current
/// period and, once the period is over, whether the App Store is retrying the payment
/// (``isInBillingRetry``) and until when access continues (``gracePeriodExpirationDate``).
///
/// [Product.SubscriptionInfo.RenewalInfo](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo)
public struct RenewalInfo: Hashable, Sendable, Codable {
    /// The chain's original transaction identifier (StoreKit `originalTransactionID`).
    ///
    /// [originalTransactionID](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/originaltransactionid)
    public var originalTransactionId: String

    /// The product the customer is subscribed to now (StoreKit `currentProductID`, server
    /// `productId`).
    ///
    /// [currentProductID](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/currentproductid)
    public var currentProductId: String

    /// Whether the subscription renews at the end of the period (server `autoRenewStatus` `1`).
    ///
    /// [willAutoRenew](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/willautorenew)
    public var willAutoRenew: Bool

    /// The product that renews next (differs from ``currentProductId`` after a downgrade or
    /// crossgrade); `nil` when not known (server `autoRenewProductId`).
    ///
    /// [autoRenewPreference](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/autorenewpreference)
    public var autoRenewPreference: String?

    /// Why the subscription expired; `nil` while it is active (server `expirationIntent`).
    ///
    /// [expirationReason](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/expirationreason-swift.property)
    public var expirationReason: ExpirationReason?

    /// Whether the App Store is trying to collect a failed renewal payment (server
    /// `isInBillingRetryPeriod`).
    ///
    /// [isInBillingRetry](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/isinbillingretry)
    public var isInBillingRetry: Bool

    /// When the billing grace period ends; while it is in the future after the period ended, the
    /// customer keeps access (``RenewalState/inGracePeriod``). `nil` when there is no grace period
    /// (server `gracePeriodExpiresDate`).
    ///
    /// [gracePeriodExpirationDate](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/graceperiodexpirationdate)
    public var gracePeriodExpirationDate: Date?

    /// When the subscription renews next; `nil` when not known.
    ///
    /// [renewalDate](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/renewaldate)
    public var renewalDate: Date?

    /// The start of the latest run of consecutive paid periods (gaps under 60 days ignored);
    /// `nil` when not known.
    ///
    /// [recentSubscriptionStartDate](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/recentsubscriptionstartdate)
    public var recentSubscriptionStartDate: Date?

    /// The server environment.
    ///
    /// [environment](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/environment)
    public var environment: Transaction.Environment

    /// When the App Store signed the renewal info; `nil` when not known.
    ///
    /// [signedDate](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/signeddate)
    public var signedDate: Date?

    /// Creates renewal info.
    ///
    /// - Parameters:
    ///   - originalTransactionId: The chain's original transaction identifier.
    ///   - currentProductId: The product subscribed to now.
    ///   - willAutoRenew: Whether it renews at the end of the period; defaults to `true`.
    ///   - autoRenewPreference: The product that renews next; defaults to `currentProductId`.
    ///   - expirationReason: Why it expired.
    ///   - isInBillingRetry: Whether a payment is being retried; defaults to `false`.
    ///   - gracePeriodExpirationDate: The end of the billing grace period.
    ///   - renewalDate: The next renewal date.
    ///   - recentSubscriptionStartDate: The start of the recent paid run.
    ///   - environment: The environment; defaults to production.
    ///   - signedDate: When it was signed.
    public init(
        originalTransactionId: String,
        currentProductId: String,
        willAutoRenew: Bool = true,
        autoRenewPreference: String? = nil,
        expirationReason: ExpirationReason? = nil,
        isInBillingRetry: Bool = false,
        gracePeriodExpirationDate: Date? = nil,
        renewalDate: Date? = nil,
        recentSubscriptionStartDate: Date? = nil,
        environment: Transaction.Environment = .production,
        signedDate: Date? = nil
    ) {
        self.originalTransactionId = originalTransactionId
        self.currentProductId = currentProductId
        self.willAutoRenew = willAutoRenew
        self.autoRenewPreference = autoRenewPreference ?? currentProductId
        self.expirationReason = expirationReason
        self.isInBillingRetry = isInBillingRetry
        self.gracePeriodExpirationDate = gracePeriodExpirationDate
        self.renewalDate = renewalDate
        self.recentSubscriptionStartDate = recentSubscriptionStartDate
        self.environment = environment
        self.signedDate = signedDate
    }

    /// Why an auto-renewable subscription expired: StoreKit's `RenewalInfo.ExpirationReason`.
    ///
    /// The raw values are the App Store Server API's `expirationIntent` integers `1...5`; a value
    /// Apple adds later is kept as it is.
    ///
    /// [RenewalInfo.ExpirationReason](https://developer.apple.com/documentation/storekit/product/subscriptioninfo/renewalinfo/expirationreason-swift.struct)
    public struct ExpirationReason: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        /// Apple's integer (`1...5`), kept as sent.
        public var rawValue: Int

        /// Creates a value from Apple's integer; never fails.
        ///
        /// - Parameter rawValue: The integer, for example `2`.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// `1`: the customer turned off automatic renewal.
        public static let autoRenewDisabled = ExpirationReason(rawValue: 1)
        /// `2`: a billing error (the payment could not be collected).
        public static let billingError = ExpirationReason(rawValue: 2)
        /// `3`: the customer did not consent to a price increase.
        public static let didNotConsentToPriceIncrease = ExpirationReason(rawValue: 3)
        /// `4`: the product was not available for purchase at renewal.
        public static let productUnavailable = ExpirationReason(rawValue: 4)
        /// `5`: another reason.
        public static let unknown = ExpirationReason(rawValue: 5)

        /// The static member's name, or `unknown(<n>)` for a value without one.
        public var description: String {
            switch rawValue {
            case 1: "autoRenewDisabled"
            case 2: "billingError"
            case 3: "didNotConsentToPriceIncrease"
            case 4: "productUnavailable"
            case 5: "unknown"
            default: "unknown(\(rawValue))"
            }
        }
    }
}
