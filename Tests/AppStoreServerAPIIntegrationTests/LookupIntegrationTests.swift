import AppStoreServerAPI
import Foundation
import Testing

/// The lookup, history and test-notification endpoints against the stand-in: paths, query
/// parameters, bodies, pages and every documented failure the stand-in can produce.
@Suite("Lookups, history and test notifications against the stand-in")
struct LookupIntegrationTests {
    static let id = "2000000000000001"
    static let now = Date()

    /// The error a call throws, or `nil`.
    func failure<T>(_ body: () async throws -> T) async -> AppStoreServerAPIClientError? {
        await clientFailure { _ = try await body() }
    }

    @Test("Get Transaction Info: 200 with the signed transaction; 404 4040010; 400 4000006")
    func transactionInfo() async throws {
        let server = try StandIn()
        defer { server.stop() }
        try await server.fixtures(["transactions": [Self.id: "signed.transaction.one"]])
        let client = try server.client()
        let info = try await client.getTransactionInfo(transactionId: Self.id)
        #expect(info.signedTransactionInfo == "signed.transaction.one")
        let missing = await failure { try await client.getTransactionInfo(transactionId: "2000000000000999") }
        #expect(missing == .apiError(status: 404, code: .known(.transactionIdNotFound), message: "Transaction id not found."))
        let invalid = await failure { try await client.getTransactionInfo(transactionId: "abc") }
        #expect(invalid?.apiError == .invalidTransactionId)
        let requests = try await server.requests()
        #expect(requests.first?["method"] as? String == "GET")
        #expect(requests.first?["path"] as? String == "/inApps/v1/transactions/\(Self.id)")
        #expect((requests.first?["jwt"] as? [String: Any]) != nil)
    }

    @Test("Get Transaction History v2: three pages through revision, filters as Apple's query parameters")
    func transactionHistory() async throws {
        let server = try StandIn()
        defer { server.stop() }
        let pages: [[String: Any]] = [
            ["signedTransactions": ["t1", "t2"], "bundleId": Identity.bundleId, "environment": "Sandbox"],
            ["signedTransactions": ["t3"]], ["signedTransactions": ["t4"]],
        ]
        try await server.fixtures(["history": [Self.id: pages]])
        let client = try server.client()
        let query = TransactionHistoryRequest(
            startDate: Date(timeIntervalSince1970: 1_700_000_000), endDate: Date(timeIntervalSince1970: 1_800_000_000),
            productIds: ["com.example.a", "com.example.b"], productTypes: [.consumable, .nonConsumable],
            sort: .descending, subscriptionGroupIdentifiers: ["21000000"], inAppOwnershipType: .purchased,
            revoked: false)
        var seen: [String] = []
        var hasMore: [Bool?] = []
        for try await page in client.transactionHistory(transactionId: Self.id, query: query) {
            seen += page.signedTransactions ?? []
            hasMore.append(page.hasMore)
        }
        #expect(seen == ["t1", "t2", "t3", "t4"])
        #expect(hasMore == [true, true, false])
        let requests = try await server.requests()
        try #require(requests.count == 3)
        let queries = requests.map { $0["query"] as? [String: [String]] ?? [:] }
        #expect(queries.map { $0["revision"] } == [nil, ["page-2"], ["page-3"]])
        for q in queries {
            #expect(q["startDate"] == ["1700000000000"])
            #expect(q["endDate"] == ["1800000000000"])
            #expect(q["productId"] == ["com.example.a", "com.example.b"])
            #expect(q["productType"] == ["CONSUMABLE", "NON_CONSUMABLE"])
            #expect(q["sort"] == ["DESCENDING"])
            #expect(q["subscriptionGroupIdentifier"] == ["21000000"])
            #expect(q["inAppOwnershipType"] == ["PURCHASED"])
            #expect(q["revoked"] == ["false"])
        }
        #expect(requests.allSatisfy { $0["path"] as? String == "/inApps/v2/history/\(Self.id)" })
        #expect(requests.allSatisfy { $0["status"] as? Int == 200 })
    }

    @Test("Get Transaction History: a revision the server didn't hand out is 400 4000005; start after end 4000013; unknown id 404")
    func transactionHistoryErrors() async throws {
        let server = try StandIn()
        defer { server.stop() }
        try await server.fixtures(["history": [Self.id: [["signedTransactions": []]]]])
        let client = try server.client()
        let bad = await failure { try await client.getTransactionHistory(transactionId: Self.id, revision: "forged") }
        #expect(bad?.apiError == .invalidRequestRevision)
        let dates = await failure {
            try await client.getTransactionHistory(
                transactionId: Self.id,
                query: TransactionHistoryRequest(startDate: Self.now, endDate: Self.now.addingTimeInterval(-60)))
        }
        #expect(dates?.apiError == .startDateAfterEndDate)
        let unknown = await failure { try await client.getTransactionHistory(transactionId: "2000000000000999") }
        #expect(unknown?.httpStatus == 404)
        #expect(unknown?.apiError == .transactionIdNotFound)
        let one = try await client.transactionHistory(transactionId: Self.id).collect { $0.signedTransactions ?? [] }
        #expect(one.isEmpty)
    }

