import Foundation

/// The body of a `200` from Get Transaction Info: one signed transaction.
///
/// ```json
/// {"signedTransactionInfo": "eyJhbGciOiJFUzI1NiIsIng1YyI6..."}
/// ```
///
/// Verify `signedTransactionInfo` with ``SignedDataVerifier/verifyAndDecodeTransaction(_:)``.
///
/// [TransactionInfoResponse](https://developer.apple.com/documentation/appstoreserverapi/transactioninforesponse)
public struct TransactionInfoResponse: Codable, Hashable, Sendable {
    /// `signedTransactionInfo` (string, compact JWS): the transaction.
    ///
    /// [JWSTransaction](https://developer.apple.com/documentation/appstoreserverapi/jwstransaction)
    public var signedTransactionInfo: String?

    /// Creates a value.
    public init(signedTransactionInfo: String? = nil) {
        self.signedTransactionInfo = signedTransactionInfo
    }
}

/// One page of Get Transaction History (v2): up to 20 signed transactions, and the `revision` to
/// ask for the next page while `hasMore` is `true`.
///
/// ```json
/// {"revision": "revision_output", "hasMore": true, "bundleId": "com.example",
///  "appAppleId": 323232, "environment": "Sandbox", "signedTransactions": ["eyJ...", "eyJ..."]}
/// ```
///
/// [HistoryResponse](https://developer.apple.com/documentation/appstoreserverapi/historyresponse)
public struct HistoryResponse: Codable, Hashable, Sendable {
    /// `revision` (string): pass it back as the `revision` query parameter for the next page.
    ///
    /// [revision](https://developer.apple.com/documentation/appstoreserverapi/revision)
    public var revision: String?
    /// `hasMore` (Boolean): whether another page follows.
    ///
    /// [hasMore](https://developer.apple.com/documentation/appstoreserverapi/hasmore)
    public var hasMore: Bool?
    /// `bundleId` (string): the app's bundle identifier.
    ///
    /// [bundleId](https://developer.apple.com/documentation/appstoreserverapi/bundleid)
    public var bundleId: String?
    /// `appAppleId` (`Int64`): the app's Apple ID.
    ///
    /// [appAppleId](https://developer.apple.com/documentation/appstoreservernotifications/appappleid)
    public var appAppleId: Int64?
    /// `environment` (string): `"Sandbox"` or `"Production"`.
    ///
    /// [environment](https://developer.apple.com/documentation/appstoreserverapi/environment)
    public var environment: RawEnumValue<AppStoreEnvironment>?
    /// `signedTransactions` (array of compact JWS): the transactions of this page.
    ///
    /// [JWSTransaction](https://developer.apple.com/documentation/appstoreserverapi/jwstransaction)
    public var signedTransactions: [String]?

    /// Creates a value; every field defaults to `nil`.
    public init(
        revision: String? = nil, hasMore: Bool? = nil, bundleId: String? = nil, appAppleId: Int64? = nil,
        environment: RawEnumValue<AppStoreEnvironment>? = nil, signedTransactions: [String]? = nil
    ) {
        self.revision = revision
        self.hasMore = hasMore
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environment = environment
        self.signedTransactions = signedTransactions
    }

    private enum CodingKeys: String, CodingKey {
        case revision, hasMore, bundleId, appAppleId, environment, signedTransactions
    }

    /// Decodes a page; a number that doesn't fit `appAppleId` is reported at that field.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        revision = try c.decodeIfPresent(String.self, forKey: .revision)
        hasMore = try c.decodeIfPresent(Bool.self, forKey: .hasMore)
        bundleId = try c.decodeIfPresent(String.self, forKey: .bundleId)
        appAppleId = try c.decodeIntegerIfPresent(Int64.self, forKey: .appAppleId)
        environment = try c.decodeIfPresent(RawEnumValue<AppStoreEnvironment>.self, forKey: .environment)
        signedTransactions = try c.decodeIfPresent([String].self, forKey: .signedTransactions)
    }
}

