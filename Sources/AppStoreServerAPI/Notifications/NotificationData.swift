/// The `data` object of a notification (``ResponseBodyV2DecodedPayload/data``): the app, the
/// environment, and the signed transaction and renewal info the notification is about.
///
/// Every field is optional (Apple omits `signedRenewalInfo` and `status` for products other than
/// auto-renewable subscriptions, and `consumptionRequestReason` outside `CONSUMPTION_REQUEST`).
/// Enum fields are ``RawEnumValue``; unknown keys are ignored.
///
/// ```json
/// {"environment": "Sandbox", "appAppleId": 41234, "bundleId": "com.example",
///  "bundleVersion": "1.2.3", "signedTransactionInfo": "eyJ...", "signedRenewalInfo": "eyJ...",
///  "status": 1, "consumptionRequestReason": "UNINTENDED_PURCHASE"}
/// ```
///
/// [data](https://developer.apple.com/documentation/appstoreservernotifications/data)
public struct NotificationData: Codable, Hashable, Sendable {
    /// `environment` (string): `"Sandbox"` or `"Production"`; unknown values are kept.
    ///
    /// [environment](https://developer.apple.com/documentation/appstoreservernotifications/environment)
    public var environment: RawEnumValue<AppStoreEnvironment>?

    /// `appAppleId` (integer, `Int64`): the app's Apple ID in the App Store; absent in sandbox.
    ///
    /// [appAppleId](https://developer.apple.com/documentation/appstoreservernotifications/appappleid)
    public var appAppleId: Int64?

    /// `bundleId` (string): the app's bundle identifier.
    ///
    /// [bundleId](https://developer.apple.com/documentation/appstoreservernotifications/bundleid)
    public var bundleId: String?

    /// `bundleVersion` (string): the app's build version (`CFBundleVersion`).
    ///
    /// [bundleVersion](https://developer.apple.com/documentation/appstoreservernotifications/bundleversion)
    public var bundleVersion: String?

    /// `signedTransactionInfo` (string, compact JWS): transaction information signed by the App
    /// Store; its verified payload is a ``JWSTransactionDecodedPayload``.
    ///
    /// [signedTransactionInfo](https://developer.apple.com/documentation/appstoreservernotifications/jwstransaction)
    public var signedTransactionInfo: String?

    /// `signedRenewalInfo` (string, compact JWS, auto-renewable subscriptions only): renewal
    /// information signed by the App Store; its verified payload is a
    /// ``JWSRenewalInfoDecodedPayload``.
    ///
    /// [signedRenewalInfo](https://developer.apple.com/documentation/appstoreservernotifications/jwsrenewalinfo)
    public var signedRenewalInfo: String?

    /// `status` (integer `1...5`, auto-renewable subscriptions only): the subscription's status
    /// (``SubscriptionStatus``); unknown numbers are kept.
    ///
    /// [status](https://developer.apple.com/documentation/appstoreservernotifications/status)
    public var status: RawEnumValue<SubscriptionStatus>?

    /// `consumptionRequestReason` (string, `CONSUMPTION_REQUEST` only, Notifications 2.11+): the
    /// customer's reason for the refund request; unknown values are kept.
    ///
    /// [consumptionRequestReason](https://developer.apple.com/documentation/appstoreservernotifications/consumptionrequestreason)
    public var consumptionRequestReason: RawEnumValue<ConsumptionRequestReason>?

    /// Creates a value; every field defaults to `nil` (absent).
    ///
    /// - Parameters: one per JSON key, see the properties.
    public init(
        environment: RawEnumValue<AppStoreEnvironment>? = nil,
        appAppleId: Int64? = nil,
        bundleId: String? = nil,
        bundleVersion: String? = nil,
        signedTransactionInfo: String? = nil,
        signedRenewalInfo: String? = nil,
        status: RawEnumValue<SubscriptionStatus>? = nil,
        consumptionRequestReason: RawEnumValue<ConsumptionRequestReason>? = nil
    ) {
        self.environment = environment
        self.appAppleId = appAppleId
        self.bundleId = bundleId
        self.bundleVersion = bundleVersion
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
        self.status = status
        self.consumptionRequestReason = consumptionRequestReason
    }
}
