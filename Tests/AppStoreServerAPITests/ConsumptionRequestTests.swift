import Foundation
import Testing

@testable import AppStoreServerAPI

/// A valid V2 body with every key.
private let validJSON = """
    {
      "customerConsented": true,
      "deliveryStatus": "DELIVERED",
      "sampleContentProvided": false,
      "consumptionPercentage": 25000,
      "refundPreference": "GRANT_PRORATED"
    }
    """

/// Decodes the valid body after replacing (or, with `nil`, removing) one key.
private func body(_ key: String, _ json: String?) throws -> ConsumptionRequest {
    var object = try #require(
        try JSONSerialization.jsonObject(with: Data(validJSON.utf8)) as? [String: Any])
    if let json {
        object[key] = try JSONSerialization.jsonObject(
            with: Data(json.utf8), options: [.fragmentsAllowed])
    } else {
        object[key] = nil
    }
    let data = try JSONSerialization.data(withJSONObject: object)
    return try JSONDecoder().decode(ConsumptionRequest.self, from: data)
}

private func firstError(
    _ request: ConsumptionRequest, for productType: ProductType? = nil
) -> ConsumptionRequest.ValidationError? {
    do {
        try request.validate(for: productType)
        return nil
    } catch let error as ConsumptionRequest.ValidationError {
        return error
    } catch {
        Issue.record("unexpected error type \(type(of: error))")
        return nil
    }
}

private func sortedJSON(_ request: ConsumptionRequest) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(request), as: UTF8.self)
}