    @Test("Get Refund History v2: two pages; a failed page ends the sequence with its error")
    func refundHistory() async throws {
        let server = try StandIn()
        defer { server.stop() }
        try await server.fixtures(["refunds": [Self.id: [["signedTransactions": ["r1"]], ["signedTransactions": ["r2"]]]]])
        let client = try server.client()
        let all = try await client.refundHistory(transactionId: Self.id).collect { $0.signedTransactions ?? [] }
        #expect(all == ["r1", "r2"])
        let paths = try await server.requests().map { $0["path"] as? String }
        #expect(paths == Array(repeating: "/inApps/v2/refund/lookup/\(Self.id)", count: 2))

        // The second page fails with 500 twice then 404: retried as the consumption calls are,
        // then the 404 ends the sequence.
        let retrying = try server.client(retryPolicy: RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10), jitter: .none))
        var iterator = retrying.refundHistory(transactionId: Self.id).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.signedTransactions == ["r1"])
        try await server.script([
            StandIn.appleError(500, 5000000, "An unknown error occurred."),
            StandIn.appleError(404, 4040010, "Transaction id not found."),
        ])
        do {
            _ = try await iterator.next()
            Issue.record("the failed page returned")
        } catch {
            #expect(error.apiError == .transactionIdNotFound)
        }
        #expect(try await iterator.next() == nil)
    }

    @Test("Get All Subscription Statuses: status filter as repeated query parameters; invalid status 4000031")
    func statuses() async throws {
        let server = try StandIn()
        defer { server.stop() }
        let body: [String: Any] = [
            "environment": "Sandbox", "bundleId": Identity.bundleId, "appAppleId": 1234,
            "data": [[
                "subscriptionGroupIdentifier": "21000000",
                "lastTransactions": [
                    ["status": 1, "originalTransactionId": "1", "signedTransactionInfo": "a", "signedRenewalInfo": "b"],
                    ["status": 2, "originalTransactionId": "2", "signedTransactionInfo": "c", "signedRenewalInfo": "d"],
                ],
            ]],
        ]
        try await server.fixtures(["statuses": [Self.id: body]])
        let client = try server.client()
        let all = try await client.getAllSubscriptionStatuses(transactionId: Self.id)
        #expect(all.environment == .known(.sandbox))
        #expect(all.data?.first?.lastTransactions?.map(\.status) == [.known(.active), .known(.expired)])
        let active = try await client.getAllSubscriptionStatuses(transactionId: Self.id, status: [.active, .billingGracePeriod])
        #expect(active.data?.first?.lastTransactions?.map(\.originalTransactionId) == ["1"])
        let requests = try await server.requests()
        #expect((requests[1]["query"] as? [String: [String]])?["status"] == ["1", "4"])
        #expect(requests[1]["path"] as? String == "/inApps/v1/subscriptions/\(Self.id)")
        let missing = await failure { try await client.getAllSubscriptionStatuses(transactionId: "2000000000000999") }
        #expect(missing?.apiError == .transactionIdNotFound)
    }

    @Test("Get Notification History: same body on every page, paginationToken in the query; Apple's body rules")
    func notificationHistory() async throws {
        let server = try StandIn()
        defer { server.stop() }
        let pages: [[String: Any]] = [
            ["notificationHistory": [["signedPayload": "n1", "sendAttempts": [["attemptDate": 1_700_000_000_000, "sendAttemptResult": "NO_RESPONSE"]]]]],
            ["notificationHistory": [["signedPayload": "n2", "sendAttempts": []]]],
        ]
        try await server.fixtures(["notificationHistory": pages])
        let client = try server.client()
        let request = NotificationHistoryRequest(
            startDate: Self.now.addingTimeInterval(-86_400), endDate: Self.now,
            notificationType: .known(.consumptionRequest), onlyFailures: true)
        var items: [NotificationHistoryResponseItem] = []
        for try await page in client.notificationHistory(request: request) { items += page.notificationHistory ?? [] }
        #expect(items.map(\.signedPayload) == ["n1", "n2"])
        #expect(items[0].sendAttempts?.first?.sendAttemptResult == .known(.noResponse))
        #expect(items[0].sendAttempts?.first?.attemptDate == Date(timeIntervalSince1970: 1_700_000_000))
        let requests = try await server.requests()
        try #require(requests.count == 2)
        #expect(requests.map { ($0["query"] as? [String: [String]])?["paginationToken"] } == [nil, ["page-2"]])
        for sent in requests {
            #expect(sent["method"] as? String == "POST")
            #expect(sent["path"] as? String == "/inApps/v1/notifications/history")
            let body = try #require(sent["body"] as? [String: Any])
            #expect(body["notificationType"] as? String == "CONSUMPTION_REQUEST")
            #expect(body["onlyFailures"] as? Bool == true)
            #expect(body["startDate"] as? Int == Int(AppStoreDate.millisecondsSince1970(request.startDate!)))
        }

        let both = NotificationHistoryRequest(
            startDate: Self.now.addingTimeInterval(-60), endDate: Self.now, notificationType: .known(.refund),
            transactionId: Self.id)
        #expect(await failure { try await client.getNotificationHistory(request: both) }?.apiError == .multipleFiltersSupplied)
        let old = NotificationHistoryRequest(startDate: Self.now.addingTimeInterval(-200 * 86_400), endDate: Self.now)
        #expect(await failure { try await client.getNotificationHistory(request: old) }?.apiError == .startDateTooFarInPast)
        let noDates = NotificationHistoryRequest(transactionId: Self.id)
        #expect(await failure { try await client.getNotificationHistory(request: noDates) }?.apiError == .invalidStartDate)
        let forged = await failure { try await client.getNotificationHistory(request: request, paginationToken: "nope") }
        #expect(forged?.apiError == .invalidPaginationToken)
    }

    @Test("Request a Test Notification and Get Test Notification Status; 404 4040007, 4040008; 400 4000020")
    func testNotifications() async throws {
        let server = try StandIn()
        defer { server.stop() }
        let client = try server.client()
        let noURL = await failure { try await client.requestTestNotification() }
        #expect(noURL?.apiError == .serverNotificationUrlNotFound)
        #expect(noURL?.httpStatus == 404)

        let token = "ce3af791-365e-4c60-841b-1674b43c1609"
        try await server.fixtures([
            "testNotificationToken": token,
            "testNotifications": [token: [
                "signedPayload": "test.jws",
                "sendAttempts": [["attemptDate": 1_700_000_000_000, "sendAttemptResult": "SUCCESS"]],
            ]],
        ])
        let sent = try await client.requestTestNotification()
        #expect(sent.testNotificationToken == token)
        let status = try await client.getTestNotificationStatus(testNotificationToken: token)
        #expect(status.signedPayload == "test.jws")
        #expect(status.sendAttempts?.map(\.sendAttemptResult) == [.known(.success)])
        let unknown = await failure {
            try await client.getTestNotificationStatus(testNotificationToken: "00000000-0000-4000-8000-000000000000")
        }
        #expect(unknown?.apiError == .testNotificationNotFound)
        let invalid = await failure { try await client.getTestNotificationStatus(testNotificationToken: "a b") }
        #expect(invalid?.apiError == .invalidTestNotificationToken)
        let requests = try await server.requests()
        #expect(requests.map { "\($0["method"] ?? "") \($0["path"] ?? "")" }.prefix(3) == [
            "POST /inApps/v1/notifications/test", "POST /inApps/v1/notifications/test",
            "GET /inApps/v1/notifications/test/\(token)",
        ])
    }

    @Test("429 with Retry-After, 500 retried, 401 with an untrusted key, and a 200 that isn't JSON")
    func statusesAndRetries() async throws {
        let server = try StandIn()
        defer { server.stop() }
        try await server.fixtures(["transactions": [Self.id: "jws"]])
        let client = try server.client(retryPolicy: RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10), jitter: .none))
        try await server.script([
            StandIn.appleError(429, 4290000, "Rate limit exceeded.", extra: ["retry_after_in_ms": 50]),
            StandIn.appleError(500, 5000001, "An unknown error occurred. Please try again."),
        ])
        let info = try await client.getTransactionInfo(transactionId: Self.id)
        #expect(info.signedTransactionInfo == "jws")
        #expect(try await server.requests().count == 3)

        try await server.script([["status": 200, "body": "not json"]])
        let garbage = await failure { try await client.getTransactionInfo(transactionId: Self.id) }
        guard case .invalidResponse(let status, _)? = garbage else {
            Issue.record("expected invalidResponse, got \(String(describing: garbage))")
            return
        }
        #expect(status == 200)

        try await server.script([["status": 200, "body": ["hasMore": true, "revision": NSNull(), "signedTransactions": ["x"]]]])
        var iterator = client.transactionHistory(transactionId: Self.id).makeAsyncIterator()
        #expect(try await iterator.next()?.signedTransactions == ["x"])
        do {
            _ = try await iterator.next()
            Issue.record("paging went on without a revision")
        } catch {
            if case .invalidResponse = error {} else { Issue.record("unexpected \(error)") }
        }

        let untrusted = try server.client(trustedKey: false)
        #expect(await failure { try await untrusted.getTransactionInfo(transactionId: Self.id) } == .unauthorized)
    }
}
