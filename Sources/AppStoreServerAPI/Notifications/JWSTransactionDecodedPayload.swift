import Foundation

/// The decoded payload of a signed transaction (`signedTransactionInfo` in a notification's
/// ``NotificationData``, or an App Store Server API response), after the JWS is verified.
///
/// Every field is optional because Apple omits fields that don't apply (for example
/// `expiresDate` for consumables, `revocationDate` unless refunded). Enum fields are
/// ``RawEnumValue`` so that values Apple adds later are kept; unknown keys are ignored. Dates are
/// JSON numbers of milliseconds since 1970-01-01 00:00:00 UTC, decoded as `Date` (see
/// ``AppStoreDate``) whatever the decoder's date strategy; prices are `Int64` milli-units of the
/// currency (`10990` = 10.99), percentages `Int32` milli-percent (`50000` = 50 %). Encoding writes
/// the same shape back (`nil` fields omitted).
///
/// ```json
/// {"transactionId": "23456", "originalTransactionId": "12345", "bundleId": "com.example",
///  "productId": "com.example.product", "purchaseDate": 1698148900000, "quantity": 1,
///  "type": "Consumable", "inAppOwnershipType": "PURCHASED", "signedDate": 1698148900000,
///  "environment": "Sandbox", "transactionReason": "PURCHASE", "storefront": "USA",
///  "storefrontId": "143441", "price": 10990, "currency": "USD"}
/// ```
///
/// [JWSTransactionDecodedPayload](https://developer.apple.com/documentation/appstoreserverapi/jwstransactiondecodedpayload)
public struct JWSTransactionDecodedPayload: Codable, Hashable, Sendable {
    /// `transactionId` (string): the unique identifier of the transaction (purchase, restore or
    /// renewal). Use it in the Send Consumption Information path.
    ///
    /// [transactionId](https://developer.apple.com/documentation/appstoreserverapi/transactionid)
    public var transactionId: String?

    /// `originalTransactionId` (string): the transaction identifier of the original purchase.
    ///
    /// [originalTransactionId](https://developer.apple.com/documentation/appstoreserverapi/originaltransactionid)
    public var originalTransactionId: String?

    /// `webOrderLineItemId` (string): the identifier of subscription-purchase events across
    /// devices, including renewals.
    ///
    /// [webOrderLineItemId](https://developer.apple.com/documentation/appstoreserverapi/weborderlineitemid)
    public var webOrderLineItemId: String?

    /// `bundleId` (string): the app's bundle identifier.
    ///
    /// [bundleId](https://developer.apple.com/documentation/appstoreserverapi/bundleid)
    public var bundleId: String?

    /// `productId` (string): the product identifier you created in App Store Connect.
    ///
    /// [productId](https://developer.apple.com/documentation/appstoreserverapi/productid)
    public var productId: String?

    /// `subscriptionGroupIdentifier` (string, subscriptions only): the subscription group.
    ///
    /// [subscriptionGroupIdentifier](https://developer.apple.com/documentation/appstoreserverapi/subscriptiongroupidentifier)
    public var subscriptionGroupIdentifier: String?

    /// `purchaseDate` (milliseconds since 1970-01-01 UTC): when the App Store charged the
    /// customer (purchase, restore, subscription, or renewal after a lapse).
    ///
    /// [purchaseDate](https://developer.apple.com/documentation/appstoreserverapi/purchasedate)
    public var purchaseDate: Date?

    /// `originalPurchaseDate` (milliseconds since 1970-01-01 UTC): the purchase date of the
    /// original transaction.
    ///
    /// [originalPurchaseDate](https://developer.apple.com/documentation/appstoreserverapi/originalpurchasedate)
    public var originalPurchaseDate: Date?

    /// `expiresDate` (milliseconds since 1970-01-01 UTC, subscriptions only): when the
    /// subscription expires or renews.
    ///
    /// [expiresDate](https://developer.apple.com/documentation/appstoreserverapi/expiresdate)
    public var expiresDate: Date?

    /// `quantity` (integer, `Int32`): the number of consumable products purchased.
    ///
    /// [quantity](https://developer.apple.com/documentation/appstoreserverapi/quantity)
    public var quantity: Int32?

