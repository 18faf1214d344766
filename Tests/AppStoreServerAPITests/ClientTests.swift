import Foundation
import Synchronization
import Testing

@testable import AppStoreServerAPI

@Suite("AppStoreServerAPIClient: requests")
struct ClientRequestTests {
    @Test("V2 request: method, URL, headers in Apple's style, body bytes, fresh JWT")
    func v2Request() async throws {
        let transport = FakeTransport()
        let clock = ManualClock()
        let client = try ClientFixtures.client(transport, clock: clock)
        let result = try await client.sendConsumptionInformation(
            transactionId: "2000000000000001", consumptionRequest: ClientFixtures.v2Body)
        #expect(result == .init(status: 202, attempts: 1))

        let request = try #require(transport.requests.first)
        let expected = try SendConsumptionInformation.request(
            transactionId: "2000000000000001", body: ClientFixtures.v2Body, environment: .sandbox)
        #expect(request.method == "PUT")
        #expect(
            request.url.absoluteString
                == "https://api.storekit-sandbox.apple.com/inApps/v2/transactions/consumption/2000000000000001")
        #expect(request.body == expected.body)
        #expect(request.value(forHeader: "Accept") == "application/json")
        #expect(request.value(forHeader: "Content-Type") == "application/json")
        #expect(request.value(forHeader: "User-Agent") == AppStoreServerAPILibrary.userAgent)
        #expect(request.headers.filter { $0.name.lowercased() == "authorization" }.count == 1)
        #expect(transport.calls.first?.timeout == .seconds(30))

        let token = try #require(ClientFixtures.bearerToken(request))
        let (header, claims) = try ClientFixtures.decodeJWT(token)
        #expect(header["alg"] as? String == "ES256")
        #expect(header["typ"] as? String == "JWT")
        #expect(header["kid"] as? String == "2X9R4HXF34")
        #expect(claims["iss"] as? String == "57246542-96fe-1a63-e053-0824d011072a")
        #expect(claims["bid"] as? String == "com.example.app")
        #expect(claims["aud"] as? String == "appstoreconnect-v1")
        let iat = try #require(claims["iat"] as? Int)
        #expect(iat == Int(clock.now.timeIntervalSince1970))
        #expect(claims["exp"] as? Int == iat + 300)

