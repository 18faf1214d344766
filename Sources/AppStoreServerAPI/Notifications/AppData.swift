/// The `appData` object of a notification (``ResponseBodyV2DecodedPayload/appData``), sent with
/// `RESCIND_CONSENT`: the app and its signed app transaction.
///
/// Every field is optional; unknown keys are ignored.
///
/// ```json
/// {"appAppleId": 41234, "bundleId": "com.example", "environment": "Sandbox",
///  "signedAppTransactionInfo": "eyJ..."}
/// ```
///
/// [appData](https://developer.apple.com/documentation/appstoreservernotifications/appdata)
public struct AppData: Codable, Hashable, Sendable {
    /// `appAppleId` (integer, `Int64`): the app's Apple ID in the App Store.
    ///
    /// [appAppleId](https://developer.apple.com/documentation/appstoreservernotifications/appappleid)
    public var appAppleId: Int64?

    /// `bundleId` (string): the app's bundle identifier.
    ///
    /// [bundleId](https://developer.apple.com/documentation/appstoreservernotifications/bundleid)
    public var bundleId: String?

    /// `environment` (string): `"Sandbox"` or `"Production"`; unknown values are kept.
    ///
    /// [environment](https://developer.apple.com/documentation/appstoreservernotifications/environment)
    public var environment: RawEnumValue<AppStoreEnvironment>?

    /// `signedAppTransactionInfo` (string, compact JWS): app transaction information signed by
    /// the App Store.
    ///
    /// [JWSAppTransaction](https://developer.apple.com/documentation/appstoreserverapi/jwsapptransaction)
    public var signedAppTransactionInfo: String?

    /// Creates a value; every field defaults to `nil` (absent).
    ///
    /// - Parameters: one per JSON key, see the properties.
    public init(
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        environment: RawEnumValue<AppStoreEnvironment>? = nil,
        signedAppTransactionInfo: String? = nil
    ) {
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.environment = environment
        self.signedAppTransactionInfo = signedAppTransactionInfo
    }
}
