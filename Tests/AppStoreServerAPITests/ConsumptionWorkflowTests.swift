import Foundation
import Testing

@testable import AppStoreServerAPI

/// Filling the consumption fields from a history, and recovering missed `CONSUMPTION_REQUEST`s
/// within the 12-hour window, with an injected clock.
@Suite("Consumption workflow: builder and missed-notification recovery")
struct ConsumptionWorkflowTests {
    static func tx(
        _ id: String, price: Int64 = 9_990, currency: String = "USD", quantity: Int32 = 1,
        type: ProductType = .consumable, revoked: Bool = false, revocationType: RevocationType? = nil,
        percentage: Int32? = nil, ownership: InAppOwnershipType = .purchased
    ) -> JWSTransactionDecodedPayload {
        JWSTransactionDecodedPayload(
            transactionId: id, originalTransactionId: id, bundleId: "com.example", productId: "p", quantity: quantity,
            type: .known(type), appAccountToken: UUID(uuidString: "7389a31a-fb6d-4569-a2a6-db7d85d84813"),
            inAppOwnershipType: .known(ownership), revocationDate: revoked ? Date(timeIntervalSince1970: 1) : nil,
            environment: .known(.sandbox), currency: currency, price: price,
            revocationType: revocationType.map { .known($0) }, revocationPercentage: percentage)
    }

    // MARK: Builder

    @Test("lifetime totals: price × quantity, family shared excluded, prorated refunds, refunded copy counted once")
    func totals() {
        let builder = ConsumptionInformationBuilder()
        let history = [
            Self.tx("1", price: 9_990, quantity: 2),  // 19.98
            Self.tx("2", price: 40_000),  // 40.00, refunded (copy below)
            Self.tx("2", price: 40_000, revoked: true, revocationType: .refundFull),
            Self.tx("3", price: 100_000, revoked: true, revocationType: .refundProrated, percentage: 25_000),  // 25.00 back
            Self.tx("4", price: 500_000, ownership: .familyShared),
            Self.tx("5", price: 10_000, revoked: true, revocationType: .familyRevoke),
        ]
        let totals = builder.lifetimeTotals(history)
        #expect(totals.purchased == Int64(19_980 + 40_000 + 100_000 + 10_000))
        #expect(totals.refunded == Int64(40_000 + 25_000))
        #expect(ConsumptionInformationBuilder.dollarBucket(totals.purchased) == 4)  // $100–499.99
        #expect(ConsumptionInformationBuilder.dollarBucket(totals.refunded) == 3)  // $50–99.99
        #expect(builder.lifetimeTotals([]).purchased == 0)
        #expect(ConsumptionInformationBuilder.dollarBucket(0) == 1)
        #expect(ConsumptionInformationBuilder.dollarBucket(10) == 2)
        #expect(ConsumptionInformationBuilder.dollarBucket(49_999) == 2)
        #expect(ConsumptionInformationBuilder.dollarBucket(2_000_000) == 7)
        #expect(ConsumptionInformationBuilder.dollarBucket(nil) == 0)
        // A price in another currency without a conversion: undeclared, not a guess.
        #expect(builder.lifetimeTotals([Self.tx("9", currency: "EUR")]).purchased == nil)
        let euro = ConsumptionInformationBuilder { $1 == "EUR" ? $0 * 11 / 10 : ($1 == "USD" ? $0 : nil) }
        #expect(euro.lifetimeTotals([Self.tx("9", price: 10_000, currency: "EUR")]).purchased == 11_000)
    }

