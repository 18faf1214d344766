import Foundation

/// The decoded payload of signed renewal information (`signedRenewalInfo` in a notification's
/// ``NotificationData``, auto-renewable subscriptions only), after the JWS is verified.
///
/// Every field is optional because Apple omits fields that don't apply (for example
/// `expirationIntent` unless expired, `gracePeriodExpiresDate` outside a grace period). Enum
/// fields are ``RawEnumValue`` so that values Apple adds later are kept; unknown keys are ignored.
/// Dates are JSON numbers of milliseconds since 1970-01-01 00:00:00 UTC, decoded as `Date` (see
/// ``AppStoreDate``) whatever the decoder's date strategy; `renewalPrice` is `Int64` milli-units
/// of `currency`. Encoding writes the same shape back (`nil` fields omitted).
///
/// ```json
/// {"originalTransactionId": "12345", "autoRenewProductId": "com.example.product.2",
///  "productId": "com.example.product", "autoRenewStatus": 1, "isInBillingRetryPeriod": false,
///  "signedDate": 1698148800000, "environment": "Sandbox",
///  "recentSubscriptionStartDate": 1698148800000, "renewalDate": 1698148850000,
///  "currency": "USD", "renewalPrice": 9990}
/// ```
///
/// [JWSRenewalInfoDecodedPayload](https://developer.apple.com/documentation/appstoreserverapi/jwsrenewalinfodecodedpayload)
public struct JWSRenewalInfoDecodedPayload: Codable, Hashable, Sendable {
    /// `expirationIntent` (integer `1...5`, expired subscriptions only): why the subscription
    /// expired (``ExpirationIntent``).
    ///
    /// [expirationIntent](https://developer.apple.com/documentation/appstoreserverapi/expirationintent)
    public var expirationIntent: RawEnumValue<ExpirationIntent>?

    /// `originalTransactionId` (string): the transaction identifier of the original purchase.
    ///
    /// [originalTransactionId](https://developer.apple.com/documentation/appstoreserverapi/originaltransactionid)
    public var originalTransactionId: String?

    /// `autoRenewProductId` (string): the product that renews at the next billing period.
    ///
    /// [autoRenewProductId](https://developer.apple.com/documentation/appstoreserverapi/autorenewproductid)
    public var autoRenewProductId: String?

    /// `productId` (string): the current subscription product.
    ///
    /// [productId](https://developer.apple.com/documentation/appstoreserverapi/productid)
    public var productId: String?

    /// `autoRenewStatus` (integer `0...1`): whether the subscription renews
    /// (``AutoRenewStatus``).
    ///
    /// [autoRenewStatus](https://developer.apple.com/documentation/appstoreserverapi/autorenewstatus)
    public var autoRenewStatus: RawEnumValue<AutoRenewStatus>?

    /// `isInBillingRetryPeriod` (Boolean): whether the App Store is trying to renew an expired
    /// subscription.
    ///
    /// [isInBillingRetryPeriod](https://developer.apple.com/documentation/appstoreserverapi/isinbillingretryperiod)
    public var isInBillingRetryPeriod: Bool?

    /// `priceIncreaseStatus` (integer `0...1`): the customer's response to a price increase
    /// (``PriceIncreaseStatus``).
    ///
    /// [priceIncreaseStatus](https://developer.apple.com/documentation/appstoreserverapi/priceincreasestatus)
    public var priceIncreaseStatus: RawEnumValue<PriceIncreaseStatus>?

    /// `gracePeriodExpiresDate` (milliseconds since 1970-01-01 UTC): when the Billing Grace
    /// Period ends.
    ///
    /// [gracePeriodExpiresDate](https://developer.apple.com/documentation/appstoreserverapi/graceperiodexpiresdate)
    public var gracePeriodExpiresDate: Date?

    /// `offerType` (integer `1...4`): the offer type applied at renewal (``OfferType``).
    ///
    /// [offerType](https://developer.apple.com/documentation/appstoreserverapi/offertype)
    public var offerType: RawEnumValue<OfferType>?

    /// `offerIdentifier` (string): the promotional offer identifier or offer code reference name.
    ///
    /// [offerIdentifier](https://developer.apple.com/documentation/appstoreserverapi/offeridentifier)
    public var offerIdentifier: String?

