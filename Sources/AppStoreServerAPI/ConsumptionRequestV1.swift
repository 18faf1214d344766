/// The JSON body of ``SendConsumptionInformationV1``
/// (`PUT /inApps/v1/transactions/consumption/{transactionId}`): consumption data you send after a
/// `CONSUMPTION_REQUEST` notification, with the customer's consent, within 12 hours.
///
/// `ConsumptionRequestV1` is Apple's current name for this body. Older Apple pages (including the
/// Japanese copy of "Send Consumption Information" this project started from) call it
/// `ConsumptionRequest`; Apple now uses that name for the newer V2 body (string enums,
/// `PUT /inApps/v2/…`). Apple now documents V1 for Advanced Commerce API purchases; it is not
/// removed.
///
/// Shape: twelve JSON keys. Apple requires eleven of them; only `refundPreference` is optional.
/// In memory every field is optional so that an incomplete body still decodes and ``validate()``
/// can report what is missing, with the same error Apple's server would return. Integer enum
/// fields are ``RawEnumValue`` so that values Apple adds later decode and round-trip. Encoding
/// omits `nil` fields except `appAccountToken`, which is written as `""` (declined) when `nil`, as
/// Apple's libraries do (Apple requires the key); decoding treats `null` like a missing key.
///
/// ```json
/// {"customerConsented": true, "consumptionStatus": 1, "platform": 1,
///  "sampleContentProvided": false, "deliveryStatus": 0, "appAccountToken": "",
///  "accountTenure": 0, "playTime": 0, "lifetimeDollarsRefunded": 0,
///  "lifetimeDollarsPurchased": 0, "userStatus": 1, "refundPreference": 3}
/// ```
///
/// [ConsumptionRequestV1](https://developer.apple.com/documentation/appstoreserverapi/consumptionrequestv1)
public struct ConsumptionRequestV1: Codable, Hashable, Sendable {
    /// `customerConsented` (required): whether the customer consented to provide consumption data
    /// to the App Store. Must be `true`; anything else is rejected with
    /// ``APIError/invalidCustomerConsented`` (`4000035`).
    ///
    /// [customerConsented](https://developer.apple.com/documentation/appstoreserverapi/customerconsented)
    public var customerConsented: Bool?

    /// `consumptionStatus` (required, `Int32` `0...3`): the extent to which the customer consumed
    /// the in-app purchase. Invalid or missing: ``APIError/invalidConsumptionStatus`` (`4000034`).
    ///
    /// [consumptionStatus](https://developer.apple.com/documentation/appstoreserverapi/consumptionstatus)
    public var consumptionStatus: RawEnumValue<ConsumptionStatus>?

    /// `platform` (required, `Int32` `0...2`): the platform on which the customer consumed the
    /// purchase. Invalid or missing: ``APIError/invalidPlatform`` (`4000039`).
    ///
    /// [platform](https://developer.apple.com/documentation/appstoreserverapi/platform)
    public var platform: RawEnumValue<Platform>?

    /// `sampleContentProvided` (required, Boolean): whether you provided, before the purchase, a
    /// free sample or trial of the content, or information about its functionality. Missing:
    /// ``APIError/invalidSampleContentProvided`` (`4000041`).
    ///
    /// [sampleContentProvided](https://developer.apple.com/documentation/appstoreserverapi/samplecontentprovided)
    public var sampleContentProvided: Bool?

    /// `deliveryStatus` (required, `Int32` `0...5`, Apple type `deliveryStatusV1`): whether the app
    /// delivered a working purchase. Invalid or missing: ``APIError/invalidDeliveryStatus``
    /// (`4000036`).
    ///
    /// [deliveryStatus](https://developer.apple.com/documentation/appstoreserverapi/deliverystatusv1)
    public var deliveryStatus: RawEnumValue<DeliveryStatusV1>?

