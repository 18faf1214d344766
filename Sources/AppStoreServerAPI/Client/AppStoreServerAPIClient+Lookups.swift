import Foundation

/// Lookups, history and test notifications: the endpoints a server team needs around a
/// `CONSUMPTION_REQUEST` (find the transaction, fill the consumption fields, recover missed
/// notifications, check the notification URL). Each call signs a fresh JWT per attempt and uses
/// the client's ``RetryPolicy`` and the same deadline rules as the consumption calls; a `2xx`
/// whose body doesn't decode is ``AppStoreServerAPIClientError/invalidResponse(status:reason:)``.
extension AppStoreServerAPIClient {
    /// Get Transaction Info: `GET /inApps/v1/transactions/{transactionId}`.
    ///
    /// - Parameters:
    ///   - transactionId: Any transaction identifier of the customer.
    ///   - deadline: The latest time to keep trying; `nil` for no limit beyond the retry policy.
    /// - Returns: The response with the signed transaction (verify it with
    ///   ``SignedDataVerifier/verifyAndDecodeTransaction(_:)``).
    /// - Throws: ``AppStoreServerAPIClientError``; see ``GetTransactionInfo/errorCodes``.
    ///
    /// [Get Transaction Info](https://developer.apple.com/documentation/appstoreserverapi/get-transaction-info)
    public func getTransactionInfo(transactionId: String, deadline: Date? = nil)
        async throws(AppStoreServerAPIClientError) -> TransactionInfoResponse
    {
        try await call(deadline: deadline) {
            try GetTransactionInfo.request(pathParameters: ["transactionId": transactionId], environment: .production)
        }
    }

    /// Get Transaction History (v2), one page: `GET /inApps/v2/history/{transactionId}`.
    ///
    /// - Parameters:
    ///   - transactionId: Any transaction identifier of the customer.
    ///   - revision: The previous page's `revision`; `nil` for the first page.
    ///   - query: Filters, sort and date range (``TransactionHistoryRequest``).
    ///   - deadline: The latest time to keep trying.
    /// - Throws: ``AppStoreServerAPIClientError``; see ``GetTransactionHistory/errorCodes``.
    ///
    /// [Get Transaction History](https://developer.apple.com/documentation/appstoreserverapi/get-transaction-history)
    public func getTransactionHistory(
        transactionId: String, revision: String? = nil, query: TransactionHistoryRequest = .init(),
        deadline: Date? = nil
    ) async throws(AppStoreServerAPIClientError) -> HistoryResponse {
        try await call(deadline: deadline) {
            try GetTransactionHistory.request(
                pathParameters: ["transactionId": transactionId], query: query.queryParameters(revision: revision),
                environment: .production)
        }
    }

    /// Get Transaction History (v2), every page, as an async sequence (see
    /// ``AppStoreServerAPIPages``).
    ///
    /// - Parameters:
    ///   - transactionId: Any transaction identifier of the customer.
    ///   - query: Filters, sort and date range, the same for every page.
    ///   - deadline: The latest time to keep trying, for every page.
    public nonisolated func transactionHistory(
        transactionId: String, query: TransactionHistoryRequest = .init(), deadline: Date? = nil
    ) -> AppStoreServerAPIPages<HistoryResponse> {
        AppStoreServerAPIPages(
            fetch: { revision throws(AppStoreServerAPIClientError) in
                try await self.getTransactionHistory(
                    transactionId: transactionId, revision: revision, query: query, deadline: deadline)
            },
            continuation: { ($0.hasMore == true, $0.revision) })
    }

    /// Get Refund History (v2), one page: `GET /inApps/v2/refund/lookup/{transactionId}`.
    ///
    /// - Parameters:
    ///   - transactionId: Any transaction identifier of the customer.
    ///   - revision: The previous page's `revision`; `nil` for the first page.
    ///   - deadline: The latest time to keep trying.
    /// - Throws: ``AppStoreServerAPIClientError``; see ``GetRefundHistory/errorCodes``.
    ///
    /// [Get Refund History](https://developer.apple.com/documentation/appstoreserverapi/get-refund-history)
    public func getRefundHistory(transactionId: String, revision: String? = nil, deadline: Date? = nil)
        async throws(AppStoreServerAPIClientError) -> RefundHistoryResponse
    {
        try await call(deadline: deadline) {
            try GetRefundHistory.request(
                pathParameters: ["transactionId": transactionId],
                query: revision.map { [QueryParameter("revision", $0)] } ?? [], environment: .production)
        }
    }

    /// Get Refund History (v2), every page, as an async sequence.
    ///
    /// - Parameters:
    ///   - transactionId: Any transaction identifier of the customer.
    ///   - deadline: The latest time to keep trying, for every page.
    public nonisolated func refundHistory(transactionId: String, deadline: Date? = nil)
        -> AppStoreServerAPIPages<RefundHistoryResponse>
    {
        AppStoreServerAPIPages(
            fetch: { revision throws(AppStoreServerAPIClientError) in
                try await self.getRefundHistory(transactionId: transactionId, revision: revision, deadline: deadline)
            },
            continuation: { ($0.hasMore == true, $0.revision) })
    }

