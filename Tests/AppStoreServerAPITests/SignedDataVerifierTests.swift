import AppStoreServerAPI
import Foundation
import Testing

/// Payloads and verifiers shared by the tests below.
private enum Fixture {
    static let bundleId = "com.example"
    static let appAppleId: Int64 = 1234

    static func verifier(
        _ pki: TestPKI, environment: AppStoreEnvironment = .sandbox, roots: [Data]? = nil,
        bundleId: String = bundleId, appAppleId: Int64? = appAppleId
    ) throws -> SignedDataVerifier {
        try SignedDataVerifier(
            rootCertificates: roots ?? [pki.root], bundleId: bundleId, appAppleId: appAppleId, environment: environment)
    }

    static func transaction(
        environment: String = "Sandbox", bundleId: String = bundleId, signedDate: Int64 = TestJWS.nowMilliseconds
    ) -> [String: Any] {
        [
            "transactionId": "2000000123456789", "originalTransactionId": "2000000000000001",
            "webOrderLineItemId": "2000000011111111", "bundleId": bundleId, "productId": "com.example.monthly",
            "subscriptionGroupIdentifier": "21000000", "purchaseDate": 1_698_148_900_000,
            "originalPurchaseDate": 1_698_148_800_000, "expiresDate": 1_700_827_300_000, "quantity": 1,
            "type": "Auto-Renewable Subscription", "inAppOwnershipType": "PURCHASED", "signedDate": signedDate,
            "environment": environment, "transactionReason": "PURCHASE", "storefront": "USA", "storefrontId": "143441",
            "price": 10990, "currency": "USD",
        ]
    }

    static func renewalInfo(environment: String = "Sandbox", signedDate: Int64 = TestJWS.nowMilliseconds) -> [String: Any] {
        [
            "originalTransactionId": "2000000000000001", "autoRenewProductId": "com.example.monthly",
            "productId": "com.example.monthly", "autoRenewStatus": 1, "signedDate": signedDate,
            "environment": environment, "renewalDate": 1_700_827_300_000,
        ]
    }

    static func notification(
        type: String = "SUBSCRIBED", subtype: String? = "INITIAL_BUY", signedDate: Int64 = TestJWS.nowMilliseconds,
        body: [String: Any]
    ) -> [String: Any] {
        var payload: [String: Any] = [
            "notificationType": type, "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20", "version": "2.0",
            "signedDate": signedDate,
        ]
        if let subtype { payload["subtype"] = subtype }
        payload.merge(body) { _, new in new }
        return payload
    }

    static func data(
        environment: String = "Sandbox", bundleId: String = bundleId, appAppleId: Int64 = appAppleId,
        extra: [String: Any] = [:]
    ) -> [String: Any] {
        let data: [String: Any] = [
            "environment": environment, "appAppleId": appAppleId, "bundleId": bundleId, "bundleVersion": "1.2.3",
            "status": 1,
        ]
        return ["data": data.merging(extra) { _, new in new }]
    }

    /// A SUBSCRIBED/INITIAL_BUY notification signed under the standard test chain.
    static func signedNotification(_ pki: TestPKI, environment: String = "Sandbox", appAppleId: Int64 = appAppleId)
        throws -> String
    {
        try TestJWS.sign(
            notification(body: data(environment: environment, appAppleId: appAppleId)), key: pki.leafKey, x5c: pki.x5c)
    }
}

/// Checks the status of an invalid result and prints the reason when it differs.
private func expectStatus<T>(
    _ result: VerificationResult<T>, _ status: VerificationStatus, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.status == status, "got \(result.error?.description ?? "valid")", sourceLocation: sourceLocation)
}

private func expectValid<T>(_ result: VerificationResult<T>, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.isValid, "got \(result.error?.description ?? "valid")", sourceLocation: sourceLocation)
}

