import AppStoreServerAPI
import Foundation
import Testing

/// Issue 17, report 1, against the stand-in: Apple rejects a V1 body without `appAccountToken`;
/// the client now sends `""` and refuses invalid bodies before anything leaves the process.
@Suite("V1 consumption body: appAccountToken and validation against the stand-in")
struct V1ValidationIntegrationTests {
    @Test("no appAccountToken → sent as \"\", 202; an invalid body → typed error and the stand-in saw nothing")
    func tokenAndValidation() async throws {
        let server = try StandIn()
        defer { server.stop() }
        let client = try server.client()

        var invalid = Bodies.v1
        invalid.appAccountToken = "not-a-uuid"
        let error = await clientFailure {
            try await client.sendConsumptionData(transactionId: "2000000000000001", consumptionRequest: invalid)
        }
        guard case .invalidConsumptionRequest(let problems)? = error else {
            Issue.record("expected invalidConsumptionRequest, got \(String(describing: error))")
            return
        }
        #expect(problems.map(\.errorCode) == [4000033])
        #expect(try await server.requests().isEmpty)

        var noToken = Bodies.v1
        noToken.appAccountToken = nil
        let response = try await client.sendConsumptionData(
            transactionId: "2000000000000001", consumptionRequest: noToken)
        #expect(response.status == 202)
        let requests = try await server.requests()
        try #require(requests.count == 1)
        #expect((requests[0]["problems"] as? [String]) == [])
        let body = try #require(requests[0]["body"] as? [String: Any])
        #expect(body["appAccountToken"] as? String == "")
    }
}
