import AppStoreServerAPI
import Foundation
import PurchaseFlow
import Testing

private let autoRenewableJSON = """
    {
      "transactionId": "2000000123456790",
      "originalTransactionId": "2000000123456789",
      "webOrderLineItemId": "2000000045678901",
      "bundleId": "com.example",
      "productId": "com.example.pro.monthly",
      "subscriptionGroupIdentifier": "21000001",
      "purchaseDate": 1767225600000,
      "originalPurchaseDate": 1764547200000,
      "expiresDate": 1769904000000,
      "quantity": 1,
      "type": "Auto-Renewable Subscription",
      "appAccountToken": "7e3fb20b-4cdb-47cc-936d-99d65f608138",
      "inAppOwnershipType": "FAMILY_SHARED",
      "signedDate": 1767225601000,
      "environment": "Sandbox",
      "transactionReason": "RENEWAL",
      "storefront": "JPN",
      "storefrontId": "143462",
      "price": 480000,
      "currency": "JPY",
      "isUpgraded": false
    }
    """

private let refundedJSON = """
    {
      "transactionId": "23456", "originalTransactionId": "23456", "productId": "com.example.lifetime",
      "purchaseDate": 1698148900000, "type": "Non-Consumable", "inAppOwnershipType": "PURCHASED",
      "revocationReason": 1, "revocationDate": 1698148950000, "environment": "Production"
    }
    """

private let renewalInfoJSON = """
    {
      "expirationIntent": 2,
      "originalTransactionId": "2000000123456789",
      "autoRenewProductId": "com.example.pro.yearly",
      "productId": "com.example.pro.monthly",
      "autoRenewStatus": 1,
      "isInBillingRetryPeriod": true,
      "gracePeriodExpiresDate": 1770508800000,
      "signedDate": 1769904000000,
      "environment": "Sandbox",
      "recentSubscriptionStartDate": 1764547200000,
      "renewalDate": 1769904000000
    }
    """

private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(json.utf8))
}

@Suite("Model")
struct ModelTests {
    @Test("RenewalState raw values are StoreKit's: subscribed 1 … revoked 5")
    func renewalStateRawValues() {
        #expect(RenewalState.allCases.map(\.rawValue) == [1, 2, 3, 4, 5])
        #expect(RenewalState(rawValue: 4) == .inGracePeriod)
        #expect(RenewalState.inBillingRetryPeriod.description == "inBillingRetryPeriod")
        // The same numbers as the App Store Server API's subscription status.
        #expect(SubscriptionStatus.allCases.map(\.rawValue) == [1, 2, 3, 4, 5])
    }