@Suite("SignedDataVerifier: valid notifications, transactions and renewal info")
struct SignedDataVerifierValidTests {
    @Test("a SUBSCRIBED notification signed under the test chain decodes with every field")
    func subscribed() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        let result = verifier.verifyAndDecodeNotification(signedPayload: try Fixture.signedNotification(pki))
        expectValid(result)
        let payload = try #require(result.payload)
        #expect(payload.notificationType == .known(.subscribed))
        #expect(payload.subtype == .known(.initialBuy))
        #expect(payload.notificationUUID == "002e14d5-51f5-4503-b5a8-c3a1af68eb20")
        #expect(payload.version == "2.0")
        #expect(payload.data?.bundleId == "com.example")
        #expect(payload.data?.appAppleId == 1234)
        #expect(payload.data?.environment == .known(.sandbox))
        #expect(payload.data?.status == .known(.active))
        #expect(payload.summary == nil)
    }

    @Test("CONSUMPTION_REQUEST: the nested signedTransactionInfo and signedRenewalInfo are verified too")
    func consumptionRequestWithData() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        let transaction = try TestJWS.sign(Fixture.transaction(), key: pki.leafKey, x5c: pki.x5c)
        let renewal = try TestJWS.sign(Fixture.renewalInfo(), key: pki.leafKey, x5c: pki.x5c)
        let token = try TestJWS.sign(
            Fixture.notification(
                type: "CONSUMPTION_REQUEST", subtype: nil,
                body: Fixture.data(extra: [
                    "signedTransactionInfo": transaction, "signedRenewalInfo": renewal,
                    "consumptionRequestReason": "UNINTENDED_PURCHASE",
                ])),
            key: pki.leafKey, x5c: pki.x5c)

        let result = verifier.verifyAndDecodeNotificationWithData(signedPayload: token)
        expectValid(result)
        let verified = try #require(result.payload)
        #expect(verified.payload.notificationType == .known(.consumptionRequest))
        #expect(verified.payload.data?.consumptionRequestReason == .known(.unintendedPurchase))
        #expect(verified.transaction?.transactionId == "2000000123456789")
        #expect(verified.transaction?.bundleId == "com.example")
        #expect(verified.transaction?.environment == .known(.sandbox))
        #expect(verified.transaction?.price == 10990)
        #expect(verified.renewalInfo?.autoRenewProductId == "com.example.monthly")
        #expect(verified.renewalInfo?.environment == .known(.sandbox))

        // The same through the individual entry points.
        #expect(verifier.verifyAndDecodeTransaction(transaction).payload == verified.transaction)
        #expect(verifier.verifyAndDecodeRenewalInfo(renewal).payload == verified.renewalInfo)
        // And through the POST body.
        let body = try JSONSerialization.data(withJSONObject: ["signedPayload": token])
        #expect(verifier.verifyAndDecodeNotificationWithData(requestBody: body).payload?.transaction == verified.transaction)
        #expect(verifier.verifyAndDecodeNotification(requestBody: body).payload == verified.payload)
    }

    @Test("a nested transaction that fails makes the whole notification fail, with the field named")
    func nestedFailure() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        let wrongApp = try TestJWS.sign(Fixture.transaction(bundleId: "com.other"), key: pki.leafKey, x5c: pki.x5c)
        let token = try TestJWS.sign(
            Fixture.notification(body: Fixture.data(extra: ["signedTransactionInfo": wrongApp])), key: pki.leafKey,
            x5c: pki.x5c)
        let result = verifier.verifyAndDecodeNotificationWithData(signedPayload: token)
        expectStatus(result, .invalidAppIdentifier)
        #expect(result.error?.reason.hasPrefix("data.signedTransactionInfo: ") == true)
        // Without the nested checks the notification itself is fine.
        expectValid(verifier.verifyAndDecodeNotification(signedPayload: token))

        let tamperedRenewal = try TestJWS.sign(Fixture.renewalInfo(), key: ES256PrivateKey.generate(), x5c: pki.x5c)
        let second = try TestJWS.sign(
            Fixture.notification(body: Fixture.data(extra: ["signedRenewalInfo": tamperedRenewal])), key: pki.leafKey,
            x5c: pki.x5c)
        let secondResult = verifier.verifyAndDecodeNotificationWithData(signedPayload: second)
        expectStatus(secondResult, .verificationFailure)
        #expect(secondResult.error?.reason.hasPrefix("data.signedRenewalInfo: ") == true)
    }

    @Test("a summary-only notification (RENEWAL_EXTENSION/SUMMARY) takes bundle, app and environment from summary")
    func summaryOnly() throws {
        let pki = try TestPKI.get()
        let summary: [String: Any] = [
            "summary": [
                "environment": "Sandbox", "appAppleId": 1234, "bundleId": "com.example", "productId": "com.example.monthly",
                "requestIdentifier": "efb27071-45a4-4aca-9854-2a1e9146f265", "storefrontCountryCodes": ["CAN", "USA"],
                "succeededCount": 5, "failedCount": 2,
            ]
        ]
        let token = try TestJWS.sign(
            Fixture.notification(type: "RENEWAL_EXTENSION", subtype: "SUMMARY", body: summary), key: pki.leafKey,
            x5c: pki.x5c)
        let sandbox = try Fixture.verifier(pki).verifyAndDecodeNotification(signedPayload: token)
        expectValid(sandbox)
        #expect(sandbox.payload?.summary?.succeededCount == 5)
        #expect(sandbox.payload?.data == nil)
        expectStatus(
            try Fixture.verifier(pki, environment: .production).verifyAndDecodeNotification(signedPayload: token),
            .invalidEnvironment)
        expectStatus(
            try Fixture.verifier(pki, bundleId: "com.other").verifyAndDecodeNotification(signedPayload: token),
            .invalidAppIdentifier)
        // The convenience has nothing nested to verify.
        let withData = try Fixture.verifier(pki).verifyAndDecodeNotificationWithData(signedPayload: token)
        expectValid(withData)
        #expect(withData.payload?.transaction == nil)
        #expect(withData.payload?.renewalInfo == nil)
    }

    @Test("externalPurchaseToken: Sandbox exactly when externalPurchaseId starts with SANDBOX")
    func externalPurchaseToken() throws {
        let pki = try TestPKI.get()
        func token(_ id: String) throws -> String {
            try TestJWS.sign(
                Fixture.notification(
                    type: "EXTERNAL_PURCHASE_TOKEN", subtype: "UNREPORTED",
                    body: [
                        "externalPurchaseToken": [
                            "externalPurchaseId": id, "tokenCreationDate": 1_698_148_950_000, "appAppleId": 1234,
                            "bundleId": "com.example",
                        ]
                    ]),
                key: pki.leafKey, x5c: pki.x5c)
        }
        let sandboxToken = try token("SANDBOX_b2158121-7af9-49d4-9561-1f588205523e")
        let productionToken = try token("b2158121-7af9-49d4-9561-1f588205523e")
        let sandbox = try Fixture.verifier(pki)
        let production = try Fixture.verifier(pki, environment: .production)
        expectValid(sandbox.verifyAndDecodeNotification(signedPayload: sandboxToken))
        expectStatus(production.verifyAndDecodeNotification(signedPayload: sandboxToken), .invalidEnvironment)
        expectValid(production.verifyAndDecodeNotification(signedPayload: productionToken))
        expectStatus(sandbox.verifyAndDecodeNotification(signedPayload: productionToken), .invalidEnvironment)
        #expect(
            sandbox.verifyAndDecodeNotification(signedPayload: sandboxToken).payload?.externalPurchaseToken?
                .externalPurchaseId == "SANDBOX_b2158121-7af9-49d4-9561-1f588205523e")
    }

    @Test("appData (RESCIND_CONSENT) is the last source of bundle, app and environment")
    func appData() throws {
        let pki = try TestPKI.get()
        let token = try TestJWS.sign(
            Fixture.notification(
                type: "RESCIND_CONSENT", subtype: nil,
                body: ["appData": ["appAppleId": 1234, "bundleId": "com.example", "environment": "Sandbox"]]),
            key: pki.leafKey, x5c: pki.x5c)
        expectValid(try Fixture.verifier(pki).verifyAndDecodeNotification(signedPayload: token))
        expectStatus(
            try Fixture.verifier(pki, environment: .production).verifyAndDecodeNotification(signedPayload: token),
            .invalidEnvironment)
        // A notification with none of data/summary/externalPurchaseToken/appData has no bundle ID.
        let empty = try TestJWS.sign(Fixture.notification(type: "TEST", subtype: nil, body: [:]), key: pki.leafKey, x5c: pki.x5c)
        expectStatus(try Fixture.verifier(pki).verifyAndDecodeNotification(signedPayload: empty), .invalidAppIdentifier)
    }

    @Test("x5c[2] is ignored: the chain must end at a configured root whatever the token carries")
    func thirdCertificateIgnored() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        var x5c = pki.x5c
        x5c[2] = pki.otherRoot.base64EncodedString()
        expectValid(verifier.verifyAndDecodeNotification(signedPayload: try TestJWS.sign(
            Fixture.notification(body: Fixture.data()), key: pki.leafKey, x5c: x5c)))
        x5c[2] = "not a certificate"
        expectValid(verifier.verifyAndDecodeNotification(signedPayload: try TestJWS.sign(
            Fixture.notification(body: Fixture.data()), key: pki.leafKey, x5c: x5c)))
        // Several roots: any of them may anchor the chain.
        let twoRoots = try Fixture.verifier(pki, roots: [pki.otherRoot, pki.root])
        expectValid(twoRoots.verifyAndDecodeNotification(signedPayload: try Fixture.signedNotification(pki)))
    }

    @Test("concurrent verifications with one shared verifier all succeed")
    func concurrent() async throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        let token = try Fixture.signedNotification(pki)
        let transaction = try TestJWS.sign(Fixture.transaction(), key: pki.leafKey, x5c: pki.x5c)
        let valid = await withTaskGroup(of: Bool.self) { group in
            for i in 0..<64 {
                group.addTask {
                    i.isMultiple(of: 2)
                        ? verifier.verifyAndDecodeNotification(signedPayload: token).isValid
                        : verifier.verifyAndDecodeTransaction(transaction).isValid
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(valid == 64)
    }
}

@Suite("SignedDataVerifier: signature and certificate chain (VERIFICATION_FAILURE)")
struct SignedDataVerifierChainTests {
    @Test("one byte of the payload changed → VERIFICATION_FAILURE")
    func tamperedPayload() throws {
        let pki = try TestPKI.get()
        let token = try Fixture.signedNotification(pki)
        let parts = token.split(separator: ".").map(String.init)
        var payload = try #require(Base64URL.decode(parts[1]))
        // `"status":1` → `"status":2`: still valid JSON of the right shape.
        let json = String(decoding: payload, as: UTF8.self)
        let range = try #require(json.range(of: "\"status\":1"))
        let offset = json.utf8.distance(from: json.startIndex, to: range.upperBound) - 1
        payload[offset] = UInt8(ascii: "2")
        let tampered = [parts[0], Base64URL.encode(payload), parts[2]].joined(separator: ".")
        let result = try Fixture.verifier(pki).verifyAndDecodeNotification(signedPayload: tampered)
        expectStatus(result, .verificationFailure)
        #expect(result.error?.reason.contains("signature") == true)
    }

    @Test("signed with another key than the leaf's, or a truncated signature → VERIFICATION_FAILURE")
    func wrongKey() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        let other = try TestJWS.sign(
            Fixture.notification(body: Fixture.data()), key: ES256PrivateKey.generate(), x5c: pki.x5c)
        expectStatus(verifier.verifyAndDecodeNotification(signedPayload: other), .verificationFailure)
        let token = try Fixture.signedNotification(pki)
        expectStatus(verifier.verifyAndDecodeNotification(signedPayload: String(token.dropLast(4))), .verificationFailure)
    }

    @Test("a verifier configured with an unrelated root → VERIFICATION_FAILURE")
    func wrongRoot() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki, roots: [pki.otherRoot])
        let result = verifier.verifyAndDecodeNotification(signedPayload: try Fixture.signedNotification(pki))
        expectStatus(result, .verificationFailure)
        #expect(result.error?.reason.contains("unable to get") == true)
        // Apple's real root does not anchor the test chain either.
        let apple = try Fixture.verifier(pki, roots: [AppleLibraryVectors.der(AppleLibraryVectors.appleRootG3)])
        expectStatus(apple.verifyAndDecodeNotification(signedPayload: try Fixture.signedNotification(pki)), .verificationFailure)
    }

    @Test("the root itself in the intermediate position (x5c = leaf, root, root) → VERIFICATION_FAILURE")
    func wrongShape() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        let x5c = [pki.leaf, pki.root, pki.root].map { $0.base64EncodedString() }
        expectStatus(
            verifier.verifyAndDecodeNotification(signedPayload: try TestJWS.sign(
                Fixture.notification(body: Fixture.data()), key: pki.leafKey, x5c: x5c)),
            .verificationFailure)
    }

    @Test("an end-entity certificate (CA:FALSE) in the intermediate position → VERIFICATION_FAILURE")
    func nonCAIntermediate() throws {
        let pki = try TestPKI.get()
        let x5c = [pki.leafUnderNonCA, pki.nonCAIntermediate, pki.root].map { $0.base64EncodedString() }
        let result = try Fixture.verifier(pki).verifyAndDecodeNotification(signedPayload: try TestJWS.sign(
            Fixture.notification(body: Fixture.data()), key: pki.leafKey, x5c: x5c))
        expectStatus(result, .verificationFailure)
        #expect(result.error?.reason.contains("intermediate certificate (depth 1)") == true, "\(result.error?.reason ?? "")")
    }

    @Test("a leaf whose validity ended before signedDate, or starts after it → VERIFICATION_FAILURE")
    func expiredLeaf() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        for (leaf, words) in [(pki.expiredLeaf, "expired"), (pki.futureLeaf, "not yet valid")] {
            let x5c = [leaf, pki.intermediate, pki.root].map { $0.base64EncodedString() }
            let result = verifier.verifyAndDecodeNotification(signedPayload: try TestJWS.sign(
                Fixture.notification(body: Fixture.data()), key: pki.leafKey, x5c: x5c))
            expectStatus(result, .verificationFailure)
            #expect(result.error?.reason.contains("leaf certificate (depth 0)") == true)
            #expect(result.error?.reason.contains(words) == true, "\(result.error?.reason ?? "")")
        }
    }

    @Test("validation uses signedDate, not the clock: the valid leaf fails for a signedDate after its notAfter")
    func validationTimeIsSignedDate() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        let afterLeaf = Int64((pki.leafNotAfter.timeIntervalSince1970 + 86_400) * 1000)
        let late = try TestJWS.sign(
            Fixture.notification(signedDate: afterLeaf, body: Fixture.data()), key: pki.leafKey, x5c: pki.x5c)
        expectStatus(verifier.verifyAndDecodeNotification(signedPayload: late), .verificationFailure)
        // And the expired leaf is accepted for data signed inside its validity window (January 2020).
        let x5c = [pki.expiredLeaf, pki.intermediate, pki.root].map { $0.base64EncodedString() }
        let early = try TestJWS.sign(
            Fixture.notification(signedDate: 1_579_000_000_000, body: Fixture.data()), key: pki.leafKey, x5c: x5c)
        let earlyResult = verifier.verifyAndDecodeNotification(signedPayload: early)
        // The intermediate and root were created today, so in 2020 they are not yet valid (OpenSSL
        // checks validity periods from the root down, so the root is named).
        expectStatus(earlyResult, .verificationFailure)
        #expect(earlyResult.error?.reason == "the root certificate (depth 2) failed path validation: certificate is not yet valid")
    }

    @Test("leaf without 1.2.840.113635.100.6.11.1, or intermediate without 1.2.840.113635.100.6.2.1 → VERIFICATION_FAILURE")
    func missingMarkers() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        let leafWithout = [pki.leafWithoutMarker, pki.intermediate, pki.root].map { $0.base64EncodedString() }
        let leafResult = verifier.verifyAndDecodeNotification(signedPayload: try TestJWS.sign(
            Fixture.notification(body: Fixture.data()), key: pki.leafKey, x5c: leafWithout))
        expectStatus(leafResult, .verificationFailure)
        #expect(leafResult.error?.reason.contains("1.2.840.113635.100.6.11.1") == true)

        let intermediateWithout = [pki.leafUnderIntermediateWithoutMarker, pki.intermediateWithoutMarker, pki.root]
            .map { $0.base64EncodedString() }
        let intermediateResult = verifier.verifyAndDecodeNotification(signedPayload: try TestJWS.sign(
            Fixture.notification(body: Fixture.data()), key: pki.leafKey, x5c: intermediateWithout))
        expectStatus(intermediateResult, .verificationFailure)
        #expect(intermediateResult.error?.reason.contains("1.2.840.113635.100.6.2.1") == true)
    }
}