        // The signature verifies with the key's public half.
        let parts = token.split(separator: ".")
        let signature = try #require(Base64URL.decode(parts[2]))
        #expect(signature.count == 64)
        #expect(
            ClientFixtures.privateKey.publicKey.isValidSignature(
                signature, for: Data((parts[0] + "." + parts[1]).utf8)))
    }

    @Test("V1 request: path and body")
    func v1Request() async throws {
        let transport = FakeTransport()
        let client = try ClientFixtures.client(transport, environment: .production)
        try await client.sendConsumptionData(
            transactionId: "2000000000000001", consumptionRequest: ClientFixtures.v1Body)
        let request = try #require(transport.requests.first)
        let expected = try SendConsumptionInformationV1.request(
            transactionId: "2000000000000001", body: ClientFixtures.v1Body, environment: .production)
        #expect(request.url == expected.url)
        #expect(request.body == expected.body)
        #expect(request.method == "PUT")
        for header in expected.headers {
            #expect(request.value(forHeader: header.name) == header.value)
        }
    }

    @Test(
        "URL per environment and host style, V1 and V2",
        arguments: [
            (AppStoreEnvironment.production, HostStyle.current, "https://api.storekit.apple.com"),
            (.sandbox, .current, "https://api.storekit-sandbox.apple.com"),
            (.production, .legacyItunes, "https://api.storekit.itunes.apple.com"),
            (.sandbox, .legacyItunes, "https://api.storekit-sandbox.itunes.apple.com"),
        ])
    func urls(environment: AppStoreEnvironment, hostStyle: HostStyle, base: String) async throws {
        let transport = FakeTransport()
        let client = try ClientFixtures.client(transport, environment: environment, hostStyle: hostStyle)
        #expect(client.baseURL.absoluteString == base)
        try await client.sendConsumptionData(transactionId: "42", consumptionRequest: ClientFixtures.v1Body)
        try await client.sendConsumptionInformation(transactionId: "a/b", consumptionRequest: ClientFixtures.v2Body)
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                base + "/inApps/v1/transactions/consumption/42",
                base + "/inApps/v2/transactions/consumption/a%2Fb",
            ])
    }

    @Test("Base URL override keeps its path prefix and allows xcode/localTesting")
    func baseURLOverride() async throws {
        for environment in AppStoreEnvironment.allCases {
            let transport = FakeTransport()
            let client = try ClientFixtures.client(
                transport, environment: environment,
                baseURL: URL(string: "http://127.0.0.1:8080/prefix/"))
            try await client.sendConsumptionInformation(
                transactionId: "7", consumptionRequest: ClientFixtures.v2Body)
            #expect(
                transport.requests.first?.url.absoluteString
                    == "http://127.0.0.1:8080/prefix/inApps/v2/transactions/consumption/7")
        }
    }

    @Test("xcode and localTesting without a base URL, and a bad base URL, are typed configuration errors")
    func invalidConfiguration() throws {
        for environment in [AppStoreEnvironment.xcode, .localTesting] {
            #expect(throws: AppStoreServerAPIClientError.invalidConfiguration(.environmentWithoutHost(environment.rawValue))) {
                _ = try ClientFixtures.client(FakeTransport(), environment: environment)
            }
        }
        #expect(throws: AppStoreServerAPIClientError.invalidConfiguration(.invalidURL("ftp://example.com"))) {
            _ = try ClientFixtures.client(FakeTransport(), baseURL: URL(string: "ftp://example.com"))
        }
    }

    @Test("Any 2xx is success; an empty transaction ID is an invalid request and nothing is sent")
    func successAndInvalidRequest() async throws {
        let transport = FakeTransport([.status(200), .status(204, json: "ignored")])
        let client = try ClientFixtures.client(transport)
        #expect(try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body).status == 200)
        #expect(try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body).status == 204)
        let error = await ClientFixtures.failure {
            try await client.sendConsumptionInformation(transactionId: "", consumptionRequest: ClientFixtures.v2Body)
        }
        #expect(error == .invalidRequest(.emptyPathParameter("transactionId")))
        #expect(transport.calls.count == 2)
    }

    @Test("A signing failure (empty key ID) is typed and nothing is sent")
    func signingFailure() async throws {
        let transport = FakeTransport()
        var key = ClientFixtures.key
        key.keyId = ""
        let client = try ClientFixtures.client(transport, key: key)
        let error = await ClientFixtures.failure {
            try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body)
        }
        #expect(error == .signing(.missingIdentity(field: "keyId")))
        #expect(transport.calls.isEmpty)
    }
}

