import Foundation

/// Everything that can go wrong when ``AppStoreServerAPIClient`` sends a request: one error type
/// for HTTP errors, transport failures, configuration, signing and deadlines.
///
/// | case | when |
/// |---|---|
/// | ``apiError(status:code:message:)`` | a non-2xx response (other than 401 and 429) whose body is Apple's `{"errorCode", "errorMessage"}` object |
/// | ``unauthorized`` | `401`: Apple rejected the JWT (Apple sends no body) |
/// | ``rateLimited(retryAfter:code:message:)`` | `429` |
/// | ``httpStatus(status:bodySnippet:)`` | another non-2xx response whose body isn't an error object (empty, HTML, a `3xx`, …) |
/// | ``timeout`` | no complete response within the request timeout |
/// | ``transport(_:)`` | no response for another reason: connection refused or lost, body over 1 MiB, … |
/// | ``invalidConfiguration(_:)`` | the client can't be created (for example ``AppStoreEnvironment/xcode``) |
/// | ``invalidRequest(_:)`` | the request can't be built (an empty transaction ID, a body that doesn't encode) |
/// | ``invalidResponse(status:reason:)`` | a `2xx` whose body isn't the documented JSON (or pages that don't advance) |
/// | ``invalidConsumptionRequest(_:)`` | a V1 consumption body Apple would reject (checked before sending; nothing sent) |
/// | ``signing(_:)`` | the JWT couldn't be made |
/// | ``deadlineExceeded(lastError:)`` | the caller's deadline came before a response was accepted |
/// | ``cancelled`` | the calling task was cancelled |
///
/// **No secrets.** No case carries the private key, the JWT, the `Authorization` header or the
/// request body. Text that comes from the server (``apiError(status:code:message:)``'s message,
/// ``httpStatus(status:bodySnippet:)``'s snippet) is cleaned when the error is made: anything that
/// looks like a JWT, a `Bearer` credential, a PEM block, a UUID (such as an `appAccountToken`) or
/// a long base64 run is replaced by `[redacted]`, control characters become spaces, and the text
/// is cut to 200 characters (messages: 500).
///
/// [Error codes](https://developer.apple.com/documentation/appstoreserverapi/error-codes)
public indirect enum AppStoreServerAPIClientError: Error, Hashable, Sendable {
    /// A non-2xx response with Apple's error body.
    ///
    /// - `status`: the HTTP status, for example `400`.
    /// - `code`: Apple's numeric code as an ``APIErrorCode``; an unknown number (for example
    ///   `9990000`) is kept as `.unknown(9990000)`.
    /// - `message`: Apple's `errorMessage` (English, for logs; cleaned, see the type's notes);
    ///   `""` when the body has none.
    case apiError(status: Int, code: APIErrorCode, message: String)

    /// `401 Unauthorized`: the JWT was rejected (wrong key, key ID, issuer ID or bundle ID, an
    /// expired token, or a clock that is off). Apple sends no body. Never retried.
    case unauthorized

    /// `429 Too Many Requests` (``APIError/rateLimitExceeded``, `4290000`).
    ///
    /// - `retryAfter`: the `Retry-After` header as a date, or `nil` when it is absent, unreadable
    ///   or after the year 9999. Apple sends a UNIX time in **milliseconds** (`1700000000123`); a number below
    ///   `100_000_000_000` is read as RFC 9110 delay-seconds from the response time instead.
    /// - `code`, `message`: from the body; `4290000` and `""` when the body has none.
    case rateLimited(retryAfter: Date?, code: APIErrorCode, message: String)

    /// A non-2xx response (other than 401 and 429) whose body is not an App Store error object.
    ///
    /// - `status`: the HTTP status, for example `502` or `301` (redirects are not followed).
    /// - `bodySnippet`: the start of the body as text, cleaned (see the type's notes); `""` when
    ///   empty.
    case httpStatus(status: Int, bodySnippet: String)

    /// No complete response arrived within the request timeout (30 s by default). The server may
    /// have processed the request.
    case timeout

    /// No response, for a reason other than a timeout or cancellation (those are ``timeout`` and
    /// ``cancelled``): ``HTTPTransportError/cannotConnect(_:)``,
    /// ``HTTPTransportError/connectionLost(_:)``, ``HTTPTransportError/responseTooLarge(limitBytes:)``
    /// or ``HTTPTransportError/other(_:)``.
    case transport(HTTPTransportError)

    /// The client's configuration is unusable, for example
    /// ``EndpointError/environmentWithoutHost(_:)`` for ``AppStoreEnvironment/xcode`` and
    /// ``AppStoreEnvironment/localTesting`` without a base URL override, or
    /// ``EndpointError/invalidURL(_:)`` for a base URL that isn't `http` or `https`.
    case invalidConfiguration(EndpointError)

    /// The request couldn't be built: ``EndpointError/emptyPathParameter(_:)`` for an empty
    /// transaction ID, ``EndpointError/dotSegmentPathParameter(name:value:)`` for `"."` or `".."`,
    /// ``EndpointError/bodyEncodingFailed(_:)``, … Nothing was sent.
    case invalidRequest(EndpointError)

    /// A `2xx` response whose body doesn't decode as the endpoint's documented JSON, or a page
    /// that says `hasMore` without a new `revision` / `paginationToken` (paging would never
    /// end). `reason` names the field and the problem, never the body. Never retried.
    case invalidResponse(status: Int, reason: String)

    /// The ``ConsumptionRequestV1`` body breaks Apple's rules, so the client sent nothing: every
    /// problem ``ConsumptionRequestV1/validationErrors()`` reports, each naming the field and the
    /// error Apple's server would return (for example `playTime`, `4000040`). Never retried.
    case invalidConsumptionRequest([ConsumptionRequestValidationError])

    /// The JWT couldn't be made (``TokenError``: an empty key ID, issuer ID or bundle ID, a
    /// lifetime outside 1…3600 s, or an OpenSSL failure). Nothing was sent.
    case signing(TokenError)

    /// The caller's deadline passed before a response was accepted.
    ///
    /// - `lastError`: the error of the last attempt, or `nil` when the deadline had passed before
    ///   the first attempt. The client stops when the next attempt (or the wait before it, such as
    ///   a `Retry-After` time) would end after the deadline; an attempt's timeout is shortened to
    ///   end at the deadline.
    case deadlineExceeded(lastError: AppStoreServerAPIClientError?)

    /// The calling task was cancelled (during a request or a wait before a retry).
    case cancelled
}