@Suite("SignedDataVerifier: app identity and environment")
struct SignedDataVerifierFieldTests {
    @Test("wrong bundleId → INVALID_APP_IDENTIFIER (notification and transaction)")
    func wrongBundleId() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki, bundleId: "com.example.other")
        expectStatus(verifier.verifyAndDecodeNotification(signedPayload: try Fixture.signedNotification(pki)), .invalidAppIdentifier)
        let transaction = try TestJWS.sign(Fixture.transaction(), key: pki.leafKey, x5c: pki.x5c)
        expectStatus(verifier.verifyAndDecodeTransaction(transaction), .invalidAppIdentifier)
        // Renewal info carries no bundle ID and is not checked for it.
        expectValid(verifier.verifyAndDecodeRenewalInfo(try TestJWS.sign(Fixture.renewalInfo(), key: pki.leafKey, x5c: pki.x5c)))
    }

    @Test("wrong appAppleId → INVALID_APP_IDENTIFIER in Production, ignored in Sandbox")
    func wrongAppAppleId() throws {
        let pki = try TestPKI.get()
        let production = try Fixture.verifier(pki, environment: .production)
        let sandbox = try Fixture.verifier(pki, environment: .sandbox)
        let productionToken = try Fixture.signedNotification(pki, environment: "Production", appAppleId: 9999)
        let sandboxToken = try Fixture.signedNotification(pki, environment: "Sandbox", appAppleId: 9999)
        expectStatus(production.verifyAndDecodeNotification(signedPayload: productionToken), .invalidAppIdentifier)
        expectValid(sandbox.verifyAndDecodeNotification(signedPayload: sandboxToken))
        expectValid(production.verifyAndDecodeNotification(
            signedPayload: try Fixture.signedNotification(pki, environment: "Production")))
        // A Sandbox verifier needs no appAppleId at all.
        let noId = try Fixture.verifier(pki, appAppleId: nil)
        expectValid(noId.verifyAndDecodeNotification(signedPayload: sandboxToken))
    }

    @Test("wrong environment → INVALID_ENVIRONMENT (notification, transaction, renewal info)")
    func wrongEnvironment() throws {
        let pki = try TestPKI.get()
        let sandbox = try Fixture.verifier(pki)
        let result = sandbox.verifyAndDecodeNotification(
            signedPayload: try Fixture.signedNotification(pki, environment: "Production"))
        expectStatus(result, .invalidEnvironment)
        #expect(result.error?.reason.contains("Production") == true)
        expectStatus(
            sandbox.verifyAndDecodeTransaction(
                try TestJWS.sign(Fixture.transaction(environment: "Production"), key: pki.leafKey, x5c: pki.x5c)),
            .invalidEnvironment)
        expectStatus(
            sandbox.verifyAndDecodeRenewalInfo(
                try TestJWS.sign(Fixture.renewalInfo(environment: "Production"), key: pki.leafKey, x5c: pki.x5c)),
            .invalidEnvironment)
        // An unknown environment value decodes but never matches.
        expectStatus(
            sandbox.verifyAndDecodeTransaction(
                try TestJWS.sign(Fixture.transaction(environment: "Staging"), key: pki.leafKey, x5c: pki.x5c)),
            .invalidEnvironment)
    }

    @Test("the signature is checked before the fields: a forged payload for the wrong app is VERIFICATION_FAILURE")
    func signatureBeforeFields() throws {
        let pki = try TestPKI.get()
        let forged = try TestJWS.sign(
            Fixture.notification(body: Fixture.data(bundleId: "com.other")), key: ES256PrivateKey.generate(), x5c: pki.x5c)
        expectStatus(try Fixture.verifier(pki).verifyAndDecodeNotification(signedPayload: forged), .verificationFailure)
    }

    @Test("Xcode and LocalTesting: the signature is not checked, the fields are")
    func storeKitTesting() throws {
        for environment in [AppStoreEnvironment.xcode, .localTesting] {
            let verifier = try SignedDataVerifier(
                rootCertificates: [], bundleId: "com.example", appAppleId: nil, environment: environment)
            let key = ES256PrivateKey.generate()
            let transaction = try TestJWS.sign(
                Fixture.transaction(environment: environment.rawValue), key: key, x5c: nil)
            expectValid(verifier.verifyAndDecodeTransaction(transaction))
            expectStatus(
                verifier.verifyAndDecodeTransaction(
                    try TestJWS.sign(Fixture.transaction(environment: "Sandbox"), key: key, x5c: nil)),
                .invalidEnvironment)
            expectStatus(
                verifier.verifyAndDecodeTransaction(
                    try TestJWS.sign(
                        Fixture.transaction(environment: environment.rawValue, bundleId: "com.other"), key: key,
                        x5c: nil)),
                .invalidAppIdentifier)
            // The format is still checked.
            expectStatus(verifier.verifyAndDecodeTransaction("a.b"), .invalidJWTFormat)
        }
    }
}