    /// `signedDate` (milliseconds since 1970-01-01 UTC): when the App Store signed the JWS.
    ///
    /// [signedDate](https://developer.apple.com/documentation/appstoreserverapi/signeddate)
    public var signedDate: Date?

    /// `environment` (string): `"Sandbox"`, `"Production"`, `"Xcode"` or `"LocalTesting"`;
    /// unknown values are kept.
    ///
    /// [environment](https://developer.apple.com/documentation/appstoreserverapi/environment)
    public var environment: RawEnumValue<AppStoreEnvironment>?

    /// `recentSubscriptionStartDate` (milliseconds since 1970-01-01 UTC): the earliest start date
    /// of the subscription series, ignoring lapses shorter than 60 days.
    ///
    /// [recentSubscriptionStartDate](https://developer.apple.com/documentation/appstoreserverapi/recentsubscriptionstartdate)
    public var recentSubscriptionStartDate: Date?

    /// `renewalDate` (milliseconds since 1970-01-01 UTC): when the most recent purchase expires
    /// or renews.
    ///
    /// [renewalDate](https://developer.apple.com/documentation/appstoreserverapi/renewaldate)
    public var renewalDate: Date?

    /// `currency` (string, ISO 4217): the currency of ``renewalPrice``.
    ///
    /// [currency](https://developer.apple.com/documentation/appstoreserverapi/currency)
    public var currency: String?

    /// `renewalPrice` (integer, `Int64`, milli-units of ``currency``): the price at the next
    /// renewal, for example `9990` for 9.99.
    ///
    /// [renewalPrice](https://developer.apple.com/documentation/appstoreserverapi/renewalprice)
    public var renewalPrice: Int64?

    /// `offerDiscountType` (string): the payment mode of the renewal's offer
    /// (``OfferDiscountType``).
    ///
    /// [offerDiscountType](https://developer.apple.com/documentation/appstoreserverapi/offerdiscounttype)
    public var offerDiscountType: RawEnumValue<OfferDiscountType>?

    /// `eligibleWinBackOfferIds` (array of strings): win-back offers the customer can redeem,
    /// best first.
    ///
    /// [eligibleWinBackOfferIds](https://developer.apple.com/documentation/appstoreserverapi/eligiblewinbackofferids)
    public var eligibleWinBackOfferIds: [String]?

    /// `appTransactionId` (string): the identifier of the app download transaction.
    ///
    /// [appTransactionId](https://developer.apple.com/documentation/appstoreserverapi/apptransactionid)
    public var appTransactionId: String?

    /// `offerPeriod` (string, ISO 8601 duration such as `"P1Y"`): the duration of the offer.
    ///
    /// [offerPeriod](https://developer.apple.com/documentation/appstoreserverapi/offerperiod)
    public var offerPeriod: String?

    /// `appAccountToken` (string, UUID): the UUID your app set on the purchase. An empty string
    /// decodes as `nil`; any other non-UUID string is a `DecodingError`. Encoded lower-case.
    ///
    /// [appAccountToken](https://developer.apple.com/documentation/appstoreserverapi/appaccounttoken)
    public var appAccountToken: UUID?

    /// `advancedCommerceInfo` (object, Advanced Commerce API subscriptions only): the renewal's
    /// items, descriptors, period and consistency token, kept as raw JSON (this library does not
    /// model the Advanced Commerce API).
    ///
    /// [advancedCommerceRenewalInfo](https://developer.apple.com/documentation/appstoreserverapi/advancedcommercerenewalinfo)
    public var advancedCommerceInfo: JSONValue?

    /// `commitmentInfo` (object): the next commitment of a subscription billed in periods
    /// (``RenewalCommitmentInfo``).
    ///
    /// [RenewalCommitmentInfo](https://developer.apple.com/documentation/appstoreserverapi/renewalcommitmentinfo)
    public var commitmentInfo: RenewalCommitmentInfo?

    /// `renewalBillingPlanType` (string): how the subscription is billed when it renews
    /// (``RenewalBillingPlanType``).
    ///
    /// [renewalBillingPlanType](https://developer.apple.com/documentation/appstoreserverapi/renewalbillingplantype)
    public var renewalBillingPlanType: RawEnumValue<RenewalBillingPlanType>?