    @Test("product types use Apple's strings, the same as the server's type field")
    func productTypeRawValues() {
        #expect(
            Set(PurchaseFlow.Transaction.ProductType.allCases.map(\.rawValue)) == Set(ProductType.allCases.map(\.rawValue)))
    }

    @Test("VerificationResult: verified and unverified payloads")
    func verificationResult() throws {
        let transaction = makeTransaction("1")
        let verified = PurchaseFlow.VerificationResult.verified(transaction)
        let unverified = PurchaseFlow.VerificationResult.unverified(transaction, .invalidSignature)
        #expect(try verified.payloadValue == transaction)
        #expect(verified.isVerified && verified.verificationError == nil)
        #expect(unverified.verifiedValue == nil)
        #expect(unverified.unsafePayloadValue == transaction)
        #expect(throws: TransactionVerificationError.invalidSignature) { try unverified.payloadValue }
        let spelled: PurchaseFlow.VerificationResult<PurchaseFlow.Transaction>.VerificationError = .invalidEncoding
        #expect(spelled == .invalidEncoding)
    }

    @Test("Transaction from a server payload: every mapped field")
    func transactionFromPayload() throws {
        let payload = try decode(JWSTransactionDecodedPayload.self, autoRenewableJSON)
        let transaction = try PurchaseFlow.Transaction(payload: payload)
        #expect(transaction.transactionId == "2000000123456790")
        #expect(transaction.originalTransactionId == "2000000123456789")
        #expect(transaction.webOrderLineItemId == "2000000045678901")
        #expect(transaction.productId == "com.example.pro.monthly")
        #expect(transaction.productType == .autoRenewable)
        #expect(transaction.subscriptionGroupId == "21000001")
        #expect(transaction.purchaseDate == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(transaction.originalPurchaseDate == Date(timeIntervalSince1970: 1_764_547_200))
        #expect(transaction.expirationDate == Date(timeIntervalSince1970: 1_769_904_000))
        #expect(transaction.ownershipType == .familyShared)
        #expect(transaction.appAccountToken == UUID(uuidString: "7e3fb20b-4cdb-47cc-936d-99d65f608138"))
        #expect(transaction.environment == .sandbox)
        #expect(transaction.reason == .renewal)
        #expect(transaction.isUpgraded == false)
        #expect(transaction.revocationDate == nil)
        #expect(transaction.purchasedQuantity == 1)
        #expect(transaction.signedDate == Date(timeIntervalSince1970: 1_767_225_601))
    }

    @Test("a refunded server transaction keeps its revocation")
    func refundedFromPayload() throws {
        let transaction = try PurchaseFlow.Transaction(payload: decode(JWSTransactionDecodedPayload.self, refundedJSON))
        #expect(transaction.productType == .nonConsumable)
        #expect(transaction.revocationReason == .developerIssue)
        #expect(transaction.revocationDate == Date(timeIntervalSince1970: 1_698_148_950))
        #expect(transaction.environment == .production)
        #expect(EntitlementEngine().currentEntitlements([transaction], at: Date(timeIntervalSince1970: 1_698_149_000)).isEmpty)
    }

    @Test(
        "a missing required field throws an error naming it",
        arguments: ["transactionId", "originalTransactionId", "productId", "purchaseDate", "type", "expiresDate"])
    func missingField(field: String) throws {
        var object = try #require(JSONSerialization.jsonObject(with: Data(autoRenewableJSON.utf8)) as? [String: Any])
        object[field] = nil
        let data = try JSONSerialization.data(withJSONObject: object)
        let payload = try JSONDecoder().decode(JWSTransactionDecodedPayload.self, from: data)
        #expect(throws: PayloadConversionError.missingField(field)) { try PurchaseFlow.Transaction(payload: payload) }
        do {
            _ = try PurchaseFlow.Transaction(payload: payload)
        } catch {
            #expect(error.field == field)
            #expect(error.description == "missing field '\(field)'")
        }
    }

    @Test("unknown values: a new product type throws, a new ownership type is kept")
    func unknownValues() throws {
        var payload = try decode(JWSTransactionDecodedPayload.self, refundedJSON)
        payload.inAppOwnershipType = RawEnumValue(rawValue: "SOMETHING_NEW")
        #expect(try PurchaseFlow.Transaction(payload: payload).ownershipType.rawValue == "SOMETHING_NEW")
        payload.type = RawEnumValue(rawValue: "Hologram")
        #expect(throws: PayloadConversionError.unsupportedProductType("Hologram")) {
            try PurchaseFlow.Transaction(payload: payload)
        }
        payload.type = RawEnumValue(.consumable)
        payload.quantity = 0
        #expect(throws: PayloadConversionError.invalidValue(field: "quantity", value: "0")) {
            try PurchaseFlow.Transaction(payload: payload)
        }
    }

    @Test("a date that looks like seconds is kept as the App Store sent it (milliseconds), not reinterpreted")
    func secondsLikeDateKept() throws {
        let json = """
            {"transactionId": "1", "originalTransactionId": "1", "productId": "com.example.lifetime",
             "purchaseDate": 1698148900, "type": "Non-Consumable"}
            """
        let transaction = try PurchaseFlow.Transaction(payload: decode(JWSTransactionDecodedPayload.self, json))
        #expect(transaction.purchaseDate == Date(timeIntervalSince1970: 1_698_148.9))
        #expect(transaction.productType == .nonConsumable)
    }

    @Test("RenewalInfo from a server payload, and entitlements computed from what a server receives")
    func renewalInfoFromPayload() throws {
        let info = try RenewalInfo(payload: decode(JWSRenewalInfoDecodedPayload.self, renewalInfoJSON))
        #expect(info.originalTransactionId == "2000000123456789")
        #expect(info.currentProductId == "com.example.pro.monthly")
        #expect(info.autoRenewPreference == "com.example.pro.yearly")
        #expect(info.willAutoRenew)
        #expect(info.expirationReason == .billingError)
        #expect(info.isInBillingRetry)
        #expect(info.gracePeriodExpirationDate == Date(timeIntervalSince1970: 1_770_508_800))
        #expect(info.renewalDate == Date(timeIntervalSince1970: 1_769_904_000))
        #expect(info.environment == .sandbox)

        var payload = try decode(JWSTransactionDecodedPayload.self, autoRenewableJSON)
        payload.inAppOwnershipType = RawEnumValue(.purchased)
        let transaction = try PurchaseFlow.Transaction(payload: payload)
        let afterExpiry = Date(timeIntervalSince1970: 1_770_000_000)  // after expiresDate, inside the grace period
        let report = EntitlementEngine().evaluate([transaction], renewalInfo: [info.originalTransactionId: info], at: afterExpiry)
        #expect(report.subscriptionChains[info.originalTransactionId]?.state == .inGracePeriod)
        #expect(report.isEntitled(to: "com.example.pro.monthly"))
        let afterGrace = Date(timeIntervalSince1970: 1_770_600_000)
        #expect(
            EntitlementEngine().evaluate([transaction], renewalInfo: [info.originalTransactionId: info], at: afterGrace)
                .subscriptionChains[info.originalTransactionId]?.state == .inBillingRetryPeriod)
    }

    @Test("RenewalInfo: missing autoRenewStatus is named")
    func renewalInfoMissingField() throws {
        var payload = try decode(JWSRenewalInfoDecodedPayload.self, renewalInfoJSON)
        payload.autoRenewStatus = nil
        #expect(throws: PayloadConversionError.missingField("autoRenewStatus")) { try RenewalInfo(payload: payload) }
    }

    @Test("Transaction is Codable round-trip")
    func codableRoundTrip() throws {
        let transaction = makeTransaction(
            "1", type: .autoRenewable, group: "g", expires: t0 + day, revoked: t0 + minute, token: UUID())
        let data = try JSONEncoder().encode(transaction)
        #expect(try JSONDecoder().decode(PurchaseFlow.Transaction.self, from: data) == transaction)
    }

    @Test("the manual clock moves only when told")
    func manualClock() {
        let clock = ManualTimeSource(now: t0)
        let source = clock.timeSource
        #expect(source.now() == t0)
        clock.advance(by: 90)
        #expect(source.now() == t0 + 90)
        clock.set(t0)
        #expect(clock.now == t0)
        #expect(TimeSource.fixed(t0).now() == t0)
    }
}
