/// The JSON body of ``SendConsumptionInformation``
/// (`PUT /inApps/v2/transactions/consumption/{transactionId}`, App Store Server API 1.19+):
/// consumption data you send after a `CONSUMPTION_REQUEST` notification, with the customer's
/// consent, within 12 hours. Valid for every product type.
///
/// This is the V2 body (string enums, five keys); the older twelve-key integer body is
/// ``ConsumptionRequestV1``.
///
/// Shape: five JSON keys. Apple requires `customerConsented`, `deliveryStatus` and
/// `sampleContentProvided`; `consumptionPercentage` and `refundPreference` are optional.
///
/// | key | JSON type | required | values |
/// |---|---|---|---|
/// | `customerConsented` | Boolean | yes | must be `true` |
/// | `deliveryStatus` | string | yes | ``DeliveryStatus`` |
/// | `sampleContentProvided` | Boolean | yes | |
/// | `consumptionPercentage` | integer (`Int32`) | no | milli-percent, `0...100000` (`50000` = 50 %) |
/// | `refundPreference` | string | no | ``RefundPreference`` |
///
/// In memory the required fields are optional too, as in ``ConsumptionRequestV1``, so that an
/// incomplete body still decodes and ``validate()`` can report what is missing with the error
/// Apple's server would return. Use the initialiser that takes ``DeliveryStatus`` and
/// ``RefundPreference`` to build a complete body from known values. String enum fields are
/// ``RawEnumValue`` so that values Apple adds later decode and round-trip unchanged.
///
/// Encoding always writes the three required keys (a `nil` required field, possible only for an
/// incomplete body, is written as JSON `null`, which Apple rejects with the same error
/// ``validate()`` reports) and omits `nil` optional fields. Decoding treats `null` like a missing
/// key and ignores unknown keys.
///
/// ```json
/// {"customerConsented": true, "deliveryStatus": "DELIVERED", "sampleContentProvided": false,
///  "consumptionPercentage": 25000, "refundPreference": "GRANT_PRORATED"}
/// ```
///
/// [ConsumptionRequest](https://developer.apple.com/documentation/appstoreserverapi/consumptionrequest)
public struct ConsumptionRequest: Codable, Hashable, Sendable {
    /// `customerConsented` (required, Boolean): whether the customer consented to provide
    /// consumption data to the App Store. Must be `true`; anything else (or a missing key) is
    /// rejected with ``APIError/invalidCustomerConsented`` (`4000035`).
    ///
    /// [customerConsented](https://developer.apple.com/documentation/appstoreserverapi/customerconsented)
    public var customerConsented: Bool?

    /// `deliveryStatus` (required, string ``DeliveryStatus``): whether the app delivered a working
    /// purchase. Missing or unknown: ``APIError/invalidDeliveryStatus`` (`4000036`).
    ///
    /// [deliveryStatus](https://developer.apple.com/documentation/appstoreserverapi/deliverystatus)
    public var deliveryStatus: RawEnumValue<DeliveryStatus>?

    /// `sampleContentProvided` (required, Boolean): whether you provided, before the purchase, a
    /// free sample or trial of the content, or information about its functionality. Missing:
    /// ``APIError/invalidSampleContentProvided`` (`4000041`).
    ///
    /// [sampleContentProvided](https://developer.apple.com/documentation/appstoreserverapi/samplecontentprovided)
    public var sampleContentProvided: Bool?

    /// `consumptionPercentage` (optional, `Int32`): how much of the purchase the customer
    /// consumed, in milli-percent (thousandths of a percent): `0...100000`, `50000` = 50 %.
    ///
    /// Rules: outside `0...100000` → `ConsumptionPercentageOutOfRangeError`; must be `0` unless
    /// ``deliveryStatus`` is ``DeliveryStatus/delivered`` →
    /// `UndeliveredConsumptionPercentageNonZeroError` (Apple publishes no number for these two);
    /// not allowed at all for auto-renewable subscriptions (Apple computes it) →
    /// ``APIError/consumptionPercentageAutoRenewableSubscription`` (`4000209`).
    ///
    /// [consumptionPercentage](https://developer.apple.com/documentation/appstoreserverapi/consumptionpercentage)
    public var consumptionPercentage: Int32?

    /// `refundPreference` (optional, string ``RefundPreference``): whether you prefer that Apple
    /// grants the refund. May be absent; an unknown value is rejected with
    /// ``APIError/invalidRefundPreference`` (`4000044`).
    ///
    /// [refundPreference](https://developer.apple.com/documentation/appstoreserverapi/refundpreference)
    public var refundPreference: RawEnumValue<RefundPreference>?

