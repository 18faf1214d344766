import Foundation
import Synchronization
import Testing

@testable import AppStoreServerAPI

/// A clock that only moves when the client sleeps: `sleep` records the duration and advances
/// `now` by it, so retries run instantly and deterministically.
final class ManualClock: Sendable {
    private let state: Mutex<(now: Date, sleeps: [Duration])>

    init(start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        state = Mutex((start, []))
    }

    var now: Date { state.withLock { $0.now } }
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func advance(by duration: Duration) {
        state.withLock { $0.now = $0.now.addingTimeInterval(duration.inSeconds) }
    }

    var timeSource: AppStoreServerAPIClient.TimeSource {
        AppStoreServerAPIClient.TimeSource(
            now: { self.now },
            sleep: { duration in
                self.state.withLock {
                    $0.sleeps.append(duration)
                    $0.now = $0.now.addingTimeInterval(duration.inSeconds)
                }
            })
    }
}

/// An ``HTTPTransport`` that answers from a script and records what it was sent.
final class FakeTransport: HTTPTransport {
    enum Reply: Sendable {
        case response(HTTPResponse)
        case failure(HTTPTransportError)
        /// A response with this status whose body echoes the whole request: headers (the
        /// `Authorization` header included) and body. For checking that nothing leaks.
        case echo(status: Int, asErrorMessage: Bool)

        static func status(_ status: Int, json: String? = nil, headers: [HTTPHeader] = []) -> Reply {
            .response(HTTPResponse(status: status, headers: headers, body: Data((json ?? "").utf8)))
        }

        static func apple(_ status: Int, code: Int64, message: String = "Error.", headers: [HTTPHeader] = [])
            -> Reply
        {
            .status(status, json: #"{"errorCode": \#(code), "errorMessage": "\#(message)"}"#, headers: headers)
        }
    }

    struct Call: Sendable {
        var request: HTTPRequest
        var timeout: Duration
    }

    private let state: Mutex<(replies: [Reply], calls: [Call])>
    private let fallback: Reply

    init(_ replies: [Reply] = [], fallback: Reply = .status(202)) {
        state = Mutex((replies, []))
        self.fallback = fallback
    }

    var calls: [Call] { state.withLock { $0.calls } }
    var requests: [HTTPRequest] { calls.map(\.request) }

    func send(_ request: HTTPRequest, timeout: Duration) async throws(HTTPTransportError) -> HTTPResponse {
        let reply = state.withLock { state -> Reply in
            state.calls.append(Call(request: request, timeout: timeout))
            return state.replies.isEmpty ? fallback : state.replies.removeFirst()
        }
        switch reply {
        case .response(let response):
            return response
        case .failure(let error):
            throw error
        case .echo(let status, let asErrorMessage):
            let headers = request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
            let echo = headers + "\n\n" + String(decoding: request.body, as: UTF8.self)
            if asErrorMessage {
                let data = try! JSONEncoder().encode(
                    APIErrorResponse(errorCode: APIErrorCode(rawValue: 4000000), errorMessage: echo))
                return HTTPResponse(status: status, body: data)
            }
            return HTTPResponse(status: status, body: Data(echo.utf8))
        }
    }
}

enum ClientFixtures {
    /// One key for the whole test run (key generation costs a little).
    static let privateKey = ES256PrivateKey.generate()

    static let key = InAppPurchaseKey(
        privateKey: privateKey, keyId: "2X9R4HXF34", issuerId: "57246542-96fe-1a63-e053-0824d011072a",
        bundleId: "com.example.app")

    static let appAccountToken = "7389a31a-fb6d-4569-a2a6-db7d85d84813"

    static let v1Body = ConsumptionRequestV1(
        customerConsented: true, consumptionStatus: .known(.partiallyConsumed),
        platform: .known(.apple), sampleContentProvided: true,
        deliveryStatus: .known(.deliveredAndWorkingProperly), appAccountToken: appAccountToken,
        accountTenure: .known(.greaterThanThreeHundredSixtyFiveDays),
        playTime: .known(.oneDayToFourDays), lifetimeDollarsRefunded: .known(.zeroDollars),
        lifetimeDollarsPurchased: .known(.twoThousandDollarsOrGreater),
        userStatus: .known(.active), refundPreference: .known(.preferDecline))

    static let v2Body = ConsumptionRequest(
        customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: false,
        consumptionPercentage: 25_000, refundPreference: .grantProrated)

    /// A retry policy without jitter: 1 s, 2 s, 4 s, … capped at 8 s.
    static let plainRetries = RetryPolicy(
        maxAttempts: 3, initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(8), jitter: .none)

    static func client(
        _ transport: FakeTransport, clock: ManualClock = ManualClock(),
        environment: AppStoreEnvironment = .sandbox, hostStyle: HostStyle = .current,
        retryPolicy: RetryPolicy = plainRetries, key: InAppPurchaseKey = key,
        requestTimeout: Duration = .seconds(30), baseURL: URL? = nil
    ) throws -> AppStoreServerAPIClient {
        try AppStoreServerAPIClient(
            key: key, environment: environment, hostStyle: hostStyle, transport: transport,
            retryPolicy: retryPolicy, requestTimeout: requestTimeout, timeSource: clock.timeSource,
            baseURL: baseURL)
    }

    /// Runs `body` and returns the client error it throws, or `nil` on success.
    static func failure(
        _ body: () async throws -> Void
    ) async -> AppStoreServerAPIClientError? {
        do {
            try await body()
            return nil
        } catch let error as AppStoreServerAPIClientError {
            return error
        } catch {
            Issue.record("not an AppStoreServerAPIClientError: \(error)")
            return nil
        }
    }

    /// The decoded JOSE header and claims of a compact JWS.
    static func decodeJWT(_ token: String) throws -> (header: [String: Any], claims: [String: Any]) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let header = Base64URL.decode(parts[0]),
            let claims = Base64URL.decode(parts[1])
        else { throw CocoaError(.coderReadCorrupt) }
        return (
            try JSONSerialization.jsonObject(with: header) as? [String: Any] ?? [:],
            try JSONSerialization.jsonObject(with: claims) as? [String: Any] ?? [:]
        )
    }

    static func bearerToken(_ request: HTTPRequest) -> String? {
        guard let value = request.value(forHeader: "Authorization"), value.hasPrefix("Bearer ") else {
            return nil
        }
        return String(value.dropFirst("Bearer ".count))
    }
}