/// One page of Get Refund History (v2): up to 20 refunded or revoked transactions.
///
/// ```json
/// {"signedTransactions": ["eyJ..."], "revision": "revision_output", "hasMore": false}
/// ```
///
/// [RefundHistoryResponse](https://developer.apple.com/documentation/appstoreserverapi/refundhistoryresponse)
public struct RefundHistoryResponse: Codable, Hashable, Sendable {
    /// `signedTransactions` (array of compact JWS): the refunded transactions of this page.
    ///
    /// [JWSTransaction](https://developer.apple.com/documentation/appstoreserverapi/jwstransaction)
    public var signedTransactions: [String]?
    /// `revision` (string): pass it back as the `revision` query parameter for the next page.
    ///
    /// [revision](https://developer.apple.com/documentation/appstoreserverapi/revision)
    public var revision: String?
    /// `hasMore` (Boolean): whether another page follows.
    ///
    /// [hasMore](https://developer.apple.com/documentation/appstoreserverapi/hasmore)
    public var hasMore: Bool?

    /// Creates a value; every field defaults to `nil`.
    public init(signedTransactions: [String]? = nil, revision: String? = nil, hasMore: Bool? = nil) {
        self.signedTransactions = signedTransactions
        self.revision = revision
        self.hasMore = hasMore
    }
}

/// The query of Get Transaction History (v2): filters, sort and a date range. Every field is
/// optional; the App Store answers `400` with the field's error when a value is invalid.
///
/// | field | query parameter | value |
/// |---|---|---|
/// | ``startDate`` | `startDate` | milliseconds since 1970 |
/// | ``endDate`` | `endDate` | milliseconds since 1970 |
/// | ``productIds`` | `productId` (repeated) | product identifiers |
/// | ``productTypes`` | `productType` (repeated) | `AUTO_RENEWABLE`, `NON_RENEWABLE`, `CONSUMABLE`, `NON_CONSUMABLE` |
/// | ``sort`` | `sort` | `ASCENDING` (default) or `DESCENDING`, by modification date |
/// | ``subscriptionGroupIdentifiers`` | `subscriptionGroupIdentifier` (repeated) | group identifiers |
/// | ``inAppOwnershipType`` | `inAppOwnershipType` | `PURCHASED`, `FAMILY_SHARED` |
/// | ``revoked`` | `revoked` | `true` (only refunded/revoked) or `false` (none) |
///
/// [Get Transaction History](https://developer.apple.com/documentation/appstoreserverapi/get-transaction-history)
public struct TransactionHistoryRequest: Hashable, Sendable {
    /// The product types of the `productType` query parameter.
    public enum ProductType: String, CaseIterable, Codable, Hashable, Sendable {
        /// `"AUTO_RENEWABLE"`.
        case autoRenewable = "AUTO_RENEWABLE"
        /// `"NON_RENEWABLE"`.
        case nonRenewable = "NON_RENEWABLE"
        /// `"CONSUMABLE"`.
        case consumable = "CONSUMABLE"
        /// `"NON_CONSUMABLE"`.
        case nonConsumable = "NON_CONSUMABLE"
    }

    /// The order of the `sort` query parameter (by the transactions' modification date).
    public enum Order: String, CaseIterable, Codable, Hashable, Sendable {
        /// `"ASCENDING"`: oldest first (Apple's default).
        case ascending = "ASCENDING"
        /// `"DESCENDING"`: newest first.
        case descending = "DESCENDING"
    }

    /// `startDate`: only transactions on or after this time.
    public var startDate: Date?
    /// `endDate`: only transactions before this time.
    public var endDate: Date?
    /// `productId`: only these products.
    public var productIds: [String]?
    /// `productType`: only these product types.
    public var productTypes: [ProductType]?
    /// `sort`: the order of the pages.
    public var sort: Order?
    /// `subscriptionGroupIdentifier`: only these subscription groups.
    public var subscriptionGroupIdentifiers: [String]?
    /// `inAppOwnershipType`: only purchased or only family-shared transactions.
    public var inAppOwnershipType: InAppOwnershipType?
    /// `revoked`: only refunded or revoked (`true`), or only not (`false`).
    public var revoked: Bool?

    /// Creates a query; every field defaults to `nil` (no filter).
    public init(
        startDate: Date? = nil, endDate: Date? = nil, productIds: [String]? = nil, productTypes: [ProductType]? = nil,
        sort: Order? = nil, subscriptionGroupIdentifiers: [String]? = nil,
        inAppOwnershipType: InAppOwnershipType? = nil, revoked: Bool? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.productIds = productIds
        self.productTypes = productTypes
        self.sort = sort
        self.subscriptionGroupIdentifiers = subscriptionGroupIdentifiers
        self.inAppOwnershipType = inAppOwnershipType
        self.revoked = revoked
    }

