import AppStoreServerAPI
import Foundation
import Testing

/// Records every send; answers with a scripted result.
private actor RecordingSender: ConsumptionInformationSender {
    struct Call: Sendable {
        let transactionId: String
        let body: ConsumptionRequest
        let deadline: Date?
    }
    private(set) var calls: [Call] = []
    let failure: AppStoreServerAPIClientError?

    init(failure: AppStoreServerAPIClientError? = nil) { self.failure = failure }

    func sendConsumptionInformation(
        transactionId: String, consumptionRequest: ConsumptionRequest, deadline: Date?
    ) async throws(AppStoreServerAPIClientError) -> AppStoreServerAPIClient.Response {
        calls.append(Call(transactionId: transactionId, body: consumptionRequest, deadline: deadline))
        if let failure { throw failure }
        return AppStoreServerAPIClient.Response(status: 202, attempts: 1)
    }
}

/// A clock the test moves.
private final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Date
    init(_ date: Date) { value = date }
    var now: Date {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

@Suite("ConsumptionResponder: consent and the 12-hour window")
struct ConsumptionResponderTests {
    static let signedDate = Date(timeIntervalSince1970: 1_764_000_000)

    static func notification(type: String = "CONSUMPTION_REQUEST", signedDate: Date? = signedDate,
                             transactionId: String? = "2000000123456789", productType: String = "Consumable") throws -> VerifiedNotification {
        var object: [String: Any] = [
            "notificationType": type, "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20", "version": "2.0",
            "data": ["environment": "Sandbox", "bundleId": "com.example.app", "consumptionRequestReason": "UNINTENDED_PURCHASE"],
        ]
        if let signedDate { object["signedDate"] = Int64(signedDate.timeIntervalSince1970 * 1000) }
        let payload = try JSONDecoder().decode(
            ResponseBodyV2DecodedPayload.self, from: JSONSerialization.data(withJSONObject: object))
        var transaction: [String: Any] = [
            "bundleId": "com.example.app", "productId": "coins.100", "type": productType, "environment": "Sandbox",
            "appAccountToken": "7389a31a-fb6d-4569-a2a6-db7d85d84813",
        ]
        if let transactionId { transaction["transactionId"] = transactionId }
        let decoded = try JSONDecoder().decode(
            JWSTransactionDecodedPayload.self, from: JSONSerialization.data(withJSONObject: transaction))
        return VerifiedNotification(payload: payload, transaction: decoded, renewalInfo: nil)
    }

    static let information = ConsumptionRequest(
        customerConsented: false, deliveryStatus: .delivered, sampleContentProvided: true, consumptionPercentage: 25_000,
        refundPreference: .decline)

    fileprivate func responder(_ sender: RecordingSender, at date: Date, margin: TimeInterval = 60) -> ConsumptionResponder {
        ConsumptionResponder(sender: sender, safetyMargin: margin, now: { date })
    }

    @Test("consent given and inside the window: sent once, customerConsented true, deadline = signedDate + 12 h − margin")
    func sends() async throws {
        let sender = RecordingSender()
        let now = Self.signedDate.addingTimeInterval(3600)
        let response = await responder(sender, at: now).respond(
            to: try Self.notification(), consent: .granted(at: Self.signedDate.addingTimeInterval(-86_400)), information: Self.information)
        #expect(response == .sent(transactionId: "2000000123456789", attempts: 1))
        let calls = await sender.calls
        #expect(calls.count == 1)
        #expect(calls.first?.body.customerConsented == true)
        #expect(calls.first?.deadline == Self.signedDate.addingTimeInterval(12 * 3600 - 60))
    }

    @Test("no consent, withdrawn consent, or consent given only later: refused and nothing sent")
    func consent() async throws {
        let now = Self.signedDate.addingTimeInterval(60)
        let cases: [(ConsumptionConsent, ConsumptionRefusal)] = [
            (.notGiven, .noConsent),
            (.withdrawn(at: Self.signedDate), .consentWithdrawn(at: Self.signedDate)),
            (.granted(at: now.addingTimeInterval(1)), .noConsent),
        ]
        for (consent, refusal) in cases {
            let sender = RecordingSender()
            let response = await responder(sender, at: now).respond(
                to: try Self.notification(), consent: consent, information: Self.information)
            #expect(response == .refused(refusal))
            #expect(await sender.calls.isEmpty)
        }
    }

    static let hour: TimeInterval = 3600
    static let deadlineCases: [(TimeInterval, Bool)] = [
        (43_139, true), (43_140, false), (43_200, false), (46_800, false), (2_592_000, false),
    ]

    /// Offsets from signedDate in seconds: the deadline is 12 h − 60 s = 43,140 s.
    @Test("the deadline: one second before it sends; at it and after it nothing is sent", arguments: deadlineCases)
    func deadline(_ offset: TimeInterval, _ sends: Bool) async throws {
        let sender = RecordingSender()
        let response = await responder(sender, at: Self.signedDate.addingTimeInterval(offset)).respond(
            to: try Self.notification(), consent: .granted(at: .distantPast), information: Self.information)
        #expect(await sender.calls.count == (sends ? 1 : 0))
        if !sends {
            #expect(response == .refused(.deadlinePassed(deadline: Self.signedDate.addingTimeInterval(12 * 3600 - 60))))
        }
    }

    @Test("with margin 0 the window is exactly 12 hours")
    func zeroMargin() async throws {
        let sender = RecordingSender()
        let at = Self.signedDate.addingTimeInterval(12 * 3600 - 0.001)
        let response = await responder(sender, at: at, margin: 0).respond(
            to: try Self.notification(), consent: .granted(at: .distantPast), information: Self.information)
        #expect(response == .sent(transactionId: "2000000123456789", attempts: 1))
    }

    @Test("another notification type, a missing signedDate or transaction: refused, nothing sent")
    func wrongInput() async throws {
        let now = Self.signedDate.addingTimeInterval(60)
        let inputs: [(VerifiedNotification, ConsumptionRefusal)] = [
            (try Self.notification(type: "REFUND"), .notAConsumptionRequest(notificationType: "REFUND")),
            (try Self.notification(type: "SOMETHING_NEW"), .notAConsumptionRequest(notificationType: "SOMETHING_NEW")),
            (try Self.notification(signedDate: nil), .missingSignedDate),
            (try Self.notification(transactionId: nil), .missingTransaction),
        ]
        for (notification, refusal) in inputs {
            let sender = RecordingSender()
            let response = await responder(sender, at: now).respond(
                to: notification, consent: .granted(at: .distantPast), information: Self.information)
            #expect(response == .refused(refusal))
            #expect(await sender.calls.isEmpty)
        }
    }

    @Test("information Apple would reject is refused before sending (percentage for an auto-renewable; non-zero when undelivered)")
    func invalidInformation() async throws {
        let now = Self.signedDate.addingTimeInterval(60)
        let sender = RecordingSender()
        let autoRenewable = try Self.notification(productType: "Auto-Renewable Subscription")
        let response = await responder(sender, at: now).respond(
            to: autoRenewable, consent: .granted(at: .distantPast), information: Self.information)
        guard case .refused(.invalidInformation(let errors)) = response else {
            Issue.record("expected a refusal, got \(response)")
            return
        }
        #expect(errors.map(\.appleName) == ["ConsumptionPercentageAutoRenewableSubscriptionError"])
        var undelivered = Self.information
        undelivered.deliveryStatus = .known(.undeliveredOther)
        let second = await responder(sender, at: now).respond(
            to: try Self.notification(), consent: .granted(at: .distantPast), information: undelivered)
        guard case .refused(.invalidInformation(let errors2)) = second else {
            Issue.record("expected a refusal, got \(second)")
            return
        }
        #expect(errors2.map(\.appleName) == ["UndeliveredConsumptionPercentageNonZeroError"])
        #expect(await sender.calls.isEmpty)
    }

    @Test("a send that fails is reported with the typed error")
    func failure() async throws {
        let sender = RecordingSender(failure: .unauthorized)
        let response = await responder(sender, at: Self.signedDate).respond(
            to: try Self.notification(), consent: .granted(at: .distantPast), information: Self.information)
        #expect(response == .failed(transactionId: "2000000123456789", error: .unauthorized))
    }

    @Test("refusal descriptions carry no appAccountToken")
    func noSecrets() async throws {
        let refusals: [ConsumptionRefusal] = [
            .noConsent, .consentWithdrawn(at: Self.signedDate), .missingSignedDate, .missingTransaction,
            .deadlinePassed(deadline: Self.signedDate), .notAConsumptionRequest(notificationType: nil),
        ]
        for refusal in refusals {
            #expect(!refusal.description.lowercased().contains("7389a31a"))
            #expect(refusal.description.contains("nothing sent"))
        }
    }
}