@Suite("AppStoreServerAPIClient: response mapping")
struct ClientResponseMappingTests {
    private func send(_ reply: FakeTransport.Reply) async throws -> AppStoreServerAPIClientError? {
        let client = try ClientFixtures.client(FakeTransport([reply]), retryPolicy: .never)
        return await ClientFixtures.failure {
            try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body)
        }
    }

    @Test("400 with Apple's error body → .apiError with the known APIError")
    func apiError() async throws {
        let error = try await send(.apple(400, code: 4000036, message: "Invalid request."))
        #expect(error == .apiError(status: 400, code: .known(.invalidDeliveryStatus), message: "Invalid request."))
        #expect(error?.apiError == .invalidDeliveryStatus)
        #expect(error?.httpStatus == 400)
        #expect(error?.description == "HTTP 400: InvalidDeliveryStatusError (4000036): Invalid request.")
    }

    @Test("An unknown code keeps its number")
    func unknownCode() async throws {
        let error = try await send(.apple(400, code: 9990000, message: "Testing error."))
        #expect(error == .apiError(status: 400, code: .unknown(9990000), message: "Testing error."))
        #expect(error?.errorCode?.rawValue == 9990000)
        #expect(error?.apiError == nil)
        #expect(error?.description == "HTTP 400: unknown error code 9990000: Testing error.")
    }

    @Test("404 TransactionIdNotFoundError")
    func notFound() async throws {
        let error = try await send(.apple(404, code: 4040010, message: "Transaction id not found."))
        #expect(error == .apiError(status: 404, code: .known(.transactionIdNotFound), message: "Transaction id not found."))
    }

    @Test("An error object without a message keeps the code with an empty message")
    func codeWithoutMessage() async throws {
        #expect(try await send(.status(400, json: #"{"errorCode": 4000006}"#))
            == .apiError(status: 400, code: .known(.invalidTransactionId), message: ""))
    }

    @Test(
        "Malformed error bodies → .httpStatus with a snippet",
        arguments: [
            ("{", "{"),
            (#"{"errorCode": "4000006", "errorMessage": "x"}"#, #"{"errorCode": "4000006", "errorMessage": "x"}"#),
            (#"{"errorMessage": "only a message"}"#, #"{"errorMessage": "only a message"}"#),
            (#"{"errorCode": 4.5}"#, #"{"errorCode": 4.5}"#),
            ("[1, 2]", "[1, 2]"),
            ("<html>\n<b>Bad gateway</b></html>", "<html> <b>Bad gateway</b></html>"),
            ("", ""),
        ])
    func malformed(body: String, snippet: String) async throws {
        #expect(try await send(.status(502, json: body)) == .httpStatus(status: 502, bodySnippet: snippet))
    }

    @Test("A long body is cut to 200 characters")
    func longSnippet() async throws {
        let error = try await send(.status(500, json: String(repeating: "x ", count: 1000)))
        guard case .httpStatus(500, let snippet) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(snippet.count == 201)
        #expect(snippet.hasSuffix("…"))
    }

    @Test("401 is .unauthorized, with or without a body")
    func unauthorized() async throws {
        #expect(try await send(.status(401)) == .unauthorized)
        #expect(try await send(.apple(401, code: 4010000)) == .unauthorized)
        #expect(AppStoreServerAPIClientError.unauthorized.httpStatus == 401)
    }

    @Test("429: Retry-After in UNIX milliseconds, code and message from the body")
    func rateLimited() async throws {
        let error = try await send(
            .apple(429, code: 4290000, message: "Rate limit exceeded.",
                   headers: [HTTPHeader(name: "retry-after", value: "1800000123456")]))
        #expect(
            error == .rateLimited(
                retryAfter: Date(timeIntervalSince1970: 1_800_000_123.456),
                code: .known(.rateLimitExceeded), message: "Rate limit exceeded."))
        #expect(
            error?.description
                == "HTTP 429: RateLimitExceededError (4290000): Rate limit exceeded.; retry after 2027-01-15T08:02:03.456Z (1800000123456 ms)")
        // No body, no header.
        #expect(try await send(.status(429)) == .rateLimited(retryAfter: nil, code: .known(.rateLimitExceeded), message: ""))
    }

    @Test("Retry-After parsing")
    func retryAfterParsing() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func parse(_ value: String?) -> Date? { AppStoreServerAPIClient.retryAfterDate(value, receivedAt: now) }
        #expect(parse("1800000005000") == Date(timeIntervalSince1970: 1_800_000_005))
        #expect(parse(" 1700000000123 ") == Date(timeIntervalSince1970: 1_700_000_000.123))
        #expect(parse("120") == now.addingTimeInterval(120))
        #expect(parse("0") == now)
        #expect(parse("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(parse("-5") == nil)
        #expect(parse("soon") == nil)
        #expect(parse("") == nil)
        #expect(parse(nil) == nil)
    }

    @Test("Transport failures map to typed errors")
    func transportFailures() async throws {
        #expect(try await send(.failure(.timedOut)) == .timeout)
        #expect(try await send(.failure(.cannotConnect("cannotConnectToHost (-1004)")))
            == .transport(.cannotConnect("cannotConnectToHost (-1004)")))
        #expect(try await send(.failure(.connectionLost("x"))) == .transport(.connectionLost("x")))
        #expect(try await send(.failure(.responseTooLarge(limitBytes: 1 << 20)))
            == .transport(.responseTooLarge(limitBytes: 1_048_576)))
        #expect(try await send(.failure(.other("badURL (-1000)"))) == .transport(.other("badURL (-1000)")))
        #expect(try await send(.failure(.cancelled)) == .cancelled)
    }
}