    /// The query parameters in Apple's order, `revision` first when given.
    ///
    /// - Parameter revision: The `revision` of the previous page, or `nil` for the first page.
    public func queryParameters(revision: String?) -> [QueryParameter] {
        var query: [QueryParameter] = []
        if let revision { query.append(QueryParameter("revision", revision)) }
        if let startDate { query.append(QueryParameter("startDate", String(AppStoreDate.clampedMillisecondsSince1970(startDate)))) }
        if let endDate { query.append(QueryParameter("endDate", String(AppStoreDate.clampedMillisecondsSince1970(endDate)))) }
        for id in productIds ?? [] { query.append(QueryParameter("productId", id)) }
        for type in productTypes ?? [] { query.append(QueryParameter("productType", type.rawValue)) }
        if let sort { query.append(QueryParameter("sort", sort.rawValue)) }
        for group in subscriptionGroupIdentifiers ?? [] {
            query.append(QueryParameter("subscriptionGroupIdentifier", group))
        }
        if let inAppOwnershipType { query.append(QueryParameter("inAppOwnershipType", inAppOwnershipType.rawValue)) }
        if let revoked { query.append(QueryParameter("revoked", revoked ? "true" : "false")) }
        return query
    }
}

/// The body of a `200` from Get All Subscription Statuses: every subscription group of the
/// customer, with the latest transaction and renewal info of each subscription in it.
///
/// ```json
/// {"environment": "Sandbox", "bundleId": "com.example", "appAppleId": 5454545,
///  "data": [{"subscriptionGroupIdentifier": "sub_group_one",
///            "lastTransactions": [{"status": 1, "originalTransactionId": "3749183",
///                                  "signedTransactionInfo": "eyJ...", "signedRenewalInfo": "eyJ..."}]}]}
/// ```
///
/// [StatusResponse](https://developer.apple.com/documentation/appstoreserverapi/statusresponse)
public struct StatusResponse: Codable, Hashable, Sendable {
    /// `environment` (string): `"Sandbox"` or `"Production"`.
    public var environment: RawEnumValue<AppStoreEnvironment>?
    /// `bundleId` (string): the app's bundle identifier.
    public var bundleId: String?
    /// `appAppleId` (`Int64`): the app's Apple ID.
    public var appAppleId: Int64?
    /// `data` (array): one item per subscription group.
    ///
    /// [SubscriptionGroupIdentifierItem](https://developer.apple.com/documentation/appstoreserverapi/subscriptiongroupidentifieritem)
    public var data: [SubscriptionGroupIdentifierItem]?

    /// Creates a value; every field defaults to `nil`.
    public init(
        environment: RawEnumValue<AppStoreEnvironment>? = nil, bundleId: String? = nil, appAppleId: Int64? = nil,
        data: [SubscriptionGroupIdentifierItem]? = nil
    ) {
        self.environment = environment
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.data = data
    }

    private enum CodingKeys: String, CodingKey {
        case environment, bundleId, appAppleId, data
    }

    /// Decodes a response; a number that doesn't fit `appAppleId` is reported at that field.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        environment = try c.decodeIfPresent(RawEnumValue<AppStoreEnvironment>.self, forKey: .environment)
        bundleId = try c.decodeIfPresent(String.self, forKey: .bundleId)
        appAppleId = try c.decodeIntegerIfPresent(Int64.self, forKey: .appAppleId)
        data = try c.decodeIfPresent([SubscriptionGroupIdentifierItem].self, forKey: .data)
    }
}

/// A subscription group in ``StatusResponse``.
///
/// [SubscriptionGroupIdentifierItem](https://developer.apple.com/documentation/appstoreserverapi/subscriptiongroupidentifieritem)
public struct SubscriptionGroupIdentifierItem: Codable, Hashable, Sendable {
    /// `subscriptionGroupIdentifier` (string): the group.
    public var subscriptionGroupIdentifier: String?
    /// `lastTransactions` (array): the latest transaction of each subscription in the group.
    ///
    /// [lastTransactionsItem](https://developer.apple.com/documentation/appstoreserverapi/lasttransactionsitem)
    public var lastTransactions: [LastTransactionsItem]?