@Suite("SignedDataVerifier: malformed input (INVALID_JWT_FORMAT, INVALID_CERTIFICATE)")
struct SignedDataVerifierFormatTests {
    @Test("not three parts, bad base64url, non-JSON header or payload → INVALID_JWT_FORMAT")
    func structure() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        let token = try Fixture.signedNotification(pki)
        let parts = token.split(separator: ".").map(String.init)
        let json = Base64URL.encode(Data("{}".utf8))
        let cases: [(String, String)] = [
            ("two parts", parts[0] + "." + parts[1]),
            ("four parts", token + ".x"),
            ("empty", ""),
            ("a.b.c", "a.b.c"),
            ("header not base64url", "!!!." + parts[1] + "." + parts[2]),
            ("header in standard base64", parts[0].replacingOccurrences(of: "-", with: "+") + "+/." + parts[1] + "." + parts[2]),
            ("payload not base64url", parts[0] + ".*." + parts[2]),
            ("header not JSON", Base64URL.encode(Data("alg".utf8)) + "." + parts[1] + "." + parts[2]),
            ("header a JSON array", Base64URL.encode(Data("[1]".utf8)) + "." + parts[1] + "." + parts[2]),
            ("payload not JSON", parts[0] + "." + Base64URL.encode(Data("nope".utf8)) + "." + parts[2]),
            ("payload wrong type", parts[0] + "." + Base64URL.encode(Data(#"{"data": 5}"#.utf8)) + "." + parts[2]),
            ("signedDate a string", parts[0] + "." + Base64URL.encode(Data(#"{"signedDate": "now"}"#.utf8)) + "." + parts[2]),
            ("empty header object", json + "." + parts[1] + "." + parts[2]),
            ("signature not base64url", parts[0] + "." + parts[1] + ".+++"),
        ]
        for (name, text) in cases {
            let result = verifier.verifyAndDecodeNotification(signedPayload: text)
            #expect(result.status == .invalidJWTFormat, "\(name): \(result.error?.description ?? "valid")")
        }
        // Surrounding whitespace (a trailing newline from a file) is tolerated.
        expectValid(verifier.verifyAndDecodeNotification(signedPayload: token + "\n"))
    }

    @Test("x5c missing, x5c with 2 certificates, alg HS256, alg missing → INVALID_JWT_FORMAT")
    func header() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        let payload = Fixture.notification(body: Fixture.data())
        let missing = try TestJWS.sign(payload, key: pki.leafKey, x5c: nil)
        let two = try TestJWS.sign(payload, key: pki.leafKey, x5c: Array(pki.x5c.prefix(2)))
        let four = try TestJWS.sign(payload, key: pki.leafKey, x5c: pki.x5c + [pki.x5c[2]])
        let hs256 = try TestJWS.sign(payload, key: pki.leafKey, x5c: pki.x5c, alg: "HS256")
        let noAlg = try TestJWS.sign(
            headerJSON: JSONSerialization.data(withJSONObject: ["x5c": pki.x5c]),
            payloadJSON: JSONSerialization.data(withJSONObject: payload), key: pki.leafKey)
        // Apple's own test vector: the chain is under "x5cwrong" instead of "x5c".
        let renamed = try TestJWS.sign(
            headerJSON: JSONSerialization.data(withJSONObject: ["alg": "ES256", "x5cwrong": pki.x5c]),
            payloadJSON: JSONSerialization.data(withJSONObject: payload), key: pki.leafKey)
        for (name, token) in [("missing", missing), ("two", two), ("four", four), ("HS256", hs256), ("no alg", noAlg), ("x5cwrong", renamed)] {
            let result = verifier.verifyAndDecodeNotification(signedPayload: token)
            #expect(result.status == .invalidJWTFormat, "\(name): \(result.error?.description ?? "valid")")
        }
        #expect(verifier.verifyAndDecodeNotification(signedPayload: two).error?.reason.contains("holds 2 certificates") == true)
        #expect(verifier.verifyAndDecodeNotification(signedPayload: hs256).error?.reason.contains("\"HS256\"") == true)
    }

    @Test("garbage certificate base64 or non-DER bytes in x5c[0] or x5c[1] → INVALID_CERTIFICATE")
    func certificates() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        let payload = Fixture.notification(body: Fixture.data())
        let garbage = ["%%% not base64 %%%", Data("not a certificate".utf8).base64EncodedString(),
                       Base64URL.encode(pki.leaf) + "-_", (pki.leaf + Data([0])).base64EncodedString()]
        for bad in garbage {
            for index in 0..<2 {
                var x5c = pki.x5c
                x5c[index] = bad
                let result = verifier.verifyAndDecodeNotification(
                    signedPayload: try TestJWS.sign(payload, key: pki.leafKey, x5c: x5c))
                #expect(result.status == .invalidCertificate, "x5c[\(index)] = \(bad.prefix(12)): \(result.error?.description ?? "valid")")
                #expect(result.error?.reason.hasPrefix("x5c[\(index)]") == true)
            }
        }
    }

    @Test("request body without signedPayload, not JSON, or with a non-string signedPayload → INVALID_JWT_FORMAT")
    func requestBody() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki)
        for body in [#"{}"#, #"{"signedPayloadX": "a.b.c"}"#, "not json", #"{"signedPayload": 5}"#, #"["a.b.c"]"#, ""] {
            let result = verifier.verifyAndDecodeNotification(requestBody: Data(body.utf8))
            #expect(result.status == .invalidJWTFormat, "\(body): \(result.error?.description ?? "valid")")
            #expect(verifier.verifyAndDecodeNotificationWithData(requestBody: Data(body.utf8)).status == .invalidJWTFormat)
        }
        let token = try Fixture.signedNotification(pki)
        let body = Data(#"{"signedPayload":"\#(token)","unknown":true}"#.utf8)
        expectValid(verifier.verifyAndDecodeNotification(requestBody: body))
    }

    @Test("reasons never contain the token or a certificate")
    func reasonsAreShort() throws {
        let pki = try TestPKI.get()
        let verifier = try Fixture.verifier(pki, roots: [pki.otherRoot])
        let token = try Fixture.signedNotification(pki)
        let parts = token.split(separator: ".")
        let results = [
            verifier.verifyAndDecodeNotification(signedPayload: token),
            verifier.verifyAndDecodeNotification(signedPayload: token + ".x"),
            verifier.verifyAndDecodeNotification(signedPayload: "\(parts[0]).\(parts[1]).AAAA"),
        ]
        for result in results {
            let reason = try #require(result.error?.reason)
            #expect(reason.count < 200)
            #expect(!reason.contains(String(parts[1].prefix(16))))
            #expect(!reason.contains(String(pki.x5c[0].prefix(16))))
        }
    }
}

@Suite("SignedDataVerifier: configuration, statuses, certificates and Apple's vectors")
struct SignedDataVerifierConfigurationTests {
    @Test("Production without appAppleId, unreadable root DER, and no roots are configuration errors")
    func configurationErrors() throws {
        let pki = try TestPKI.get()
        #expect(throws: SignedDataVerifier.ConfigurationError.missingAppAppleId) {
            try SignedDataVerifier(rootCertificates: [pki.root], bundleId: "com.example", appAppleId: nil, environment: .production)
        }
        let error = #expect(throws: SignedDataVerifier.ConfigurationError.self) {
            try SignedDataVerifier(
                rootCertificates: [pki.root, Data("-----BEGIN CERTIFICATE-----".utf8)], bundleId: "com.example",
                appAppleId: 1, environment: .sandbox)
        }
        guard case .invalidRootCertificate(let index, _) = error else {
            Issue.record("expected invalidRootCertificate, got \(String(describing: error))")
            return
        }
        #expect(index == 1)
        #expect(throws: SignedDataVerifier.ConfigurationError.noRootCertificates) {
            try SignedDataVerifier(rootCertificates: [], bundleId: "com.example", appAppleId: 1, environment: .sandbox)
        }
        _ = try SignedDataVerifier(rootCertificates: [], bundleId: "com.example", appAppleId: nil, environment: .xcode)
    }

    @Test("VerificationStatus raw values are Apple's library names")
    func statusRawValues() {
        #expect(VerificationStatus.allCases.map(\.rawValue) == [
            "VERIFICATION_FAILURE", "RETRYABLE_VERIFICATION_FAILURE", "INVALID_APP_IDENTIFIER", "INVALID_ENVIRONMENT",
            "INVALID_CERTIFICATE", "INVALID_JWT_FORMAT",
        ])
        let error = VerificationError(status: .invalidEnvironment, reason: "x")
        #expect(error.description == "INVALID_ENVIRONMENT: x")
        let result = VerificationResult<Int>.invalid(error)
        #expect(throws: error) { try result.get() }
        #expect(VerificationResult<Int>.valid(3).map { $0 * 2 } == .valid(6))
    }

    @Test("X509Certificate reads dates, extensions and the P-256 key; rejects bad DER")
    func certificateWrapper() throws {
        let pki = try TestPKI.get()
        let leaf = try X509Certificate(derRepresentation: pki.leaf)
        let root = try X509Certificate(derRepresentation: pki.root)
        let expired = try X509Certificate(derRepresentation: pki.expiredLeaf)
        #expect(expired.notBefore == Date(timeIntervalSince1970: 1_577_836_800))  // 2020-01-01T00:00:00Z
        #expect(expired.notAfter == Date(timeIntervalSince1970: 1_580_515_200))  // 2020-02-01T00:00:00Z
        #expect(leaf.notAfter.timeIntervalSince(leaf.notBefore) == 825 * 86_400)
        #expect(abs(leaf.notBefore.timeIntervalSinceNow) < 3600)
        #expect(leaf.hasExtension(oid: CertificateChainVerifier.leafMarkerOID))
        #expect(!leaf.hasExtension(oid: CertificateChainVerifier.intermediateMarkerOID))
        #expect(leaf.hasExtension(oid: "2.5.29.19"))  // basicConstraints
        #expect(!leaf.hasExtension(oid: "not an oid"))
        #expect(leaf.publicKey == pki.leafKey.publicKey)
        #expect(root.publicKey == nil)  // P-384
        #expect(leaf.subject == "O=DocSpec Tests,CN=DocSpec Test Signing")
        #expect(leaf.issuer == "O=DocSpec Tests,CN=DocSpec Test Intermediate CA")
        #expect(root.subject == root.issuer)
        #expect(leaf.derRepresentation == pki.leaf)
        #expect(leaf == (try X509Certificate(derRepresentation: pki.leaf)))
        #expect(leaf.sha256Fingerprint.count == 32)

        #expect(throws: CertificateError.self) { try X509Certificate(derRepresentation: Data()) }
        #expect(throws: CertificateError.self) { try X509Certificate(derRepresentation: Data("hello".utf8)) }
        #expect(throws: CertificateError.self) { try X509Certificate(derRepresentation: pki.leaf.prefix(100)) }
        #expect(throws: CertificateError.self) { try X509Certificate(derRepresentation: pki.leaf + Data([0, 0])) }
    }

    @Test("Apple's real chain (Apple Root CA - G3 → WWDR G6 → receipt signing) validates while the leaf is valid")
    func appleRealChain() throws {
        let root = try X509Certificate(derRepresentation: AppleLibraryVectors.der(AppleLibraryVectors.appleRootG3))
        let intermediate = try X509Certificate(derRepresentation: AppleLibraryVectors.der(AppleLibraryVectors.appleWWDRG6))
        let leaf = try X509Certificate(derRepresentation: AppleLibraryVectors.der(AppleLibraryVectors.appleReceiptSigningLeaf))
        #expect(root.sha256Fingerprint.map { String(format: "%02x", $0) }.joined() == AppleLibraryVectors.appleRootG3SHA256)
        #expect(root.subject == "C=US,O=Apple Inc.,OU=Apple Certification Authority,CN=Apple Root CA - G3")
        #expect(root.notBefore == Date(timeIntervalSince1970: 1_398_881_946))  // 2014-04-30T18:19:06Z
        #expect(root.notAfter == Date(timeIntervalSince1970: 2_187_800_346))  // 2039-04-30T18:19:06Z
        #expect(root.publicKey == nil)
        #expect(intermediate.hasExtension(oid: CertificateChainVerifier.intermediateMarkerOID))
        #expect(leaf.hasExtension(oid: CertificateChainVerifier.leafMarkerOID))
        #expect(leaf.publicKey != nil)

        let verifier = CertificateChainVerifier(rootCertificates: [root])
        let january2023 = Date(timeIntervalSince1970: 1_672_531_200)
        let chain = try verifier.verify(leaf: leaf, intermediate: intermediate, at: january2023)
        #expect(chain == [leaf, intermediate, root])
        // The leaf expired on 2023-09-24.
        #expect(throws: VerificationError.self) {
            try verifier.verify(leaf: leaf, intermediate: intermediate, at: Date(timeIntervalSince1970: 1_704_067_200))
        }
        // Against another root, nothing validates.
        let testRoot = try X509Certificate(derRepresentation: AppleLibraryVectors.der(AppleLibraryVectors.testRoot))
        #expect(throws: VerificationError.self) {
            try CertificateChainVerifier(rootCertificates: [testRoot]).verify(leaf: leaf, intermediate: intermediate, at: january2023)
        }
        #expect(throws: VerificationError.self) {
            try CertificateChainVerifier(rootCertificates: []).verify(leaf: leaf, intermediate: intermediate, at: january2023)
        }
    }

    @Test("signed data from Apple's library verifies against Apple's test root")
    func appleLibraryMockData() throws {
        let verifier = try SignedDataVerifier(
            rootCertificates: [AppleLibraryVectors.der(AppleLibraryVectors.testRoot)], bundleId: "com.example",
            appAppleId: 1234, environment: .sandbox)
        let notification = verifier.verifyAndDecodeNotification(signedPayload: AppleLibraryVectors.testNotification)
        expectValid(notification)
        #expect(notification.payload?.notificationType == .known(.test))
        #expect(notification.payload?.signedDate == Date(timeIntervalSince1970: 1_681_314_324))
        let renewal = verifier.verifyAndDecodeRenewalInfo(AppleLibraryVectors.renewalInfo)
        expectValid(renewal)
        #expect(renewal.payload?.environment == .known(.sandbox))

        let production = try SignedDataVerifier(
            rootCertificates: [AppleLibraryVectors.der(AppleLibraryVectors.testRoot)], bundleId: "com.example",
            appAppleId: 1234, environment: .production)
        expectStatus(production.verifyAndDecodeNotification(signedPayload: AppleLibraryVectors.testNotification), .invalidEnvironment)
        let realRoot = try SignedDataVerifier(
            rootCertificates: [AppleLibraryVectors.der(AppleLibraryVectors.appleRootG3)], bundleId: "com.example",
            appAppleId: 1234, environment: .sandbox)
        expectStatus(realRoot.verifyAndDecodeNotification(signedPayload: AppleLibraryVectors.testNotification), .verificationFailure)
    }
}
