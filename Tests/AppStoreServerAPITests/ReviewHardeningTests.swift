import Foundation
import Testing

@testable import AppStoreServerAPI

// Regression tests for the fresh-clone review of the AppStoreServerAPI work (tracker issue 3).

/// A compact JWS whose payload is given as raw JSON text (so numbers like `1e300` are sent as
/// written), signed with `key`, with the header `{"alg": "ES256", "x5c": x5c}`.
private func jws(payloadJSON: String, key: ES256PrivateKey, x5c: [String]) throws -> String {
    try TestJWS.sign(
        headerJSON: JSONSerialization.data(withJSONObject: ["alg": "ES256", "x5c": x5c], options: [.sortedKeys]),
        payloadJSON: Data(payloadJSON.utf8), key: key)
}

private func notificationJSON(signedDate: String) -> String {
    #"{"notificationType":"SUBSCRIBED","subtype":"INITIAL_BUY","notificationUUID":"002e14d5-51f5-4503-b5a8-c3a1af68eb20","#
        + #""version":"2.0","signedDate":\#(signedDate),"#
        + #""data":{"environment":"Sandbox","appAppleId":1234,"bundleId":"com.example","bundleVersion":"1","status":1}}"#
}

private func transactionJSON(signedDate: String) -> String {
    #"{"transactionId":"2000000123456789","originalTransactionId":"2000000000000001","bundleId":"com.example","#
        + #""productId":"com.example.monthly","signedDate":\#(signedDate),"environment":"Sandbox"}"#
}

@Suite("Review #3 — item 1: signedDate out of range never reaches path validation")
struct SignedDateRangeTests {
    static let absurd = ["1e300", "-1e25", "-1", "253402300800000", "9223372036854775807", "1e400"]

    @Test("a fractional signedDate (StoreKit testing in Xcode signs such dates) is accepted")
    func fractionalSignedDate() throws {
        let pki = try TestPKI.get()
        let verifier = try SignedDataVerifier(
            rootCertificates: [pki.root], bundleId: "com.example", appAppleId: 1234, environment: .sandbox)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let token = try jws(payloadJSON: notificationJSON(signedDate: "\(now).5"), key: pki.leafKey, x5c: pki.x5c)
        let result = verifier.verifyAndDecodeNotification(signedPayload: token)
        #expect(result.isValid, "\(result.error?.description ?? "")")
    }

    @Test("signedDate 1e300 / -1e25 / … with a random key and an unrelated root → INVALID_JWT_FORMAT, no crash")
    func unrelatedRoot() throws {
        let pki = try TestPKI.get()
        let verifier = try SignedDataVerifier(
            rootCertificates: [pki.otherRoot], bundleId: "com.example", appAppleId: 1234, environment: .sandbox)
        let key = ES256PrivateKey.generate()
        for value in Self.absurd {
            let notification = try jws(payloadJSON: notificationJSON(signedDate: value), key: key, x5c: pki.x5c)
            let result = verifier.verifyAndDecodeNotification(signedPayload: notification)
            #expect(result.status == .invalidJWTFormat, "\(value): \(result.error?.description ?? "valid")")
            let transaction = try jws(payloadJSON: transactionJSON(signedDate: value), key: key, x5c: pki.x5c)
            let transactionResult = verifier.verifyAndDecodeTransaction(transaction)
            #expect(transactionResult.status == .invalidJWTFormat, "\(value): \(transactionResult.error?.description ?? "valid")")
        }
        // Two parseable certificates that have nothing to do with each other: still the format error.
        let unrelated = [pki.leaf, pki.otherRoot, pki.otherRoot].map { $0.base64EncodedString() }
        for value in ["1e300", "-1e25"] {
            let token = try jws(payloadJSON: notificationJSON(signedDate: value), key: key, x5c: unrelated)
            #expect(verifier.verifyAndDecodeNotification(signedPayload: token).status == .invalidJWTFormat)
        }
    }