    /// Creates a value.
    public init(subscriptionGroupIdentifier: String? = nil, lastTransactions: [LastTransactionsItem]? = nil) {
        self.subscriptionGroupIdentifier = subscriptionGroupIdentifier
        self.lastTransactions = lastTransactions
    }
}

/// The latest transaction of one subscription in ``SubscriptionGroupIdentifierItem``.
///
/// [lastTransactionsItem](https://developer.apple.com/documentation/appstoreserverapi/lasttransactionsitem)
public struct LastTransactionsItem: Codable, Hashable, Sendable {
    /// `status` (integer `1...5`): the subscription's state (``SubscriptionStatus``).
    ///
    /// [status](https://developer.apple.com/documentation/appstoreserverapi/status)
    public var status: RawEnumValue<SubscriptionStatus>?
    /// `originalTransactionId` (string): the subscription's original transaction.
    public var originalTransactionId: String?
    /// `signedTransactionInfo` (compact JWS): the latest transaction.
    public var signedTransactionInfo: String?
    /// `signedRenewalInfo` (compact JWS): the renewal info.
    public var signedRenewalInfo: String?

    /// Creates a value; every field defaults to `nil`.
    public init(
        status: RawEnumValue<SubscriptionStatus>? = nil, originalTransactionId: String? = nil,
        signedTransactionInfo: String? = nil, signedRenewalInfo: String? = nil
    ) {
        self.status = status
        self.originalTransactionId = originalTransactionId
        self.signedTransactionInfo = signedTransactionInfo
        self.signedRenewalInfo = signedRenewalInfo
    }
}

/// The body of Get Notification History: a date range (required, at most 180 days back) and at
/// most one of `notificationType` (with optional `notificationSubtype`) and `transactionId`.
///
/// Send the same body for every page; only the `paginationToken` query parameter changes (a
/// different body with a token is ``APIError/paginationTokenExpired``).
///
/// ```json
/// {"startDate": 1698148900000, "endDate": 1698235300000,
///  "notificationType": "CONSUMPTION_REQUEST", "onlyFailures": true}
/// ```
///
/// [NotificationHistoryRequest](https://developer.apple.com/documentation/appstoreserverapi/notificationhistoryrequest)
public struct NotificationHistoryRequest: Codable, Hashable, Sendable {
    /// `startDate` (milliseconds since 1970, required): the start of the range, within the past
    /// 180 days (older: ``APIError/startDateTooFarInPast``).
    ///
    /// [startDate](https://developer.apple.com/documentation/appstoreserverapi/startdate)
    public var startDate: Date?
    /// `endDate` (milliseconds since 1970, required): the end of the range, after `startDate`.
    ///
    /// [endDate](https://developer.apple.com/documentation/appstoreserverapi/enddate)
    public var endDate: Date?
    /// `notificationType` (string): only notifications of this type.
    ///
    /// [notificationType](https://developer.apple.com/documentation/appstoreserverapi/notificationtype)
    public var notificationType: RawEnumValue<NotificationTypeV2>?
    /// `notificationSubtype` (string): only this subtype (needs `notificationType`).
    ///
    /// [notificationSubtype](https://developer.apple.com/documentation/appstoreserverapi/notificationsubtype)
    public var notificationSubtype: RawEnumValue<Subtype>?
    /// `transactionId` (string): only notifications about this transaction (not together with
    /// `notificationType`: ``APIError/multipleFiltersSupplied``).
    ///
    /// [transactionId](https://developer.apple.com/documentation/appstoreserverapi/transactionid)
    public var transactionId: String?
    /// `onlyFailures` (Boolean): only notifications your server didn't accept.
    ///
    /// [onlyFailures](https://developer.apple.com/documentation/appstoreserverapi/onlyfailures)
    public var onlyFailures: Bool?

    /// Creates a body.
    public init(
        startDate: Date? = nil, endDate: Date? = nil, notificationType: RawEnumValue<NotificationTypeV2>? = nil,
        notificationSubtype: RawEnumValue<Subtype>? = nil, transactionId: String? = nil, onlyFailures: Bool? = nil
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.notificationType = notificationType
        self.notificationSubtype = notificationSubtype
        self.transactionId = transactionId
        self.onlyFailures = onlyFailures
    }

