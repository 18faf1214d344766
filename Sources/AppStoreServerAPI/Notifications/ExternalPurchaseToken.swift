import Foundation

/// The `externalPurchaseToken` object of an `EXTERNAL_PURCHASE_TOKEN` notification
/// (``ResponseBodyV2DecodedPayload/externalPurchaseToken``), External Purchase API only.
///
/// There is no `environment` key: a sandbox token's `externalPurchaseId` starts with `"SANDBOX"`.
/// Every field is optional; unknown keys are ignored.
///
/// ```json
/// {"externalPurchaseId": "b2158121-7af9-49d4-9561-1f588205523e",
///  "tokenCreationDate": 1698148950000, "appAppleId": 55555, "bundleId": "com.example"}
/// ```
///
/// [externalPurchaseToken](https://developer.apple.com/documentation/appstoreservernotifications/externalpurchasetoken)
public struct ExternalPurchaseToken: Codable, Hashable, Sendable {
    /// `externalPurchaseId` (string): the token's unique identifier; starts with `"SANDBOX"` for
    /// sandbox tokens.
    ///
    /// [externalPurchaseId](https://developer.apple.com/documentation/appstoreservernotifications/externalpurchaseid)
    public var externalPurchaseId: String?

    /// `tokenCreationDate` (JSON number, milliseconds since 1970-01-01 00:00:00 UTC): when the
    /// token was created.
    ///
    /// [tokenCreationDate](https://developer.apple.com/documentation/appstoreservernotifications/tokencreationdate)
    public var tokenCreationDate: Date?

    /// `appAppleId` (integer, `Int64`): the app's Apple ID in the App Store.
    ///
    /// [appAppleId](https://developer.apple.com/documentation/appstoreservernotifications/appappleid)
    public var appAppleId: Int64?

    /// `bundleId` (string): the app's bundle identifier.
    ///
    /// [bundleId](https://developer.apple.com/documentation/appstoreservernotifications/bundleid)
    public var bundleId: String?

    /// `tokenType` (string, Notifications 2.17+): the type of an External Purchase custom link
    /// token, for example `"ACQUISITION"` or `"SERVICES"`; present only for custom link tokens.
    ///
    /// [tokenType](https://developer.apple.com/documentation/appstoreservernotifications/tokentype)
    public var tokenType: String?

    /// Creates a value; every field defaults to `nil` (absent).
    ///
    /// - Parameters: one per JSON key, see the properties.
    public init(
        externalPurchaseId: String? = nil,
        tokenCreationDate: Date? = nil,
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        tokenType: String? = nil
    ) {
        self.externalPurchaseId = externalPurchaseId
        self.tokenCreationDate = tokenCreationDate
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.tokenType = tokenType
    }

    /// Whether ``externalPurchaseId`` starts with `"SANDBOX"` (a sandbox token).
    public var isSandbox: Bool {
        externalPurchaseId?.hasPrefix("SANDBOX") ?? false
    }

    private enum CodingKeys: String, CodingKey {
        case externalPurchaseId, tokenCreationDate, appAppleId, bundleId, tokenType
    }

    /// Decodes a value; absent or `null` keys become `nil`, unknown keys are ignored.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong JSON type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        externalPurchaseId = try container.decodeIfPresent(String.self, forKey: .externalPurchaseId)
        tokenCreationDate = try container.decodeMillisecondsDateIfPresent(
            forKey: .tokenCreationDate)
        appAppleId = try container.decodeIfPresent(Int64.self, forKey: .appAppleId)
        bundleId = try container.decodeIfPresent(String.self, forKey: .bundleId)
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType)
    }

    /// Encodes the value: `nil` fields omitted, `tokenCreationDate` as whole milliseconds.
    ///
    /// - Throws: Whatever the encoder throws (never for `JSONEncoder`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(externalPurchaseId, forKey: .externalPurchaseId)
        try container.encodeMillisecondsDateIfPresent(tokenCreationDate, forKey: .tokenCreationDate)
        try container.encodeIfPresent(appAppleId, forKey: .appAppleId)
        try container.encodeIfPresent(bundleId, forKey: .bundleId)
        try container.encodeIfPresent(tokenType, forKey: .tokenType)
    }
}
