import Foundation
import Testing

@testable import AppStoreServerAPI

/// The exact requests of the lookup endpoints (method, URL with query, headers, body), through
/// the client with a fake transport.
@Suite("Lookup requests")
struct LookupRequestTests {
    @Test("each endpoint's method and path, Apple's error codes per endpoint are known codes")
    func endpoints() {
        #expect(GetTransactionInfo.method == "GET" && GetTransactionInfo.pathTemplate == "/inApps/v1/transactions/{transactionId}")
        #expect(GetTransactionHistory.pathTemplate == "/inApps/v2/history/{transactionId}")
        #expect(GetRefundHistory.pathTemplate == "/inApps/v2/refund/lookup/{transactionId}")
        #expect(GetAllSubscriptionStatuses.pathTemplate == "/inApps/v1/subscriptions/{transactionId}")
        #expect(GetNotificationHistory.method == "POST" && GetNotificationHistory.pathTemplate == "/inApps/v1/notifications/history")
        #expect(RequestTestNotification.method == "POST" && RequestTestNotification.pathTemplate == "/inApps/v1/notifications/test")
        #expect(GetTestNotificationStatus.pathTemplate == "/inApps/v1/notifications/test/{testNotificationToken}")
        for codes in [
            GetTransactionInfo.errorCodes, GetTransactionHistory.errorCodes, GetRefundHistory.errorCodes,
            GetAllSubscriptionStatuses.errorCodes, GetNotificationHistory.errorCodes, RequestTestNotification.errorCodes,
            GetTestNotificationStatus.errorCodes,
        ] {
            #expect(codes.contains(.rateLimitExceeded))
            #expect(codes.contains(.generalInternal))
            #expect(Set(codes).count == codes.count)
        }
    }

    @Test("history query: Apple's parameter names and order, values percent-encoded, revision first")
    func historyQuery() async throws {
        let transport = FakeTransport([.status(200, json: #"{"hasMore": false, "signedTransactions": []}"#)])
        let client = try ClientFixtures.client(transport)
        _ = try await client.getTransactionHistory(
            transactionId: "2000000000000001", revision: "a+b/c=",
            query: TransactionHistoryRequest(
                startDate: Date(timeIntervalSince1970: 1), productIds: ["x&y"], productTypes: [.autoRenewable],
                sort: .ascending, revoked: true))
        let url = try #require(transport.requests.first?.url.absoluteString)
        #expect(
            url == "https://api.storekit-sandbox.apple.com/inApps/v2/history/2000000000000001"
                + "?revision=a%2Bb%2Fc%3D&startDate=1000&productId=x%26y&productType=AUTO_RENEWABLE&sort=ASCENDING&revoked=true")
        #expect(transport.requests.first?.method == "GET")
        #expect(transport.requests.first?.body.isEmpty == true)
        #expect(transport.requests.first?.value(forHeader: "Content-Type") == nil)
    }

    @Test("notification history: JSON body with dates in milliseconds, token in the query")
    func notificationHistoryRequest() async throws {
        let transport = FakeTransport([.status(200, json: #"{"hasMore": false, "paginationToken": "t", "notificationHistory": []}"#)])
        let client = try ClientFixtures.client(transport)
        _ = try await client.getNotificationHistory(
            request: NotificationHistoryRequest(
                startDate: Date(timeIntervalSince1970: 1_700_000_000), endDate: Date(timeIntervalSince1970: 1_700_086_400),
                notificationType: .known(.consumptionRequest)),
            paginationToken: "tok")
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.absoluteString.hasSuffix("/inApps/v1/notifications/history?paginationToken=tok"))
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == #"{"endDate":1700086400000,"notificationType":"CONSUMPTION_REQUEST","startDate":1700000000000}"#)
        #expect(request.value(forHeader: "Content-Type") == "application/json")
    }

    @Test("a deadline already past: nothing sent; retries stop at the deadline as for consumption calls")
    func deadline() async throws {
        let clock = ManualClock()
        let transport = FakeTransport([.apple(500, code: 5000000), .apple(500, code: 5000000), .status(200, json: "{}")])
        let client = try ClientFixtures.client(transport, clock: clock)
        do {
            _ = try await client.getTransactionInfo(transactionId: "1", deadline: clock.now)
            Issue.record("no deadline error")
        } catch {
            #expect(error == .deadlineExceeded(lastError: nil))
        }
        #expect(transport.requests.isEmpty)
        let info = try await client.getTransactionInfo(transactionId: "1", deadline: clock.now.addingTimeInterval(60))
        #expect(info.signedTransactionInfo == nil)
        #expect(transport.requests.count == 3)
        #expect(clock.sleeps == [.seconds(1), .seconds(2)])
    }
}
