import Foundation
import Testing

@testable import AppStoreServerAPI

/// No error description, debug description or localized description may contain the private key,
/// a JWT, the `Authorization` header or the request's `appAccountToken` — even when the server
/// echoes the whole request back.
@Suite("AppStoreServerAPIClient: no secrets in errors")
struct ClientSecretsTests {
    /// The name of each case; the exhaustive switch makes a new case fail to compile here until
    /// it is covered by ``everyCase()``.
    static func caseName(_ error: AppStoreServerAPIClientError) -> String {
        switch error {
        case .apiError: "apiError"
        case .unauthorized: "unauthorized"
        case .rateLimited: "rateLimited"
        case .httpStatus: "httpStatus"
        case .timeout: "timeout"
        case .transport: "transport"
        case .invalidConfiguration: "invalidConfiguration"
        case .invalidRequest: "invalidRequest"
        case .invalidConsumptionRequest: "invalidConsumptionRequest"
        case .invalidResponse: "invalidResponse"
        case .signing: "signing"
        case .deadlineExceeded: "deadlineExceeded"
        case .cancelled: "cancelled"
        }
    }

    static let allCaseNames: Set<String> = [
        "apiError", "unauthorized", "rateLimited", "httpStatus", "timeout", "transport",
        "invalidConfiguration", "invalidRequest", "invalidConsumptionRequest", "invalidResponse", "signing",
        "deadlineExceeded",
        "cancelled",
    ]

