import Foundation
import Testing

@testable import AppStoreServerAPI

/// Issue 17, reports 1–3: behaviour that differed from Apple's libraries or reported the wrong
/// problem. Each test reproduces the report.
@Suite("Fidelity fixes against Apple's libraries")
struct FidelityFixTests {
    // MARK: 1. V1 body without appAccountToken

    @Test("V1: an absent appAccountToken is encoded as \"\" (Apple's libraries), not dropped")
    func v1TokenEncodedEmpty() throws {
        var body = ClientFixtures.v1Body
        body.appAccountToken = nil
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(body)) as? [String: Any]
        #expect(json?["appAccountToken"] as? String == "")
        #expect(body.validationErrors().isEmpty)
        // Absent optional fields stay absent.
        body.refundPreference = nil
        let again = try JSONSerialization.jsonObject(with: JSONEncoder().encode(body)) as? [String: Any]
        #expect(again?["refundPreference"] == nil)
        #expect(again?["appAccountToken"] as? String == "")
    }

    @Test("V1 client: a body Apple would reject is refused before sending (typed error, nothing sent)")
    func v1ClientValidates() async throws {
        let transport = FakeTransport()
        let client = try ClientFixtures.client(transport)
        var body = ClientFixtures.v1Body
        body.appAccountToken = "not-a-uuid"
        body.playTime = .unknown(8)
        do {
            try await client.sendConsumptionData(transactionId: "2000000000000001", consumptionRequest: body)
            Issue.record("sent an invalid body")
        } catch {
            guard case .invalidConsumptionRequest(let problems) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(problems.map(\.errorCode) == [4000033, 4000040])
            #expect(!error.description.contains("not-a-uuid"))
            #expect(RetryPolicy.default.isRetryable(error) == false)
        }
        #expect(transport.requests.isEmpty)
        // A valid body with no token goes out with "".
        var valid = ClientFixtures.v1Body
        valid.appAccountToken = nil
        try await client.sendConsumptionData(transactionId: "2000000000000001", consumptionRequest: valid)
        let sent = try #require(transport.requests.first)
        let json = try JSONSerialization.jsonObject(with: sent.body) as? [String: Any]
        #expect(json?["appAccountToken"] as? String == "")
    }

    // MARK: 2. Fields dropped on decode, names

    @Test("transaction: advancedCommerceInfo, billingPlanType and commitmentInfo decode and round-trip")
    func transactionFields() throws {
        let json = #"""
            {"transactionId": "1", "billingPlanType": "MONTHLY",
             "commitmentInfo": {"billingPeriodNumber": 2, "commitmentExpiresDate": 1698148900000,
                                "commitmentPrice": 119880, "totalBillingPeriods": 12},
             "advancedCommerceInfo": {"requestReferenceId": "ref-1", "estimatedTax": 10,
                                      "items": [{"SKU": "sku.1", "price": 1000, "details": null}]},
             "inAppOwnershipType": "ASSIGNED", "offerType": 3}
            """#
        let payload = try JSONDecoder().decode(JWSTransactionDecodedPayload.self, from: Data(json.utf8))
        #expect(payload.billingPlanType == .known(.monthly))
        #expect(payload.commitmentInfo?.billingPeriodNumber == 2)
        #expect(payload.commitmentInfo?.totalBillingPeriods == 12)
        #expect(payload.commitmentInfo?.commitmentPrice == 119_880)
        #expect(payload.commitmentInfo?.commitmentExpiresDate == Date(timeIntervalSince1970: 1_698_148_900))
        #expect(payload.advancedCommerceInfo?["requestReferenceId"] == .string("ref-1"))
        #expect(payload.advancedCommerceInfo?["estimatedTax"] == .integer(10))
        #expect(payload.inAppOwnershipType == .known(.assigned))
        #expect(payload.offerType == .known(.offerCode))
        let again = try JSONDecoder().decode(
            JWSTransactionDecodedPayload.self, from: JSONEncoder().encode(payload))
        #expect(again == payload)
    }

    @Test("renewal info: advancedCommerceInfo, commitmentInfo and renewalBillingPlanType decode and round-trip")
    func renewalFields() throws {
        let json = #"""
            {"originalTransactionId": "1", "renewalBillingPlanType": "BILLED_UPFRONT",
             "commitmentInfo": {"commitmentAutoRenewProductId": "com.example.annual",
                                "commitmentAutoRenewStatus": 1, "commitmentRenewalBillingPlanType": "MONTHLY",
                                "commitmentRenewalDate": 1698148900000, "commitmentRenewalPrice": 119880},
             "advancedCommerceInfo": {"consistencyToken": "abc", "items": []}}
            """#
        let payload = try JSONDecoder().decode(JWSRenewalInfoDecodedPayload.self, from: Data(json.utf8))
        #expect(payload.renewalBillingPlanType == .known(.billedUpfront))
        #expect(payload.commitmentInfo?.commitmentAutoRenewProductId == "com.example.annual")
        #expect(payload.commitmentInfo?.commitmentAutoRenewStatus == .known(.on))
        #expect(payload.commitmentInfo?.commitmentRenewalBillingPlanType == .known(.monthly))
        #expect(payload.commitmentInfo?.commitmentRenewalPrice == 119_880)
        #expect(payload.advancedCommerceInfo?["consistencyToken"] == .string("abc"))
        #expect(payload.advancedCommerceInfo?["items"] == .array([]))
        let again = try JSONDecoder().decode(
            JWSRenewalInfoDecodedPayload.self, from: JSONEncoder().encode(payload))
        #expect(again == payload)
    }

    @Test("externalPurchaseToken.tokenType decodes; names as Apple spells them")
    func namesAndTokenType() throws {
        let json = #"{"externalPurchaseId": "SANDBOX-1", "tokenType": "ACQUISITION"}"#
        let token = try JSONDecoder().decode(ExternalPurchaseToken.self, from: Data(json.utf8))
        #expect(token.tokenType == "ACQUISITION")
        #expect(APIError.serverNotificationUrlNotFound.appleName == "ServerNotificationURLNotFoundError")
        #expect(OfferType(rawValue: 3) == .offerCode)
        // ASSIGNMENT_REVOKE is in no Apple library or page: kept as an unknown raw value.
        #expect(RawEnumValue<RevocationType>(rawValue: "ASSIGNMENT_REVOKE") == .unknown("ASSIGNMENT_REVOKE"))
        #expect(RevocationType.allCases.map(\.rawValue) == ["REFUND_FULL", "REFUND_PRORATED", "FAMILY_REVOKE"])
    }
}