    /// `appAccountToken` (required, string): the UUID your app set on the purchase, or `""` to
    /// decline to share it. Anything else: ``APIError/invalidAppAccountToken`` (`4000033`).
    ///
    /// `nil` is encoded as `""`, as Apple's libraries do: the key is required, and `""` declines
    /// to share the token. This is personal data: validation errors never include it.
    ///
    /// [appAccountToken](https://developer.apple.com/documentation/appstoreserverapi/appaccounttoken)
    public var appAccountToken: String?

    /// `accountTenure` (required, `Int32` `0...7`): the age of the customer's account. Invalid or
    /// missing: ``APIError/invalidAccountTenure`` (`4000032`).
    ///
    /// [accountTenure](https://developer.apple.com/documentation/appstoreserverapi/accounttenure)
    public var accountTenure: RawEnumValue<AccountTenure>?

    /// `playTime` (required, `Int32` `0...7`): how long the customer used the app. Invalid or
    /// missing: ``APIError/invalidPlayTime`` (`4000040`).
    ///
    /// [playTime](https://developer.apple.com/documentation/appstoreserverapi/playtime)
    public var playTime: RawEnumValue<PlayTime>?

    /// `lifetimeDollarsRefunded` (required, `Int32` `0...7`): the USD total of refunds the customer
    /// received in your app, across platforms. Invalid or missing:
    /// ``APIError/invalidLifetimeDollarsRefunded`` (`4000038`).
    ///
    /// [lifetimeDollarsRefunded](https://developer.apple.com/documentation/appstoreserverapi/lifetimedollarsrefunded)
    public var lifetimeDollarsRefunded: RawEnumValue<LifetimeDollarsRefunded>?

    /// `lifetimeDollarsPurchased` (required, `Int32` `0...7`): the USD total of in-app purchases
    /// the customer made in your app, across platforms. Invalid or missing:
    /// ``APIError/invalidLifetimeDollarsPurchased`` (`4000037`).
    ///
    /// [lifetimeDollarsPurchased](https://developer.apple.com/documentation/appstoreserverapi/lifetimedollarspurchased)
    public var lifetimeDollarsPurchased: RawEnumValue<LifetimeDollarsPurchased>?

    /// `userStatus` (required, `Int32` `0...4`): the status of the customer's account. Invalid or
    /// missing: ``APIError/invalidUserStatus`` (`4000042`).
    ///
    /// [userStatus](https://developer.apple.com/documentation/appstoreserverapi/userstatus)
    public var userStatus: RawEnumValue<UserStatus>?

    /// `refundPreference` (optional, `Int32` `0...3`, Apple type `refundPreferenceV1`): whether you
    /// prefer that Apple grants the refund. May be absent; an unknown value is rejected with
    /// ``APIError/invalidRefundPreference`` (`4000044`).
    ///
    /// [refundPreferenceV1](https://developer.apple.com/documentation/appstoreserverapi/refundpreferencev1)
    public var refundPreference: RawEnumValue<RefundPreferenceV1>?

    /// Creates a body; every field defaults to `nil` (absent from the JSON).
    ///
    /// Pass known values as `.known(.notConsumed)` (or `RawEnumValue(.notConsumed)`) and raw
    /// numbers as `RawEnumValue(rawValue: 1)`. The initialiser doesn't validate; call
    /// ``validate()``.
    ///
    /// - Parameters: one per JSON key, see the properties.
    public init(
        customerConsented: Bool? = nil,
        consumptionStatus: RawEnumValue<ConsumptionStatus>? = nil,
        platform: RawEnumValue<Platform>? = nil,
        sampleContentProvided: Bool? = nil,
        deliveryStatus: RawEnumValue<DeliveryStatusV1>? = nil,
        appAccountToken: String? = nil,
        accountTenure: RawEnumValue<AccountTenure>? = nil,
        playTime: RawEnumValue<PlayTime>? = nil,
        lifetimeDollarsRefunded: RawEnumValue<LifetimeDollarsRefunded>? = nil,
        lifetimeDollarsPurchased: RawEnumValue<LifetimeDollarsPurchased>? = nil,
        userStatus: RawEnumValue<UserStatus>? = nil,
        refundPreference: RawEnumValue<RefundPreferenceV1>? = nil
    ) {
        self.customerConsented = customerConsented
        self.consumptionStatus = consumptionStatus
        self.platform = platform
        self.sampleContentProvided = sampleContentProvided
        self.deliveryStatus = deliveryStatus
        self.appAccountToken = appAccountToken
        self.accountTenure = accountTenure
        self.playTime = playTime
        self.lifetimeDollarsRefunded = lifetimeDollarsRefunded
        self.lifetimeDollarsPurchased = lifetimeDollarsPurchased
        self.userStatus = userStatus
        self.refundPreference = refundPreference
    }