    @Test("the same payloads signed under the test PKI chain → INVALID_JWT_FORMAT; the reason names signedDate")
    func testChain() throws {
        let pki = try TestPKI.get()
        let verifier = try SignedDataVerifier(
            rootCertificates: [pki.root], bundleId: "com.example", appAppleId: 1234, environment: .sandbox)
        for value in Self.absurd {
            let token = try jws(payloadJSON: notificationJSON(signedDate: value), key: pki.leafKey, x5c: pki.x5c)
            let result = verifier.verifyAndDecodeNotification(signedPayload: token)
            #expect(result.status == .invalidJWTFormat, "\(value): \(result.error?.description ?? "valid")")
            if value != "1e400" {
                #expect(result.error?.reason.contains("signedDate") == true, "\(result.error?.reason ?? "")")
            }
        }
        // The bounds themselves parse and reach path validation (the leaf isn't valid then).
        for value in ["0", "253402300799999"] {
            let token = try jws(payloadJSON: notificationJSON(signedDate: value), key: pki.leafKey, x5c: pki.x5c)
            let result = verifier.verifyAndDecodeNotification(signedPayload: token)
            #expect(result.status == .verificationFailure, "\(value): \(result.error?.description ?? "valid")")
        }
        // A current whole-millisecond date (as Apple sends) is still valid.
        let now = try jws(
            payloadJSON: notificationJSON(signedDate: "\(TestJWS.nowMilliseconds)"), key: pki.leafKey, x5c: pki.x5c)
        #expect(verifier.verifyAndDecodeNotification(signedPayload: now).isValid)
    }