@Suite("ConsumptionRequest (V2)")
struct ConsumptionRequestTests {
    @Test("The full body decodes and validates")
    func validBody() throws {
        let request = try JSONDecoder().decode(
            ConsumptionRequest.self, from: Data(validJSON.utf8))
        #expect(request.customerConsented == true)
        #expect(request.deliveryStatus == .known(.delivered))
        #expect(request.sampleContentProvided == false)
        #expect(request.consumptionPercentage == 25_000)
        #expect(request.refundPreference == .known(.grantProrated))
        #expect(
            request
                == ConsumptionRequest(
                    customerConsented: true, deliveryStatus: .delivered,
                    sampleContentProvided: false, consumptionPercentage: 25_000,
                    refundPreference: .grantProrated))
        #expect(request.validationErrors().isEmpty)
        try request.validate()
        try request.validate(for: .consumable)
    }

    @Test("Optional keys may be absent or null; unknown keys are ignored")
    func optionalKeys() throws {
        try body("consumptionPercentage", nil).validate()
        try body("consumptionPercentage", "null").validate()
        try body("refundPreference", nil).validate()
        try body("refundPreference", "null").validate()
        try body("somethingNew", #""x""#).validate()
        try body("consumptionPercentage", "0").validate()
        try body("consumptionPercentage", "100000").validate()
        for preference in RefundPreference.allCases {
            try body("refundPreference", "\"\(preference.rawValue)\"").validate()
        }
        for status in DeliveryStatus.allCases {
            var request = try body("deliveryStatus", "\"\(status.rawValue)\"")
            request.consumptionPercentage = 0
            try request.validate()
        }
    }

    @Test(
        "Each invalid field produces Apple's error name and code",
        arguments: [
            ("customerConsented", "false", "InvalidCustomerConsentedError", 4000035),
            ("deliveryStatus", #""LOST_IN_TRANSIT""#, "InvalidDeliveryStatusError", 4000036),
            ("deliveryStatus", #""delivered""#, "InvalidDeliveryStatusError", 4000036),
            ("refundPreference", #""GRANT_SOME""#, "InvalidRefundPreferenceError", 4000044),
            ("consumptionPercentage", "100001", "ConsumptionPercentageOutOfRangeError", 0),
            ("consumptionPercentage", "-1", "ConsumptionPercentageOutOfRangeError", 0),
        ])
    func invalidField(key: String, json: String, name: String, code: Int) throws {
        let request = try body(key, json)
        let error = try #require(firstError(request))
        #expect(error.field == key)
        #expect(error.appleName == name)
        #expect(error.rule.rawValue == name)
        #expect(error.errorCode == code)
        #expect((error as NSError).code == code)
        #expect((error as NSError).domain == "AppStoreServerAPI.ConsumptionRequest.ValidationError")
        #expect(error.apiError?.rawValue == (code == 0 ? nil : Int64(code)))
        #expect(error.reason == .invalidValue(rawValue: json))
        #expect(request.validationErrors() == [error])
    }

    @Test(
        "Each missing required key produces Apple's error",
        arguments: [
            ("customerConsented", 4000035), ("deliveryStatus", 4000036),
            ("sampleContentProvided", 4000041),
        ])
    func missingField(key: String, code: Int) throws {
        for request in [try body(key, nil), try body(key, "null")] {
            let error = try #require(firstError(request))
            #expect(error.field == key)
            #expect(error.reason == .missing)
            #expect(error.errorCode == code)
            #expect(error.apiError?.appleName == error.appleName)
            #expect(request.validationErrors() == [error])
        }
    }

    @Test("Missing sampleContentProvided → 4000041 InvalidSampleContentProvidedError")
    func missingSampleContent() throws {
        let error = try #require(firstError(try body("sampleContentProvided", nil)))
        #expect(error.rule == .sampleContentProvided)
        #expect(error.apiError == .invalidSampleContentProvided)
        #expect(error.appleName == "InvalidSampleContentProvidedError")
        #expect(error.errorCode == 4000041)
    }

    @Test(
        "A non-zero percentage with an undelivered status is rejected (number unknown)",
        arguments: DeliveryStatus.allCases.filter { $0 != .delivered })
    func undeliveredNonZero(status: DeliveryStatus) throws {
        let request = ConsumptionRequest(
            customerConsented: true, deliveryStatus: status, sampleContentProvided: true,
            consumptionPercentage: 1)
        let error = try #require(firstError(request))
        #expect(error.rule == .undeliveredConsumptionPercentageNonZero)
        #expect(error.appleName == "UndeliveredConsumptionPercentageNonZeroError")
        #expect(error.apiError == nil)
        #expect(error.errorCode == 0)
        #expect(error.field == "consumptionPercentage")
        #expect(error.reason == .invalidValue(rawValue: "1"))
        #expect(error.description.contains("code not published"))
        // 0 and absent are fine.
        var zero = request
        zero.consumptionPercentage = 0
        try zero.validate()
        zero.consumptionPercentage = nil
        try zero.validate()
    }

    @Test("An unknown deliveryStatus reports only 4000036, not the undelivered rule")
    func unknownStatusWithPercentage() throws {
        let request = ConsumptionRequest(
            customerConsented: true, deliveryStatus: .unknown("LATER"),
            sampleContentProvided: true, consumptionPercentage: 5)
        #expect(request.validationErrors().map(\.rule) == [.deliveryStatus])
        #expect(request.validationErrors().first?.reason == .invalidValue(rawValue: #""LATER""#))
    }

    @Test("Out of range and undelivered are both listed")
    func outOfRangeAndUndelivered() throws {
        let request = ConsumptionRequest(
            customerConsented: true, deliveryStatus: .undeliveredOther,
            sampleContentProvided: true, consumptionPercentage: 200_000)
        #expect(
            request.validationErrors().map(\.rule) == [
                .consumptionPercentageOutOfRange, .undeliveredConsumptionPercentageNonZero,
            ])
    }

    @Test("Auto-renewable subscriptions must not carry a percentage (4000209)")
    func autoRenewable() throws {
        let withPercentage = ConsumptionRequest(
            customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: true,
            consumptionPercentage: 0, refundPreference: .grantProrated)
        try withPercentage.validate()
        try withPercentage.validate(for: .nonRenewingSubscription)
        let error = try #require(firstError(withPercentage, for: .autoRenewableSubscription))
        #expect(error.rule == .consumptionPercentageAutoRenewableSubscription)
        #expect(error.apiError == .consumptionPercentageAutoRenewableSubscription)
        #expect(error.errorCode == 4000209)
        #expect(error.appleName == "ConsumptionPercentageAutoRenewableSubscriptionError")
        #expect(error.field == "consumptionPercentage")

        // The range rule is not added on top of 4000209.
        var outOfRange = withPercentage
        outOfRange.consumptionPercentage = 500_000
        #expect(
            outOfRange.validationErrors(for: .autoRenewableSubscription).map(\.errorCode)
                == [4000209])

        // GRANT_PRORATED without a percentage is fine for auto-renewables.
        var prorated = withPercentage
        prorated.consumptionPercentage = nil
        try prorated.validate(for: .autoRenewableSubscription)
    }

    @Test("An empty body reports the three required keys in order")
    func emptyBody() throws {
        let request = try JSONDecoder().decode(ConsumptionRequest.self, from: Data("{}".utf8))
        #expect(request == ConsumptionRequest())
        let errors = request.validationErrors()
        #expect(errors.map(\.errorCode) == [4000035, 4000036, 4000041])
        #expect(errors.allSatisfy { $0.reason == .missing })
    }

    @Test("validationErrors lists every problem in key order; validate throws the first")
    func severalErrors() throws {
        let request = ConsumptionRequest(
            customerConsented: false, deliveryStatus: .unknown("NOPE"),
            sampleContentProvided: nil, consumptionPercentage: -5,
            refundPreference: .unknown("MAYBE"))
        let errors = request.validationErrors()
        #expect(
            errors.map(\.appleName) == [
                "InvalidCustomerConsentedError", "InvalidDeliveryStatusError",
                "InvalidSampleContentProvidedError", "ConsumptionPercentageOutOfRangeError",
                "InvalidRefundPreferenceError",
            ])
        #expect(errors.map(\.errorCode) == [4000035, 4000036, 4000041, 0, 4000044])
        #expect(firstError(request) == errors[0])
    }

    @Test("Rule table: Apple names, codes and keys")
    func ruleTable() {
        let table = Dictionary(
            uniqueKeysWithValues: ConsumptionRequest.ValidationRule.allCases.map {
                ($0.appleName, $0.apiError?.rawValue)
            })
        #expect(
            table == [
                "InvalidCustomerConsentedError": 4000035,
                "InvalidDeliveryStatusError": 4000036,
                "InvalidSampleContentProvidedError": 4000041,
                "ConsumptionPercentageOutOfRangeError": nil,
                "UndeliveredConsumptionPercentageNonZeroError": nil,
                "ConsumptionPercentageAutoRenewableSubscriptionError": 4000209,
                "InvalidRefundPreferenceError": 4000044,
            ])
        for rule in ConsumptionRequest.ValidationRule.allCases {
            if let apiError = rule.apiError {
                #expect(apiError.appleName == rule.appleName)
            }
        }
        #expect(
            ConsumptionRequest.CodingKeys.allCases.filter(\.isRequired).map(\.rawValue) == [
                "customerConsented", "deliveryStatus", "sampleContentProvided",
            ])
        #expect(ConsumptionRequest.consumptionPercentageRange == 0...100_000)
    }

    @Test("Encoding: required keys always present, nil optionals omitted")
    func encoding() throws {
        let minimal = ConsumptionRequest(
            customerConsented: true, deliveryStatus: .undeliveredServerOutage,
            sampleContentProvided: false)
        #expect(
            try sortedJSON(minimal)
                == #"{"customerConsented":true,"deliveryStatus":"UNDELIVERED_SERVER_OUTAGE","#
                + #""sampleContentProvided":false}"#)
        let full = ConsumptionRequest(
            customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: true,
            consumptionPercentage: 50_000, refundPreference: .grantFull)
        #expect(
            try sortedJSON(full)
                == #"{"consumptionPercentage":50000,"customerConsented":true,"#
                + #""deliveryStatus":"DELIVERED","refundPreference":"GRANT_FULL","#
                + #""sampleContentProvided":true}"#)
        #expect(
            try sortedJSON(ConsumptionRequest())
                == #"{"customerConsented":null,"deliveryStatus":null,"#
                + #""sampleContentProvided":null}"#)
        for request in [minimal, full, ConsumptionRequest()] {
            let again = try JSONDecoder().decode(
                ConsumptionRequest.self, from: try JSONEncoder().encode(request))
            #expect(again == request)
        }
    }

    @Test("Unknown string values decode, are kept on re-encode and fail validation")
    func unknownValuesKept() throws {
        let request = try body("deliveryStatus", #""UNDELIVERED_NEW_REASON""#)
        #expect(request.deliveryStatus == .unknown("UNDELIVERED_NEW_REASON"))
        #expect(request.deliveryStatus?.known == nil)
        let again = try JSONDecoder().decode(
            ConsumptionRequest.self, from: try JSONEncoder().encode(request))
        #expect(again.deliveryStatus?.rawValue == "UNDELIVERED_NEW_REASON")
        #expect(again == request)
        #expect(try sortedJSON(again).contains(#""deliveryStatus":"UNDELIVERED_NEW_REASON""#))

        let preference = try body("refundPreference", #""GRANT_HALF""#)
        #expect(preference.refundPreference == .unknown("GRANT_HALF"))
        #expect(try sortedJSON(preference).contains(#""refundPreference":"GRANT_HALF""#))
    }

    @Test("Wrong JSON types are decoding errors, not crashes")
    func wrongTypes() {
        #expect(throws: DecodingError.self) { try body("deliveryStatus", "0") }
        #expect(throws: DecodingError.self) { try body("customerConsented", #""true""#) }
        #expect(throws: DecodingError.self) { try body("consumptionPercentage", "1e12") }
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(ConsumptionRequest.self, from: Data("{\"customer".utf8))
        }
    }

    @Test("Enum raw values are Apple's strings")
    func enumValues() {
        #expect(
            DeliveryStatus.allCases.map(\.rawValue) == [
                "DELIVERED", "UNDELIVERED_QUALITY_ISSUE", "UNDELIVERED_WRONG_ITEM",
                "UNDELIVERED_SERVER_OUTAGE", "UNDELIVERED_OTHER",
            ])
        #expect(
            RefundPreference.allCases.map(\.rawValue) == [
                "DECLINE", "GRANT_FULL", "GRANT_PRORATED",
            ])
        #expect(
            ProductType.allCases.map(\.rawValue) == [
                "Auto-Renewable Subscription", "Non-Consumable", "Consumable",
                "Non-Renewing Subscription",
            ])
    }

    @Test("V1 errors also expose appleName")
    func v1AppleName() throws {
        let error = try #require(ConsumptionRequestV1().validationErrors().first)
        #expect(error.appleName == "InvalidCustomerConsentedError")
    }
}
