import Foundation

/// A query parameter of an App Store Server API `GET` or `POST` request, in sending order (a name
/// may repeat: `productId=a&productId=b`).
public struct QueryParameter: Hashable, Sendable {
    /// The parameter name, for example `"revision"`.
    public var name: String
    /// The value before percent-encoding.
    public var value: String

    /// Creates a parameter.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension APIEndpoint {
    /// Builds a request without a body: the endpoint's method and URL with `query` appended (see
    /// ``appendingQuery(_:to:)``), headers `User-Agent` (``AppStoreServerAPILibrary/userAgent``)
    /// and `Accept: application/json`. `Authorization` is added by the sender.
    ///
    /// - Throws: ``EndpointError`` as ``url(environment:pathParameters:hostStyle:)`` (typed
    ///   environment).
    public static func request(
        pathParameters: [String: String] = [:], query: [QueryParameter] = [], environment: AppStoreEnvironment,
        hostStyle: HostStyle = .current
    ) throws -> HTTPRequest {
        let url = try url(environment: environment, pathParameters: pathParameters, hostStyle: hostStyle)
        let request = HTTPRequest(
            method: method, url: url,
            headers: [
                HTTPHeader(name: "User-Agent", value: AppStoreServerAPILibrary.userAgent),
                HTTPHeader(name: "Accept", value: "application/json"),
            ])
        return try appendingQuery(query, to: request)
    }

    /// `request` with `query` appended to its URL in order, names and values percent-encoded
    /// (every byte outside RFC 3986's unreserved set becomes `%XX`); unchanged when `query` is
    /// empty.
    ///
    /// - Throws: ``EndpointError/invalidURL(_:)`` when the result isn't a URL.
    public static func appendingQuery(_ query: [QueryParameter], to request: HTTPRequest) throws -> HTTPRequest {
        guard !query.isEmpty else { return request }
        let encoded = query.map {
            PathTemplate.percentEncodeSegment($0.name) + "=" + PathTemplate.percentEncodeSegment($0.value)
        }
        let text = request.url.absoluteString + "?" + encoded.joined(separator: "&")
        guard let url = URL(string: text) else { throw EndpointError.invalidURL(text) }
        var request = request
        request.url = url
        return request
    }
}

/// Get Transaction Info: `GET /inApps/v1/transactions/{transactionId}` → ``TransactionInfoResponse``.
///
/// Responses: `200` with the signed transaction; `400` ``APIError/invalidTransactionId``; `401`;
/// `404` ``APIError/transactionIdNotFound``; `429` ``APIError/rateLimitExceeded``; `500`
/// ``APIError/generalInternal`` or ``APIError/generalInternalRetryable``.
///
/// [Get Transaction Info](https://developer.apple.com/documentation/appstoreserverapi/get-transaction-info)
public enum GetTransactionInfo: APIEndpoint {
    /// `"GET"`.
    public static let method = "GET"
    /// `"/inApps/v1/transactions/{transactionId}"`.
    public static let pathTemplate = "/inApps/v1/transactions/{transactionId}"
    /// The error codes Apple lists for this endpoint.
    public static let errorCodes: [APIError] = [
        .invalidTransactionId, .transactionIdNotFound, .rateLimitExceeded, .generalInternal, .generalInternalRetryable,
    ]
}

/// Get Transaction History (v2): `GET /inApps/v2/history/{transactionId}` with the query of a
/// ``TransactionHistoryRequest`` and `revision` → ``HistoryResponse`` (up to 20 signed
/// transactions a page).
///
/// Responses: `200`; `400` ``APIError/invalidRequestRevision``, ``APIError/invalidTransactionId``,
/// ``APIError/invalidStartDate``, ``APIError/invalidEndDate``, ``APIError/startDateAfterEndDate``,
/// ``APIError/invalidProductType``, ``APIError/invalidProductId``,
/// ``APIError/invalidSubscriptionGroupIdentifier``, ``APIError/invalidInAppOwnershipType``,
/// ``APIError/invalidRevoked``, ``APIError/invalidSort``; `401`; `404`
/// ``APIError/accountNotFound``, ``APIError/accountNotFoundRetryable``, ``APIError/appNotFound``,
/// ``APIError/appNotFoundRetryable``, ``APIError/transactionIdNotFound``; `429`; `500`.
///
/// [Get Transaction History](https://developer.apple.com/documentation/appstoreserverapi/get-transaction-history)
public enum GetTransactionHistory: APIEndpoint {
    /// `"GET"`.
    public static let method = "GET"
    /// `"/inApps/v2/history/{transactionId}"`.
    public static let pathTemplate = "/inApps/v2/history/{transactionId}"
    /// The error codes Apple lists for this endpoint.
    public static let errorCodes: [APIError] = [
        .invalidRequestRevision, .invalidTransactionId, .invalidStartDate, .invalidEndDate, .startDateAfterEndDate,
        .invalidProductType, .invalidProductId, .invalidSubscriptionGroupIdentifier, .invalidInAppOwnershipType,
        .invalidRevoked, .invalidSort, .accountNotFound, .accountNotFoundRetryable, .appNotFound,
        .appNotFoundRetryable, .transactionIdNotFound, .rateLimitExceeded, .generalInternal,
        .generalInternalRetryable,
    ]
}

