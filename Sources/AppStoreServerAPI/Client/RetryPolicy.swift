import Foundation

/// When and how long ``AppStoreServerAPIClient`` waits before sending a failed request again.
///
/// A failure is retried only if it is *transient* (see ``isRetryable(_:)``):
/// * `429` ``AppStoreServerAPIClientError/rateLimited(retryAfter:code:message:)``: waits until the
///   `Retry-After` time when the response has one, else the backoff delay. A `Retry-After` more
///   than ``maxRetryAfterWait`` away is not waited for: the error is returned at once.
/// * The four errors Apple lists under "Errors to retry" (``APIError/isRetryable``: `4040002`,
///   `4040004`, `4040006`, `5000001`), `5000000` ``APIError/generalInternal``, and any other
///   `500` response (with an unknown code or no error body).
/// * ``AppStoreServerAPIClientError/timeout`` and the transient transport failures
///   (``HTTPTransportError/isTransient``: connection refused or lost).
///
/// Never retried: `400`, `401`, `403`, `404` (other than the retryable codes above), other
/// statuses (including `502`–`504`), invalid configuration or request, signing errors,
/// cancellation.
///
/// Backoff before retry *n* (1 for the first retry): `min(maxDelay, initialDelay × multiplier^(n−1))`,
/// then jittered (``Jitter``). The client never sleeps past the caller's deadline: if the wait
/// would end after it, the client stops with
/// ``AppStoreServerAPIClientError/deadlineExceeded(lastError:)``.
public struct RetryPolicy: Sendable {
    /// How the backoff delay `d` is randomised, with `r` from ``randomUnit`` in `0..<1`.
    public enum Jitter: Sendable, Hashable {
        /// `d` exactly.
        case none
        /// `r × d`: anywhere from 0 to `d` ("full jitter").
        case full
        /// `d/2 + r × d/2`: at least half of `d` ("equal jitter").
        case equal
    }

    /// The most times a request is sent, the first attempt included; at least 1. Default 3.
    public var maxAttempts: Int
    /// The backoff before the first retry, before jitter. Default 0.5 s.
    public var initialDelay: Duration
    /// The factor the backoff grows by per retry. Default 2.
    public var multiplier: Double
    /// The longest backoff delay, before jitter. Default 8 s.
    public var maxDelay: Duration
    /// The jitter applied to the backoff delay. Default ``Jitter/equal``.
    public var jitter: Jitter
    /// The longest the client waits for a `Retry-After` time; a later time ends the call with the
    /// ``AppStoreServerAPIClientError/rateLimited(retryAfter:code:message:)`` error. Default 60 s.
    public var maxRetryAfterWait: Duration
    /// The random source for jitter: returns a number in `0..<1`. Inject a fixed sequence for
    /// deterministic tests; `Double.random(in: 0..<1)` by default.
    public var randomUnit: @Sendable () -> Double

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - maxAttempts: Total attempts including the first; values below 1 count as 1.
    ///   - initialDelay: Backoff before the first retry.
    ///   - multiplier: Growth factor per retry (values below 1 count as 1).
    ///   - maxDelay: Cap on the backoff delay.
    ///   - jitter: How the delay is randomised.
    ///   - maxRetryAfterWait: The longest `Retry-After` wait accepted.
    ///   - randomUnit: A source of numbers in `0..<1`.
    public init(
        maxAttempts: Int = 3, initialDelay: Duration = .milliseconds(500), multiplier: Double = 2,
        maxDelay: Duration = .seconds(8), jitter: Jitter = .equal,
        maxRetryAfterWait: Duration = .seconds(60),
        randomUnit: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialDelay = initialDelay
        self.multiplier = max(1, multiplier)
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.maxRetryAfterWait = maxRetryAfterWait
        self.randomUnit = randomUnit
    }

    /// 3 attempts, 0.5 s → 1 s backoff (equal jitter, cap 8 s), `Retry-After` waits up to 60 s.
    public static let `default` = RetryPolicy()

    /// One attempt, no retries.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// Whether `error` is worth another attempt (see the type's documentation).
    ///
    /// - Parameter error: The error of the last attempt.
    public func isRetryable(_ error: AppStoreServerAPIClientError) -> Bool {
        switch error {
        case .rateLimited, .timeout:
            return true
        case .apiError(let status, let code, _):
            return code.isRetryable || code == APIErrorCode(.generalInternal) || status == 500
        case .httpStatus(let status, _):
            return status == 500
        case .transport(let failure):
            return failure.isTransient
        case .unauthorized, .invalidConfiguration, .invalidRequest, .invalidConsumptionRequest, .invalidResponse,
            .signing,
            .deadlineExceeded,
            .cancelled:
            return false
        }
    }

    /// The backoff delay before retry number `retry` (1 for the first retry), jitter applied.
    ///
    /// Calls ``randomUnit`` once for ``Jitter/full`` and ``Jitter/equal``; never for
    /// ``Jitter/none``.
    ///
    /// - Parameter retry: The 1-based retry number.
    /// - Returns: A non-negative duration, at most ``maxDelay``.
    public func backoffDelay(forRetry retry: Int) -> Duration {
        let base = initialDelay.inSeconds * pow(multiplier, Double(max(0, retry - 1)))
        let capped = max(0, min(base, maxDelay.inSeconds))
        let seconds: Double
        switch jitter {
        case .none:
            seconds = capped
        case .full:
            seconds = capped * Self.clampUnit(randomUnit())
        case .equal:
            seconds = capped / 2 + capped / 2 * Self.clampUnit(randomUnit())
        }
        return Self.duration(seconds: seconds, atMost: maxDelay)
    }

    /// `seconds` as a `Duration` without trapping: nanosecond precision while that fits `Int64`
    /// (about 292 years), whole seconds beyond, and `limit` (or zero) when even that doesn't fit
    /// or `seconds` isn't a number.
    static func duration(seconds: Double, atMost limit: Duration) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        let result: Duration
        if let nanoseconds = Int64(exactly: (seconds * 1e9).rounded()) {
            result = .nanoseconds(nanoseconds)
        } else if let whole = Int64(exactly: seconds.rounded(.down)) {
            result = .seconds(whole)
        } else {
            result = limit
        }
        return max(.zero, min(result, limit))
    }

    private static func clampUnit(_ value: Double) -> Double {
        value.isFinite ? min(max(value, 0), 1) : 0
    }
}