    /// Creates a value; every field defaults to `nil` (absent).
    ///
    /// - Parameters: one per JSON key, see the properties.
    public init(
        expirationIntent: RawEnumValue<ExpirationIntent>? = nil,
        originalTransactionId: String? = nil,
        autoRenewProductId: String? = nil,
        productId: String? = nil,
        autoRenewStatus: RawEnumValue<AutoRenewStatus>? = nil,
        isInBillingRetryPeriod: Bool? = nil,
        priceIncreaseStatus: RawEnumValue<PriceIncreaseStatus>? = nil,
        gracePeriodExpiresDate: Date? = nil,
        offerType: RawEnumValue<OfferType>? = nil,
        offerIdentifier: String? = nil,
        signedDate: Date? = nil,
        environment: RawEnumValue<AppStoreEnvironment>? = nil,
        recentSubscriptionStartDate: Date? = nil,
        renewalDate: Date? = nil,
        currency: String? = nil,
        renewalPrice: Int64? = nil,
        offerDiscountType: RawEnumValue<OfferDiscountType>? = nil,
        eligibleWinBackOfferIds: [String]? = nil,
        appTransactionId: String? = nil,
        offerPeriod: String? = nil,
        appAccountToken: UUID? = nil,
        advancedCommerceInfo: JSONValue? = nil,
        commitmentInfo: RenewalCommitmentInfo? = nil,
        renewalBillingPlanType: RawEnumValue<RenewalBillingPlanType>? = nil
    ) {
        self.expirationIntent = expirationIntent
        self.originalTransactionId = originalTransactionId
        self.autoRenewProductId = autoRenewProductId
        self.productId = productId
        self.autoRenewStatus = autoRenewStatus
        self.isInBillingRetryPeriod = isInBillingRetryPeriod
        self.priceIncreaseStatus = priceIncreaseStatus
        self.gracePeriodExpiresDate = gracePeriodExpiresDate
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
        self.signedDate = signedDate
        self.environment = environment
        self.recentSubscriptionStartDate = recentSubscriptionStartDate
        self.renewalDate = renewalDate
        self.currency = currency
        self.renewalPrice = renewalPrice
        self.offerDiscountType = offerDiscountType
        self.eligibleWinBackOfferIds = eligibleWinBackOfferIds
        self.appTransactionId = appTransactionId
        self.offerPeriod = offerPeriod
        self.appAccountToken = appAccountToken
        self.advancedCommerceInfo = advancedCommerceInfo
        self.commitmentInfo = commitmentInfo
        self.renewalBillingPlanType = renewalBillingPlanType
    }

    private enum CodingKeys: String, CodingKey {
        case expirationIntent, originalTransactionId, autoRenewProductId, productId
        case autoRenewStatus, isInBillingRetryPeriod, priceIncreaseStatus
        case gracePeriodExpiresDate, offerType, offerIdentifier, signedDate, environment
        case recentSubscriptionStartDate, renewalDate, currency, renewalPrice, offerDiscountType
        case eligibleWinBackOfferIds, appTransactionId, offerPeriod, appAccountToken
        case advancedCommerceInfo, commitmentInfo, renewalBillingPlanType
    }

