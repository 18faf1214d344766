import Foundation
import Testing

@testable import AppStoreServerAPI

@Suite("SendConsumptionInformationV1")
struct SendConsumptionInformationV1Tests {
    let body = ConsumptionRequestV1(
        customerConsented: true, consumptionStatus: .known(.partiallyConsumed),
        platform: .known(.apple), sampleContentProvided: true,
        deliveryStatus: .known(.deliveredAndWorkingProperly),
        appAccountToken: "7389a31a-fb6d-4569-a2a6-db7d85d84813",
        accountTenure: .known(.greaterThanThreeHundredSixtyFiveDays),
        playTime: .known(.oneDayToFourDays), lifetimeDollarsRefunded: .known(.zeroDollars),
        lifetimeDollarsPurchased: .known(.twoThousandDollarsOrGreater),
        userStatus: .known(.active), refundPreference: .known(.preferDecline))

    @Test("Method and path template")
    func constants() {
        #expect(SendConsumptionInformationV1.method == "PUT")
        #expect(
            SendConsumptionInformationV1.pathTemplate
                == "/inApps/v1/transactions/consumption/{transactionId}")
        #expect(SendConsumptionInformationV1.pathParameterNames == ["transactionId"])
        #expect(SendConsumptionInformationV1.successStatus == 202)
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
        let expected = base + "/inApps/v1/transactions/consumption/2000000000000001"
        let typed = try SendConsumptionInformationV1.url(
            environment: environment, transactionId: "2000000000000001", hostStyle: hostStyle)
        #expect(typed.absoluteString == expected)
        let untyped = try SendConsumptionInformationV1.url(
            environment: environment.rawValue,
            pathParameters: ["transactionId": "2000000000000001"],
            hostStyle: hostStyle)
        #expect(untyped == typed)
        #expect(try environment.baseURL(hostStyle: hostStyle).absoluteString == base)
    }

    @Test("The contract overload defaults to the current hosts")
    func contractOverload() throws {
        let url = try SendConsumptionInformationV1.url(
            environment: "Sandbox", pathParameters: ["transactionId": "42"])
        #expect(
            url.absoluteString
                == "https://api.storekit-sandbox.apple.com/inApps/v1/transactions/consumption/42")
    }

    @Test("Unknown environment, missing or empty parameter throw typed errors")
    func urlErrors() {
        #expect(throws: EndpointError.unknownEnvironment("production")) {
            try SendConsumptionInformationV1.url(
                environment: "production", pathParameters: ["transactionId": "1"])
        }
        #expect(throws: EndpointError.environmentWithoutHost("Xcode")) {
            try SendConsumptionInformationV1.url(
                environment: "Xcode", pathParameters: ["transactionId": "1"])
        }
        #expect(throws: EndpointError.missingPathParameter("transactionId")) {
            try SendConsumptionInformationV1.url(environment: "Production", pathParameters: [:])
        }
        #expect(throws: EndpointError.emptyPathParameter("transactionId")) {
            try SendConsumptionInformationV1.url(environment: .production, transactionId: "")
        }
        #expect(throws: EndpointError.environmentWithoutHost("LocalTesting")) {
            try AppStoreEnvironment.localTesting.baseURL()
        }
    }

    @Test("The transaction identifier is percent-encoded as one path segment")
    func percentEncoding() throws {
        let url = try SendConsumptionInformationV1.url(
            environment: .production, transactionId: "a/b?c#d e%é")
        #expect(
            url.absoluteString
                == "https://api.storekit.apple.com/inApps/v1/transactions/consumption/"
                + "a%2Fb%3Fc%23d%20e%25%C3%A9")
        #expect(url.path.hasSuffix("/consumption/a/b?c#d e%é"))
        #expect(PathTemplate.percentEncodeSegment("AZaz09-._~\n") == "AZaz09-._~%0A")
    }

    @Test("The request carries method, URL, headers and a sorted-key JSON body")
    func request() throws {
        let request = try SendConsumptionInformationV1.request(
            transactionId: "2000000000000001", body: body, environment: .sandbox,
            hostStyle: .legacyItunes)
        #expect(request.method == "PUT")
        #expect(
            request.url.absoluteString
                == "https://api.storekit-sandbox.itunes.apple.com/inApps/v1/transactions/consumption/2000000000000001"
        )
        #expect(request.headers.map(\.name) == ["User-Agent", "Accept", "Content-Type"])
        #expect(request.value(forHeader: "accept") == "application/json")
        #expect(request.value(forHeader: "CONTENT-TYPE") == "application/json")
        #expect(request.value(forHeader: "User-Agent") == "app-store-server-api-swift/0.1.0")
        #expect(request.value(forHeader: "Authorization") == nil)

        #expect(try JSONDecoder().decode(ConsumptionRequestV1.self, from: request.body) == body)
        let text = String(decoding: request.body, as: UTF8.self)
        #expect(
            text
                == #"{"accountTenure":7,"appAccountToken":"7389a31a-fb6d-4569-a2a6-db7d85d84813","#
                + #""consumptionStatus":2,"customerConsented":true,"deliveryStatus":0,"#
                + #""lifetimeDollarsPurchased":7,"lifetimeDollarsRefunded":1,"platform":1,"#
                + #""playTime":5,"refundPreference":2,"sampleContentProvided":true,"userStatus":1}"#
        )
    }

    @Test("Building a request is deterministic and defaults to production, current hosts")
    func deterministic() throws {
        let first = try SendConsumptionInformationV1.request(
            transactionId: "1", body: body, environment: .production)
        let second = try SendConsumptionInformationV1.request(
            transactionId: "1", body: body, environment: .production)
        #expect(first == second)
        #expect(first.url.host == "api.storekit.apple.com")
    }

    @Test("The request builder encodes invalid bodies as given (the client validates before sending)")
    func noImplicitValidation() throws {
        let request = try SendConsumptionInformationV1.request(
            transactionId: "1", body: ConsumptionRequestV1(playTime: .unknown(8)),
            environment: .production)
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"appAccountToken":"","playTime":8}"#)
    }
}