extension AppStoreServerAPIClientError {
    /// The HTTP status of the response this error comes from, or `nil` when there was no response
    /// (for ``deadlineExceeded(lastError:)``: the last error's status).
    public var httpStatus: Int? {
        switch self {
        case .apiError(let status, _, _), .httpStatus(let status, _), .invalidResponse(let status, _): status
        case .unauthorized: 401
        case .rateLimited: 429
        case .deadlineExceeded(let last): last?.httpStatus
        case .timeout, .transport, .invalidConfiguration, .invalidRequest, .invalidConsumptionRequest,
            .signing, .cancelled:
            nil
        }
    }

    /// Apple's error code from the response body, known or not, or `nil` when there is none (for
    /// ``deadlineExceeded(lastError:)``: the last error's code).
    public var errorCode: APIErrorCode? {
        switch self {
        case .apiError(_, let code, _), .rateLimited(_, let code, _): code
        case .deadlineExceeded(let last): last?.errorCode
        default: nil
        }
    }

    /// The known ``APIError`` of ``errorCode``, or `nil`.
    public var apiError: APIError? {
        errorCode?.known
    }
}

extension AppStoreServerAPIClientError: CustomStringConvertible {
    /// An English one-line description, free of secrets, for example
    /// `HTTP 404: TransactionIdNotFoundError (4040010): Transaction id not found.`
    public var description: String {
        switch self {
        case .apiError(let status, let code, let message):
            return "HTTP \(status): \(Self.name(of: code))\(Self.suffix(message))"
        case .unauthorized:
            return "HTTP 401 Unauthorized: the App Store rejected the JSON Web Token "
                + "(check the key ID, issuer ID, bundle ID, the .p8 key and the clock)."
        case .rateLimited(let retryAfter, let code, let message):
            let when =
                retryAfter.map { "; retry after \(Self.timestamp($0))" } ?? "; no Retry-After header"
            return "HTTP 429: \(Self.name(of: code))\(Self.suffix(message))\(when)"
        case .httpStatus(let status, let snippet):
            let body = snippet.isEmpty ? "an empty body" : "body \"\(snippet)\""
            return "HTTP \(status) without an App Store error object (\(body))."
        case .timeout:
            return "The request timed out."
        case .transport(let failure):
            return "Transport failure: \(failure)"
        case .invalidConfiguration(let problem):
            return "Invalid client configuration: \(problem)"
        case .invalidRequest(let problem):
            return "Invalid request: \(problem)"
        case .invalidResponse(let status, let reason):
            return "HTTP \(status) with a body that isn't the documented JSON: \(reason)"
        case .invalidConsumptionRequest(let problems):
            return "The App Store would reject this consumption body; nothing was sent: "
                + problems.map(\.description).joined(separator: "; ")
        case .signing(let problem):
            return "Couldn't sign the JSON Web Token: \(problem)."
        case .deadlineExceeded(let last?):
            return "The deadline passed before the request succeeded; last error: \(last)"
        case .deadlineExceeded(nil):
            return "The deadline passed before the request was sent."
        case .cancelled:
            return "The request was cancelled."
        }
    }