    /// `type` (string): the product type (``ProductType``), for example
    /// `"Auto-Renewable Subscription"`; unknown values are kept.
    ///
    /// [type](https://developer.apple.com/documentation/appstoreserverapi/type)
    public var type: RawEnumValue<ProductType>?

    /// `appAccountToken` (string, UUID): the UUID your app set on the purchase. An empty string
    /// decodes as `nil`; any other non-UUID string is a `DecodingError`. Encoded lower-case.
    ///
    /// [appAccountToken](https://developer.apple.com/documentation/appstoreserverapi/appaccounttoken)
    public var appAccountToken: UUID?

    /// `inAppOwnershipType` (string): purchased by the customer or shared through Family Sharing
    /// (``InAppOwnershipType``).
    ///
    /// [inAppOwnershipType](https://developer.apple.com/documentation/appstoreserverapi/inappownershiptype)
    public var inAppOwnershipType: RawEnumValue<InAppOwnershipType>?

    /// `signedDate` (milliseconds since 1970-01-01 UTC): when the App Store signed the JWS.
    ///
    /// [signedDate](https://developer.apple.com/documentation/appstoreserverapi/signeddate)
    public var signedDate: Date?

    /// `revocationReason` (integer `0...1`): why the transaction was refunded
    /// (``RevocationReason``); present only when refunded or revoked.
    ///
    /// [revocationReason](https://developer.apple.com/documentation/appstoreserverapi/revocationreason)
    public var revocationReason: RawEnumValue<RevocationReason>?

    /// `revocationDate` (milliseconds since 1970-01-01 UTC): when the App Store refunded the
    /// transaction or revoked it from Family Sharing; present only then. Remove access.
    ///
    /// [revocationDate](https://developer.apple.com/documentation/appstoreserverapi/revocationdate)
    public var revocationDate: Date?

    /// `isUpgraded` (Boolean): whether the customer upgraded to another subscription in the group
    /// (don't grant access from this transaction).
    ///
    /// [isUpgraded](https://developer.apple.com/documentation/appstoreserverapi/isupgraded)
    public var isUpgraded: Bool?

    /// `offerType` (integer `1...4`): the offer type (``OfferType``).
    ///
    /// [offerType](https://developer.apple.com/documentation/appstoreserverapi/offertype)
    public var offerType: RawEnumValue<OfferType>?

    /// `offerIdentifier` (string): the promotional offer identifier or offer code reference name.
    ///
    /// [offerIdentifier](https://developer.apple.com/documentation/appstoreserverapi/offeridentifier)
    public var offerIdentifier: String?

    /// `environment` (string): `"Sandbox"`, `"Production"`, `"Xcode"` or `"LocalTesting"`;
    /// unknown values are kept.
    ///
    /// [environment](https://developer.apple.com/documentation/appstoreserverapi/environment)
    public var environment: RawEnumValue<AppStoreEnvironment>?

    /// `storefront` (string, ISO 3166-1 alpha-3): the country or region of the App Store
    /// storefront, for example `"USA"`.
    ///
    /// [storefront](https://developer.apple.com/documentation/appstoreserverapi/storefront)
    public var storefront: String?

    /// `storefrontId` (string): Apple's identifier of the storefront, for example `"143441"`.
    ///
    /// [storefrontId](https://developer.apple.com/documentation/appstoreserverapi/storefrontid)
    public var storefrontId: String?

    /// `transactionReason` (string): a customer purchase or a system renewal
    /// (``TransactionReason``).
    ///
    /// [transactionReason](https://developer.apple.com/documentation/appstoreserverapi/transactionreason)
    public var transactionReason: RawEnumValue<TransactionReason>?

    /// `currency` (string, ISO 4217): the currency of ``price``, for example `"USD"`.
    ///
    /// [currency](https://developer.apple.com/documentation/appstoreserverapi/currency)
    public var currency: String?

    /// `price` (integer, `Int64`, milli-units of ``currency``): the price the system recorded, for
    /// example `10990` for 10.99.
    ///
    /// [price](https://developer.apple.com/documentation/appstoreserverapi/price)
    public var price: Int64?

