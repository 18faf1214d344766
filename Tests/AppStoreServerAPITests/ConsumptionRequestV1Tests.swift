import Foundation
import Testing

@testable import AppStoreServerAPI

/// A valid body with every key, as Apple documents it.
private let validJSON = """
    {
      "customerConsented": true,
      "consumptionStatus": 1,
      "platform": 1,
      "sampleContentProvided": false,
      "deliveryStatus": 0,
      "appAccountToken": "7389a31a-fb6d-4569-a2a6-db7d85d84813",
      "accountTenure": 4,
      "playTime": 2,
      "lifetimeDollarsRefunded": 1,
      "lifetimeDollarsPurchased": 3,
      "userStatus": 1,
      "refundPreference": 3
    }
    """

/// Decodes the valid body after replacing (or, with `nil`, removing) one key.
private func body(_ key: String, _ json: String?) throws -> ConsumptionRequestV1 {
    var object = try #require(
        try JSONSerialization.jsonObject(with: Data(validJSON.utf8)) as? [String: Any])
    if let json {
        object[key] = try JSONSerialization.jsonObject(
            with: Data(json.utf8), options: [.fragmentsAllowed])
    } else {
        object[key] = nil
    }
    let data = try JSONSerialization.data(withJSONObject: object)
    return try JSONDecoder().decode(ConsumptionRequestV1.self, from: data)
}

private func firstError(_ request: ConsumptionRequestV1) -> ConsumptionRequestValidationError? {
    do {
        try request.validate()
        return nil
    } catch let error as ConsumptionRequestValidationError {
        return error
    } catch {
        return nil
    }
}

