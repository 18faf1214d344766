import Foundation
import Testing

@testable import AppStoreServerAPI

// Sample payloads written for these tests (shapes as Apple documents them; values invented).

private let subscribedJSON = """
    {
      "notificationType": "SUBSCRIBED",
      "subtype": "INITIAL_BUY",
      "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
      "version": "2.0",
      "signedDate": 1698148900000,
      "data": {
        "environment": "Sandbox",
        "appAppleId": 41234,
        "bundleId": "com.example",
        "bundleVersion": "1.2.3",
        "signedTransactionInfo": "signed_transaction_info_value",
        "signedRenewalInfo": "signed_renewal_info_value",
        "status": 1,
        "futureDataField": {"nested": [1, 2, 3]}
      },
      "futureTopLevelField": "ignored"
    }
    """

private let consumptionRequestJSON = """
    {
      "notificationType": "CONSUMPTION_REQUEST",
      "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb21",
      "version": "2.0",
      "signedDate": 1698148900000,
      "data": {
        "environment": "Production",
        "appAppleId": 41234,
        "bundleId": "com.example",
        "bundleVersion": "1.2.3",
        "signedTransactionInfo": "signed_transaction_info_value",
        "signedRenewalInfo": "signed_renewal_info_value",
        "status": 1,
        "consumptionRequestReason": "UNINTENDED_PURCHASE"
      }
    }
    """

private let summaryJSON = """
    {
      "notificationType": "RENEWAL_EXTENSION",
      "subtype": "SUMMARY",
      "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb22",
      "version": "2.0",
      "signedDate": 1698148900000,
      "summary": {
        "requestIdentifier": "efb27071-45a4-4aca-9854-2a1e9146f265",
        "environment": "LocalTesting",
        "appAppleId": 41234,
        "bundleId": "com.example",
        "productId": "com.example.product",
        "storefrontCountryCodes": ["CAN", "USA", "MEX"],
        "succeededCount": 5,
        "failedCount": 2
      }
    }
    """

private let externalPurchaseTokenJSON = """
    {
      "notificationType": "EXTERNAL_PURCHASE_TOKEN",
      "subtype": "UNREPORTED",
      "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb23",
      "version": "2.0",
      "signedDate": 1698148900000,
      "externalPurchaseToken": {
        "externalPurchaseId": "b2158121-7af9-49d4-9561-1f588205523e",
        "tokenCreationDate": 1698148950000,
        "appAppleId": 55555,
        "bundleId": "com.example"
      }
    }
    """

private let rescindConsentJSON = """
    {
      "notificationType": "RESCIND_CONSENT",
      "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb24",
      "version": "2.0",
      "signedDate": 1698148900000,
      "appData": {
        "appAppleId": 41234,
        "bundleId": "com.example",
        "environment": "Sandbox",
        "signedAppTransactionInfo": "signed_app_transaction_info_value"
      }
    }
    """

private let transactionJSON = """
    {
      "originalTransactionId": "12345",
      "transactionId": "23456",
      "webOrderLineItemId": "34343",
      "bundleId": "com.example",
      "productId": "com.example.product",
      "subscriptionGroupIdentifier": "55555",
      "purchaseDate": 1698148900000,
      "originalPurchaseDate": 1698148800000,
      "expiresDate": 1698149000000,
      "quantity": 1,
      "type": "Auto-Renewable Subscription",
      "appAccountToken": "7e3fb20b-4cdb-47cc-936d-99d65f608138",
      "inAppOwnershipType": "PURCHASED",
      "signedDate": 1698148900000,
      "offerType": 1,
      "offerIdentifier": "abc.123",
      "environment": "Sandbox",
      "transactionReason": "PURCHASE",
      "storefront": "USA",
      "storefrontId": "143441",
      "price": 10990,
      "currency": "USD",
      "offerDiscountType": "PAY_AS_YOU_GO",
      "appTransactionId": "71134",
      "offerPeriod": "P1Y",
      "isUpgraded": false
    }
    """