    /// Encodes the body: `nil` fields are omitted, except `appAccountToken`, written as `""` when
    /// `nil` (Apple requires the key; `""` declines to share it, as in Apple's libraries).
    ///
    /// - Throws: Whatever the encoder throws (never for `JSONEncoder`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(customerConsented, forKey: .customerConsented)
        try c.encodeIfPresent(consumptionStatus, forKey: .consumptionStatus)
        try c.encodeIfPresent(platform, forKey: .platform)
        try c.encodeIfPresent(sampleContentProvided, forKey: .sampleContentProvided)
        try c.encodeIfPresent(deliveryStatus, forKey: .deliveryStatus)
        try c.encode(appAccountToken ?? "", forKey: .appAccountToken)
        try c.encodeIfPresent(accountTenure, forKey: .accountTenure)
        try c.encodeIfPresent(playTime, forKey: .playTime)
        try c.encodeIfPresent(lifetimeDollarsRefunded, forKey: .lifetimeDollarsRefunded)
        try c.encodeIfPresent(lifetimeDollarsPurchased, forKey: .lifetimeDollarsPurchased)
        try c.encodeIfPresent(userStatus, forKey: .userStatus)
        try c.encodeIfPresent(refundPreference, forKey: .refundPreference)
    }

    /// The twelve JSON keys, in Apple's documentation order (the order ``validate()`` checks).
    ///
    /// The raw value is the exact JSON key; ``apiError`` is the error Apple returns when the field
    /// is missing or invalid, and ``isRequired`` says whether Apple requires the key.
    public enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        /// `customerConsented`
        case customerConsented
        /// `consumptionStatus`
        case consumptionStatus
        /// `platform`
        case platform
        /// `sampleContentProvided`
        case sampleContentProvided
        /// `deliveryStatus`
        case deliveryStatus
        /// `appAccountToken`
        case appAccountToken
        /// `accountTenure`
        case accountTenure
        /// `playTime`
        case playTime
        /// `lifetimeDollarsRefunded`
        case lifetimeDollarsRefunded
        /// `lifetimeDollarsPurchased`
        case lifetimeDollarsPurchased
        /// `userStatus`
        case userStatus
        /// `refundPreference`
        case refundPreference
    }
}

extension ConsumptionRequestV1.CodingKeys {
    /// The error Apple's server returns when this field is missing or invalid, for example
    /// ``APIError/invalidPlayTime`` (`4000040`) for `playTime`.
    public var apiError: APIError {
        switch self {
        case .customerConsented: .invalidCustomerConsented
        case .consumptionStatus: .invalidConsumptionStatus
        case .platform: .invalidPlatform
        case .sampleContentProvided: .invalidSampleContentProvided
        case .deliveryStatus: .invalidDeliveryStatus
        case .appAccountToken: .invalidAppAccountToken
        case .accountTenure: .invalidAccountTenure
        case .playTime: .invalidPlayTime
        case .lifetimeDollarsRefunded: .invalidLifetimeDollarsRefunded
        case .lifetimeDollarsPurchased: .invalidLifetimeDollarsPurchased
        case .userStatus: .invalidUserStatus
        case .refundPreference: .invalidRefundPreference
        }
    }

    /// Whether Apple requires the key: `true` for all keys except `refundPreference`.
    public var isRequired: Bool {
        self != .refundPreference
    }
}