    @Test("CertificateChainVerifier.verify at absurd times fails instead of trapping")
    func chainVerifierBackstop() throws {
        let pki = try TestPKI.get()
        let chain = CertificateChainVerifier(rootCertificates: [try X509Certificate(derRepresentation: pki.root)])
        let leaf = try X509Certificate(derRepresentation: pki.leaf)
        let intermediate = try X509Certificate(derRepresentation: pki.intermediate)
        for seconds in [1e300, -1e25, Double.infinity, -Double.infinity, Double.nan, 9.3e18] {
            #expect(throws: VerificationError.self, "\(seconds)") {
                try chain.verify(leaf: leaf, intermediate: intermediate, at: Date(timeIntervalSince1970: seconds))
            }
        }
        #expect(try CertificateChainVerifier.checkTime(Date(timeIntervalSince1970: 1e300)) == 253_402_300_799)
        #expect(try CertificateChainVerifier.checkTime(Date(timeIntervalSince1970: -1e25)) == 0)
        #expect(try CertificateChainVerifier.checkTime(Date(timeIntervalSince1970: 1_700_000_000.9)) == 1_700_000_000)
        _ = try chain.verify(leaf: leaf, intermediate: intermediate, at: Date())
    }

    @Test("model dates: out-of-range or non-finite milliseconds are a DecodingError naming the field")
    func modelDecoding() throws {
        for value in ["1e300", "-1e25", "-1", "253402300800000", "9223372036854775807", "-9223372036854775808"] {
            let json = #"{"purchaseDate": \#(value)}"#
            do {
                _ = try JSONDecoder().decode(JWSTransactionDecodedPayload.self, from: Data(json.utf8))
                Issue.record("\(value) decoded")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.map(\.stringValue) == ["purchaseDate"], "\(value)")
                #expect(context.debugDescription.contains("0...253402300799999"))
            } catch {
                Issue.record("\(value): \(error)")
            }
        }
        for value in ["1e300", "-1e25"] {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(ResponseBodyV2DecodedPayload.self, from: Data(#"{"signedDate": \#(value)}"#.utf8))
            }
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(JWSRenewalInfoDecodedPayload.self, from: Data(#"{"renewalDate": \#(value)}"#.utf8))
            }
        }
        let edges = try JSONDecoder().decode(
            JWSTransactionDecodedPayload.self,
            from: Data(#"{"purchaseDate": 0, "expiresDate": 253402300799999, "signedDate": 1698148900123.5}"#.utf8))
        #expect(edges.purchaseDate == Date(timeIntervalSince1970: 0))
        #expect(edges.expiresDate.map(AppStoreDate.millisecondsSince1970) == 253_402_300_799_999)
    }

    @Test("model dates: encoding clamps to 0...253402300799999, so whatever is encoded decodes again")
    func modelEncoding() throws {
        #expect(AppStoreDate.clampedMillisecondsSince1970(Date(timeIntervalSince1970: 1e300)) == 253_402_300_799_999)
        #expect(AppStoreDate.clampedMillisecondsSince1970(Date(timeIntervalSince1970: -1e25)) == 0)
        #expect(AppStoreDate.clampedMillisecondsSince1970(Date(timeIntervalSince1970: .nan)) == 253_402_300_799_999)
        #expect(AppStoreDate.clampedMillisecondsSince1970(Date(timeIntervalSince1970: 1_698_148_900.123)) == 1_698_148_900_123)
        for (seconds, expected) in [(1e300, "253402300799999"), (-1e25, "0"), (Double.infinity, "253402300799999")] {
            let payload = JWSTransactionDecodedPayload(signedDate: Date(timeIntervalSince1970: seconds))
            let data = try JSONEncoder().encode(payload)
            #expect(String(decoding: data, as: UTF8.self) == #"{"signedDate":\#(expected)}"#)
            _ = try JSONDecoder().decode(JWSTransactionDecodedPayload.self, from: data)
        }
    }
}

@Suite("Review #3 — item 2: huge Retry-After and backoff values never trap")
struct HugeDelayTests {
    @Test("Retry-After beyond year 9999 is treated as absent")
    func retryAfterRange() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func parse(_ value: String) -> Date? { AppStoreServerAPIClient.retryAfterDate(value, receivedAt: now) }
        #expect(parse("9223372036854775807") == nil)
        #expect(parse("253402300800000") == nil)
        #expect(parse("253402300799999") == Date(timeIntervalSince1970: 253_402_300_799.999))
        #expect(parse("99999999999") == now.addingTimeInterval(99_999_999_999))
        #expect(parse("Fri, 31 Dec 9999 23:59:59 GMT") == Date(timeIntervalSince1970: 253_402_300_799))
    }

    @Test("a 429 with Retry-After: 9223372036854775807 prints; hand-made absurd dates print clamped")
    func printing() async throws {
        let transport = FakeTransport([
            .apple(429, code: 4290000, headers: [HTTPHeader(name: "Retry-After", value: "9223372036854775807")])
        ])
        let client = try ClientFixtures.client(transport, retryPolicy: .never)
        let error = await ClientFixtures.failure {
            try await client.sendConsumptionInformation(transactionId: "1", consumptionRequest: ClientFixtures.v2Body)
        }
        #expect(error == .rateLimited(retryAfter: nil, code: .known(.rateLimitExceeded), message: "Error."))
        #expect(error?.description.hasSuffix("; no Retry-After header") == true)

        let far = AppStoreServerAPIClientError.rateLimited(
            retryAfter: Date(timeIntervalSince1970: 1e300), code: .known(.rateLimitExceeded), message: "")
        #expect(far.description.hasSuffix("retry after 9999-12-31T23:59:59.999Z (253402300799999 ms)"))
        let early = AppStoreServerAPIClientError.rateLimited(
            retryAfter: Date(timeIntervalSince1970: -1e25), code: .known(.rateLimitExceeded), message: "")
        #expect(early.description.hasSuffix("retry after 1970-01-01T00:00:00.000Z (0 ms)"))
        _ = AppStoreServerAPIClientError.deadlineExceeded(lastError: far).description
        _ = AppStoreServerAPIClientError.rateLimited(
            retryAfter: Date(timeIntervalSince1970: .nan), code: .known(.rateLimitExceeded), message: "").description
    }

    @Test("backoffDelay with a huge maxDelay / initialDelay / multiplier stays ≤ maxDelay")
    func hugeBackoff() {
        for jitter in [RetryPolicy.Jitter.none, .full, .equal] {
            let huge = RetryPolicy(
                maxAttempts: 5, initialDelay: .seconds(Int64.max), multiplier: 1e300, maxDelay: .seconds(Int64.max),
                jitter: jitter, randomUnit: { 0.999 })
            for retry in [1, 2, 40, Int.max] {
                let delay = huge.backoffDelay(forRetry: retry)
                #expect(delay >= .zero && delay <= .seconds(Int64.max), "\(jitter) \(retry): \(delay)")
            }
            let longCap = RetryPolicy(
                initialDelay: .seconds(1), multiplier: 10, maxDelay: .seconds(1e15), jitter: jitter, randomUnit: { 1 })
            #expect(longCap.backoffDelay(forRetry: 400) <= .seconds(1e15))
            #expect(longCap.backoffDelay(forRetry: 400) > .seconds(1e14))
            let nanDelay = RetryPolicy(initialDelay: .zero, multiplier: .infinity, maxDelay: .seconds(8), jitter: jitter)
            #expect(nanDelay.backoffDelay(forRetry: 2000) == .zero)
        }
        let none = RetryPolicy(initialDelay: .seconds(Int64.max), maxDelay: .seconds(Int64.max), jitter: .none)
        #expect(none.backoffDelay(forRetry: 1) == .seconds(Int64.max))
        // Ordinary values keep nanosecond precision.
        let plain = RetryPolicy(initialDelay: .milliseconds(500), jitter: .none)
        #expect(plain.backoffDelay(forRetry: 2) == .seconds(1))
        #expect(RetryPolicy.duration(seconds: 0.123_456_789, atMost: .seconds(1)) == .nanoseconds(123_456_789))
        #expect(RetryPolicy.duration(seconds: .nan, atMost: .seconds(1)) == .zero)
        #expect(RetryPolicy.duration(seconds: -3, atMost: .seconds(1)) == .zero)
    }
}

@Suite("Review #3 — item 3: \".\" and \"..\" transaction IDs are refused")
struct DotSegmentTests {
    @Test("both endpoints' URL and request builders throw dotSegmentPathParameter")
    func builders() throws {
        for value in [".", ".."] {
            let expected = EndpointError.dotSegmentPathParameter(name: "transactionId", value: value)
            #expect(throws: expected) { try SendConsumptionInformation.url(environment: .sandbox, transactionId: value) }
            #expect(throws: expected) {
                try SendConsumptionInformation.request(
                    transactionId: value, body: ClientFixtures.v2Body, environment: .production)
            }
            #expect(throws: expected) { try SendConsumptionInformationV1.url(environment: .sandbox, transactionId: value) }
            #expect(throws: expected) {
                try SendConsumptionInformationV1.url(environment: "Production", pathParameters: ["transactionId": value])
            }
            #expect(throws: expected) {
                try SendConsumptionInformationV1.request(
                    transactionId: value, body: ClientFixtures.v1Body, environment: .sandbox)
            }
            #expect("\(expected)".contains("dot segment"))
        }
        // Other values with dots stay percent-encoded segments as before.
        for (value, segment) in [("...", "..."), (".a", ".a"), ("1.2", "1.2"), ("./", ".%2F"), ("%2E", "%252E"), ("a/..", "a%2F..")] {
            let url = try SendConsumptionInformation.url(environment: .sandbox, transactionId: value)
            #expect(url.absoluteString == "https://api.storekit-sandbox.apple.com/inApps/v2/transactions/consumption/\(segment)")
            let v1 = try SendConsumptionInformationV1.url(environment: .sandbox, transactionId: value)
            #expect(v1.absoluteString == "https://api.storekit-sandbox.apple.com/inApps/v1/transactions/consumption/\(segment)")
        }
    }

    @Test("the client refuses them as invalid requests and sends nothing (V1 and V2)")
    func client() async throws {
        let transport = FakeTransport()
        let client = try ClientFixtures.client(transport)
        for value in [".", ".."] {
            let v2 = await ClientFixtures.failure {
                try await client.sendConsumptionInformation(transactionId: value, consumptionRequest: ClientFixtures.v2Body)
            }
            #expect(v2 == .invalidRequest(.dotSegmentPathParameter(name: "transactionId", value: value)))
            let v1 = await ClientFixtures.failure {
                try await client.sendConsumptionData(transactionId: value, consumptionRequest: ClientFixtures.v1Body)
            }
            #expect(v1 == .invalidRequest(.dotSegmentPathParameter(name: "transactionId", value: value)))
        }
        #expect(transport.calls.isEmpty)
    }
}