    /// `offerDiscountType` (string): the payment mode of the offer (``OfferDiscountType``).
    ///
    /// [offerDiscountType](https://developer.apple.com/documentation/appstoreserverapi/offerdiscounttype)
    public var offerDiscountType: RawEnumValue<OfferDiscountType>?

    /// `appTransactionId` (string): the identifier of the app download transaction.
    ///
    /// [appTransactionId](https://developer.apple.com/documentation/appstoreserverapi/apptransactionid)
    public var appTransactionId: String?

    /// `offerPeriod` (string, ISO 8601 duration such as `"P1M"`): the duration of the offer.
    ///
    /// [offerPeriod](https://developer.apple.com/documentation/appstoreserverapi/offerperiod)
    public var offerPeriod: String?

    /// `revocationType` (string, API 1.19+): the kind of refund or revocation
    /// (``RevocationType``), for example `"REFUND_PRORATED"`.
    ///
    /// [revocationType](https://developer.apple.com/documentation/appstoreserverapi/revocationtype)
    public var revocationType: RawEnumValue<RevocationType>?

    /// `revocationPercentage` (integer, `Int32`, milli-percent `0...100000`, API 1.19+): the
    /// share of the transaction refunded or revoked, for example `50000` for 50 %.
    ///
    /// [revocationPercentage](https://developer.apple.com/documentation/appstoreserverapi/revocationpercentage)
    public var revocationPercentage: Int32?

    /// `advancedCommerceInfo` (object, Advanced Commerce API purchases only): the items,
    /// descriptors, period and taxes of the purchase, kept as raw JSON (this library does not
    /// model the Advanced Commerce API).
    ///
    /// [advancedCommerceTransactionInfo](https://developer.apple.com/documentation/appstoreserverapi/advancedcommercetransactioninfo)
    public var advancedCommerceInfo: JSONValue?

    /// `billingPlanType` (string): how a subscription with a commitment is billed
    /// (``BillingPlanType``).
    ///
    /// [billingPlanType](https://developer.apple.com/documentation/appstoreserverapi/billingplantype)
    public var billingPlanType: RawEnumValue<BillingPlanType>?

    /// `commitmentInfo` (object): the commitment this transaction belongs to
    /// (``TransactionCommitmentInfo``).
    ///
    /// [TransactionCommitmentInfo](https://developer.apple.com/documentation/appstoreserverapi/transactioncommitmentinfo)
    public var commitmentInfo: TransactionCommitmentInfo?

    /// Creates a value; every field defaults to `nil` (absent).
    ///
    /// - Parameters: one per JSON key, see the properties.
    public init(
        transactionId: String? = nil,
        originalTransactionId: String? = nil,
        webOrderLineItemId: String? = nil,
        bundleId: String? = nil,
        productId: String? = nil,
        subscriptionGroupIdentifier: String? = nil,
        purchaseDate: Date? = nil,
        originalPurchaseDate: Date? = nil,
        expiresDate: Date? = nil,
        quantity: Int32? = nil,
        type: RawEnumValue<ProductType>? = nil,
        appAccountToken: UUID? = nil,
        inAppOwnershipType: RawEnumValue<InAppOwnershipType>? = nil,
        signedDate: Date? = nil,
        revocationReason: RawEnumValue<RevocationReason>? = nil,
        revocationDate: Date? = nil,
        isUpgraded: Bool? = nil,
        offerType: RawEnumValue<OfferType>? = nil,
        offerIdentifier: String? = nil,
        environment: RawEnumValue<AppStoreEnvironment>? = nil,
        storefront: String? = nil,
        storefrontId: String? = nil,
        transactionReason: RawEnumValue<TransactionReason>? = nil,
        currency: String? = nil,
        price: Int64? = nil,
        offerDiscountType: RawEnumValue<OfferDiscountType>? = nil,
        appTransactionId: String? = nil,
        offerPeriod: String? = nil,
        revocationType: RawEnumValue<RevocationType>? = nil,
        revocationPercentage: Int32? = nil,
        advancedCommerceInfo: JSONValue? = nil,
        billingPlanType: RawEnumValue<BillingPlanType>? = nil,
        commitmentInfo: TransactionCommitmentInfo? = nil
    ) {
        self.transactionId = transactionId
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.bundleId = bundleId
        self.productId = productId
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.purchaseDate = purchaseDate
        self.originalPurchaseDate = originalPurchaseDate
        self.expiresDate = expiresDate
        self.quantity = quantity
        self.type = type
        self.appAccountToken = appAccountToken
        self.inAppOwnershipType = inAppOwnershipType
        self.signedDate = signedDate
        self.revocationReason = revocationReason
        self.revocationDate = revocationDate
        self.isUpgraded = isUpgraded
        self.offerType = offerType
        self.offerIdentifier = offerIdentifier
        self.environment = environment
        self.storefront = storefront
        self.storefrontId = storefrontId
        self.transactionReason = transactionReason
        self.currency = currency
        self.price = price
        self.offerDiscountType = offerDiscountType
        self.appTransactionId = appTransactionId
        self.offerPeriod = offerPeriod
        self.revocationType = revocationType
        self.revocationPercentage = revocationPercentage
        self.advancedCommerceInfo = advancedCommerceInfo
        self.billingPlanType = billingPlanType
        self.commitmentInfo = commitmentInfo
    }

