import Foundation
import Testing

@testable import AppStoreServerAPI

/// Hostile input to the lookup endpoints' paging and to the consumption builder: nothing a server
/// response or the app's facts can contain may trap, loop forever or give a wrong bucket.
@Suite("Lookups and builder: hostile input")
struct LookupHostileInputTests {
    // MARK: Paging

    @Test("revision tokens that cycle (A → B → A) end the paging with invalidResponse, not an endless loop")
    func cyclingRevisions() async throws {
        func page(_ revision: String) -> FakeTransport.Reply {
            .status(200, json: #"{"hasMore": true, "revision": "\#(revision)", "signedTransactions": []}"#)
        }
        // Enough scripted pages for the old check to be seen failing; then a 400 so a broken
        // check ends instead of hanging.
        let transport = FakeTransport(
            [page("A"), page("B"), page("A"), page("B"), page("A"), page("B")],
            fallback: .apple(400, code: 4000005))
        let client = try ClientFixtures.client(transport)
        let error = await ClientFixtures.failure {
            _ = try await client.transactionHistory(transactionId: "1").collect { $0.signedTransactions ?? [] }
        }
        guard case .invalidResponse(let status, let reason)? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(status == 200)
        #expect(reason.contains("revision"))
        // Page 1 (no token) names A, page 2 (A) names B, page 3 (B) names A again: a fourth
        // request for A is never sent.
        #expect(transport.calls.count == 3)
    }

    @Test("a paginationToken seen on any earlier page is refused before it is sent again")
    func cyclingPaginationTokens() async throws {
        func page(_ token: String) -> FakeTransport.Reply {
            .status(200, json: #"{"hasMore": true, "paginationToken": "\#(token)", "notificationHistory": []}"#)
        }
        let transport = FakeTransport(
            [page("t1"), page("t2"), page("t3"), page("t1"), page("t2"), page("t3")],
            fallback: .apple(400, code: 4000014))
        let client = try ClientFixtures.client(transport)
        var pages = 0
        var failure: AppStoreServerAPIClientError?
        do {
            for try await _ in client.notificationHistory(
                request: NotificationHistoryRequest(
                    startDate: Date(timeIntervalSince1970: 1_799_990_000), endDate: Date(timeIntervalSince1970: 1_800_000_000)))
            {
                pages += 1
            }
        } catch {
            failure = error
        }
        guard case .invalidResponse? = failure else {
            Issue.record("expected invalidResponse, got \(String(describing: failure))")
            return
        }
        // Four pages are good pages and are handed out; the fourth names t1 again.
        #expect(pages == 4)
        #expect(transport.calls.count == 4)
    }

    @Test("cancelling the task between pages ends the iteration with .cancelled; no further page is requested")
    func cancelledMidPaging() async throws {
        func page(_ n: Int) -> FakeTransport.Reply {
            .status(200, json: #"{"hasMore": true, "revision": "r\#(n)", "signedTransactions": []}"#)
        }
        let transport = FakeTransport((1...50).map(page), fallback: .apple(400, code: 4000005))
        let client = try ClientFixtures.client(transport)
        let task = Task { () -> (Int, AppStoreServerAPIClientError?) in
            var pages = 0
            do {
                for try await _ in client.transactionHistory(transactionId: "1") {
                    pages += 1
                    if pages == 2 { withUnsafeCurrentTask { $0?.cancel() } }
                }
            } catch {
                return (pages, error as? AppStoreServerAPIClientError)
            }
            return (pages, nil)
        }
        let (pages, error) = await task.value
        #expect(pages == 2)
        #expect(error == .cancelled)
        #expect(transport.calls.count == 2)
    }

    @Test("hostile page bodies: the error names the field (a number too big for appAppleId, a string hasMore, null)")
    func hostileBodies() async throws {
        let cases: [(json: String, field: String)] = [
            (#"{"hasMore": false, "appAppleId": 1e30, "signedTransactions": []}"#, "appAppleId"),
            (#"{"hasMore": false, "appAppleId": 99999999999999999999}"#, "appAppleId"),
            (#"{"hasMore": false, "appAppleId": 1.5}"#, "appAppleId"),
            (#"{"hasMore": "true"}"#, "hasMore"),
            (#"{"hasMore": false, "signedTransactions": [1]}"#, "signedTransactions"),
            (#"{"hasMore": false, "environment": 5}"#, "environment"),
        ]
        for (json, field) in cases {
            let client = try ClientFixtures.client(FakeTransport([.status(200, json: json)]))
            let error = await ClientFixtures.failure {
                _ = try await client.getTransactionHistory(transactionId: "1")
            }
            guard case .invalidResponse(let status, let reason)? = error else {
                Issue.record("\(json): expected invalidResponse, got \(String(describing: error))")
                continue
            }
            #expect(status == 200)
            #expect(reason.contains(field), "\(json): \(reason)")
        }
        let statuses = try ClientFixtures.client(
            FakeTransport([.status(200, json: #"{"appAppleId": 1e30, "data": []}"#)]))
        let error = await ClientFixtures.failure { _ = try await statuses.getAllSubscriptionStatuses(transactionId: "1") }
        guard case .invalidResponse(_, let reason)? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("appAppleId"), "\(reason)")
        // null, missing and unknown values are not errors.
        let lenient = try ClientFixtures.client(FakeTransport([
            .status(200, json: #"{"hasMore": null, "revision": null, "environment": "Staging", "appAppleId": null}"#)
        ]))
        let page = try await lenient.getTransactionHistory(transactionId: "1")
        #expect(page.hasMore == nil)
        #expect(page.environment == .unknown("Staging"))
    }

    // MARK: Recovery at the 12-hour boundary

    @Test("recovery at the boundary: exactly 12 h and 12 h − margin refused, 1 s inside sent, a duplicate on a later page and a future signedDate (skew) handled once")
    func recoveryBoundary() async throws {
        let pki = try TestPKI.get()
        let run = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 86_400).rounded(.down))
        func request(_ uuid: String, _ id: String, _ offset: TimeInterval) throws -> String {
            try ConsumptionWorkflowTests.consumptionRequest(
                pki, uuid: uuid, transactionId: id, signedDate: run.addingTimeInterval(offset))
        }
        let exactly12h = try request("u-12h", "2000000000000101", -12 * 3_600)
        let atDeadline = try request("u-deadline", "2000000000000102", -(12 * 3_600 - 60))
        let inside = try request("u-inside", "2000000000000103", -(12 * 3_600 - 61))
        let skewed = try request("u-skew", "2000000000000104", 300)
        func page(_ payloads: [String], next: String?) throws -> FakeTransport.Reply {
            var body: [String: Any] = ["hasMore": next != nil, "notificationHistory": payloads.map { ["signedPayload": $0] }]
            if let next { body["paginationToken"] = next }
            return .status(200, json: String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self))
        }
        let setup = try ConsumptionWorkflowTests.setup(
            pki,
            replies: [
                try page([exactly12h, inside], next: "p2"), try page([atDeadline, inside, skewed], next: nil),
                .status(202), .status(202),
            ],
            runAt: run)
        let outcomes = try await setup.recovery.run(
            isHandled: { _ in false }, consent: { _ in .granted(at: run.addingTimeInterval(-86_400)) },
            information: { _ in ConsumptionWorkflowTests.info })
        let results = outcomes.map { ($0.notificationUUID ?? "?", $0.result) }
        #expect(results.map(\.0) == ["u-12h", "u-deadline", "u-inside", "u-skew"])
        #expect(results[0].1 == .responded(.refused(.deadlinePassed(deadline: run.addingTimeInterval(-60)))))
        #expect(results[1].1 == .responded(.refused(.deadlinePassed(deadline: run))))
        #expect(results[2].1 == .responded(.sent(transactionId: "2000000000000103", attempts: 1)))
        #expect(results[3].1 == .responded(.sent(transactionId: "2000000000000104", attempts: 1)))
        let puts = setup.transport.requests.filter { $0.method == "PUT" }.map(\.url.lastPathComponent)
        #expect(puts == ["2000000000000103", "2000000000000104"])
    }

    // MARK: Builder

    @Test("a consumed fraction that isn't a number is unknown: no trap, no percentage, V1 undeclared")
    func nanFraction() {
        let builder = ConsumptionInformationBuilder()
        let transaction = ConsumptionWorkflowTests.tx("1")
        for fraction in [Double.nan, -Double.nan, Double.signalingNaN] {
            let info = builder.build(
                for: transaction, history: [transaction],
                facts: ConsumptionFacts(delivery: .delivered, consumedFraction: fraction, sampleContentProvided: false),
                at: Date(timeIntervalSince1970: 1_800_000_000))
            #expect(info.v2.consumptionPercentage == nil)
            #expect(info.v1.consumptionStatus == .known(.undeclared))
            #expect(info.v2.validationErrors(for: .consumable).isEmpty)
        }
        // Infinities are clamped like any out-of-range fraction.
        let over = builder.build(
            for: transaction, history: [transaction],
            facts: ConsumptionFacts(delivery: .delivered, consumedFraction: .infinity, sampleContentProvided: false),
            at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(over.v2.consumptionPercentage == 100_000)
        #expect(over.v1.consumptionStatus == .known(.fullyConsumed))
    }

    @Test("a prorated refund of a huge price doesn't trap; it counts as the share of the price")
    func proratedOverflow() {
        let builder = ConsumptionInformationBuilder()
        let huge = ConsumptionWorkflowTests.tx(
            "1", price: Int64.max / 2, revoked: true, revocationType: .refundProrated, percentage: 50_000)
        let totals = builder.lifetimeTotals([huge])
        #expect(totals.purchased == Int64.max / 2)
        #expect(totals.refunded == Int64.max / 4)
        #expect(ConsumptionInformationBuilder.dollarBucket(totals.refunded) == 7)
    }

    @Test("totals past Int64 saturate (the top bucket), never wrap to a negative $0")
    func sumOverflow() {
        let builder = ConsumptionInformationBuilder()
        let history = [
            ConsumptionWorkflowTests.tx("1", price: Int64.max / 2 + 1, revoked: true, revocationType: .refundFull),
            ConsumptionWorkflowTests.tx("2", price: Int64.max / 2 + 1, revoked: true, revocationType: .refundFull),
            ConsumptionWorkflowTests.tx("3", price: 10_000),
        ]
        let totals = builder.lifetimeTotals(history)
        #expect(totals.purchased == Int64.max)
        #expect(totals.refunded == Int64.max)
        #expect(ConsumptionInformationBuilder.dollarBucket(totals.purchased) == 7)
        #expect(ConsumptionInformationBuilder.dollarBucket(totals.refunded) == 7)
    }

    @Test("a conversion that answers a negative amount counts as nothing, not as a negative purchase")
    func negativeConversion() {
        let builder = ConsumptionInformationBuilder { amount, currency in currency == "XXX" ? -amount : amount }
        let totals = builder.lifetimeTotals([
            ConsumptionWorkflowTests.tx("1", price: 10_000),
            ConsumptionWorkflowTests.tx("2", price: 5_000, currency: "XXX", revoked: true, revocationType: .refundFull),
        ])
        #expect(totals.purchased == 10_000)
        #expect(totals.refunded == 0)
    }
}