@Suite("Review #3 — item 4: printing a request never shows the token or the body")
struct RequestRedactionTests {
    @Test("description, debugDescription and dump redact Authorization and show the body size only")
    func redaction() async throws {
        let transport = FakeTransport()
        let client = try ClientFixtures.client(transport)
        try await client.sendConsumptionData(transactionId: "2000000000000001", consumptionRequest: ClientFixtures.v1Body)
        let request = try #require(transport.requests.first)
        let authorization = try #require(request.value(forHeader: "Authorization"))
        let token = String(authorization.dropFirst("Bearer ".count))
        #expect(token.count > 100)

        var dumped = ""
        dump(request, to: &dumped)
        for text in ["\(request)", String(reflecting: request), request.description, request.debugDescription, dumped] {
            #expect(!text.contains(token))
            #expect(!text.contains(String(token.prefix(20))))
            #expect(!text.contains(ClientFixtures.appAccountToken))
            #expect(!text.contains("customerConsented"))
            #expect(text.contains("Authorization: Bearer [redacted]"), "\(text)")
            #expect(text.contains("\(request.body.count) bytes"), "\(text)")
        }
        #expect(
            request.description
                == "PUT https://api.storekit-sandbox.apple.com/inApps/v1/transactions/consumption/2000000000000001 "
                + "[Authorization: Bearer [redacted], User-Agent: \(AppStoreServerAPILibrary.userAgent), "
                + "Accept: application/json, Content-Type: application/json] body: \(request.body.count) bytes")
    }

    @Test("HTTPHeader: credentials keep only their scheme; other headers print as they are")
    func headers() {
        #expect("\(HTTPHeader(name: "authorization", value: "Bearer eyJabc.def.ghi"))" == "authorization: Bearer [redacted]")
        #expect("\(HTTPHeader(name: "Authorization", value: "eyJabc.def.ghi"))" == "Authorization: [redacted]")
        #expect("\(HTTPHeader(name: "Authorization", value: "Bearer"))" == "Authorization: [redacted]")
        #expect("\(HTTPHeader(name: "Proxy-Authorization", value: "Basic dXNlcjpwYXNz"))" == "Proxy-Authorization: Basic [redacted]")
        #expect("\(HTTPHeader(name: "Cookie", value: "session=secret"))" == "Cookie: [redacted]")
        #expect("\(HTTPHeader(name: "Content-Type", value: "application/json"))" == "Content-Type: application/json")
        var dumped = ""
        dump(HTTPHeader(name: "Authorization", value: "Bearer secret-token"), to: &dumped)
        #expect(!dumped.contains("secret-token"))
        let empty = HTTPRequest(method: "GET", url: URL(string: "https://example.com/x")!, headers: [], body: Data([1]))
        #expect(empty.description == "GET https://example.com/x [] body: 1 byte")
    }
}

