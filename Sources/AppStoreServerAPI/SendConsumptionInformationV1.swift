import Foundation

/// Send Consumption Information V1: `PUT /inApps/v1/transactions/consumption/{transactionId}` with
/// a ``ConsumptionRequestV1`` JSON body.
///
/// Send it after a `CONSUMPTION_REQUEST` notification, only with the customer's consent, within
/// 12 hours. Responses: `202` (accepted, empty body); `400` with one of the field errors of
/// ``ConsumptionRequestV1/CodingKeys/apiError`` or ``APIError/invalidTransactionTypeNotSupported``
/// (no code: malformed request); `401` (invalid JWT, no body); `404`
/// ``APIError/transactionIdNotFound``; `429` ``APIError/rateLimitExceeded``; `500`
/// ``APIError/generalInternal``. Error bodies decode as ``APIErrorResponse``.
///
/// Apple now documents V1 for Advanced Commerce API purchases; other in-app purchases use the V2
/// endpoint (`PUT /inApps/v2/transactions/consumption/{transactionId}`).
///
/// [Send Consumption Information V1](https://developer.apple.com/documentation/appstoreserverapi/send-consumption-information-v1)
public enum SendConsumptionInformationV1: APIEndpoint {
    /// `"PUT"`.
    public static let method = "PUT"

    /// `"/inApps/v1/transactions/consumption/{transactionId}"`.
    public static let pathTemplate = "/inApps/v1/transactions/consumption/{transactionId}"

    /// The HTTP status of a successful response: `202` (Accepted, empty body).
    public static let successStatus = 202

    /// The endpoint URL for a transaction.
    ///
    /// - Parameters:
    ///   - environment: ``AppStoreEnvironment/production`` or ``AppStoreEnvironment/sandbox``.
    ///   - transactionId: The transaction identifier from the `CONSUMPTION_REQUEST` notification;
    ///     percent-encoded as one path segment.
    ///   - hostStyle: Which host names to use; ``HostStyle/current`` by default.
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
    /// bytes; `nil` fields omitted).
    ///
    /// The body is sent as given: call ``ConsumptionRequestV1/validate()`` first if you want to
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
        transactionId: String, body: ConsumptionRequestV1, environment: AppStoreEnvironment,
        hostStyle: HostStyle = .current
    ) throws -> HTTPRequest {
        try jsonRequest(
            pathParameters: ["transactionId": transactionId], body: body, environment: environment,
            hostStyle: hostStyle)
    }
}