/// Get Refund History (v2): `GET /inApps/v2/refund/lookup/{transactionId}` with `revision` →
/// ``RefundHistoryResponse`` (up to 20 refunded transactions a page, oldest first).
///
/// Responses: `200`; `400` ``APIError/invalidRequestRevision``, ``APIError/invalidTransactionId``;
/// `401`; `404` ``APIError/accountNotFound``, ``APIError/accountNotFoundRetryable``,
/// ``APIError/appNotFound``, ``APIError/appNotFoundRetryable``,
/// ``APIError/transactionIdNotFound``; `429`; `500`.
///
/// [Get Refund History](https://developer.apple.com/documentation/appstoreserverapi/get-refund-history)
public enum GetRefundHistory: APIEndpoint {
    /// `"GET"`.
    public static let method = "GET"
    /// `"/inApps/v2/refund/lookup/{transactionId}"`.
    public static let pathTemplate = "/inApps/v2/refund/lookup/{transactionId}"
    /// The error codes Apple lists for this endpoint.
    public static let errorCodes: [APIError] = [
        .invalidRequestRevision, .invalidTransactionId, .accountNotFound, .accountNotFoundRetryable, .appNotFound,
        .appNotFoundRetryable, .transactionIdNotFound, .rateLimitExceeded, .generalInternal,
        .generalInternalRetryable,
    ]
}

/// Get All Subscription Statuses: `GET /inApps/v1/subscriptions/{transactionId}` with optional
/// repeated `status` → ``StatusResponse``.
///
/// Responses: `200`; `400` ``APIError/invalidTransactionId``, ``APIError/invalidStatus``; `401`;
/// `404` ``APIError/accountNotFound``, ``APIError/accountNotFoundRetryable``,
/// ``APIError/appNotFound``, ``APIError/appNotFoundRetryable``,
/// ``APIError/transactionIdNotFound``; `429`; `500`.
///
/// [Get All Subscription Statuses](https://developer.apple.com/documentation/appstoreserverapi/get-all-subscription-statuses)
public enum GetAllSubscriptionStatuses: APIEndpoint {
    /// `"GET"`.
    public static let method = "GET"
    /// `"/inApps/v1/subscriptions/{transactionId}"`.
    public static let pathTemplate = "/inApps/v1/subscriptions/{transactionId}"
    /// The error codes Apple lists for this endpoint.
    public static let errorCodes: [APIError] = [
        .invalidTransactionId, .invalidStatus, .accountNotFound, .accountNotFoundRetryable, .appNotFound,
        .appNotFoundRetryable, .transactionIdNotFound, .rateLimitExceeded, .generalInternal,
        .generalInternalRetryable,
    ]
}

/// Get Notification History: `POST /inApps/v1/notifications/history` with a
/// ``NotificationHistoryRequest`` body and `paginationToken` → ``NotificationHistoryResponse``
/// (up to 20 notifications a page; the past 180 days).
///
/// Responses: `200`; `400` ``APIError/invalidPaginationToken``, ``APIError/paginationTokenExpired``,
/// ``APIError/invalidStartDate``, ``APIError/invalidEndDate``, ``APIError/startDateTooFarInPast``,
/// ``APIError/startDateAfterEndDate``, ``APIError/invalidNotificationType``,
/// ``APIError/multipleFiltersSupplied``, ``APIError/invalidTransactionId``; `401`; `404`
/// ``APIError/serverNotificationUrlNotFound``; `429`; `500`.
///
/// [Get Notification History](https://developer.apple.com/documentation/appstoreserverapi/get-notification-history)
public enum GetNotificationHistory: APIEndpoint {
    /// `"POST"`.
    public static let method = "POST"
    /// `"/inApps/v1/notifications/history"`.
    public static let pathTemplate = "/inApps/v1/notifications/history"
    /// The error codes Apple lists for this endpoint.
    public static let errorCodes: [APIError] = [
        .invalidPaginationToken, .paginationTokenExpired, .invalidStartDate, .invalidEndDate, .startDateTooFarInPast,
        .startDateAfterEndDate, .invalidNotificationType, .multipleFiltersSupplied, .invalidTransactionId,
        .serverNotificationUrlNotFound, .rateLimitExceeded, .generalInternal, .generalInternalRetryable,
    ]
}

/// Request a Test Notification: `POST /inApps/v1/notifications/test` (no body) →
/// ``SendTestNotificationResponse``. The App Store then sends a `TEST` notification to the URL
/// configured for the environment called.
///
/// Responses: `200`; `401`; `404` ``APIError/serverNotificationUrlNotFound``; `429`; `500`.
///
/// [Request a Test Notification](https://developer.apple.com/documentation/appstoreserverapi/request-a-test-notification)
public enum RequestTestNotification: APIEndpoint {
    /// `"POST"`.
    public static let method = "POST"
    /// `"/inApps/v1/notifications/test"`.
    public static let pathTemplate = "/inApps/v1/notifications/test"
    /// The error codes Apple lists for this endpoint.
    public static let errorCodes: [APIError] = [
        .serverNotificationUrlNotFound, .rateLimitExceeded, .generalInternal, .generalInternalRetryable,
    ]
}

/// Get Test Notification Status: `GET /inApps/v1/notifications/test/{testNotificationToken}` →
/// ``CheckTestNotificationResponse`` (the token stays usable for six months).
///
/// Responses: `200`; `400` ``APIError/invalidTestNotificationToken``; `401`; `404`
/// ``APIError/testNotificationNotFound``; `429`; `500`.
///
/// [Get Test Notification Status](https://developer.apple.com/documentation/appstoreserverapi/get-test-notification-status)
public enum GetTestNotificationStatus: APIEndpoint {
    /// `"GET"`.
    public static let method = "GET"
    /// `"/inApps/v1/notifications/test/{testNotificationToken}"`.
    public static let pathTemplate = "/inApps/v1/notifications/test/{testNotificationToken}"
    /// The error codes Apple lists for this endpoint.
    public static let errorCodes: [APIError] = [
        .invalidTestNotificationToken, .testNotificationNotFound, .rateLimitExceeded, .generalInternal,
        .generalInternalRetryable,
    ]
}