    private enum CodingKeys: String, CodingKey {
        case transactionId, originalTransactionId, webOrderLineItemId, bundleId, productId
        case subscriptionGroupIdentifier, purchaseDate, originalPurchaseDate, expiresDate
        case quantity, type, appAccountToken, inAppOwnershipType, signedDate, revocationReason
        case revocationDate, isUpgraded, offerType, offerIdentifier, environment, storefront
        case storefrontId, transactionReason, currency, price, offerDiscountType
        case appTransactionId, offerPeriod, revocationType, revocationPercentage
        case advancedCommerceInfo, billingPlanType, commitmentInfo
    }

    /// Decodes a transaction; absent or `null` keys become `nil`, unknown keys are ignored.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong JSON type (for example a
    ///   string date, or a number outside the field's integer type) or `appAccountToken` is a
    ///   non-empty string that isn't a UUID.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        transactionId = try c.decodeIfPresent(String.self, forKey: .transactionId)
        originalTransactionId = try c.decodeIfPresent(String.self, forKey: .originalTransactionId)
        webOrderLineItemId = try c.decodeIfPresent(String.self, forKey: .webOrderLineItemId)
        bundleId = try c.decodeIfPresent(String.self, forKey: .bundleId)
        productId = try c.decodeIfPresent(String.self, forKey: .productId)
        subscriptionGroupIdentifier = try c.decodeIfPresent(
            String.self, forKey: .subscriptionGroupIdentifier)
        purchaseDate = try c.decodeMillisecondsDateIfPresent(forKey: .purchaseDate)
        originalPurchaseDate = try c.decodeMillisecondsDateIfPresent(forKey: .originalPurchaseDate)
        expiresDate = try c.decodeMillisecondsDateIfPresent(forKey: .expiresDate)
        quantity = try c.decodeIfPresent(Int32.self, forKey: .quantity)
        type = try c.decodeIfPresent(RawEnumValue<ProductType>.self, forKey: .type)
        appAccountToken = try c.decodeUUIDIfPresent(forKey: .appAccountToken)
        inAppOwnershipType = try c.decodeIfPresent(
            RawEnumValue<InAppOwnershipType>.self, forKey: .inAppOwnershipType)
        signedDate = try c.decodeMillisecondsDateIfPresent(forKey: .signedDate)
        revocationReason = try c.decodeIfPresent(
            RawEnumValue<RevocationReason>.self, forKey: .revocationReason)
        revocationDate = try c.decodeMillisecondsDateIfPresent(forKey: .revocationDate)
        isUpgraded = try c.decodeIfPresent(Bool.self, forKey: .isUpgraded)
        offerType = try c.decodeIfPresent(RawEnumValue<OfferType>.self, forKey: .offerType)
        offerIdentifier = try c.decodeIfPresent(String.self, forKey: .offerIdentifier)
        environment = try c.decodeIfPresent(
            RawEnumValue<AppStoreEnvironment>.self, forKey: .environment)
        storefront = try c.decodeIfPresent(String.self, forKey: .storefront)
        storefrontId = try c.decodeIfPresent(String.self, forKey: .storefrontId)
        transactionReason = try c.decodeIfPresent(
            RawEnumValue<TransactionReason>.self, forKey: .transactionReason)
        currency = try c.decodeIfPresent(String.self, forKey: .currency)
        price = try c.decodeIfPresent(Int64.self, forKey: .price)
        offerDiscountType = try c.decodeIfPresent(
            RawEnumValue<OfferDiscountType>.self, forKey: .offerDiscountType)
        appTransactionId = try c.decodeIfPresent(String.self, forKey: .appTransactionId)
        offerPeriod = try c.decodeIfPresent(String.self, forKey: .offerPeriod)
        revocationType = try c.decodeIfPresent(
            RawEnumValue<RevocationType>.self, forKey: .revocationType)
        revocationPercentage = try c.decodeIfPresent(Int32.self, forKey: .revocationPercentage)
        advancedCommerceInfo = try c.decodeIfPresent(JSONValue.self, forKey: .advancedCommerceInfo)
        billingPlanType = try c.decodeIfPresent(RawEnumValue<BillingPlanType>.self, forKey: .billingPlanType)
        commitmentInfo = try c.decodeIfPresent(TransactionCommitmentInfo.self, forKey: .commitmentInfo)
    }

    /// Encodes the transaction: `nil` fields omitted, dates as whole milliseconds since 1970,
    /// `appAccountToken` as a lower-case UUID string.
    ///
    /// - Throws: Whatever the encoder throws (never for `JSONEncoder`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(transactionId, forKey: .transactionId)
        try c.encodeIfPresent(originalTransactionId, forKey: .originalTransactionId)
        try c.encodeIfPresent(webOrderLineItemId, forKey: .webOrderLineItemId)
        try c.encodeIfPresent(bundleId, forKey: .bundleId)
        try c.encodeIfPresent(productId, forKey: .productId)
        try c.encodeIfPresent(subscriptionGroupIdentifier, forKey: .subscriptionGroupIdentifier)
        try c.encodeMillisecondsDateIfPresent(purchaseDate, forKey: .purchaseDate)
        try c.encodeMillisecondsDateIfPresent(originalPurchaseDate, forKey: .originalPurchaseDate)
        try c.encodeMillisecondsDateIfPresent(expiresDate, forKey: .expiresDate)
        try c.encodeIfPresent(quantity, forKey: .quantity)
        try c.encodeIfPresent(type, forKey: .type)
        try c.encodeUUIDIfPresent(appAccountToken, forKey: .appAccountToken)
        try c.encodeIfPresent(inAppOwnershipType, forKey: .inAppOwnershipType)
        try c.encodeMillisecondsDateIfPresent(signedDate, forKey: .signedDate)
        try c.encodeIfPresent(revocationReason, forKey: .revocationReason)
        try c.encodeMillisecondsDateIfPresent(revocationDate, forKey: .revocationDate)
        try c.encodeIfPresent(isUpgraded, forKey: .isUpgraded)
        try c.encodeIfPresent(offerType, forKey: .offerType)
        try c.encodeIfPresent(offerIdentifier, forKey: .offerIdentifier)
        try c.encodeIfPresent(environment, forKey: .environment)
        try c.encodeIfPresent(storefront, forKey: .storefront)
        try c.encodeIfPresent(storefrontId, forKey: .storefrontId)
        try c.encodeIfPresent(transactionReason, forKey: .transactionReason)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(price, forKey: .price)
        try c.encodeIfPresent(offerDiscountType, forKey: .offerDiscountType)
        try c.encodeIfPresent(appTransactionId, forKey: .appTransactionId)
        try c.encodeIfPresent(offerPeriod, forKey: .offerPeriod)
        try c.encodeIfPresent(revocationType, forKey: .revocationType)
        try c.encodeIfPresent(revocationPercentage, forKey: .revocationPercentage)
        try c.encodeIfPresent(advancedCommerceInfo, forKey: .advancedCommerceInfo)
        try c.encodeIfPresent(billingPlanType, forKey: .billingPlanType)
        try c.encodeIfPresent(commitmentInfo, forKey: .commitmentInfo)
    }
}
