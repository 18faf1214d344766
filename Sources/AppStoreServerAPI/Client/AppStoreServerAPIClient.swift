import Foundation

/// Sends requests to the App Store Server API: signs each attempt with a fresh JWT, sends it
/// through an ``HTTPTransport``, maps failures to ``AppStoreServerAPIClientError`` and retries
/// transient ones under a ``RetryPolicy``.
///
/// ```swift
/// let key = try InAppPurchaseKey(
///     pemFile: URL(filePath: "AuthKey_2X9R4HXF34.p8"), keyId: "2X9R4HXF34",
///     issuerId: "57246542-96fe-1a63-e053-0824d011072a", bundleId: "com.example.app")
/// let client = try AppStoreServerAPIClient(key: key, environment: .sandbox)
/// let body = ConsumptionRequest(
///     customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: false)
/// try await client.sendConsumptionInformation(
///     transactionId: "2000000123456789", consumptionRequest: body,
///     deadline: notificationDate.addingTimeInterval(12 * 3600))
/// ```
///
/// Every request carries `Authorization: Bearer <JWT>` (a new ES256 token per attempt, valid for
/// 300 s), `Accept: application/json`, `User-Agent` (``AppStoreServerAPILibrary/userAgent``) and,
/// with a body, `Content-Type: application/json`. Any `2xx` status is success (the consumption
/// endpoints answer `202 Accepted`).
///
/// Apple's rate limit for both consumption endpoints is 50 requests per second per app in
/// production (10 % of that in the sandbox); over it, Apple answers `429` with a `Retry-After`
/// UNIX time in milliseconds, which the retry policy honours.
///
/// [App Store Server API](https://developer.apple.com/documentation/appstoreserverapi)
public actor AppStoreServerAPIClient {
    /// Where the client reads the time and how it waits between attempts. Tests inject a manual
    /// clock so retries run instantly and deterministically.
    public struct TimeSource: Sendable {
        /// The current time (JWT `iat`, `Retry-After` and deadline comparisons).
        public var now: @Sendable () -> Date
        /// Waits for a duration; throws `CancellationError` when the task is cancelled.
        public var sleep: @Sendable (Duration) async throws -> Void

        /// Creates a time source.
        ///
        /// - Parameters:
        ///   - now: Returns the current time.
        ///   - sleep: Waits for the given duration.
        public init(
            now: @escaping @Sendable () -> Date,
            sleep: @escaping @Sendable (Duration) async throws -> Void
        ) {
            self.now = now
            self.sleep = sleep
        }

        /// The system clock (`Date()`) and `Task.sleep(for:)`.
        public static let system = TimeSource(
            now: { Date() }, sleep: { try await Task.sleep(for: $0) })
    }

    /// A successful response.
    public struct Response: Hashable, Sendable {
        /// The HTTP status, `200...299` (`202` for the consumption endpoints).
        public var status: Int
        /// How many times the request was sent, `1...maxAttempts`.
        public var attempts: Int

        /// Creates a response summary.
        ///
        /// - Parameters:
        ///   - status: The HTTP status.
        ///   - attempts: The number of attempts.
        public init(status: Int, attempts: Int) {
            self.status = status
            self.attempts = attempts
        }
    }

    /// The default timeout of one attempt: 30 s (as in Apple's library).
    public static let defaultRequestTimeout: Duration = .seconds(30)

    /// The lifetime of each JWT, in seconds: 300 (Apple's limit is 3600).
    public static let tokenLifetime: TimeInterval = AppStoreJWT.defaultLifetime

    /// The environment the client talks to.
    public nonisolated let environment: AppStoreEnvironment
    /// The host style used for the base URL (ignored when a base URL override was given).
    public nonisolated let hostStyle: HostStyle
    /// The base URL requests go to, without a trailing slash, for example
    /// `https://api.storekit-sandbox.apple.com`.
    public nonisolated let baseURL: URL
    /// The retry policy.
    public nonisolated let retryPolicy: RetryPolicy
    /// The timeout of one attempt.
    public nonisolated let requestTimeout: Duration

    private let key: InAppPurchaseKey
    private let transport: any HTTPTransport
    private let time: TimeSource
    private let baseURLString: String

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - key: The In-App Purchase key (`.p8`), key ID, issuer ID and bundle ID used to sign
    ///     each request.
    ///   - environment: ``AppStoreEnvironment/production`` or ``AppStoreEnvironment/sandbox``.
    ///     ``AppStoreEnvironment/xcode`` and ``AppStoreEnvironment/localTesting`` have no server
    ///     and are accepted only together with `baseURL`.
    ///   - hostStyle: ``HostStyle/current`` (`api.storekit(-sandbox).apple.com`, the default) or
    ///     ``HostStyle/legacyItunes`` (`api.storekit(-sandbox).itunes.apple.com`).
    ///   - transport: How requests are sent; a new ``URLSessionTransport`` by default.
    ///   - retryPolicy: When to retry; ``RetryPolicy/default`` (3 attempts).
    ///   - requestTimeout: The timeout of one attempt; 30 s by default.
    ///   - timeSource: The clock and sleeper; ``TimeSource/system`` by default.
    ///   - baseURL: Sends every request to this `http` or `https` base URL instead of Apple's host
    ///     (a stand-in server in tests). A path in it is kept as a prefix.
    /// - Throws: ``AppStoreServerAPIClientError/invalidConfiguration(_:)`` with
    ///   ``EndpointError/environmentWithoutHost(_:)`` for `xcode` or `localTesting` without
    ///   `baseURL`, or ``EndpointError/invalidURL(_:)`` for a `baseURL` without an `http(s)`
    ///   scheme and a host.
    public init(
        key: InAppPurchaseKey,
        environment: AppStoreEnvironment,
        hostStyle: HostStyle = .current,
        transport: any HTTPTransport = URLSessionTransport(),
        retryPolicy: RetryPolicy = .default,
        requestTimeout: Duration = AppStoreServerAPIClient.defaultRequestTimeout,
        timeSource: TimeSource = .system,
        baseURL: URL? = nil
    ) throws(AppStoreServerAPIClientError) {
        var base: String
        if let baseURL {
            guard let scheme = baseURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
                baseURL.host != nil
            else {
                throw .invalidConfiguration(.invalidURL(baseURL.absoluteString))
            }
            base = baseURL.absoluteString
        } else {
            guard let string = environment.baseURLString(hostStyle: hostStyle) else {
                throw .invalidConfiguration(.environmentWithoutHost(environment.rawValue))
            }
            base = string
        }
        while base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base) else {
            throw .invalidConfiguration(.invalidURL(base))
        }
        self.key = key
        self.environment = environment
        self.hostStyle = hostStyle
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.requestTimeout = requestTimeout
        self.time = timeSource
        self.baseURLString = base
        self.baseURL = url
    }

    /// Send Consumption Information V1: `PUT /inApps/v1/transactions/consumption/{transactionId}`
    /// with a ``ConsumptionRequestV1`` body.
    ///
    /// Apple now documents V1 for Advanced Commerce API purchases; other in-app purchases use
    /// ``sendConsumptionInformation(transactionId:consumptionRequest:deadline:)``. The body is
    /// checked with ``ConsumptionRequestV1/validationErrors()`` first; a body Apple would reject is
    /// not sent. An absent `appAccountToken` is sent as `""` (declined), as Apple's libraries do.
    ///
    /// - Parameters:
    ///   - transactionId: The transaction ID from the `CONSUMPTION_REQUEST` notification.
    ///   - consumptionRequest: The consumption data.
    ///   - deadline: The latest time to keep trying (for example 12 hours after the
    ///     notification); `nil` for no limit beyond the retry policy.
    /// - Returns: The status (`202`) and the number of attempts.
    /// - Throws: ``AppStoreServerAPIClientError``:
    ///   ``AppStoreServerAPIClientError/invalidConsumptionRequest(_:)`` before anything is sent
    ///   (for example `playTime: 8`, `4000040`); a `400` from Apple carries the field's error code.
    ///
    /// [Send Consumption Information V1](https://developer.apple.com/documentation/appstoreserverapi/send-consumption-information-v1)
    @discardableResult
    public func sendConsumptionData(
        transactionId: String, consumptionRequest: ConsumptionRequestV1, deadline: Date? = nil
    ) async throws(AppStoreServerAPIClientError) -> Response {
        let problems = consumptionRequest.validationErrors()
        guard problems.isEmpty else { throw .invalidConsumptionRequest(problems) }
        let request = try build {
            try SendConsumptionInformationV1.request(
                transactionId: transactionId, body: consumptionRequest, environment: .production,
                hostStyle: hostStyle)
        }
        return try await perform(request, deadline: deadline)
    }

    /// Send Consumption Information (V2): `PUT /inApps/v2/transactions/consumption/{transactionId}`
    /// with a ``ConsumptionRequest`` body.
    ///
    /// The body is sent as given: call ``ConsumptionRequest/validate(for:)`` first.
    ///
    /// - Parameters:
    ///   - transactionId: The transaction ID from the `CONSUMPTION_REQUEST` notification.
    ///   - consumptionRequest: The consumption information.
    ///   - deadline: The latest time to keep trying (for example 12 hours after the
    ///     notification); `nil` for no limit beyond the retry policy.
    /// - Returns: The status (`202`) and the number of attempts.
    /// - Throws: ``AppStoreServerAPIClientError``; a `400` carries the field's error code (for
    ///   example ``APIError/invalidDeliveryStatus``, `4000036`).
    ///
    /// [Send Consumption Information](https://developer.apple.com/documentation/appstoreserverapi/send-consumption-information)
    @discardableResult
    public func sendConsumptionInformation(
        transactionId: String, consumptionRequest: ConsumptionRequest, deadline: Date? = nil
    ) async throws(AppStoreServerAPIClientError) -> Response {
        let request = try build {
            try SendConsumptionInformation.request(
                transactionId: transactionId, body: consumptionRequest, environment: .production,
                hostStyle: hostStyle)
        }
        return try await perform(request, deadline: deadline)
    }

    // MARK: - Building and sending

    /// Runs an endpoint's request builder (with a placeholder environment) and moves the request
    /// onto this client's base URL.
    func build(_ make: () throws -> HTTPRequest) throws(AppStoreServerAPIClientError)
        -> HTTPRequest
    {
        var request: HTTPRequest
        do {
            request = try make()
        } catch let error as EndpointError {
            throw .invalidRequest(Self.cleaned(error))
        } catch {
            throw .invalidRequest(
                .bodyEncodingFailed(ClientRedaction.clean("\(error)", limit: 200)))
        }
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var path = components?.percentEncodedPath ?? request.url.path
        if let query = components?.percentEncodedQuery, !query.isEmpty { path += "?" + query }
        guard let url = URL(string: baseURLString + path) else {
            throw .invalidRequest(.invalidURL(baseURLString + path))
        }
        request.url = url
        return request
    }

    private static func cleaned(_ error: EndpointError) -> EndpointError {
        if case .bodyEncodingFailed(let reason) = error {
            return .bodyEncodingFailed(ClientRedaction.clean(reason, limit: 200))
        }
        return error
    }

    /// Sends `request` until it succeeds, fails for good, runs out of attempts or meets the
    /// deadline.
    func perform(_ request: HTTPRequest, deadline: Date?) async throws(AppStoreServerAPIClientError)
        -> Response
    {
        try await performReturningBody(request, deadline: deadline).response
    }

    /// ``perform(_:deadline:)`` that also returns the successful response's body.
    func performReturningBody(_ request: HTTPRequest, deadline: Date?) async throws(AppStoreServerAPIClientError)
        -> (response: Response, body: Data)
    {
        var lastError: AppStoreServerAPIClientError?
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw .cancelled }
            let now = time.now()
            var timeout = requestTimeout
            var timeoutIsDeadline = false
            if let deadline {
                let remaining = deadline.timeIntervalSince(now)
                guard remaining > 0 else { throw .deadlineExceeded(lastError: lastError) }
                if remaining < timeout.inSeconds {
                    timeout = .seconds(remaining)
                    timeoutIsDeadline = true
                }
            }

            let token: String
            do throws(TokenError) {
                token = try AppStoreJWT.make(for: key, issuedAt: now, lifetime: Self.tokenLifetime)
            } catch {
                throw .signing(error)
            }
            var signed = request
            signed.headers.insert(HTTPHeader(name: "Authorization", value: "Bearer \(token)"), at: 0)

            let failure: AppStoreServerAPIClientError
            do throws(HTTPTransportError) {
                let response = try await transport.send(signed, timeout: timeout)
                if response.isSuccess {
                    return (Response(status: response.status, attempts: attempt), response.body)
                }
                failure = Self.error(for: response, receivedAt: time.now(), secrets: [token])
            } catch .timedOut {
                if timeoutIsDeadline { throw .deadlineExceeded(lastError: .timeout) }
                failure = .timeout
            } catch .cancelled {
                throw .cancelled
            } catch {
                failure = .transport(error)
            }
            let error = failure

            guard attempt < retryPolicy.maxAttempts, retryPolicy.isRetryable(error) else {
                throw error
            }
            let waitStart = time.now()
            let wait: Duration
            if case .rateLimited(let retryAfter?, _, _) = error {
                let seconds = max(0, retryAfter.timeIntervalSince(waitStart))
                guard seconds <= retryPolicy.maxRetryAfterWait.inSeconds else { throw error }
                wait = .seconds(seconds)
            } else {
                wait = retryPolicy.backoffDelay(forRetry: attempt)
            }
            if let deadline, waitStart.addingTimeInterval(wait.inSeconds) >= deadline {
                throw .deadlineExceeded(lastError: error)
            }
            do {
                try await time.sleep(wait)
            } catch {
                throw .cancelled
            }
            lastError = error
        }
    }

    // MARK: - Response mapping

    /// The error for a non-2xx response.
    ///
    /// - Parameters:
    ///   - response: The response.
    ///   - receivedAt: When it arrived (for a delay-seconds `Retry-After`).
    ///   - secrets: Exact strings to strip from server-provided text (the JWT that was sent).
    static func error(for response: HTTPResponse, receivedAt: Date, secrets: [String] = [])
        -> AppStoreServerAPIClientError
    {
        let body = errorBody(response.body)
        let message = ClientRedaction.clean(body?.errorMessage ?? "", secrets: secrets, limit: 500)
        switch response.status {
        case 401:
            return .unauthorized
        case 429:
            return .rateLimited(
                retryAfter: retryAfterDate(response.value(forHeader: "Retry-After"), receivedAt: receivedAt),
                code: body?.errorCode ?? APIErrorCode(.rateLimitExceeded), message: message)
        default:
            if let code = body?.errorCode {
                return .apiError(status: response.status, code: code, message: message)
            }
            let text = String(decoding: response.body.prefix(16 * 1024), as: UTF8.self)
            return .httpStatus(
                status: response.status,
                bodySnippet: ClientRedaction.clean(text, secrets: secrets, limit: 200))
        }
    }

    /// Apple's error object, or `nil` when the body isn't a JSON object with an integer
    /// `errorCode` (an `errorMessage` alone isn't enough).
    static func errorBody(_ data: Data) -> APIErrorResponse? {
        guard !data.isEmpty,
            let body = try? JSONDecoder().decode(APIErrorResponse.self, from: data),
            body.errorCode != nil
        else { return nil }
        return body
    }

    /// Reads a `Retry-After` header value.
    ///
    /// Apple sends a UNIX time in **milliseconds** (`"1700000000123"`). A whole number below
    /// `100_000_000_000` (a time before 1973 in milliseconds) is read as RFC 9110 delay-seconds
    /// from `receivedAt`; an RFC 9110 HTTP-date (`"Sun, 06 Nov 1994 08:49:37 GMT"`) is accepted
    /// too. Anything else, and any time after the end of year 9999
    /// (``AppStoreDate/validMilliseconds``, for example `"9223372036854775807"`), gives `nil`:
    /// the header is treated as absent.
    static func retryAfterDate(_ value: String?, receivedAt: Date) -> Date? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return nil
        }
        let date: Date?
        if let number = Int64(value) {
            guard number >= 0 else { return nil }
            if number >= 100_000_000_000 {
                guard AppStoreDate.validMilliseconds.contains(number) else { return nil }
                date = AppStoreDate.date(millisecondsSince1970: number)
            } else {
                date = receivedAt.addingTimeInterval(Double(number))
            }
        } else {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            date = formatter.date(from: value)
        }
        guard let date, AppStoreDate.isValid(milliseconds: date.timeIntervalSince1970 * 1000) else {
            return nil
        }
        return date
    }
}
