import Foundation
import Testing

@testable import AppStoreServerAPI

@Suite("RetryPolicy")
struct RetryPolicyTests {
    @Test("Defaults: 3 attempts, 0.5 s initial, ×2, 8 s cap, equal jitter, 60 s Retry-After cap")
    func defaults() {
        let policy = RetryPolicy.default
        #expect(policy.maxAttempts == 3)
        #expect(policy.initialDelay == .milliseconds(500))
        #expect(policy.multiplier == 2)
        #expect(policy.maxDelay == .seconds(8))
        #expect(policy.jitter == .equal)
        #expect(policy.maxRetryAfterWait == .seconds(60))
        #expect(RetryPolicy.never.maxAttempts == 1)
        #expect(RetryPolicy(maxAttempts: 0).maxAttempts == 1)
        #expect(RetryPolicy(multiplier: 0.5).multiplier == 1)
    }

    @Test("Backoff without jitter doubles and is capped")
    func exponential() {
        let policy = RetryPolicy(initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(5), jitter: .none)
        #expect((1...5).map(policy.backoffDelay(forRetry:)) == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
    }

    @Test("Full jitter is r × d; equal jitter is d/2 + r × d/2; r is clamped to 0...1")
    func jitter() {
        for (r, full, equal) in [
            (0.0, Duration.zero, Duration.seconds(2)),
            (0.5, .seconds(2), .seconds(3)),
            (0.999, .milliseconds(3996), .milliseconds(3998)),
            (7.0, .seconds(4), .seconds(4)),
            (-1.0, .zero, .seconds(2)),
            (Double.nan, .zero, .seconds(2)),
        ] {
            let f = RetryPolicy(initialDelay: .seconds(4), jitter: .full, randomUnit: { r })
            let e = RetryPolicy(initialDelay: .seconds(4), jitter: .equal, randomUnit: { r })
            #expect(f.backoffDelay(forRetry: 1) == full, "full r=\(r)")
            #expect(e.backoffDelay(forRetry: 1) == equal, "equal r=\(r)")
        }
    }

    @Test("What is retried")
    func retryable() {
        let policy = RetryPolicy.default
        let yes: [AppStoreServerAPIClientError] = [
            .rateLimited(retryAfter: nil, code: .known(.rateLimitExceeded), message: ""),
            .apiError(status: 404, code: .known(.accountNotFoundRetryable), message: ""),
            .apiError(status: 404, code: .known(.appNotFoundRetryable), message: ""),
            .apiError(status: 404, code: .known(.originalTransactionIdNotFoundRetryable), message: ""),
            .apiError(status: 500, code: .known(.generalInternalRetryable), message: ""),
            .apiError(status: 500, code: .known(.generalInternal), message: ""),
            .apiError(status: 500, code: .unknown(5009999), message: ""),
            .httpStatus(status: 500, bodySnippet: ""),
            .timeout,
            .transport(.cannotConnect("x")),
            .transport(.connectionLost("x")),
        ]
        let no: [AppStoreServerAPIClientError] = [
            .apiError(status: 400, code: .known(.invalidDeliveryStatus), message: ""),
            .apiError(status: 400, code: .unknown(9990000), message: ""),
            .apiError(status: 404, code: .known(.transactionIdNotFound), message: ""),
            .apiError(status: 403, code: .known(.imageNotApproved), message: ""),
            .httpStatus(status: 400, bodySnippet: ""),
            .httpStatus(status: 404, bodySnippet: ""),
            .httpStatus(status: 502, bodySnippet: ""),
            .httpStatus(status: 503, bodySnippet: ""),
            .unauthorized,
            .transport(.responseTooLarge(limitBytes: 1)),
            .transport(.other("x")),
            .transport(.cancelled),
            .invalidConfiguration(.environmentWithoutHost("Xcode")),
            .invalidRequest(.emptyPathParameter("transactionId")),
            .signing(.missingIdentity(field: "keyId")),
            .deadlineExceeded(lastError: .timeout),
            .cancelled,
        ]
        for error in yes { #expect(policy.isRetryable(error), "\(error)") }
        for error in no { #expect(!policy.isRetryable(error), "\(error)") }
    }
}