    /// Records every token the client signs, by reading them off the requests.
    private static func send(
        _ replies: [FakeTransport.Reply], key: InAppPurchaseKey = ClientFixtures.key, deadline: Date? = nil,
        policy: RetryPolicy = .never, clock: ManualClock = ManualClock(), transactionId: String = "2000000000000001",
        body: ConsumptionRequestV1 = ClientFixtures.v1Body
    ) async throws -> (AppStoreServerAPIClientError, tokens: [String]) {
        let transport = FakeTransport(replies)
        let client = try ClientFixtures.client(transport, clock: clock, retryPolicy: policy, key: key)
        let error = await ClientFixtures.failure {
            try await client.sendConsumptionData(
                transactionId: transactionId, consumptionRequest: body, deadline: deadline)
        }
        let tokens = transport.requests.compactMap(ClientFixtures.bearerToken)
        return (try #require(error), tokens)
    }

    @Test("Every error case, made through the client with an appAccountToken in the body")
    func everyCase() async throws {
        var errors: [AppStoreServerAPIClientError] = []
        var tokens: [String] = []
        func add(_ result: (AppStoreServerAPIClientError, tokens: [String])) {
            errors.append(result.0)
            tokens += result.tokens
        }
        add(try await Self.send([.echo(status: 400, asErrorMessage: true)]))        // apiError
        add(try await Self.send([.echo(status: 500, asErrorMessage: true)]))        // apiError 500
        add(try await Self.send([.echo(status: 401, asErrorMessage: false)]))       // unauthorized
        add(try await Self.send([.echo(status: 429, asErrorMessage: true)]))        // rateLimited
        add(try await Self.send([.echo(status: 502, asErrorMessage: false)]))       // httpStatus
        add(try await Self.send([.echo(status: 301, asErrorMessage: false)]))       // httpStatus 3xx
        add(try await Self.send([.failure(.timedOut)]))                             // timeout
        for failure in [HTTPTransportError.cannotConnect("cannotConnectToHost (-1004)"), .connectionLost("x"),
                        .responseTooLarge(limitBytes: 1 << 20), .other("badURL (-1000)")] {
            add(try await Self.send([.failure(failure)]))                           // transport
        }
        add(try await Self.send([.failure(.cancelled)]))                            // cancelled
        add(try await Self.send([], transactionId: ""))                             // invalidRequest
        var invalidBody = ClientFixtures.v1Body
        invalidBody.playTime = .unknown(8)
        add(try await Self.send([], body: invalidBody))                             // invalidConsumptionRequest
        do {
            // A 200 whose body (the echoed request, JWT included) isn't the documented JSON.
            let transport = FakeTransport([.echo(status: 200, asErrorMessage: false)])
            let client = try ClientFixtures.client(transport)
            let error = await ClientFixtures.failure { _ = try await client.getTransactionInfo(transactionId: "1") }
            errors.append(try #require(error))                                       // invalidResponse
            tokens += transport.requests.compactMap(ClientFixtures.bearerToken)
        }
        var badKey = ClientFixtures.key
        badKey.bundleId = " "
        add(try await Self.send([], key: badKey))                                   // signing
        let clock = ManualClock()
        add(try await Self.send([], deadline: clock.now, clock: clock))             // deadline, no attempt
        add(try await Self.send(
            [.echo(status: 500, asErrorMessage: true)], deadline: clock.now.addingTimeInterval(0.1),
            policy: ClientFixtures.plainRetries, clock: clock))                           // deadline + last error
        do {
            _ = try ClientFixtures.client(FakeTransport(), environment: .xcode)
            Issue.record("xcode accepted")
        } catch {
            errors.append(error as! AppStoreServerAPIClientError)                   // invalidConfiguration
        }

        #expect(Set(errors.map(Self.caseName)) == Self.allCaseNames)
        #expect(tokens.count >= 6)

        let pem = ClientFixtures.privateKey.pkcs8PEM()
        let pemBody = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }
        for error in errors {
            let texts = [
                error.description, String(reflecting: error), error.localizedDescription,
                "\(error)", (error as NSError).description,
            ]
            for text in texts {
                #expect(!text.contains(ClientFixtures.appAccountToken), "appAccountToken in: \(text)")
                #expect(!text.contains(ClientFixtures.appAccountToken.replacingOccurrences(of: "-", with: "")))
                #expect(!text.lowercased().contains("bearer"), "Authorization in: \(text)")
                #expect(!text.contains("eyJ"), "JWT header in: \(text)")
                for token in tokens {
                    for part in token.split(separator: ".") where part.count > 8 {
                        #expect(!text.contains(part), "JWT part in: \(text)")
                    }
                }
                for line in pemBody {
                    #expect(!text.contains(line), "key material in: \(text)")
                }
            }
        }
        // The echoed texts really were there to leak: the redaction did the work.
        guard case .apiError(400, _, let message) = errors[0] else {
            Issue.record("unexpected \(errors[0])")
            return
        }
        #expect(message.contains("[redacted]"))
        #expect(message.contains("Content-Type: application/json"))
    }

    @Test("Redaction: JWTs, Bearer credentials, PEM blocks, UUIDs, long base64; control characters; length")
    func redaction() {
        let text = """
            Authorization: Bearer abc.def.ghi token eyJhbGciOiJFUzI1NiJ9.eyJpc3MiOiJ4In0.c2lnbmF0dXJl
            id 7389A31A-FB6D-4569-A2A6-DB7D85D84813 or 7389a31afb6d4569a2a6db7d85d84813
            -----BEGIN PRIVATE KEY-----
            MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg
            -----END PRIVATE KEY-----
            blob QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5eg==
            keep 4000036 and Transaction id not found.
            """
        let cleaned = ClientRedaction.clean(text, secrets: ["c2lnbmF0dXJl"], limit: 1000)
        #expect(!cleaned.contains("abc.def.ghi"))
        #expect(!cleaned.contains("eyJ"))
        #expect(!cleaned.lowercased().contains("7389a31a"))
        #expect(!cleaned.contains("MIGHAgEAMBMG"))
        #expect(!cleaned.contains("QUJDREVG"))
        #expect(!cleaned.contains("\n"))
        #expect(cleaned.contains("keep 4000036 and Transaction id not found."))
        #expect(ClientRedaction.clean(String(repeating: "a ", count: 300), limit: 10) == "a a a a a …")
    }
}