    @Test("V2: consumptionPercentage only for delivered content, never for auto-renewables; bodies pass Apple's rules")
    func v2Rules() throws {
        let builder = ConsumptionInformationBuilder()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let consumable = Self.tx("1")
        let delivered = builder.build(
            for: consumable, history: [consumable],
            facts: ConsumptionFacts(delivery: .delivered, consumedFraction: 0.25, sampleContentProvided: true), at: now)
        #expect(delivered.v2.consumptionPercentage == 25_000)
        #expect(delivered.v2.deliveryStatus == .known(.delivered))
        #expect(delivered.v2.customerConsented == true)
        #expect(delivered.v2.validationErrors(for: .consumable).isEmpty)

        let undelivered = builder.build(
            for: consumable, history: [consumable],
            facts: ConsumptionFacts(delivery: .undeliveredServerOutage, consumedFraction: 0.5, sampleContentProvided: false),
            at: now)
        #expect(undelivered.v2.consumptionPercentage == nil)
        #expect(undelivered.v2.deliveryStatus == .known(.undeliveredServerOutage))
        #expect(undelivered.v1.consumptionStatus == .known(.undeclared))
        #expect(undelivered.v2.validationErrors(for: .consumable).isEmpty)

        let subscription = Self.tx("7", type: .autoRenewableSubscription)
        let sub = builder.build(
            for: subscription, history: [subscription],
            facts: ConsumptionFacts(delivery: .delivered, consumedFraction: 1, sampleContentProvided: false,
                                    refundPreference: .grantProrated),
            at: now)
        #expect(sub.v2.consumptionPercentage == nil)
        #expect(sub.v2.validationErrors(for: .autoRenewableSubscription).isEmpty)

        let currency = builder.build(
            for: consumable, history: [],
            facts: ConsumptionFacts(delivery: .undeliveredInGameCurrencyChange, sampleContentProvided: false), at: now)
        #expect(currency.v2.deliveryStatus == .known(.undeliveredOther))
        #expect(currency.v1.deliveryStatus == .known(.didNotDeliverDueToIngameCurrencyChange))
    }

    @Test("V1: buckets from the history and the app's facts; the token only when shared; valid by Apple's rules")
    func v1Fields() throws {
        let builder = ConsumptionInformationBuilder()
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let refunded = Self.tx("1", price: 60_000)
        let info = builder.build(
            for: refunded, history: [refunded, Self.tx("2", price: 1_950_000)],
            facts: ConsumptionFacts(
                delivery: .delivered, consumedFraction: 0, sampleContentProvided: true,
                refundPreferenceV1: .preferDecline, accountCreated: now.addingTimeInterval(-400 * 86_400),
                playTimeSeconds: 2 * 3_600, platform: .apple, userStatus: .active, shareAppAccountToken: true),
            at: now)
        let v1 = info.v1
        #expect(v1.lifetimeDollarsPurchased == .known(.twoThousandDollarsOrGreater))
        #expect(v1.lifetimeDollarsRefunded == .known(.zeroDollars))
        #expect(v1.consumptionStatus == .known(.notConsumed))
        #expect(v1.accountTenure == .known(.greaterThanThreeHundredSixtyFiveDays))
        #expect(v1.playTime == .known(.oneToSixHours))
        #expect(v1.platform == .known(.apple))
        #expect(v1.userStatus == .known(.active))
        #expect(v1.appAccountToken == "7389a31a-fb6d-4569-a2a6-db7d85d84813")
        #expect(v1.refundPreference == .known(.preferDecline))
        #expect(v1.validationErrors().isEmpty)

        let unknown = builder.build(
            for: refunded, history: [Self.tx("3", currency: "JPY")],
            facts: ConsumptionFacts(delivery: .delivered, sampleContentProvided: false), at: now)
        #expect(unknown.v1.lifetimeDollarsPurchased == .known(.undeclared))
        #expect(unknown.v1.accountTenure == .known(.undeclared))
        #expect(unknown.v1.playTime == .known(.undeclared))
        #expect(unknown.v1.appAccountToken == "")
        #expect(unknown.v1.validationErrors().isEmpty)

        #expect(ConsumptionInformationBuilder.tenure(3 * 86_400) == .threeDaysToTenDays)
        #expect(ConsumptionInformationBuilder.tenure(3 * 86_400 - 1) == .zeroToThreeDays)
        #expect(ConsumptionInformationBuilder.playTime(300) == .fiveToSixtyMinutes)
        #expect(ConsumptionInformationBuilder.playTime(16 * 86_400) == .overSixteenDays)
    }

    // MARK: Recovery