private let revokedTransactionJSON = """
    {
      "originalTransactionId": "12345",
      "transactionId": "23456",
      "bundleId": "com.example",
      "productId": "com.example.consumable",
      "purchaseDate": 1698148900000,
      "originalPurchaseDate": 1698148900000,
      "quantity": 3,
      "type": "Consumable",
      "inAppOwnershipType": "PURCHASED",
      "signedDate": 1698149100000,
      "revocationReason": 1,
      "revocationDate": 1698149000000,
      "isUpgraded": true,
      "environment": "Production",
      "transactionReason": "PURCHASE",
      "storefront": "USA",
      "storefrontId": "143441",
      "price": 4990,
      "currency": "USD",
      "revocationType": "REFUND_PRORATED",
      "revocationPercentage": 50000
    }
    """

private let renewalInfoJSON = """
    {
      "expirationIntent": 1,
      "originalTransactionId": "12345",
      "autoRenewProductId": "com.example.product.2",
      "productId": "com.example.product",
      "autoRenewStatus": 1,
      "isInBillingRetryPeriod": true,
      "priceIncreaseStatus": 0,
      "gracePeriodExpiresDate": 1698148900000,
      "offerType": 2,
      "offerIdentifier": "abc.123",
      "signedDate": 1698148800000,
      "environment": "Sandbox",
      "recentSubscriptionStartDate": 1698148800000,
      "renewalDate": 1698148850000,
      "currency": "USD",
      "renewalPrice": 9990,
      "offerDiscountType": "PAY_AS_YOU_GO",
      "eligibleWinBackOfferIds": ["eligible1", "eligible2"],
      "appTransactionId": "71134",
      "offerPeriod": "P1Y",
      "appAccountToken": "7e3fb20b-4cdb-47cc-936d-99d65f608138"
    }
    """

private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(json.utf8))
}

/// Encodes, decodes again and checks equality; returns the sorted-key JSON text.
@discardableResult
private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(value)
    #expect(try JSONDecoder().decode(T.self, from: data) == value)
    return String(decoding: data, as: UTF8.self)
}

private let signed1698148900000 = Date(timeIntervalSince1970: 1_698_148_900)