    private enum CodingKeys: String, CodingKey {
        case startDate, endDate, notificationType, notificationSubtype, transactionId, onlyFailures
    }

    /// Decodes a body (dates as milliseconds).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        startDate = try c.decodeMillisecondsDateIfPresent(forKey: .startDate)
        endDate = try c.decodeMillisecondsDateIfPresent(forKey: .endDate)
        notificationType = try c.decodeIfPresent(RawEnumValue<NotificationTypeV2>.self, forKey: .notificationType)
        notificationSubtype = try c.decodeIfPresent(RawEnumValue<Subtype>.self, forKey: .notificationSubtype)
        transactionId = try c.decodeIfPresent(String.self, forKey: .transactionId)
        onlyFailures = try c.decodeIfPresent(Bool.self, forKey: .onlyFailures)
    }

    /// Encodes the body: dates as whole milliseconds, `nil` fields omitted.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeMillisecondsDateIfPresent(startDate, forKey: .startDate)
        try c.encodeMillisecondsDateIfPresent(endDate, forKey: .endDate)
        try c.encodeIfPresent(notificationType, forKey: .notificationType)
        try c.encodeIfPresent(notificationSubtype, forKey: .notificationSubtype)
        try c.encodeIfPresent(transactionId, forKey: .transactionId)
        try c.encodeIfPresent(onlyFailures, forKey: .onlyFailures)
    }
}

/// One page of Get Notification History: up to 20 notifications, and the `paginationToken` for
/// the next page while `hasMore` is `true`.
///
/// ```json
/// {"paginationToken": "57715481-805a-4283-8499-1c19b5d6b20a", "hasMore": true,
///  "notificationHistory": [{"signedPayload": "eyJ...",
///    "sendAttempts": [{"attemptDate": 1698148900000, "sendAttemptResult": "NO_RESPONSE"}]}]}
/// ```
///
/// [NotificationHistoryResponse](https://developer.apple.com/documentation/appstoreserverapi/notificationhistoryresponse)
public struct NotificationHistoryResponse: Codable, Hashable, Sendable {
    /// `paginationToken` (string): pass it back as the `paginationToken` query parameter.
    ///
    /// [paginationToken](https://developer.apple.com/documentation/appstoreserverapi/paginationtoken)
    public var paginationToken: String?
    /// `hasMore` (Boolean): whether another page follows.
    public var hasMore: Bool?
    /// `notificationHistory` (array): the notifications of this page.
    ///
    /// [notificationHistoryResponseItem](https://developer.apple.com/documentation/appstoreserverapi/notificationhistoryresponseitem)
    public var notificationHistory: [NotificationHistoryResponseItem]?

    /// Creates a value.
    public init(
        paginationToken: String? = nil, hasMore: Bool? = nil, notificationHistory: [NotificationHistoryResponseItem]? = nil
    ) {
        self.paginationToken = paginationToken
        self.hasMore = hasMore
        self.notificationHistory = notificationHistory
    }
}

/// A notification in ``NotificationHistoryResponse``: its signed payload (verify it with
/// ``SignedDataVerifier``) and every attempt the App Store made to send it.
///
/// [notificationHistoryResponseItem](https://developer.apple.com/documentation/appstoreserverapi/notificationhistoryresponseitem)
public struct NotificationHistoryResponseItem: Codable, Hashable, Sendable {
    /// `signedPayload` (compact JWS): the notification, as it was posted to your server.
    ///
    /// [signedPayload](https://developer.apple.com/documentation/appstoreservernotifications/signedpayload)
    public var signedPayload: String?
    /// `sendAttempts` (array): the attempts, oldest first.
    ///
    /// [sendAttemptItem](https://developer.apple.com/documentation/appstoreserverapi/sendattemptitem)
    public var sendAttempts: [SendAttemptItem]?

    /// Creates a value.
    public init(signedPayload: String? = nil, sendAttempts: [SendAttemptItem]? = nil) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}

/// One attempt to send a notification: when, and what your server did.
///
/// [sendAttemptItem](https://developer.apple.com/documentation/appstoreserverapi/sendattemptitem)
public struct SendAttemptItem: Codable, Hashable, Sendable {
    /// `attemptDate` (milliseconds since 1970): when the App Store tried.
    ///
    /// [attemptDate](https://developer.apple.com/documentation/appstoreservernotifications/attemptdate)
    public var attemptDate: Date?
    /// `sendAttemptResult` (string): the result (``SendAttemptResult``).
    ///
    /// [sendAttemptResult](https://developer.apple.com/documentation/appstoreserverapi/sendattemptresult)
    public var sendAttemptResult: RawEnumValue<SendAttemptResult>?