@Suite("Review #3 — item 5: key and body errors say what is wrong")
struct KeyAndBodyErrorTests {
    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("review3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("an encrypted SEC1 key (Proc-Type: 4,ENCRYPTED) is KeyError.encrypted, not OpenSSL's 'bad decrypt'")
    func encryptedSEC1() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try runOpenSSL(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", "plain.pem"], in: directory)
        try runOpenSSL(
            ["ec", "-in", "plain.pem", "-aes-256-cbc", "-passout", "pass:secret", "-out", "encrypted.pem"], in: directory)
        let pem = try String(contentsOf: directory.appendingPathComponent("encrypted.pem"), encoding: .utf8)
        #expect(pem.contains("BEGIN EC PRIVATE KEY"))
        #expect(pem.contains("Proc-Type: 4,ENCRYPTED"))
        #expect(throws: KeyError.encrypted) { try ES256PrivateKey(pem: pem) }
        #expect(throws: KeyError.encrypted) { try ES256PrivateKey(contentsOf: directory.appendingPathComponent("encrypted.pem")) }
        #expect(!KeyError.encrypted.description.contains("bad decrypt"))
        // The unencrypted SEC1 key still loads.
        _ = try ES256PrivateKey(contentsOf: directory.appendingPathComponent("plain.pem"))
    }

    @Test("a public key or a certificate given as the private key is KeyError.notPrivateKey with a clear message")
    func publicKeyGiven() throws {
        let pki = try TestPKI.get()
        let publicPEM = ES256PrivateKey.generate().publicKey.pemRepresentation
        #expect(throws: KeyError.notPrivateKey(label: "PUBLIC KEY")) { try ES256PrivateKey(pem: publicPEM) }
        #expect(
            KeyError.notPrivateKey(label: "PUBLIC KEY").description
                == "this is a public key ('-----BEGIN PUBLIC KEY-----'); the .p8 file holds the private key "
                + "('-----BEGIN PRIVATE KEY-----')")
        let certificate =
            "-----BEGIN CERTIFICATE-----\n\(pki.leaf.base64EncodedString(options: .lineLength64Characters))\n-----END CERTIFICATE-----\n"
        #expect(throws: KeyError.notPrivateKey(label: "CERTIFICATE")) { try ES256PrivateKey(pem: certificate) }
        #expect(KeyError.notPrivateKey(label: "CERTIFICATE").description.contains("not a private key"))
        // A private key after other blocks is still found.
        let key = ES256PrivateKey.generate()
        _ = try ES256PrivateKey(pem: publicPEM + key.pkcs8PEM())
    }

