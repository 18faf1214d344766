import Foundation
import Testing

@testable import AppStoreServerAPI

@Suite("SendConsumptionInformation (V2)")
struct SendConsumptionInformationTests {
    let body = ConsumptionRequest(
        customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: true,
        consumptionPercentage: 50_000, refundPreference: .grantProrated)

    @Test("Method, path template and success status")
    func constants() {
        #expect(SendConsumptionInformation.method == "PUT")
        #expect(
            SendConsumptionInformation.pathTemplate
                == "/inApps/v2/transactions/consumption/{transactionId}")
        #expect(SendConsumptionInformation.pathParameterNames == ["transactionId"])
        #expect(SendConsumptionInformation.successStatus == 202)
    }

    @Test(
        "URL per environment and host style",
        arguments: [
            (AppStoreEnvironment.production, HostStyle.current, "https://api.storekit.apple.com"),
            (.sandbox, .current, "https://api.storekit-sandbox.apple.com"),
            (.production, .legacyItunes, "https://api.storekit.itunes.apple.com"),
            (.sandbox, .legacyItunes, "https://api.storekit-sandbox.itunes.apple.com"),
        ])
    func urls(environment: AppStoreEnvironment, hostStyle: HostStyle, base: String) throws {
        let expected = base + "/inApps/v2/transactions/consumption/2000000000000001"
        let typed = try SendConsumptionInformation.url(
            environment: environment, transactionId: "2000000000000001", hostStyle: hostStyle)
        #expect(typed.absoluteString == expected)
        let untyped = try SendConsumptionInformation.url(
            environment: environment.rawValue,
            pathParameters: ["transactionId": "2000000000000001"], hostStyle: hostStyle)
        #expect(untyped == typed)

        let request = try SendConsumptionInformation.request(
            transactionId: "2000000000000001", body: body, environment: environment,
            hostStyle: hostStyle)
        #expect(request.method == "PUT")
        #expect(request.url.absoluteString == expected)
    }

    @Test("Errors: no host for Xcode/LocalTesting, empty transaction id")
    func urlErrors() {
        #expect(throws: EndpointError.environmentWithoutHost("Xcode")) {
            try SendConsumptionInformation.url(environment: .xcode, transactionId: "1")
        }
        #expect(throws: EndpointError.environmentWithoutHost("LocalTesting")) {
            try SendConsumptionInformation.request(
                transactionId: "1", body: body, environment: .localTesting)
        }
        #expect(throws: EndpointError.emptyPathParameter("transactionId")) {
            try SendConsumptionInformation.url(environment: .production, transactionId: "")
        }
        #expect(throws: EndpointError.unknownEnvironment("sandbox")) {
            try SendConsumptionInformation.url(
                environment: "sandbox", pathParameters: ["transactionId": "1"])
        }
    }

    @Test("The transaction identifier is percent-encoded as one path segment")
    func percentEncoding() throws {
        let url = try SendConsumptionInformation.url(
            environment: .production, transactionId: "a/b c")
        #expect(
            url.absoluteString
                == "https://api.storekit.apple.com/inApps/v2/transactions/consumption/a%2Fb%20c")
    }

    @Test("The request carries headers and a sorted-key JSON body")
    func request() throws {
        let request = try SendConsumptionInformation.request(
            transactionId: "2000000000000001", body: body, environment: .production)
        #expect(
            request.url.absoluteString
                == "https://api.storekit.apple.com/inApps/v2/transactions/consumption/2000000000000001"
        )
        #expect(request.headers.map(\.name) == ["User-Agent", "Accept", "Content-Type"])
        #expect(request.value(forHeader: "accept") == "application/json")
        #expect(request.value(forHeader: "content-type") == "application/json")
        #expect(request.value(forHeader: "User-Agent") == AppStoreServerAPILibrary.userAgent)
        #expect(request.value(forHeader: "Authorization") == nil)
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == #"{"consumptionPercentage":50000,"customerConsented":true,"#
                + #""deliveryStatus":"DELIVERED","refundPreference":"GRANT_PRORATED","#
                + #""sampleContentProvided":true}"#)
        #expect(try JSONDecoder().decode(ConsumptionRequest.self, from: request.body) == body)
    }

    @Test("Minimal body: required keys only; building is deterministic")
    func minimalBody() throws {
        let minimal = ConsumptionRequest(
            customerConsented: true, deliveryStatus: .undeliveredQualityIssue,
            sampleContentProvided: false)
        let first = try SendConsumptionInformation.request(
            transactionId: "1", body: minimal, environment: .sandbox)
        let second = try SendConsumptionInformation.request(
            transactionId: "1", body: minimal, environment: .sandbox)
        #expect(first == second)
        #expect(
            String(decoding: first.body, as: UTF8.self)
                == #"{"customerConsented":true,"deliveryStatus":"UNDELIVERED_QUALITY_ISSUE","#
                + #""sampleContentProvided":false}"#)
    }

    @Test("Invalid bodies are sent as given")
    func noImplicitValidation() throws {
        let request = try SendConsumptionInformation.request(
            transactionId: "1",
            body: ConsumptionRequest(
                customerConsented: false, deliveryStatus: .unknown("X"),
                sampleContentProvided: true, consumptionPercentage: 999_999),
            environment: .production)
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == #"{"consumptionPercentage":999999,"customerConsented":false,"#
                + #""deliveryStatus":"X","sampleContentProvided":true}"#)
    }
}
