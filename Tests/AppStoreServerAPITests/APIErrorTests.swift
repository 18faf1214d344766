import Foundation
import Testing

@testable import AppStoreServerAPI

@Suite("APIError")
struct APIErrorTests {
    @Test("91 known codes: 61 + 26 Retention Messaging + 4 documented-only")
    func caseCount() {
        #expect(APIError.allCases.count == 91)
        #expect(Set(APIError.allCases.map(\.rawValue)).count == 91)
        #expect(Set(APIError.allCases.map(\.appleName)).count == 91)
    }

    @Test("Samples: raw value, Apple name, HTTP status, retryability")
    func samples() {
        #expect(APIError(rawValue: 4000040) == .invalidPlayTime)
        #expect(APIError.invalidPlayTime.appleName == "InvalidPlayTimeError")
        #expect(APIError.invalidPlayTime.httpStatus == 400)
        #expect(!APIError.invalidPlayTime.isRetryable)

        #expect(APIError(rawValue: 4040010) == .transactionIdNotFound)
        #expect(APIError.transactionIdNotFound.appleName == "TransactionIdNotFoundError")
        #expect(APIError.transactionIdNotFound.httpStatus == 404)

        #expect(APIError(rawValue: 4000187) == .transactionIdNotOriginalTransactionId)
        #expect(
            APIError.transactionIdNotOriginalTransactionId.appleName
                == "TransactionIdIsNotOriginalTransactionIdError")
        #expect(APIError(rawValue: 4040019) == .appTransactionDoesNotExist)
        #expect(APIError.appTransactionDoesNotExist.appleName == "AppTransactionDoesNotExistError")
        #expect(APIError(rawValue: 4040007)?.appleName == "ServerNotificationURLNotFoundError")
        #expect(APIError(rawValue: 4000161) == .invalidImage)
        #expect(APIError.invalidImage.appleName == "InvalidImageError")
        #expect(APIError.messageAlreadyExists.httpStatus == 409)
        #expect(APIError.rateLimitExceeded.rawValue == 4290000)
        #expect(APIError.rateLimitExceeded.httpStatus == 429)
        #expect(APIError.generalInternal.httpStatus == 500)
        #expect(APIError(rawValue: 9990000) == nil)
    }

    @Test("The four codes the official libraries don't know yet")
    func documentedOnlyCodes() {
        #expect(APIError(rawValue: 4000044)?.appleName == "InvalidRefundPreferenceError")
        #expect(
            APIError(rawValue: 4000209)?.appleName
                == "ConsumptionPercentageAutoRenewableSubscriptionError")
        #expect(
            APIError(rawValue: 4000227)?.appleName == "InvalidAssignedTransactionNotSupportedError")
        #expect(APIError(rawValue: 4000225)?.appleName == "InvalidGroupIdError")
    }

    @Test("Every code's HTTP status is its first three digits")
    func httpStatusIsFirstThreeDigits() {
        for error in APIError.allCases {
            #expect(String(error.httpStatus) == String(String(error.rawValue).prefix(3)))
            #expect([400, 403, 404, 409, 429, 500].contains(error.httpStatus))
        }
    }

    @Test("Exactly Apple's four 'Errors to retry' are retryable")
    func retryable() {
        let retryable = Set(APIError.allCases.filter(\.isRetryable).map(\.rawValue))
        #expect(retryable == [4040002, 4040004, 4040006, 5000001])
        #expect(!APIError.rateLimitExceeded.isRetryable)
        #expect(!APIError.generalInternal.isRetryable)
    }

    @Test("Case names are Apple's names minus 'Error', lower-cased first letter")
    func caseNamesFollowAppleNames() {
        // 4040007: Apple's page spells it ServerNotificationURLNotFoundError; the case keeps the
        // Swift library's name.
        for error in APIError.allCases
        where error != .transactionIdNotOriginalTransactionId && error != .serverNotificationUrlNotFound {
            let name = String(describing: error)
            let expected = name.prefix(1).uppercased() + name.dropFirst() + "Error"
            #expect(error.appleName == expected)
        }
    }

    @Test("Every code has a non-empty summary")
    func summaries() {
        for error in APIError.allCases {
            #expect(!error.summary.isEmpty)
        }
    }

    @Test("Encodes and decodes as the bare number")
    func codable() throws {
        let data = try JSONEncoder().encode([APIError.invalidPlayTime])
        #expect(String(decoding: data, as: UTF8.self) == "[4000040]")
        #expect(try JSONDecoder().decode([APIError].self, from: data) == [.invalidPlayTime])
    }
}

@Suite("APIErrorCode and APIErrorResponse")
struct APIErrorCodeTests {
    @Test("An unknown code decodes, keeps its number and round-trips")
    func unknownCode() throws {
        let code = try JSONDecoder().decode(APIErrorCode.self, from: Data("9990000".utf8))
        #expect(code == .unknown(9990000))
        #expect(code.rawValue == 9990000)
        #expect(code.known == nil)
        #expect(!code.isKnown)
        #expect(code.httpStatus == nil)
        #expect(!code.isRetryable)
        let encoded = try JSONEncoder().encode(code)
        #expect(String(decoding: encoded, as: UTF8.self) == "9990000")
    }

    @Test("A known code decodes as .known")
    func knownCode() throws {
        let code = try JSONDecoder().decode(APIErrorCode.self, from: Data("4040002".utf8))
        #expect(code == .known(.accountNotFoundRetryable))
        #expect(code.httpStatus == 404)
        #expect(code.isRetryable)
        #expect(APIErrorCode(rawValue: 4040010) == .known(.transactionIdNotFound))
        #expect(APIErrorCode.unknown(4040010) == .known(.transactionIdNotFound))
        #expect(APIErrorCode(rawValue: 4999999).httpStatus == 499)
    }

    @Test("Decodes Apple's error body")
    func errorResponse() throws {
        let json = #"{"errorCode": 4040010, "errorMessage": "Transaction id not found."}"#
        let response = try JSONDecoder().decode(APIErrorResponse.self, from: Data(json.utf8))
        #expect(response.errorCode == .known(.transactionIdNotFound))
        #expect(response.apiError == .transactionIdNotFound)
        #expect(response.errorMessage == "Transaction id not found.")
    }

    @Test("An error body with an unknown code or missing fields still decodes")
    func partialErrorResponse() throws {
        let unknown = try JSONDecoder().decode(
            APIErrorResponse.self,
            from: Data(#"{"errorCode": 9990000, "errorMessage": "Testing error."}"#.utf8))
        #expect(unknown.errorCode?.rawValue == 9990000)
        #expect(unknown.apiError == nil)
        let empty = try JSONDecoder().decode(APIErrorResponse.self, from: Data("{}".utf8))
        #expect(empty == APIErrorResponse())
    }

    @Test("Encoding omits nil fields and keeps the number")
    func encodeResponse() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = APIErrorResponse(errorCode: .unknown(9990000), errorMessage: "x")
        #expect(
            String(decoding: try encoder.encode(body), as: UTF8.self)
                == #"{"errorCode":9990000,"errorMessage":"x"}"#)
        #expect(String(decoding: try encoder.encode(APIErrorResponse()), as: UTF8.self) == "{}")
    }
}