    /// Creates a value.
    public init(attemptDate: Date? = nil, sendAttemptResult: RawEnumValue<SendAttemptResult>? = nil) {
        self.attemptDate = attemptDate
        self.sendAttemptResult = sendAttemptResult
    }

    private enum CodingKeys: String, CodingKey {
        case attemptDate, sendAttemptResult
    }

    /// Decodes an attempt (`attemptDate` as milliseconds).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        attemptDate = try c.decodeMillisecondsDateIfPresent(forKey: .attemptDate)
        sendAttemptResult = try c.decodeIfPresent(RawEnumValue<SendAttemptResult>.self, forKey: .sendAttemptResult)
    }

    /// Encodes an attempt.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeMillisecondsDateIfPresent(attemptDate, forKey: .attemptDate)
        try c.encodeIfPresent(sendAttemptResult, forKey: .sendAttemptResult)
    }
}

/// The result of one attempt to send a notification to your server.
///
/// [sendAttemptResult](https://developer.apple.com/documentation/appstoreserverapi/sendattemptresult)
public enum SendAttemptResult: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"SUCCESS"`: your server answered with a `2xx`.
    case success = "SUCCESS"
    /// `"TIMED_OUT"`.
    case timedOut = "TIMED_OUT"
    /// `"TLS_ISSUE"`.
    case tlsIssue = "TLS_ISSUE"
    /// `"CIRCULAR_REDIRECT"`.
    case circularRedirect = "CIRCULAR_REDIRECT"
    /// `"NO_RESPONSE"`.
    case noResponse = "NO_RESPONSE"
    /// `"SOCKET_ISSUE"`.
    case socketIssue = "SOCKET_ISSUE"
    /// `"UNSUPPORTED_CHARSET"`.
    case unsupportedCharset = "UNSUPPORTED_CHARSET"
    /// `"INVALID_RESPONSE"`.
    case invalidResponse = "INVALID_RESPONSE"
    /// `"PREMATURE_CLOSE"`.
    case prematureClose = "PREMATURE_CLOSE"
    /// `"UNSUCCESSFUL_HTTP_RESPONSE_CODE"`: your server answered with another status.
    case unsuccessfulHttpResponseCode = "UNSUCCESSFUL_HTTP_RESPONSE_CODE"
    /// `"OTHER"`.
    case other = "OTHER"
}

/// The body of a `200` from Request a Test Notification.
///
/// ```json
/// {"testNotificationToken": "ce3af791-365e-4c60-841b-1674b43c1609"}
/// ```
///
/// [SendTestNotificationResponse](https://developer.apple.com/documentation/appstoreserverapi/sendtestnotificationresponse)
public struct SendTestNotificationResponse: Codable, Hashable, Sendable {
    /// `testNotificationToken` (string): pass it to Get Test Notification Status.
    ///
    /// [testNotificationToken](https://developer.apple.com/documentation/appstoreserverapi/testnotificationtoken)
    public var testNotificationToken: String?

    /// Creates a value.
    public init(testNotificationToken: String? = nil) {
        self.testNotificationToken = testNotificationToken
    }
}

/// The body of a `200` from Get Test Notification Status: the `TEST` notification and the
/// attempts to send it.
///
/// ```json
/// {"signedPayload": "eyJ...",
///  "sendAttempts": [{"attemptDate": 1698148900000, "sendAttemptResult": "SUCCESS"}]}
/// ```
///
/// [CheckTestNotificationResponse](https://developer.apple.com/documentation/appstoreserverapi/checktestnotificationresponse)
public struct CheckTestNotificationResponse: Codable, Hashable, Sendable {
    /// `signedPayload` (compact JWS): the `TEST` notification.
    public var signedPayload: String?
    /// `sendAttempts` (array): the attempts, oldest first.
    public var sendAttempts: [SendAttemptItem]?

    /// Creates a value.
    public init(signedPayload: String? = nil, sendAttempts: [SendAttemptItem]? = nil) {
        self.signedPayload = signedPayload
        self.sendAttempts = sendAttempts
    }
}
