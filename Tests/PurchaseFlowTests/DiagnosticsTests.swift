import Foundation
import PurchaseFlow
import Testing

@Suite("Diagnostics")
struct DiagnosticsTests {
    @Test("snapshot: unfinished, currentEntitlements, latest(for:) and subscription status; tokens redacted")
    func snapshotContents() async throws {
        let (store, clock) = makeStore()
        let token = try #require(UUID(uuidString: "7E3FB20B-4CDB-47CC-936D-99D65F608138"))
        _ = try await store.purchase(productId: "monthly", options: PurchaseOptions(appAccountToken: token))
        clock.advance(by: minute)

        let snapshot = await PurchaseDiagnostics.snapshot(
            store: store, productIds: ["monthly", "lifetime"], timeSource: clock.timeSource)

        #expect(snapshot.takenAt == t0 + minute)
        #expect(snapshot.unfinishedCount == 1)
        #expect(snapshot.currentEntitlementsCount == 1)
        #expect(snapshot.latest.map(\.productId) == ["monthly", "lifetime"])
        #expect(snapshot.latest[0].activeState == "active")
        #expect(snapshot.latest[0].transaction?.expirationDate == t0 + SimulatedProduct.sandboxMonth)
        #expect(snapshot.latest[0].inCurrentEntitlements)
        #expect(snapshot.latest[1].transaction == nil)
        #expect(snapshot.subscriptionGroups.map(\.groupId) == ["pro"])
        #expect(snapshot.subscriptionGroups[0].statuses.map(\.state) == ["subscribed"])
        #expect(snapshot.subscriptionGroups[0].statuses[0].willAutoRenew)

        let redacted = Redaction.hashPrefix.apply(to: token)
        #expect(redacted.hasPrefix("hash:") && redacted.count == 13)
        #expect(snapshot.unfinished[0].appAccountToken == redacted)
        let text = snapshot.text
        let json = try snapshot.json()
        for output in [text, json] {
            #expect(!output.lowercased().contains(token.uuidString.lowercased()))
            #expect(output.contains(redacted))
        }
        let fully = await PurchaseDiagnostics.snapshot(
            store: store, productIds: ["monthly"], timeSource: clock.timeSource, redaction: .redacted)
        #expect(fully.unfinished[0].appAccountToken == "redacted")
    }

    @Test("snapshot text: one line per fact, in a fixed order")
    func snapshotText() async throws {
        let (store, clock, renewals) = try await SeedScenarioTests.expiredSandboxChain()
        let snapshot = await PurchaseDiagnostics.snapshot(store: store, productIds: ["monthly"], timeSource: clock.timeSource)
        let lines = snapshot.text.split(separator: "\n").map(String.init)
        #expect(lines[0] == "snapshot at 2026-01-01T00:00:00Z (appAccountToken: hashPrefix)")
        #expect(lines[1] == "unfinished: 2 [\(renewals.joined(separator: ", "))]")
        #expect(lines[2].hasPrefix("  \(renewals[0]) monthly autoRenewable purchased 2025-12-31T23:05:00Z"))
        #expect(lines[4] == "currentEntitlements: 0")
        #expect(lines[5].hasPrefix("latest(for: monthly): \(renewals[1]) "))
        #expect(lines[5].hasSuffix("state expired(2025-12-31T23:15:00Z)"))
        #expect(lines[6].hasPrefix("subscription group pro: expired (2) transaction \(renewals[1])"))
        #expect(lines[6].contains("willAutoRenew false"))
        #expect(lines[6].contains("expirationReason autoRenewDisabled"))
    }