    /// Decodes renewal info; absent or `null` keys become `nil`, unknown keys are ignored.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong JSON type or
    ///   `appAccountToken` is a non-empty string that isn't a UUID.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        expirationIntent = try c.decodeIfPresent(
            RawEnumValue<ExpirationIntent>.self, forKey: .expirationIntent)
        originalTransactionId = try c.decodeIfPresent(String.self, forKey: .originalTransactionId)
        autoRenewProductId = try c.decodeIfPresent(String.self, forKey: .autoRenewProductId)
        productId = try c.decodeIfPresent(String.self, forKey: .productId)
        autoRenewStatus = try c.decodeIfPresent(
            RawEnumValue<AutoRenewStatus>.self, forKey: .autoRenewStatus)
        isInBillingRetryPeriod = try c.decodeIfPresent(Bool.self, forKey: .isInBillingRetryPeriod)
        priceIncreaseStatus = try c.decodeIfPresent(
            RawEnumValue<PriceIncreaseStatus>.self, forKey: .priceIncreaseStatus)
        gracePeriodExpiresDate = try c.decodeMillisecondsDateIfPresent(
            forKey: .gracePeriodExpiresDate)
        offerType = try c.decodeIfPresent(RawEnumValue<OfferType>.self, forKey: .offerType)
        offerIdentifier = try c.decodeIfPresent(String.self, forKey: .offerIdentifier)
        signedDate = try c.decodeMillisecondsDateIfPresent(forKey: .signedDate)
        environment = try c.decodeIfPresent(
            RawEnumValue<AppStoreEnvironment>.self, forKey: .environment)
        recentSubscriptionStartDate = try c.decodeMillisecondsDateIfPresent(
            forKey: .recentSubscriptionStartDate)
        renewalDate = try c.decodeMillisecondsDateIfPresent(forKey: .renewalDate)
        currency = try c.decodeIfPresent(String.self, forKey: .currency)
        renewalPrice = try c.decodeIfPresent(Int64.self, forKey: .renewalPrice)
        offerDiscountType = try c.decodeIfPresent(
            RawEnumValue<OfferDiscountType>.self, forKey: .offerDiscountType)
        eligibleWinBackOfferIds = try c.decodeIfPresent(
            [String].self, forKey: .eligibleWinBackOfferIds)
        appTransactionId = try c.decodeIfPresent(String.self, forKey: .appTransactionId)
        offerPeriod = try c.decodeIfPresent(String.self, forKey: .offerPeriod)
        appAccountToken = try c.decodeUUIDIfPresent(forKey: .appAccountToken)
        advancedCommerceInfo = try c.decodeIfPresent(JSONValue.self, forKey: .advancedCommerceInfo)
        commitmentInfo = try c.decodeIfPresent(RenewalCommitmentInfo.self, forKey: .commitmentInfo)
        renewalBillingPlanType = try c.decodeIfPresent(
            RawEnumValue<RenewalBillingPlanType>.self, forKey: .renewalBillingPlanType)
    }

    /// Encodes the renewal info: `nil` fields omitted, dates as whole milliseconds since 1970,
    /// `appAccountToken` as a lower-case UUID string.
    ///
    /// - Throws: Whatever the encoder throws (never for `JSONEncoder`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(expirationIntent, forKey: .expirationIntent)
        try c.encodeIfPresent(originalTransactionId, forKey: .originalTransactionId)
        try c.encodeIfPresent(autoRenewProductId, forKey: .autoRenewProductId)
        try c.encodeIfPresent(productId, forKey: .productId)
        try c.encodeIfPresent(autoRenewStatus, forKey: .autoRenewStatus)
        try c.encodeIfPresent(isInBillingRetryPeriod, forKey: .isInBillingRetryPeriod)
        try c.encodeIfPresent(priceIncreaseStatus, forKey: .priceIncreaseStatus)
        try c.encodeMillisecondsDateIfPresent(
            gracePeriodExpiresDate, forKey: .gracePeriodExpiresDate)
        try c.encodeIfPresent(offerType, forKey: .offerType)
        try c.encodeIfPresent(offerIdentifier, forKey: .offerIdentifier)
        try c.encodeMillisecondsDateIfPresent(signedDate, forKey: .signedDate)
        try c.encodeIfPresent(environment, forKey: .environment)
        try c.encodeMillisecondsDateIfPresent(
            recentSubscriptionStartDate, forKey: .recentSubscriptionStartDate)
        try c.encodeMillisecondsDateIfPresent(renewalDate, forKey: .renewalDate)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(renewalPrice, forKey: .renewalPrice)
        try c.encodeIfPresent(offerDiscountType, forKey: .offerDiscountType)
        try c.encodeIfPresent(eligibleWinBackOfferIds, forKey: .eligibleWinBackOfferIds)
        try c.encodeIfPresent(appTransactionId, forKey: .appTransactionId)
        try c.encodeIfPresent(offerPeriod, forKey: .offerPeriod)
        try c.encodeUUIDIfPresent(appAccountToken, forKey: .appAccountToken)
        try c.encodeIfPresent(advancedCommerceInfo, forKey: .advancedCommerceInfo)
        try c.encodeIfPresent(commitmentInfo, forKey: .commitmentInfo)
        try c.encodeIfPresent(renewalBillingPlanType, forKey: .renewalBillingPlanType)
    }
}