    private static func name(of code: APIErrorCode) -> String {
        if let known = code.known {
            return "\(known.appleName) (\(known.rawValue))"
        }
        return "unknown error code \(code.rawValue)"
    }

    private static func suffix(_ message: String) -> String {
        message.isEmpty ? "" : ": \(message)"
    }

    /// `2023-11-14T22:13:20.123Z (1700000000123 ms)`; a date outside 1970…9999 (only possible
    /// for an error made by hand) is clamped (``AppStoreDate/clampedMillisecondsSince1970(_:)``).
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let millis = AppStoreDate.clampedMillisecondsSince1970(date)
        return "\(formatter.string(from: AppStoreDate.date(millisecondsSince1970: millis))) (\(millis) ms)"
    }
}

extension AppStoreServerAPIClientError: LocalizedError {
    /// The same text as ``description``.
    public var errorDescription: String? {
        description
    }
}

/// Cleans text that came from outside (a response body, an error message) before it goes into an
/// error: replaces anything that looks like a credential or personal identifier.
enum ClientRedaction {
    static let placeholder = "[redacted]"

    /// PEM blocks, JWT/JWS compact tokens, `Bearer` credentials, UUIDs and base64 runs of 40+
    /// characters.
    nonisolated(unsafe) private static let patterns: [Regex<AnyRegexOutput>] = [
        #"-----BEGIN[^-]*-----(?:.|\n)*?(?:-----END[^-]*-----|$)"#,
        #"(?i)bearer\s+\S+"#,
        #"eyJ[A-Za-z0-9_\-]*\.[A-Za-z0-9_\-]*(?:\.[A-Za-z0-9_\-]*)?"#,
        #"[0-9A-Fa-f]{8}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{4}-?[0-9A-Fa-f]{12}"#,
        #"[A-Za-z0-9+/_\-]{40,}={0,2}"#,
    ].map { try! Regex($0) }

    /// Returns `text` with secrets replaced, control characters turned into spaces, and cut to
    /// `limit` characters (an ellipsis marks a cut).
    ///
    /// - Parameters:
    ///   - text: Untrusted text.
    ///   - secrets: Exact strings to remove as well (for example the JWT that was sent).
    ///   - limit: The longest result, in characters.
    static func clean(_ text: String, secrets: [String] = [], limit: Int) -> String {
        // Bound the work: only the start of a long text can end up in the result.
        var result = String(text.prefix(max(limit * 8, 4096)))
        for secret in secrets where secret.count >= 4 {
            result = result.replacingOccurrences(of: secret, with: placeholder)
        }
        for pattern in patterns {
            result = result.replacing(pattern, with: placeholder)
        }
        result = String(
            String.UnicodeScalarView(
                result.unicodeScalars.map { scalar in
                    scalar.properties.generalCategory == .control ? " " : scalar
                }))
        result = result.trimmingCharacters(in: .whitespaces)
        if result.count > limit {
            result = String(result.prefix(limit)) + "…"
        }
        return result
    }
}