@Suite("ConsumptionRequestV1")
struct ConsumptionRequestV1Tests {
    @Test("The documented body decodes and validates")
    func validBody() throws {
        let request = try JSONDecoder().decode(
            ConsumptionRequestV1.self, from: Data(validJSON.utf8))
        #expect(request.customerConsented == true)
        #expect(request.consumptionStatus == .known(.notConsumed))
        #expect(request.platform == .known(.apple))
        #expect(request.deliveryStatus == .known(.deliveredAndWorkingProperly))
        #expect(request.accountTenure == .known(.thirtyDaysToNinetyDays))
        #expect(request.playTime == .known(.fiveToSixtyMinutes))
        #expect(request.lifetimeDollarsRefunded == .known(.zeroDollars))
        #expect(
            request.lifetimeDollarsPurchased
                == .known(.fiftyDollarsToNinetyNineDollarsAndNinetyNineCents))
        #expect(request.userStatus == .known(.active))
        #expect(request.refundPreference == .known(.noPreference))
        #expect(request.validationErrors().isEmpty)
        try request.validate()
    }

    @Test("An empty appAccountToken and an absent refundPreference are valid")
    func optionalValues() throws {
        try body("appAccountToken", #""""#).validate()
        try body("refundPreference", nil).validate()
        try body("refundPreference", "null").validate()
        try body("appAccountToken", #""7389A31A-FB6D-4569-A2A6-DB7D85D84813""#).validate()
    }

    @Test(
        "Each invalid field produces Apple's error",
        arguments: [
            ("playTime", "8", 4000040),
            ("playTime", "-1", 4000040),
            ("customerConsented", "false", 4000035),
            ("appAccountToken", #""nope""#, 4000033),
            ("consumptionStatus", "4", 4000034),
            ("platform", "3", 4000039),
            ("deliveryStatus", "6", 4000036),
            ("accountTenure", "8", 4000032),
            ("lifetimeDollarsPurchased", "8", 4000037),
            ("lifetimeDollarsRefunded", "99", 4000038),
            ("userStatus", "5", 4000042),
            ("refundPreference", "4", 4000044),
        ])
    func invalidField(key: String, json: String, code: Int) throws {
        let error = try #require(firstError(try body(key, json)))
        #expect(error.errorCode == code)
        #expect(error.field == key)
        #expect(error.apiError.rawValue == Int64(code))
        #expect(
            ConsumptionRequestValidationError.errorDomain.hasSuffix(
                "ConsumptionRequestValidationError"))
        if case .invalidValue = error.reason {} else { Issue.record("expected invalidValue") }
    }

    @Test(
        "Each missing required field produces Apple's error",
        // appAccountToken is required too, but an absent one is encoded as "" (declined), as
        // Apple's libraries do, so it is never missing on the wire.
        arguments: ConsumptionRequestV1.CodingKeys.allCases.filter { $0.isRequired && $0 != .appAccountToken })
    func missingField(key: ConsumptionRequestV1.CodingKeys) throws {
        let request = try body(key.rawValue, nil)
        let error = try #require(firstError(request))
        #expect(error.field == key.rawValue)
        #expect(error.reason == .missing)
        #expect(error.apiError == key.apiError)
        #expect(request.validationErrors() == [error])
    }

    @Test("Missing platform → 4000039 InvalidPlatformError")
    func missingPlatform() throws {
        let error = try #require(firstError(try body("platform", nil)))
        #expect(error.errorCode == 4000039)
        #expect(error.apiError.appleName == "InvalidPlatformError")
        #expect((error as NSError).code == 4000039)
    }

    @Test("Unknown raw values decode, are kept on re-encode and fail validation")
    func unknownValuesKept() throws {
        let request = try body("playTime", "8")
        #expect(request.playTime == .unknown(8))
        let again = try JSONDecoder().decode(
            ConsumptionRequestV1.self, from: try JSONEncoder().encode(request))
        #expect(again.playTime?.rawValue == 8)
        #expect(again == request)
    }

    @Test("validationErrors lists every problem in key order; validate throws the first")
    func severalErrors() throws {
        let request = ConsumptionRequestV1(
            customerConsented: false, consumptionStatus: .known(.notConsumed),
            platform: .unknown(7), sampleContentProvided: true,
            deliveryStatus: .known(.deliveredWrongItem), appAccountToken: "secret-token-value",
            accountTenure: .known(.undeclared), playTime: .known(.undeclared),
            lifetimeDollarsRefunded: .known(.undeclared), lifetimeDollarsPurchased: nil,
            userStatus: .known(.terminated), refundPreference: .unknown(9))
        let errors = request.validationErrors()
        #expect(errors.map(\.errorCode) == [4000035, 4000039, 4000033, 4000037, 4000044])
        #expect(
            errors.map(\.field) == [
                "customerConsented", "platform", "appAccountToken", "lifetimeDollarsPurchased",
                "refundPreference",
            ])
        #expect(errors[0].reason == .invalidValue(rawValue: "false"))
        #expect(errors[1].reason == .invalidValue(rawValue: "7"))
        #expect(errors[3].reason == .missing)
        #expect(firstError(request) == errors[0])
    }

    @Test("Errors never reveal the appAccountToken")
    func tokenNotLeaked() throws {
        let request = try body("appAccountToken", #""secret-token-value""#)
        let error = try #require(firstError(request))
        #expect(error.reason == .invalidValue(rawValue: nil))
        #expect(!error.description.contains("secret"))
        #expect(!"\(error.errorUserInfo)".contains("secret"))
        #expect(error.description.contains("InvalidAppAccountTokenError"))
    }

    @Test("An empty body reports the ten required fields other than appAccountToken (sent as \"\")")
    func emptyBody() throws {
        let request = try JSONDecoder().decode(ConsumptionRequestV1.self, from: Data("{}".utf8))
        #expect(request == ConsumptionRequestV1())
        let errors = request.validationErrors()
        #expect(errors.count == 10)
        #expect(!errors.map(\.field).contains("appAccountToken"))
        #expect(errors.allSatisfy { $0.reason == .missing })
        #expect(errors.first?.errorCode == 4000035)
    }

    @Test("Encoding omits nil fields, except appAccountToken (\"\")")
    func encodingOmitsNil() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let request = ConsumptionRequestV1(
            customerConsented: true, playTime: .known(.overSixteenDays))
        #expect(
            String(decoding: try encoder.encode(request), as: UTF8.self)
                == #"{"appAccountToken":"","customerConsented":true,"playTime":7}"#)
    }

    @Test("Field → error table")
    func fieldErrors() {
        let table = Dictionary(
            uniqueKeysWithValues: ConsumptionRequestV1.CodingKeys.allCases.map {
                ($0.rawValue, $0.apiError.rawValue)
            })
        #expect(
            table == [
                "accountTenure": 4000032, "appAccountToken": 4000033, "consumptionStatus": 4000034,
                "customerConsented": 4000035, "deliveryStatus": 4000036,
                "lifetimeDollarsPurchased": 4000037, "lifetimeDollarsRefunded": 4000038,
                "platform": 4000039, "playTime": 4000040, "sampleContentProvided": 4000041,
                "userStatus": 4000042, "refundPreference": 4000044,
            ])
    }

    @Test("a body without appAccountToken round-trips in wire form: it comes back as \"\" and encodes to the same bytes (fuzz-consumption regression)")
    func absentAppAccountTokenRoundTrip() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let request = try JSONDecoder().decode(ConsumptionRequestV1.self, from: Data("{}".utf8))
        #expect(request.appAccountToken == nil)
        let once = try encoder.encode(request)
        #expect(String(decoding: once, as: UTF8.self) == #"{"appAccountToken":""}"#)
        let back = try JSONDecoder().decode(ConsumptionRequestV1.self, from: once)
        var sent = request
        sent.appAccountToken = ""
        #expect(back == sent)
        #expect(try encoder.encode(back) == once)
    }
}