    /// A signed CONSUMPTION_REQUEST notification (with its signed transaction) at `signedDate`.
    static func consumptionRequest(_ pki: TestPKI, uuid: String, transactionId: String, signedDate: Date) throws -> String {
        let ms = Int64(signedDate.timeIntervalSince1970 * 1000)
        let transaction: [String: Any] = [
            "transactionId": transactionId, "originalTransactionId": transactionId, "bundleId": "com.example",
            "productId": "com.example.coins", "type": "Consumable", "environment": "Sandbox", "signedDate": ms,
            "price": 9_990, "currency": "USD", "quantity": 1, "inAppOwnershipType": "PURCHASED",
        ]
        let signedTransaction = try TestJWS.sign(transaction, key: pki.leafKey, x5c: pki.x5c)
        let payload: [String: Any] = [
            "notificationType": "CONSUMPTION_REQUEST", "notificationUUID": uuid, "version": "2.0", "signedDate": ms,
            "data": [
                "environment": "Sandbox", "bundleId": "com.example", "appAppleId": 1234,
                "signedTransactionInfo": signedTransaction, "consumptionRequestReason": "UNINTENDED_PURCHASE",
            ],
        ]
        return try TestJWS.sign(payload, key: pki.leafKey, x5c: pki.x5c)
    }

    static func historyPage(_ payloads: [String]) throws -> FakeTransport.Reply {
        let items = payloads.map { ["signedPayload": $0, "sendAttempts": [["attemptDate": 0, "sendAttemptResult": "NO_RESPONSE"]]] }
        let body = try JSONSerialization.data(withJSONObject: ["hasMore": false, "paginationToken": "end", "notificationHistory": items] as [String: Any])
        return .status(200, json: String(decoding: body, as: UTF8.self))
    }

    struct Setup {
        let clock: ManualClock
        let transport: FakeTransport
        let recovery: NotificationRecovery
    }

    static func setup(_ pki: TestPKI, replies: [FakeTransport.Reply], runAt: Date) throws -> Setup {
        let clock = ManualClock(start: runAt)
        let transport = FakeTransport(replies)
        let client = try ClientFixtures.client(transport, clock: clock)
        let verifier = try SignedDataVerifier(
            rootCertificates: [pki.root], bundleId: "com.example", appAppleId: 1234, environment: .sandbox)
        let responder = ConsumptionResponder(sender: client, now: { clock.now })
        return Setup(
            clock: clock, transport: transport,
            recovery: NotificationRecovery(client: client, verifier: verifier, responder: responder, now: { clock.now }))
    }

    static let info = ConsumptionRequest(customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: false,
                                         consumptionPercentage: 10_000)

    @Test("missed at T, recovered at T + 11 h and answered; the history query covers the last 12 hours")
    func recoveredWithinWindow() async throws {
        let pki = try TestPKI.get()
        let t = Date().addingTimeInterval(86_400).rounded()
        let missed = try Self.consumptionRequest(pki, uuid: "uuid-11h", transactionId: "2000000000000011", signedDate: t)
        let setup = try Self.setup(pki, replies: [try Self.historyPage([missed]), .status(202)], runAt: t.addingTimeInterval(11 * 3_600))
        let outcomes = try await setup.recovery.run(
            isHandled: { _ in false }, consent: { _ in .granted(at: t) }, information: { _ in Self.info })
        #expect(outcomes.map(\.result) == [.responded(.sent(transactionId: "2000000000000011", attempts: 1))])
        #expect(outcomes.first?.notificationUUID == "uuid-11h")
        let requests = setup.transport.requests
        try #require(requests.count == 2)
        #expect(requests[0].method == "POST")
        #expect(requests[0].url.path == "/inApps/v1/notifications/history")
        let query = try JSONSerialization.jsonObject(with: requests[0].body) as? [String: Any]
        let runMs = Int(AppStoreDate.millisecondsSince1970(t.addingTimeInterval(11 * 3_600)))
        #expect(query?["endDate"] as? Int == runMs)
        #expect(query?["startDate"] as? Int == runMs - 12 * 3_600_000)
        #expect(query?["notificationType"] as? String == "CONSUMPTION_REQUEST")
        #expect(query?["onlyFailures"] as? Bool == true)
        #expect(requests[1].method == "PUT")
        #expect(requests[1].url.path == "/inApps/v2/transactions/consumption/2000000000000011")
        let sent = try JSONSerialization.jsonObject(with: requests[1].body) as? [String: Any]
        #expect(sent?["customerConsented"] as? Bool == true)
        #expect(sent?["consumptionPercentage"] as? Int == 10_000)
    }