    /// Get All Subscription Statuses: `GET /inApps/v1/subscriptions/{transactionId}`.
    ///
    /// - Parameters:
    ///   - transactionId: Any transaction identifier of the customer.
    ///   - status: Only subscriptions in these states (repeated `status` query parameter); `nil`
    ///     or empty for all.
    ///   - deadline: The latest time to keep trying.
    /// - Throws: ``AppStoreServerAPIClientError``; see ``GetAllSubscriptionStatuses/errorCodes``.
    ///
    /// [Get All Subscription Statuses](https://developer.apple.com/documentation/appstoreserverapi/get-all-subscription-statuses)
    public func getAllSubscriptionStatuses(
        transactionId: String, status: [SubscriptionStatus]? = nil, deadline: Date? = nil
    ) async throws(AppStoreServerAPIClientError) -> StatusResponse {
        try await call(deadline: deadline) {
            try GetAllSubscriptionStatuses.request(
                pathParameters: ["transactionId": transactionId],
                query: (status ?? []).map { QueryParameter("status", String($0.rawValue)) }, environment: .production)
        }
    }

    /// Get Notification History, one page: `POST /inApps/v1/notifications/history`.
    ///
    /// - Parameters:
    ///   - request: The date range and filter; the same body for every page.
    ///   - paginationToken: The previous page's `paginationToken`; `nil` for the first page.
    ///   - deadline: The latest time to keep trying.
    /// - Throws: ``AppStoreServerAPIClientError``; see ``GetNotificationHistory/errorCodes``.
    ///
    /// [Get Notification History](https://developer.apple.com/documentation/appstoreserverapi/get-notification-history)
    public func getNotificationHistory(
        request: NotificationHistoryRequest, paginationToken: String? = nil, deadline: Date? = nil
    ) async throws(AppStoreServerAPIClientError) -> NotificationHistoryResponse {
        try await call(deadline: deadline) {
            try GetNotificationHistory.appendingQuery(
                paginationToken.map { [QueryParameter("paginationToken", $0)] } ?? [],
                to: GetNotificationHistory.jsonRequest(pathParameters: [:], body: request, environment: .production))
        }
    }

    /// Get Notification History, every page, as an async sequence.
    ///
    /// - Parameters:
    ///   - request: The date range and filter.
    ///   - deadline: The latest time to keep trying, for every page.
    public nonisolated func notificationHistory(request: NotificationHistoryRequest, deadline: Date? = nil)
        -> AppStoreServerAPIPages<NotificationHistoryResponse>
    {
        AppStoreServerAPIPages(
            fetch: { token throws(AppStoreServerAPIClientError) in
                try await self.getNotificationHistory(request: request, paginationToken: token, deadline: deadline)
            },
            continuation: { ($0.hasMore == true, $0.paginationToken) })
    }

    /// Request a Test Notification: `POST /inApps/v1/notifications/test`.
    ///
    /// - Parameter deadline: The latest time to keep trying.
    /// - Returns: The token for ``getTestNotificationStatus(testNotificationToken:deadline:)``.
    /// - Throws: ``AppStoreServerAPIClientError``; see ``RequestTestNotification/errorCodes``.
    ///
    /// [Request a Test Notification](https://developer.apple.com/documentation/appstoreserverapi/request-a-test-notification)
    public func requestTestNotification(deadline: Date? = nil)
        async throws(AppStoreServerAPIClientError) -> SendTestNotificationResponse
    {
        try await call(deadline: deadline) { try RequestTestNotification.request(environment: .production) }
    }

    /// Get Test Notification Status: `GET /inApps/v1/notifications/test/{testNotificationToken}`.
    ///
    /// - Parameters:
    ///   - testNotificationToken: The token from ``requestTestNotification(deadline:)``.
    ///   - deadline: The latest time to keep trying.
    /// - Throws: ``AppStoreServerAPIClientError``; see ``GetTestNotificationStatus/errorCodes``.
    ///
    /// [Get Test Notification Status](https://developer.apple.com/documentation/appstoreserverapi/get-test-notification-status)
    public func getTestNotificationStatus(testNotificationToken: String, deadline: Date? = nil)
        async throws(AppStoreServerAPIClientError) -> CheckTestNotificationResponse
    {
        try await call(deadline: deadline) {
            try GetTestNotificationStatus.request(
                pathParameters: ["testNotificationToken": testNotificationToken], environment: .production)
        }
    }

    /// Builds, sends and decodes one call.
    private func call<Body: Decodable>(
        deadline: Date?, _ make: () throws -> HTTPRequest
    ) async throws(AppStoreServerAPIClientError) -> Body {
        let request = try build(make)
        let (response, body) = try await performReturningBody(request, deadline: deadline)
        do {
            return try JSONDecoder().decode(Body.self, from: body)
        } catch {
            throw .invalidResponse(status: response.status, reason: SignedJWS.describe(error))
        }
    }
}