@Suite("Notification V2 payloads")
struct NotificationPayloadTests {
    @Test("ResponseBodyV2 decodes the POST body; a missing signedPayload is an error")
    func responseBody() throws {
        let body = try decode(
            ResponseBodyV2.self, #"{"signedPayload":"a.b.c","other":1}"#)
        #expect(body.signedPayload == "a.b.c")
        #expect(try roundTrip(body) == #"{"signedPayload":"a.b.c"}"#)
        #expect(throws: DecodingError.self) { try decode(ResponseBodyV2.self, "{}") }
        #expect(throws: DecodingError.self) {
            try decode(ResponseBodyV2.self, #"{"signedPayload":42}"#)
        }
    }

    @Test("SUBSCRIBED / INITIAL_BUY with data")
    func subscribed() throws {
        let payload = try decode(ResponseBodyV2DecodedPayload.self, subscribedJSON)
        #expect(payload.notificationType == .known(.subscribed))
        #expect(payload.subtype == .known(.initialBuy))
        #expect(payload.notificationUUID == "002e14d5-51f5-4503-b5a8-c3a1af68eb20")
        #expect(payload.version == "2.0")
        #expect(payload.signedDate == signed1698148900000)
        let data = try #require(payload.data)
        #expect(data.environment == .known(.sandbox))
        #expect(data.appAppleId == 41234)
        #expect(data.bundleId == "com.example")
        #expect(data.bundleVersion == "1.2.3")
        #expect(data.signedTransactionInfo == "signed_transaction_info_value")
        #expect(data.signedRenewalInfo == "signed_renewal_info_value")
        #expect(data.status == .known(.active))
        #expect(data.consumptionRequestReason == nil)
        #expect(payload.summary == nil)
        #expect(payload.externalPurchaseToken == nil)
        #expect(payload.appData == nil)
        let text = try roundTrip(payload)
        #expect(text.contains(#""signedDate":1698148900000"#))
        #expect(!text.contains("future"))
    }

    @Test("CONSUMPTION_REQUEST with consumptionRequestReason UNINTENDED_PURCHASE")
    func consumptionRequest() throws {
        let payload = try decode(ResponseBodyV2DecodedPayload.self, consumptionRequestJSON)
        #expect(payload.notificationType == .known(.consumptionRequest))
        #expect(payload.subtype == nil)
        let data = try #require(payload.data)
        #expect(data.consumptionRequestReason == .known(.unintendedPurchase))
        #expect(data.environment?.known == .production)
        try roundTrip(payload)
    }

    @Test("RENEWAL_EXTENSION / SUMMARY with summary")
    func summary() throws {
        let payload = try decode(ResponseBodyV2DecodedPayload.self, summaryJSON)
        #expect(payload.notificationType == .known(.renewalExtension))
        #expect(payload.subtype == .known(.summary))
        #expect(payload.data == nil)
        let summary = try #require(payload.summary)
        #expect(summary.environment == .known(.localTesting))
        #expect(summary.appAppleId == 41234)
        #expect(summary.bundleId == "com.example")
        #expect(summary.productId == "com.example.product")
        #expect(summary.requestIdentifier == "efb27071-45a4-4aca-9854-2a1e9146f265")
        #expect(summary.storefrontCountryCodes == ["CAN", "USA", "MEX"])
        #expect(summary.succeededCount == 5)
        #expect(summary.failedCount == 2)
        try roundTrip(payload)
    }

    @Test("EXTERNAL_PURCHASE_TOKEN with externalPurchaseToken (production and sandbox ids)")
    func externalPurchaseToken() throws {
        let payload = try decode(ResponseBodyV2DecodedPayload.self, externalPurchaseTokenJSON)
        #expect(payload.notificationType == .known(.externalPurchaseToken))
        #expect(payload.subtype == .known(.unreported))
        let token = try #require(payload.externalPurchaseToken)
        #expect(token.externalPurchaseId == "b2158121-7af9-49d4-9561-1f588205523e")
        #expect(token.tokenCreationDate == Date(timeIntervalSince1970: 1_698_148_950))
        #expect(token.appAppleId == 55555)
        #expect(token.bundleId == "com.example")
        #expect(!token.isSandbox)
        let text = try roundTrip(payload)
        #expect(text.contains(#""tokenCreationDate":1698148950000"#))

        let sandbox = try decode(
            ResponseBodyV2DecodedPayload.self,
            externalPurchaseTokenJSON.replacingOccurrences(
                of: "b2158121-", with: "SANDBOX_b2158121-"))
        #expect(sandbox.externalPurchaseToken?.isSandbox == true)
    }

    @Test("RESCIND_CONSENT with appData")
    func rescindConsent() throws {
        let payload = try decode(ResponseBodyV2DecodedPayload.self, rescindConsentJSON)
        #expect(payload.notificationType == .known(.rescindConsent))
        let appData = try #require(payload.appData)
        #expect(appData.appAppleId == 41234)
        #expect(appData.bundleId == "com.example")
        #expect(appData.environment == .known(.sandbox))
        #expect(appData.signedAppTransactionInfo == "signed_app_transaction_info_value")
        try roundTrip(payload)
    }

    @Test("Unknown notificationType, subtype, status, reason and environment are kept")
    func unknownValuesKept() throws {
        let json = subscribedJSON
            .replacingOccurrences(of: #""SUBSCRIBED""#, with: #""BRAND_NEW_TYPE""#)
            .replacingOccurrences(of: #""INITIAL_BUY""#, with: #""BRAND_NEW_SUBTYPE""#)
            .replacingOccurrences(of: #""status": 1"#, with: #""status": 9"#)
            .replacingOccurrences(of: #""Sandbox""#, with: #""Staging""#)
            .replacingOccurrences(
                of: #""bundleVersion""#,
                with: #""consumptionRequestReason": "NEW_REASON", "bundleVersion""#)
        let payload = try decode(ResponseBodyV2DecodedPayload.self, json)
        #expect(payload.notificationType == .unknown("BRAND_NEW_TYPE"))
        #expect(payload.notificationType?.isKnown == false)
        #expect(payload.subtype == .unknown("BRAND_NEW_SUBTYPE"))
        #expect(payload.data?.status == .unknown(9))
        #expect(payload.data?.environment == .unknown("Staging"))
        #expect(payload.data?.consumptionRequestReason == .unknown("NEW_REASON"))
        let text = try roundTrip(payload)
        #expect(text.contains(#""notificationType":"BRAND_NEW_TYPE""#))
        #expect(text.contains(#""subtype":"BRAND_NEW_SUBTYPE""#))
        #expect(text.contains(#""status":9"#))
        #expect(text.contains(#""environment":"Staging""#))
    }

    @Test("A TEST notification without data, summary or token decodes")
    func testNotification() throws {
        let payload = try decode(
            ResponseBodyV2DecodedPayload.self,
            #"{"notificationType":"TEST","notificationUUID":"x","version":"2.0","#
                + #""signedDate":1681314324000}"#)
        #expect(payload.notificationType == .known(.test))
        #expect(payload.signedDate == AppStoreDate.date(millisecondsSince1970: 1_681_314_324_000))
        #expect(payload.data == nil && payload.summary == nil && payload.appData == nil)
        #expect(
            try decode(ResponseBodyV2DecodedPayload.self, "{}") == ResponseBodyV2DecodedPayload())
    }

    @Test("Malformed JSON and wrong types throw instead of crashing")
    func malformed() {
        let inputs = [
            "", "not json", "{", "[]", "null", #"{"notificationType": 5}"#,
            #"{"signedDate": "1698148900000"}"#, #"{"signedDate": true}"#,
            #"{"data": "oops"}"#, #"{"data": {"appAppleId": "blue"}}"#,
            #"{"data": {"status": "ACTIVE"}}"#, #"{"summary": {"succeededCount": 1.5}}"#,
            #"{"externalPurchaseToken": {"tokenCreationDate": "yesterday"}}"#,
        ]
        for input in inputs {
            #expect(throws: (any Error).self, "\(input)") {
                try decode(ResponseBodyV2DecodedPayload.self, input)
            }
        }
        #expect(throws: (any Error).self) {
            try decode(JWSTransactionDecodedPayload.self, #"{"appAccountToken": "not-a-uuid"}"#)
        }
        #expect(throws: (any Error).self) {
            try decode(JWSTransactionDecodedPayload.self, #"{"price": 1e30}"#)
        }
        #expect(throws: (any Error).self) {
            try decode(JWSRenewalInfoDecodedPayload.self, #"{"renewalDate": [1]}"#)
        }
    }

    @Test("A transaction decodes every documented field")
    func transaction() throws {
        let transaction = try decode(JWSTransactionDecodedPayload.self, transactionJSON)
        #expect(transaction.originalTransactionId == "12345")
        #expect(transaction.transactionId == "23456")
        #expect(transaction.webOrderLineItemId == "34343")
        #expect(transaction.bundleId == "com.example")
        #expect(transaction.productId == "com.example.product")
        #expect(transaction.subscriptionGroupIdentifier == "55555")
        #expect(transaction.purchaseDate == signed1698148900000)
        #expect(transaction.originalPurchaseDate == Date(timeIntervalSince1970: 1_698_148_800))
        #expect(transaction.expiresDate == Date(timeIntervalSince1970: 1_698_149_000))
        #expect(transaction.quantity == 1)
        #expect(transaction.type == .known(.autoRenewableSubscription))
        #expect(
            transaction.appAccountToken == UUID(uuidString: "7e3fb20b-4cdb-47cc-936d-99d65f608138"))
        #expect(transaction.inAppOwnershipType == .known(.purchased))
        #expect(transaction.signedDate == signed1698148900000)
        #expect(transaction.offerType == .known(.introductoryOffer))
        #expect(transaction.offerIdentifier == "abc.123")
        #expect(transaction.environment == .known(.sandbox))
        #expect(transaction.transactionReason == .known(.purchase))
        #expect(transaction.storefront == "USA")
        #expect(transaction.storefrontId == "143441")
        #expect(transaction.price == 10990)
        #expect(transaction.currency == "USD")
        #expect(transaction.offerDiscountType == .known(.payAsYouGo))
        #expect(transaction.appTransactionId == "71134")
        #expect(transaction.offerPeriod == "P1Y")
        #expect(transaction.isUpgraded == false)
        #expect(transaction.revocationDate == nil)
        #expect(transaction.revocationReason == nil)
        #expect(transaction.revocationType == nil)
        #expect(transaction.revocationPercentage == nil)

        // Re-encoding gives back exactly the input object (same keys and values).
        let encoded = try JSONEncoder().encode(transaction)
        let original = try JSONSerialization.jsonObject(with: Data(transactionJSON.utf8))
        let again = try JSONSerialization.jsonObject(with: encoded)
        #expect((original as? NSDictionary) == (again as? NSDictionary))
    }

    @Test("A refunded transaction: REFUND_PRORATED, 50000 milli-percent, reason 1")
    func revokedTransaction() throws {
        let transaction = try decode(JWSTransactionDecodedPayload.self, revokedTransactionJSON)
        #expect(transaction.revocationType == .known(.refundProrated))
        #expect(transaction.revocationPercentage == 50_000)
        #expect(transaction.revocationReason == .known(.refundedDueToIssue))
        #expect(transaction.revocationDate == Date(timeIntervalSince1970: 1_698_149_000))
        #expect(transaction.isUpgraded == true)
        #expect(transaction.type == .known(.consumable))
        #expect(transaction.quantity == 3)
        #expect(transaction.environment == .known(.production))
        #expect(transaction.expiresDate == nil)
        let text = try roundTrip(transaction)
        #expect(text.contains(#""revocationPercentage":50000"#))
        #expect(text.contains(#""revocationType":"REFUND_PRORATED""#))
        #expect(text.contains(#""revocationDate":1698149000000"#))
    }

    @Test("Unknown transaction enum values are kept")
    func transactionUnknownValues() throws {
        let transaction = try decode(
            JWSTransactionDecodedPayload.self,
            #"{"type":"Bundle","inAppOwnershipType":"GIFTED","revocationReason":7,"offerType":9,"#
                + #""transactionReason":"MIGRATION","offerDiscountType":"HALF_OFF","#
                + #""revocationType":"REFUND_PARTIAL","environment":"Xcode"}"#)
        #expect(transaction.type == .unknown("Bundle"))
        #expect(transaction.inAppOwnershipType == .unknown("GIFTED"))
        #expect(transaction.revocationReason == .unknown(7))
        #expect(transaction.offerType == .unknown(9))
        #expect(transaction.transactionReason == .unknown("MIGRATION"))
        #expect(transaction.offerDiscountType == .unknown("HALF_OFF"))
        #expect(transaction.revocationType == .unknown("REFUND_PARTIAL"))
        #expect(transaction.environment == .known(.xcode))
        let text = try roundTrip(transaction)
        #expect(text.contains(#""type":"Bundle""#))
        #expect(text.contains(#""revocationReason":7"#))
    }

    @Test("Renewal info decodes every documented field")
    func renewalInfo() throws {
        let info = try decode(JWSRenewalInfoDecodedPayload.self, renewalInfoJSON)
        #expect(info.expirationIntent == .known(.customerCancelled))
        #expect(info.originalTransactionId == "12345")
        #expect(info.autoRenewProductId == "com.example.product.2")
        #expect(info.productId == "com.example.product")
        #expect(info.autoRenewStatus == .known(.on))
        #expect(info.isInBillingRetryPeriod == true)
        #expect(info.priceIncreaseStatus == .known(.customerHasNotResponded))
        #expect(info.gracePeriodExpiresDate == signed1698148900000)
        #expect(info.offerType == .known(.promotionalOffer))
        #expect(info.offerIdentifier == "abc.123")
        #expect(info.signedDate == Date(timeIntervalSince1970: 1_698_148_800))
        #expect(info.environment == .known(.sandbox))
        #expect(info.recentSubscriptionStartDate == Date(timeIntervalSince1970: 1_698_148_800))
        #expect(info.renewalDate == Date(timeIntervalSince1970: 1_698_148_850))
        #expect(info.currency == "USD")
        #expect(info.renewalPrice == 9990)
        #expect(info.offerDiscountType == .known(.payAsYouGo))
        #expect(info.eligibleWinBackOfferIds == ["eligible1", "eligible2"])
        #expect(info.appTransactionId == "71134")
        #expect(info.offerPeriod == "P1Y")
        #expect(info.appAccountToken == UUID(uuidString: "7E3FB20B-4CDB-47CC-936D-99D65F608138"))

        let encoded = try JSONEncoder().encode(info)
        let original = try JSONSerialization.jsonObject(with: Data(renewalInfoJSON.utf8))
        let again = try JSONSerialization.jsonObject(with: encoded)
        #expect((original as? NSDictionary) == (again as? NSDictionary))
    }

    @Test("Dates: fractional milliseconds decode, encoding writes whole milliseconds")
    func dates() throws {
        let transaction = try decode(
            JWSTransactionDecodedPayload.self,
            #"{"purchaseDate": 1698148900123.5, "signedDate": 1698148900123, "expiresDate": null}"#)
        let purchase = try #require(transaction.purchaseDate)
        #expect(abs(purchase.timeIntervalSince1970 - 1_698_148_900.1235) < 0.000_001)
        let signed = try #require(transaction.signedDate)
        #expect(AppStoreDate.millisecondsSince1970(signed) == 1_698_148_900_123)
        #expect(transaction.expiresDate == nil)
        let text = try roundTrip(
            JWSTransactionDecodedPayload(signedDate: transaction.signedDate))
        #expect(text == #"{"signedDate":1698148900123}"#)

        // The decoder's date strategy doesn't matter.
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let payload = try decoder.decode(
            ResponseBodyV2DecodedPayload.self, from: Data(#"{"signedDate":1698148900000}"#.utf8))
        #expect(payload.signedDate == signed1698148900000)

        #expect(AppStoreDate.date(millisecondsSince1970: 0) == Date(timeIntervalSince1970: 0))
        #expect(AppStoreDate.millisecondsSince1970(Date(timeIntervalSince1970: -1.5)) == -1500)
        #expect(AppStoreDate.millisecondsSince1970(.distantFuture) == 64_092_211_200_000)
        #expect(AppStoreDate.millisecondsSince1970(Date(timeIntervalSince1970: 1e300)) == .max)
    }

    @Test("appAccountToken: empty string is nil; encoded lower-case")
    func appAccountToken() throws {
        let empty = try decode(JWSTransactionDecodedPayload.self, #"{"appAccountToken": ""}"#)
        #expect(empty.appAccountToken == nil)
        let upper = try decode(
            JWSRenewalInfoDecodedPayload.self,
            #"{"appAccountToken": "7E3FB20B-4CDB-47CC-936D-99D65F608138"}"#)
        #expect(
            try roundTrip(upper) == #"{"appAccountToken":"7e3fb20b-4cdb-47cc-936d-99d65f608138"}"#)
    }

    @Test("Transaction enums: raw values")
    func enumRawValues() {
        #expect(SubscriptionStatus.allCases.map(\.rawValue) == [1, 2, 3, 4, 5])
        #expect(InAppOwnershipType.allCases.map(\.rawValue) == ["FAMILY_SHARED", "PURCHASED", "ASSIGNED"])
        #expect(RevocationReason.allCases.map(\.rawValue) == [0, 1])
        #expect(
            RevocationType.allCases.map(\.rawValue) == [
                "REFUND_FULL", "REFUND_PRORATED", "FAMILY_REVOKE",
            ])
        #expect(OfferType.allCases.map(\.rawValue) == [1, 2, 3, 4])
        #expect(
            OfferDiscountType.allCases.map(\.rawValue) == [
                "FREE_TRIAL", "PAY_AS_YOU_GO", "PAY_UP_FRONT", "ONE_TIME",
            ])
        #expect(TransactionReason.allCases.map(\.rawValue) == ["PURCHASE", "RENEWAL"])
        #expect(ExpirationIntent.allCases.map(\.rawValue) == [1, 2, 3, 4, 5])
        #expect(AutoRenewStatus.allCases.map(\.rawValue) == [0, 1])
        #expect(PriceIncreaseStatus.allCases.map(\.rawValue) == [0, 1])
    }

    @Test("A notification's transaction type feeds ConsumptionRequest.validate(for:)")
    func transactionTypeForValidation() throws {
        let transaction = try decode(JWSTransactionDecodedPayload.self, transactionJSON)
        let body = ConsumptionRequest(
            customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: false,
            consumptionPercentage: 10_000)
        #expect(throws: ConsumptionRequest.ValidationError.self) {
            try body.validate(for: transaction.type?.known)
        }
    }
}