    @Test("a notification at T found at T + 13 h is refused without sending; handled and unverifiable ones are skipped")
    func refusedAfterWindow() async throws {
        let pki = try TestPKI.get()
        let t = Date().addingTimeInterval(86_400).rounded()
        let late = try Self.consumptionRequest(pki, uuid: "uuid-13h", transactionId: "2000000000000013", signedDate: t)
        let handled = try Self.consumptionRequest(
            pki, uuid: "uuid-done", transactionId: "2000000000000014", signedDate: t.addingTimeInterval(2 * 3_600))
        let recent = try Self.consumptionRequest(
            pki, uuid: "uuid-new", transactionId: "2000000000000015", signedDate: t.addingTimeInterval(3 * 3_600))
        let setup = try Self.setup(
            pki, replies: [try Self.historyPage([recent, "not.a.jws", handled, late]), .status(202)],
            runAt: t.addingTimeInterval(13 * 3_600))
        let outcomes = try await setup.recovery.run(
            isHandled: { $0 == "uuid-done" }, consent: { _ in .granted(at: t) }, information: { _ in Self.info })
        let byUUID = Dictionary(uniqueKeysWithValues: outcomes.compactMap { o in o.notificationUUID.map { ($0, o.result) } })
        let deadline = t.addingTimeInterval(12 * 3_600 - 60)
        #expect(byUUID["uuid-13h"] == .responded(.refused(.deadlinePassed(deadline: deadline))))
        #expect(byUUID["uuid-done"] == .alreadyHandled)
        #expect(byUUID["uuid-new"] == .responded(.sent(transactionId: "2000000000000015", attempts: 1)))
        #expect(outcomes.contains { if case .unverifiable = $0.result { true } else { false } })
        // Oldest first: the late one is decided before the others.
        #expect(outcomes.compactMap(\.notificationUUID) == ["uuid-13h", "uuid-done", "uuid-new"])
        #expect(outcomes.first.map { if case .unverifiable = $0.result { true } else { false } } == true)
        let puts = setup.transport.requests.filter { $0.method == "PUT" }
        #expect(puts.map(\.url.path) == ["/inApps/v2/transactions/consumption/2000000000000015"])
    }

    @Test("only the late one: nothing but the history request leaves the server; no consent: nothing sent either")
    func nothingSent() async throws {
        let pki = try TestPKI.get()
        let t = Date().addingTimeInterval(86_400).rounded()
        let late = try Self.consumptionRequest(pki, uuid: "u1", transactionId: "2000000000000021", signedDate: t)
        let setup = try Self.setup(pki, replies: [try Self.historyPage([late])], runAt: t.addingTimeInterval(13 * 3_600))
        let outcomes = try await setup.recovery.run(
            isHandled: { _ in false }, consent: { _ in .granted(at: t) }, information: { _ in Self.info })
        guard case .responded(.refused(.deadlinePassed))? = outcomes.first?.result else {
            Issue.record("expected deadlinePassed, got \(outcomes)")
            return
        }
        #expect(setup.transport.requests.count == 1)

        let fresh = try Self.consumptionRequest(pki, uuid: "u2", transactionId: "2000000000000022", signedDate: t)
        let noConsent = try Self.setup(pki, replies: [try Self.historyPage([fresh])], runAt: t.addingTimeInterval(3_600))
        let refused = try await noConsent.recovery.run(
            isHandled: { _ in false }, consent: { _ in .notGiven }, information: { _ in Self.info })
        #expect(refused.map(\.result) == [.responded(.refused(.noConsent))])
        #expect(noConsent.transport.requests.count == 1)
    }
}

extension Date {
    /// Whole seconds (JWS dates are milliseconds; whole seconds compare exactly).
    fileprivate func rounded() -> Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
