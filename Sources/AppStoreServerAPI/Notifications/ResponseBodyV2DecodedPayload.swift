import Foundation

/// The decoded payload of an App Store Server Notifications V2 notification: the JSON inside
/// ``ResponseBodyV2/signedPayload`` after the JWS is verified.
///
/// Shape: `notificationType`, `subtype` (only for some types), `notificationUUID`, `version`
/// (`"2.0"`), `signedDate` (milliseconds since 1970-01-01 UTC), and at most one of `data`,
/// `summary` or `externalPurchaseToken`; `appData` comes with `RESCIND_CONSENT`.
///
/// Every field is optional so that a payload missing a key still decodes (Apple documents
/// `notificationType`, `notificationUUID`, `version` and `signedDate` as always present). Enum
/// fields are ``RawEnumValue`` so that types and subtypes Apple adds later are kept; unknown keys
/// are ignored. Decode it with a plain `JSONDecoder()`: dates use ``AppStoreDate`` whatever the
/// decoder's date strategy. Encoding writes the same shape back (dates as whole milliseconds,
/// `nil` fields omitted).
///
/// ```json
/// {"notificationType": "SUBSCRIBED", "subtype": "INITIAL_BUY",
///  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20", "version": "2.0",
///  "signedDate": 1698148900000,
///  "data": {"environment": "Sandbox", "appAppleId": 41234, "bundleId": "com.example", ...}}
/// ```
///
/// [responseBodyV2DecodedPayload](https://developer.apple.com/documentation/appstoreservernotifications/responsebodyv2decodedpayload)
public struct ResponseBodyV2DecodedPayload: Codable, Hashable, Sendable {
    /// `notificationType` (string): the event, for example `"SUBSCRIBED"`; unknown values are kept
    /// as ``RawEnumValue/unknown(_:)``.
    ///
    /// [notificationType](https://developer.apple.com/documentation/appstoreservernotifications/notificationtype)
    public var notificationType: RawEnumValue<NotificationTypeV2>?

    /// `subtype` (string, only for some notification types): details of the event, for example
    /// `"INITIAL_BUY"`.
    ///
    /// [subtype](https://developer.apple.com/documentation/appstoreservernotifications/subtype)
    public var subtype: RawEnumValue<Subtype>?

    /// `notificationUUID` (string, UUID): the notification's unique identifier; the same value on
    /// retries, so use it to drop duplicates. Kept as the string Apple sends.
    ///
    /// [notificationUUID](https://developer.apple.com/documentation/appstoreservernotifications/notificationuuid)
    public var notificationUUID: String?

    /// `version` (string): the notification format version, `"2.0"`.
    ///
    /// [version](https://developer.apple.com/documentation/appstoreservernotifications/version)
    public var version: String?

    /// `signedDate` (JSON number, milliseconds since 1970-01-01 00:00:00 UTC): when the App Store
    /// signed the notification.
    ///
    /// [signedDate](https://developer.apple.com/documentation/appstoreservernotifications/signeddate)
    public var signedDate: Date?

    /// `data` (object): the app, environment and signed transaction/renewal info; present for
    /// most notification types.
    ///
    /// [data](https://developer.apple.com/documentation/appstoreservernotifications/data)
    public var data: NotificationData?

    /// `summary` (object): present only for `RENEWAL_EXTENSION` with subtype `SUMMARY`.
    ///
    /// [summary](https://developer.apple.com/documentation/appstoreservernotifications/summary)
    public var summary: NotificationSummary?

    /// `externalPurchaseToken` (object): present only for `EXTERNAL_PURCHASE_TOKEN`.
    ///
    /// [externalPurchaseToken](https://developer.apple.com/documentation/appstoreservernotifications/externalpurchasetoken)
    public var externalPurchaseToken: ExternalPurchaseToken?

    /// `appData` (object): present for `RESCIND_CONSENT`.
    ///
    /// [appData](https://developer.apple.com/documentation/appstoreservernotifications/appdata)
    public var appData: AppData?

    /// Creates a payload; every field defaults to `nil` (absent).
    ///
    /// - Parameters: one per JSON key, see the properties.
    public init(
        notificationType: RawEnumValue<NotificationTypeV2>? = nil,
        subtype: RawEnumValue<Subtype>? = nil,
        notificationUUID: String? = nil,
        version: String? = nil,
        signedDate: Date? = nil,
        data: NotificationData? = nil,
        summary: NotificationSummary? = nil,
        externalPurchaseToken: ExternalPurchaseToken? = nil,
        appData: AppData? = nil
    ) {
        self.notificationType = notificationType
        self.subtype = subtype
        self.notificationUUID = notificationUUID
        self.version = version
        self.signedDate = signedDate
        self.data = data
        self.summary = summary
        self.externalPurchaseToken = externalPurchaseToken
        self.appData = appData
    }

    private enum CodingKeys: String, CodingKey {
        case notificationType, subtype, notificationUUID, version, signedDate, data, summary
        case externalPurchaseToken, appData
    }

    /// Decodes a payload; absent or `null` keys become `nil`, unknown keys are ignored.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong JSON type (for example a
    ///   string `signedDate`) or the input isn't a JSON object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        notificationType = try container.decodeIfPresent(
            RawEnumValue<NotificationTypeV2>.self, forKey: .notificationType)
        subtype = try container.decodeIfPresent(RawEnumValue<Subtype>.self, forKey: .subtype)
        notificationUUID = try container.decodeIfPresent(String.self, forKey: .notificationUUID)
        version = try container.decodeIfPresent(String.self, forKey: .version)
        signedDate = try container.decodeMillisecondsDateIfPresent(forKey: .signedDate)
        data = try container.decodeIfPresent(NotificationData.self, forKey: .data)
        summary = try container.decodeIfPresent(NotificationSummary.self, forKey: .summary)
        externalPurchaseToken = try container.decodeIfPresent(
            ExternalPurchaseToken.self, forKey: .externalPurchaseToken)
        appData = try container.decodeIfPresent(AppData.self, forKey: .appData)
    }

    /// Encodes the payload: `nil` fields omitted, `signedDate` as whole milliseconds since 1970.
    ///
    /// - Throws: Whatever the encoder throws (never for `JSONEncoder`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(notificationType, forKey: .notificationType)
        try container.encodeIfPresent(subtype, forKey: .subtype)
        try container.encodeIfPresent(notificationUUID, forKey: .notificationUUID)
        try container.encodeIfPresent(version, forKey: .version)
        try container.encodeMillisecondsDateIfPresent(signedDate, forKey: .signedDate)
        try container.encodeIfPresent(data, forKey: .data)
        try container.encodeIfPresent(summary, forKey: .summary)
        try container.encodeIfPresent(externalPurchaseToken, forKey: .externalPurchaseToken)
        try container.encodeIfPresent(appData, forKey: .appData)
    }
}