@Suite("AppStoreServerAPIClient: retries and deadlines")
struct ClientRetryTests {
    @Test("500 is retried up to maxAttempts with exponential backoff (no jitter: 1 s, 2 s)")
    func serverErrorRetried() async throws {
        let transport = FakeTransport(fallback: .apple(500, code: 5000000, message: "An unknown error occurred."))
        let clock = ManualClock()
        let client = try ClientFixtures.client(transport, clock: clock)
        let error = await ClientFixtures.failure {
            try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body)
        }
        #expect(error == .apiError(status: 500, code: .known(.generalInternal), message: "An unknown error occurred."))
        #expect(transport.calls.count == 3)
        #expect(clock.sleeps == [.seconds(1), .seconds(2)])
    }

    @Test("Full and equal jitter with an injected random sequence")
    func jitterSequence() async throws {
        for (jitter, expected) in [
            (RetryPolicy.Jitter.full, [Duration.milliseconds(500), .milliseconds(500), .seconds(1)]),
            (.equal, [.milliseconds(750), .milliseconds(1250), .milliseconds(2500)]),
        ] {
            let randoms = RandomSequence([0.5, 0.25, 0.25])
            let policy = RetryPolicy(
                maxAttempts: 4, initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(4),
                jitter: jitter, randomUnit: { randoms.next() })
            let transport = FakeTransport(fallback: .status(500))
            let clock = ManualClock()
            let client = try ClientFixtures.client(transport, clock: clock, retryPolicy: policy)
            let error = await ClientFixtures.failure {
                try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body)
            }
            #expect(error == .httpStatus(status: 500, bodySnippet: ""))
            #expect(transport.calls.count == 4)
            #expect(clock.sleeps == expected, "\(jitter)")
        }
    }

    @Test("A retry that succeeds returns the attempt count; each attempt has a fresh JWT")
    func retryThenSuccess() async throws {
        let transport = FakeTransport([.apple(500, code: 5000001), .failure(.cannotConnect("x")), .status(202)])
        let clock = ManualClock()
        let client = try ClientFixtures.client(transport, clock: clock)
        let result = try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body)
        #expect(result == .init(status: 202, attempts: 3))
        let tokens = transport.requests.compactMap(ClientFixtures.bearerToken)
        #expect(tokens.count == 3)
        #expect(Set(tokens).count == 3)
        let iats = try tokens.map { try ClientFixtures.decodeJWT($0).claims["iat"] as? Int }
        #expect(iats == [1_800_000_000, 1_800_000_001, 1_800_000_003])
    }

    @Test("429 waits until Retry-After (ms), then succeeds")
    func rateLimitWaitsForRetryAfter() async throws {
        let clock = ManualClock()
        let retryAt = Int64(clock.now.timeIntervalSince1970 * 1000) + 2_500
        let transport = FakeTransport([
            .apple(429, code: 4290000, message: "Rate limit exceeded.",
                   headers: [HTTPHeader(name: "Retry-After", value: "\(retryAt)")]),
            .status(202),
        ])
        let client = try ClientFixtures.client(transport, clock: clock)
        let result = try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body)
        #expect(result.attempts == 2)
        #expect(clock.sleeps == [.milliseconds(2500)])
    }

    @Test("429 without Retry-After uses the backoff; a Retry-After in the past retries at once")
    func rateLimitWithoutOrPastRetryAfter() async throws {
        let clock = ManualClock()
        let past = Int64(clock.now.timeIntervalSince1970 * 1000) - 10_000
        let transport = FakeTransport([
            .status(429),
            .apple(429, code: 4290000, headers: [HTTPHeader(name: "Retry-After", value: "\(past)")]),
            .status(202),
        ])
        let client = try ClientFixtures.client(transport, clock: clock)
        #expect(try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body).attempts == 3)
        #expect(clock.sleeps == [.seconds(1), .zero])
    }

    @Test("A Retry-After beyond maxRetryAfterWait is returned at once")
    func rateLimitTooFarAway() async throws {
        let clock = ManualClock()
        let retryAt = Int64(clock.now.timeIntervalSince1970 * 1000) + 3_600_000
        let transport = FakeTransport([
            .apple(429, code: 4290000, headers: [HTTPHeader(name: "Retry-After", value: "\(retryAt)")])
        ])
        let client = try ClientFixtures.client(transport, clock: clock)
        let error = await ClientFixtures.failure {
            try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body)
        }
        guard case .rateLimited(let date?, .known(.rateLimitExceeded), _) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(Int64(date.timeIntervalSince1970 * 1000) == retryAt)
        #expect(transport.calls.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("A Retry-After past the caller's deadline stops with .deadlineExceeded carrying the 429")
    func rateLimitPastDeadline() async throws {
        let clock = ManualClock()
        let retryAt = Int64(clock.now.timeIntervalSince1970 * 1000) + 10_000
        let transport = FakeTransport([
            .apple(429, code: 4290000, message: "Rate limit exceeded.",
                   headers: [HTTPHeader(name: "Retry-After", value: "\(retryAt)")])
        ])
        let client = try ClientFixtures.client(transport, clock: clock)
        let error = await ClientFixtures.failure {
            try await client.sendConsumptionInformation(
                transactionId: "1", consumptionRequest: ClientFixtures.v2Body, deadline: clock.now.addingTimeInterval(5))
        }
        #expect(
            error == .deadlineExceeded(lastError: .rateLimited(
                retryAfter: Date(timeIntervalSince1970: Double(retryAt) / 1000),
                code: .known(.rateLimitExceeded), message: "Rate limit exceeded.")))
        #expect(error?.httpStatus == 429)
        #expect(error?.apiError == .rateLimitExceeded)
        #expect(transport.calls.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("A backoff past the deadline stops; a deadline already passed sends nothing")
    func backoffPastDeadline() async throws {
        let clock = ManualClock()
        let transport = FakeTransport(fallback: .status(503))
        let client = try ClientFixtures.client(
            transport, clock: clock,
            retryPolicy: RetryPolicy(maxAttempts: 5, initialDelay: .seconds(1), jitter: .none))
        // 503 isn't retried: the error comes back as is.
        #expect(await ClientFixtures.failure {
            try await client.sendConsumptionInformation(
                transactionId: "1", consumptionRequest: ClientFixtures.v2Body, deadline: clock.now.addingTimeInterval(2.5))
        } == .httpStatus(status: 503, bodySnippet: ""))

        let transport500 = FakeTransport(fallback: .status(500))
        let client500 = try ClientFixtures.client(
            transport500, clock: clock,
            retryPolicy: RetryPolicy(maxAttempts: 5, initialDelay: .seconds(1), jitter: .none))
        let error = await ClientFixtures.failure {
            try await client500.sendConsumptionInformation(
                transactionId: "1", consumptionRequest: ClientFixtures.v2Body, deadline: clock.now.addingTimeInterval(2.5))
        }
        // Attempt 1, wait 1 s, attempt 2, a 2 s wait would end after the deadline.
        #expect(error == .deadlineExceeded(lastError: .httpStatus(status: 500, bodySnippet: "")))
        #expect(transport500.calls.count == 2)
        #expect(clock.sleeps == [.seconds(1)])

        let transportNone = FakeTransport()
        let clientNone = try ClientFixtures.client(transportNone, clock: clock)
        #expect(await ClientFixtures.failure {
            try await clientNone.sendConsumptionInformation(
                transactionId: "1", consumptionRequest: ClientFixtures.v2Body, deadline: clock.now)
        } == .deadlineExceeded(lastError: nil))
        #expect(transportNone.calls.isEmpty)
    }

    @Test("The attempt's timeout is shortened to the deadline; timing out there is .deadlineExceeded")
    func timeoutCappedByDeadline() async throws {
        let clock = ManualClock()
        let transport = FakeTransport([.failure(.timedOut)])
        let client = try ClientFixtures.client(transport, clock: clock, requestTimeout: .seconds(30))
        let error = await ClientFixtures.failure {
            try await client.sendConsumptionInformation(
                transactionId: "1", consumptionRequest: ClientFixtures.v2Body, deadline: clock.now.addingTimeInterval(2))
        }
        #expect(error == .deadlineExceeded(lastError: .timeout))
        #expect(transport.calls.map(\.timeout) == [.seconds(2)])
    }

    @Test("Timeouts and connection failures are retried; the last error is returned")
    func transientTransportRetried() async throws {
        let transport = FakeTransport([.failure(.cannotConnect("a")), .failure(.connectionLost("b")), .failure(.timedOut)])
        let client = try ClientFixtures.client(transport)
        #expect(await ClientFixtures.failure {
            try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body)
        } == .timeout)
        #expect(transport.calls.count == 3)
    }

    @Test(
        "Not retried: 400, 401, 404 TransactionIdNotFound, 403, 502, responseTooLarge, other transport errors",
        arguments: [
            FakeTransport.Reply.apple(400, code: 4000036),
            .apple(400, code: 9990000),
            .status(400),
            .status(401),
            .apple(404, code: 4040010),
            .status(404),
            .apple(403, code: 4030018),
            .status(502, json: "<html>bad gateway</html>"),
            .failure(.responseTooLarge(limitBytes: 10)),
            .failure(.other("x")),
        ])
    func notRetried(reply: FakeTransport.Reply) async throws {
        let transport = FakeTransport([reply])
        let clock = ManualClock()
        let client = try ClientFixtures.client(transport, clock: clock)
        let error = await ClientFixtures.failure {
            try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body)
        }
        #expect(error != nil)
        #expect(transport.calls.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test(
        "Retried: Apple's four retryable errors, 5000000, 429",
        arguments: [Int64(4040002), 4040004, 4040006, 5000001, 5000000, 4290000])
    func retried(code: Int64) async throws {
        let status = Int(code / 10_000)
        let transport = FakeTransport([.apple(status, code: code), .status(202)])
        let client = try ClientFixtures.client(transport)
        #expect(try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body).attempts == 2)
    }

    @Test("Cancellation during the wait before a retry is .cancelled")
    func cancelledDuringWait() async throws {
        let transport = FakeTransport(fallback: .status(500))
        let client = try AppStoreServerAPIClient(
            key: ClientFixtures.key, environment: .sandbox, transport: transport,
            retryPolicy: RetryPolicy(initialDelay: .seconds(60), jitter: .none))
        let task = Task {
            await ClientFixtures.failure {
                try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body)
            }
        }
        while transport.calls.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(transport.calls.count == 1)
    }
}

/// Numbers handed out in order (the last one repeats).
final class RandomSequence: Sendable {
    private let state: Mutex<[Double]>
    init(_ values: [Double]) { state = Mutex(values) }
    func next() -> Double {
        state.withLock { values in values.count > 1 ? values.removeFirst() : values.first ?? 0 }
    }
}
