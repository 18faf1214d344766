/// The `summary` object of a `RENEWAL_EXTENSION` notification with subtype `SUMMARY`
/// (``ResponseBodyV2DecodedPayload/summary``): the result of a request to extend the renewal date
/// of all active subscribers.
///
/// Every field is optional; unknown keys are ignored.
///
/// ```json
/// {"requestIdentifier": "efb27071-45a4-4aca-9854-2a1e9146f265", "environment": "Sandbox",
///  "appAppleId": 41234, "bundleId": "com.example", "productId": "com.example.product",
///  "storefrontCountryCodes": ["CAN", "USA", "MEX"], "succeededCount": 5, "failedCount": 2}
/// ```
///
/// [summary](https://developer.apple.com/documentation/appstoreservernotifications/summary)
public struct NotificationSummary: Codable, Hashable, Sendable {
    /// `environment` (string): `"Sandbox"` or `"Production"`; unknown values are kept.
    ///
    /// [environment](https://developer.apple.com/documentation/appstoreservernotifications/environment)
    public var environment: RawEnumValue<AppStoreEnvironment>?

    /// `appAppleId` (integer, `Int64`): the app's Apple ID in the App Store.
    ///
    /// [appAppleId](https://developer.apple.com/documentation/appstoreservernotifications/appappleid)
    public var appAppleId: Int64?

    /// `bundleId` (string): the app's bundle identifier.
    ///
    /// [bundleId](https://developer.apple.com/documentation/appstoreservernotifications/bundleid)
    public var bundleId: String?

    /// `productId` (string): the subscription product whose renewal dates were extended.
    ///
    /// [productId](https://developer.apple.com/documentation/appstoreservernotifications/productid)
    public var productId: String?

    /// `requestIdentifier` (string, UUID): the identifier you sent with the mass-extension request.
    ///
    /// [requestIdentifier](https://developer.apple.com/documentation/appstoreserverapi/requestidentifier)
    public var requestIdentifier: String?

    /// `storefrontCountryCodes` (array of strings, ISO 3166-1 alpha-3): the storefronts the
    /// extension applied to.
    ///
    /// [storefrontCountryCodes](https://developer.apple.com/documentation/appstoreserverapi/storefrontcountrycodes)
    public var storefrontCountryCodes: [String]?

    /// `succeededCount` (integer, `Int64`): subscriptions whose renewal date was extended.
    ///
    /// [succeededCount](https://developer.apple.com/documentation/appstoreserverapi/succeededcount)
    public var succeededCount: Int64?

    /// `failedCount` (integer, `Int64`): subscriptions whose renewal date couldn't be extended.
    ///
    /// [failedCount](https://developer.apple.com/documentation/appstoreserverapi/failedcount)
    public var failedCount: Int64?

    /// Creates a value; every field defaults to `nil` (absent).
    ///
    /// - Parameters: one per JSON key, see the properties.
    public init(
        environment: RawEnumValue<AppStoreEnvironment>? = nil,
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        productId: String? = nil,
        requestIdentifier: String? = nil,
        storefrontCountryCodes: [String]? = nil,
        succeededCount: Int64? = nil,
        failedCount: Int64? = nil
    ) {
        self.environment = environment
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.productId = productId
        self.requestIdentifier = requestIdentifier
        self.storefrontCountryCodes = storefrontCountryCodes
        self.succeededCount = succeededCount
        self.failedCount = failedCount
    }
}