    @Test("unreadable key files give strerror's words, not a Foundation error domain")
    func unreadableFiles() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("AuthKey_MISSING.p8")
        #expect(throws: KeyError.unreadableFile(path: missing.path, reason: "No such file or directory")) {
            try ES256PrivateKey(contentsOf: missing)
        }
        #expect(throws: KeyError.unreadableFile(path: directory.path, reason: "Is a directory")) {
            try ES256PrivateKey(contentsOf: directory)
        }
        #expect(
            KeyError.unreadableFile(path: "/x.p8", reason: "No such file or directory").description
                == "cannot read key file /x.p8: No such file or directory")
        let good = directory.appendingPathComponent("AuthKey_GOOD.p8")
        try ES256PrivateKey.generate().pkcs8PEM().write(to: good, atomically: true, encoding: .utf8)
        _ = try InAppPurchaseKey(pemFile: good, keyId: "K", issuerId: "I", bundleId: "B")
    }

    @Test("a number that doesn't fit an integer field names the field (V2 consumptionPercentage, V1 enums)")
    func integerMisfits() throws {
        func failure<T: Decodable>(_ type: T.Type, _ json: String) -> (path: [String], text: String)? {
            do {
                _ = try JSONDecoder().decode(type, from: Data(json.utf8))
                return nil
            } catch DecodingError.dataCorrupted(let context) {
                return (context.codingPath.map(\.stringValue), context.debugDescription)
            } catch {
                return ([], "\(error)")
            }
        }
        let big = failure(ConsumptionRequest.self, #"{"consumptionPercentage": 99999999999}"#)
        #expect(big?.path == ["consumptionPercentage"])
        #expect(big?.text == "the number does not fit Int32 (-2147483648...2147483647)")
        let fraction = failure(ConsumptionRequest.self, #"{"consumptionPercentage": 1.5}"#)
        #expect(fraction?.path == ["consumptionPercentage"])
        #expect(fraction?.text == "expected a whole number (Int32), found a number with a fraction")
        let v1 = failure(ConsumptionRequestV1.self, #"{"platform": 2.5}"#)
        #expect(v1?.path == ["platform"])
        #expect(v1?.text.contains("fraction") == true)
        let v1Big = failure(ConsumptionRequestV1.self, #"{"playTime": 1e12}"#)
        #expect(v1Big?.path == ["playTime"])
        // In range and type mismatches behave as before.
        #expect(try JSONDecoder().decode(ConsumptionRequest.self, from: Data(#"{"consumptionPercentage": 100000}"#.utf8))
            .consumptionPercentage == 100_000)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ConsumptionRequest.self, from: Data(#"{"consumptionPercentage": "x"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ConsumptionRequest.self, from: Data(#"{"deliveryStatus": 1.5}"#.utf8))
        }
    }
}
