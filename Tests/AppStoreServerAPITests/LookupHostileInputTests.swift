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
}