    @Test("JSON output is stable: sorted keys, ISO 8601 dates, same bytes every time")
    func stableJSON() async throws {
        let (store, clock, _) = try await SeedScenarioTests.expiredSandboxChain()
        let attempt = await PurchaseAttempt.begin(productId: "monthly", store: store, timeSource: clock.timeSource)
        let result = try await store.purchase(productId: "monthly", options: PurchaseOptions())
        let snapshot = await PurchaseDiagnostics.snapshot(store: store, productIds: ["monthly"], timeSource: clock.timeSource)
        let diagnosis = PurchaseDiagnostics.diagnose(snapshot, attempt: attempt, result: result)
        let json = try diagnosis.json()
        #expect(json == (try diagnosis.json()))
        #expect(json.contains("\"code\" : \"staleUnfinishedTransactionReturnedByPurchase\""))
        #expect(json.contains("\"date\" : \"2025-12-31T23:15:00Z\""))
        // Keys of each finding appear in sorted order.
        let keys = ["code", "date", "message", "originalTransactionId", "productId", "severity", "transactionId"]
        let expiredFinding = try #require(json.range(of: "\"code\" : \"expiredSubscriptionChain\""))
        var position = json.index(expiredFinding.lowerBound, offsetBy: -1)
        for key in keys {
            let found = try #require(json.range(of: "\"\(key)\"", range: position..<json.endIndex))
            position = found.upperBound
        }
        let decoded = try JSONDecoder.iso8601.decode(Diagnosis.self, from: Data(json.utf8))
        #expect(decoded == diagnosis)
        let snapshotJSON = try snapshot.json()
        #expect(try JSONDecoder.iso8601.decode(DiagnosticSnapshot.self, from: Data(snapshotJSON.utf8)) == snapshot)
    }

    @Test("diagnosis text: one line per finding, errors first")
    func diagnosisText() async throws {
        let (store, clock, renewals) = try await SeedScenarioTests.expiredSandboxChain()
        let attempt = await PurchaseAttempt.begin(productId: "monthly", store: store, timeSource: clock.timeSource)
        let result = try await store.purchase(productId: "monthly", options: PurchaseOptions())
        let snapshot = await PurchaseDiagnostics.snapshot(store: store, productIds: ["monthly"], timeSource: clock.timeSource)
        let lines = PurchaseDiagnostics.diagnose(snapshot, attempt: attempt, result: result).text
            .split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("error: [staleUnfinishedTransactionReturnedByPurchase] purchase(productId: monthly) returned transaction \(renewals[0])"))
        #expect(lines[1].hasPrefix("warning: [expiredSubscriptionChain] the subscription chain"))
        #expect(lines[1].contains("expired at 2025-12-31T23:15:00Z"))
        #expect(lines[2].hasPrefix("warning: [unfinishedTransactionsPending] 2 verified transaction(s)"))
        #expect(PurchaseDiagnostics.diagnose(snapshot).text.contains("[expiredSubscriptionChain]"))
    }

    @Test("no findings on a healthy store; grace period and revocation are notes")
    func notes() async throws {
        let (store, clock) = makeStore(SimulatedStore.Behavior(gracePeriod: day))
        #expect(PurchaseDiagnostics.diagnose(await PurchaseDiagnostics.snapshot(store: store, productIds: [])).text == "note: no findings")
        let sub = try #require(try await store.purchase(productId: "monthly", options: PurchaseOptions()).transactionValue)
        let life = try #require(try await store.purchase(productId: "lifetime", options: PurchaseOptions()).transactionValue)
        await store.finish(sub)
        await store.finish(life)
        try await store.setRenewalPaymentFails(productId: "monthly")
        clock.advance(by: SimulatedProduct.sandboxMonth + minute)
        try await store.refund(transactionId: life.transactionId)
        let snapshot = await PurchaseDiagnostics.snapshot(
            store: store, productIds: ["monthly", "lifetime"], timeSource: clock.timeSource)
        let diagnosis = PurchaseDiagnostics.diagnose(snapshot)
        #expect(diagnosis.codes == [.inGracePeriod, .revokedTransaction])
        #expect(diagnosis.findings.allSatisfy { $0.severity == .note })
        #expect(diagnosis.findings(.inGracePeriod).first?.date == t0 + SimulatedProduct.sandboxMonth + day)
    }
}

extension JSONDecoder {
    static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
