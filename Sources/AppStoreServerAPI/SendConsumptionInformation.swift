import Foundation

/// Send Consumption Information (V2, App Store Server API 1.19+):
/// `PUT /inApps/v2/transactions/consumption/{transactionId}` with a ``ConsumptionRequest`` JSON
/// body.
///
/// Send it after a `CONSUMPTION_REQUEST` notification, only with the customer's consent, within
/// 12 hours. Valid for every product type. Responses:
///
/// | status | meaning |
/// |---|---|
/// | `202` | accepted; empty body |
/// | `400` | ``APIError/invalidTransactionId`` (`4000006`), ``APIError/appTransactionIdNotSupported`` (`4000048`), ``APIError/familyTransactionNotSupported`` (`4000185`), ``APIError/invalidCustomerConsented`` (`4000035`), ``APIError/invalidDeliveryStatus`` (`4000036`), ``APIError/invalidSampleContentProvided`` (`4000041`), ``APIError/invalidRefundPreference`` (`4000044`), ``APIError/consumptionPercentageAutoRenewableSubscription`` (`4000209`), and three errors Apple documents by name only: `ConsumptionPercentageOutOfRangeError`, `UndeliveredConsumptionPercentageNonZeroError`, `AdvancedCommerceTransactionNotSupportedError` (their numbers arrive as unknown codes in ``APIErrorResponse``) |
/// | `401` | invalid JWT; no body |
/// | `404` | ``APIError/transactionIdNotFound`` (`4040010`) |
/// | `429` | ``APIError/rateLimitExceeded`` (`4290000`) |
/// | `500` | ``APIError/generalInternal`` (`5000000`) |
///
/// Error bodies decode as ``APIErrorResponse``. Newer Apple pages also list
/// ``APIError/invalidAssignedTransactionNotSupported`` (`4000227`, API 1.22+) for this endpoint.
/// ``ConsumptionRequest/validate(for:)`` checks the body rules locally before sending.
///
/// The older integer-body endpoint is ``SendConsumptionInformationV1``, which Apple now documents
/// for Advanced Commerce API purchases.
///
/// [Send Consumption Information](https://developer.apple.com/documentation/appstoreserverapi/send-consumption-information)
public enum SendConsumptionInformation: APIEndpoint {
    /// `"PUT"`.
    public static let method = "PUT"

    /// `"/inApps/v2/transactions/consumption/{transactionId}"`.
    public static let pathTemplate = "/inApps/v2/transactions/consumption/{transactionId}"

    /// The HTTP status of a successful response: `202` (Accepted, empty body).
    public static let successStatus = 202

    /// The endpoint URL for a transaction.
    ///
    /// - Parameters:
    ///   - environment: ``AppStoreEnvironment/production`` or ``AppStoreEnvironment/sandbox``.
    ///   - transactionId: The transaction identifier from the `CONSUMPTION_REQUEST` notification;
    ///     percent-encoded as one path segment.
    ///   - hostStyle: Which host names to use; ``HostStyle/current`` by default.
    /// - Returns: For example
    ///   `https://api.storekit.apple.com/inApps/v2/transactions/consumption/2000000000000001`.
    /// - Throws: ``EndpointError/environmentWithoutHost(_:)`` for `xcode` and `localTesting`,
    ///   ``EndpointError/emptyPathParameter(_:)`` for an empty `transactionId`,
    ///   ``EndpointError/dotSegmentPathParameter(name:value:)`` for `"."` or `".."`.
    public static func url(
        environment: AppStoreEnvironment, transactionId: String, hostStyle: HostStyle = .current
    ) throws -> URL {
        try url(
            environment: environment, pathParameters: ["transactionId": transactionId],
            hostStyle: hostStyle)
    }

    /// Builds the request: method `PUT`, the endpoint URL, headers `User-Agent`
    /// (``AppStoreServerAPILibrary/userAgent``), `Accept: application/json` and
    /// `Content-Type: application/json`, and the body as JSON with sorted keys (deterministic
    /// bytes; the three required keys always present, `nil` optional fields omitted).
    ///
    /// The body is sent as given: call ``ConsumptionRequest/validate(for:)`` first if you want to
    /// catch what Apple would reject. Add `Authorization: Bearer <JWT>` before sending.
    ///
    /// - Parameters:
    ///   - transactionId: The transaction identifier; percent-encoded as one path segment.
    ///   - body: The consumption information.
    ///   - environment: ``AppStoreEnvironment/production`` or ``AppStoreEnvironment/sandbox``.
    ///   - hostStyle: Which host names to use; ``HostStyle/current`` by default.
    /// - Throws: ``EndpointError`` (see ``url(environment:transactionId:hostStyle:)``), or
    ///   ``EndpointError/bodyEncodingFailed(_:)``.
    public static func request(
        transactionId: String, body: ConsumptionRequest, environment: AppStoreEnvironment,
        hostStyle: HostStyle = .current
    ) throws -> HTTPRequest {
        try jsonRequest(
            pathParameters: ["transactionId": transactionId], body: body, environment: environment,
            hostStyle: hostStyle)
    }
}