    /// Creates a complete body from known values: the usual way to build a request.
    ///
    /// ```swift
    /// let body = ConsumptionRequest(
    ///     customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: false,
    ///     consumptionPercentage: 25_000, refundPreference: .grantProrated)
    /// ```
    ///
    /// The initialiser doesn't validate; call ``validate()`` or ``validate(for:)``.
    ///
    /// - Parameters:
    ///   - customerConsented: Must be `true` for Apple to accept the body.
    ///   - deliveryStatus: Whether the purchase was delivered and works.
    ///   - sampleContentProvided: Whether a sample, trial or description was offered before the
    ///     purchase.
    ///   - consumptionPercentage: Milli-percent `0...100000`, or `nil` (omitted) by default.
    ///   - refundPreference: Your refund preference, or `nil` (omitted) by default.
    public init(
        customerConsented: Bool,
        deliveryStatus: DeliveryStatus,
        sampleContentProvided: Bool,
        consumptionPercentage: Int32? = nil,
        refundPreference: RefundPreference? = nil
    ) {
        self.customerConsented = customerConsented
        self.deliveryStatus = .known(deliveryStatus)
        self.sampleContentProvided = sampleContentProvided
        self.consumptionPercentage = consumptionPercentage
        self.refundPreference = refundPreference.map { .known($0) }
    }

    /// Creates a body from wire-level values; every field defaults to `nil`.
    ///
    /// Use this to build incomplete bodies or bodies with raw values Apple added later, for
    /// example `deliveryStatus: RawEnumValue(rawValue: "UNDELIVERED_NEW_REASON")`. Pass known
    /// values as `.known(.delivered)`. The initialiser doesn't validate; call ``validate()``.
    ///
    /// - Parameters: one per JSON key, see the properties.
    public init(
        customerConsented: Bool? = nil,
        deliveryStatus: RawEnumValue<DeliveryStatus>? = nil,
        sampleContentProvided: Bool? = nil,
        consumptionPercentage: Int32? = nil,
        refundPreference: RawEnumValue<RefundPreference>? = nil
    ) {
        self.customerConsented = customerConsented
        self.deliveryStatus = deliveryStatus
        self.sampleContentProvided = sampleContentProvided
        self.consumptionPercentage = consumptionPercentage
        self.refundPreference = refundPreference
    }

    /// The five JSON keys, in Apple's documentation order (the order ``validate()`` checks).
    ///
    /// The raw value is the exact JSON key; ``isRequired`` says whether Apple requires the key.
    public enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        /// `customerConsented`
        case customerConsented
        /// `deliveryStatus`
        case deliveryStatus
        /// `sampleContentProvided`
        case sampleContentProvided
        /// `consumptionPercentage`
        case consumptionPercentage
        /// `refundPreference`
        case refundPreference
    }

    /// Decodes a body; every key may be absent or `null` (reported later by ``validate()``),
    /// unknown keys are ignored, and unknown enum strings are kept as ``RawEnumValue/unknown(_:)``.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong JSON type (for example a
    ///   number for `deliveryStatus`, or a `consumptionPercentage` outside `Int32` or with a
    ///   fraction: a `dataCorrupted` error at `consumptionPercentage`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        customerConsented = try container.decodeIfPresent(Bool.self, forKey: .customerConsented)
        deliveryStatus = try container.decodeIfPresent(
            RawEnumValue<DeliveryStatus>.self, forKey: .deliveryStatus)
        sampleContentProvided = try container.decodeIfPresent(
            Bool.self, forKey: .sampleContentProvided)
        consumptionPercentage = try container.decodeIntegerIfPresent(
            Int32.self, forKey: .consumptionPercentage)
        refundPreference = try container.decodeIfPresent(
            RawEnumValue<RefundPreference>.self, forKey: .refundPreference)
    }

    /// Encodes the body: the three required keys always (JSON `null` when `nil`), the optional
    /// keys only when set.
    ///
    /// - Throws: Whatever the encoder throws (never for `JSONEncoder`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(customerConsented, forKey: .customerConsented)
        try container.encode(deliveryStatus, forKey: .deliveryStatus)
        try container.encode(sampleContentProvided, forKey: .sampleContentProvided)
        try container.encodeIfPresent(consumptionPercentage, forKey: .consumptionPercentage)
        try container.encodeIfPresent(refundPreference, forKey: .refundPreference)
    }
}

extension ConsumptionRequest.CodingKeys {
    /// Whether Apple requires the key: `true` for `customerConsented`, `deliveryStatus` and
    /// `sampleContentProvided`.
    public var isRequired: Bool {
        switch self {
        case .customerConsented, .deliveryStatus, .sampleContentProvided: true
        case .consumptionPercentage, .refundPreference: false
        }
    }
}
