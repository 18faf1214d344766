import Foundation

/// Finds `CONSUMPTION_REQUEST` notifications your endpoint missed while Apple's 12-hour window is
/// still open, and answers them through ``ConsumptionResponder``.
///
/// One run: Get Notification History for `CONSUMPTION_REQUEST` from `now − 12 h` to `now`
/// (only the ones Apple failed to deliver, unless ``onlyFailures`` is `false`), every page; each
/// `signedPayload` verified with ``SignedDataVerifier/verifyAndDecodeNotificationWithData(signedPayload:)``;
/// notifications you already handled (by `notificationUUID`) skipped; the rest, oldest first,
/// handed to the responder, which sends only with consent and only before
/// `signedDate + 12 h − safetyMargin` (a later one is refused, nothing sent).
///
/// ```swift
/// let recovery = NotificationRecovery(client: client, verifier: verifier, responder: responder)
/// let outcomes = try await recovery.run(
///     isHandled: { uuid in await store.isHandled(uuid) },
///     consent: { n in await consents.consent(for: n) },
///     information: { n in await facts.consumptionRequest(for: n) })
/// ```
///
/// [Get Notification History](https://developer.apple.com/documentation/appstoreserverapi/get-notification-history)
public struct NotificationRecovery: Sendable {
    /// What happened to one notification of the history.
    public enum Result: Hashable, Sendable {
        /// The responder's answer: sent, refused (nothing sent) or failed.
        case responded(ConsumptionResponse)
        /// You had already handled this `notificationUUID`; nothing was done.
        case alreadyHandled
        /// The signed payload didn't verify; nothing was sent.
        case unverifiable(VerificationError)
        /// Your `information` closure had nothing for it; nothing was sent.
        case noInformation
    }

    /// One notification found in the history.
    public struct Outcome: Hashable, Sendable {
        /// The notification's `notificationUUID`, if it verified.
        public var notificationUUID: String?
        /// The notification's `signedDate`.
        public var signedDate: Date?
        /// The refunded transaction's `transactionId`.
        public var transactionId: String?
        /// What happened.
        public var result: Result
    }

    /// The client that pages through notification history.
    public let client: AppStoreServerAPIClient
    /// The verifier for the notifications' signed payloads.
    public let verifier: SignedDataVerifier
    /// The responder that answers (and enforces consent and the window).
    public let responder: ConsumptionResponder
    /// Whether to ask only for notifications Apple failed to deliver (`onlyFailures`); default
    /// `true`.
    public let onlyFailures: Bool
    let now: @Sendable () -> Date

    /// Creates a recovery.
    ///
    /// - Parameters:
    ///   - client: The App Store Server API client.
    ///   - verifier: The notification verifier.
    ///   - responder: The consumption responder (usually built with the same client).
    ///   - onlyFailures: Ask only for undelivered notifications (default `true`).
    ///   - now: The clock; injected in tests.
    public init(
        client: AppStoreServerAPIClient, verifier: SignedDataVerifier, responder: ConsumptionResponder,
        onlyFailures: Bool = true, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.verifier = verifier
        self.responder = responder
        self.onlyFailures = onlyFailures
        self.now = now
    }

    /// The history query of a run at `date`: `CONSUMPTION_REQUEST` from 12 hours before to
    /// `date`.
    public func historyRequest(at date: Date) -> NotificationHistoryRequest {
        NotificationHistoryRequest(
            startDate: date.addingTimeInterval(-ConsumptionResponder.responseWindow), endDate: date,
            notificationType: .known(.consumptionRequest), onlyFailures: onlyFailures ? true : nil)
    }

    /// Runs one recovery.
    ///
    /// - Parameters:
    ///   - isHandled: Whether you already answered the notification with this `notificationUUID`.
    ///   - consent: The customer's consent record for a notification.
    ///   - information: The consumption information for a notification (for example from
    ///     ``ConsumptionInformationBuilder``), or `nil` to leave it.
    /// - Returns: One outcome per notification in the history: the unverifiable ones first, then
    ///   the others oldest first (by `signedDate`).
    /// - Throws: The client error of a history page (the notifications of earlier pages are not
    ///   answered then: nothing is sent before the whole history is read).
    public func run(
        isHandled: @Sendable (String) async -> Bool,
        consent: @Sendable (VerifiedNotification) async -> ConsumptionConsent,
        information: @Sendable (VerifiedNotification) async -> ConsumptionRequest?
    ) async throws(AppStoreServerAPIClientError) -> [Outcome] {
        let start = now()
        let deadline = start.addingTimeInterval(ConsumptionResponder.responseWindow)
        let items = try await client.notificationHistory(request: historyRequest(at: start), deadline: deadline)
            .collect { $0.notificationHistory ?? [] }

        var verified: [VerifiedNotification] = []
        var outcomes: [Outcome] = []
        var seen: Set<String> = []
        for item in items {
            switch verifier.verifyAndDecodeNotificationWithData(signedPayload: item.signedPayload ?? "") {
            case .valid(let notification):
                let uuid = notification.payload.notificationUUID ?? ""
                if !uuid.isEmpty, !seen.insert(uuid).inserted { continue }
                verified.append(notification)
            case .invalid(let error):
                outcomes.append(Outcome(result: .unverifiable(error)))
            }
        }
        // Oldest first: the ones closest to their deadline are answered first.
        verified.sort { ($0.payload.signedDate ?? .distantPast) < ($1.payload.signedDate ?? .distantPast) }

        for notification in verified {
            var outcome = Outcome(
                notificationUUID: notification.payload.notificationUUID, signedDate: notification.payload.signedDate,
                transactionId: notification.transaction?.transactionId, result: .alreadyHandled)
            if let uuid = outcome.notificationUUID, await isHandled(uuid) {
                outcomes.append(outcome)
                continue
            }
            guard let body = await information(notification) else {
                outcome.result = .noInformation
                outcomes.append(outcome)
                continue
            }
            let response = await responder.respond(
                to: notification, consent: await consent(notification), information: body)
            outcome.result = .responded(response)
            outcomes.append(outcome)
        }
        return outcomes
    }
}

extension AppStoreServerAPIClient {
    /// The customer's transactions, every page of Get Transaction History (v2), each verified
    /// with `verifier`: the `history` ``ConsumptionInformationBuilder`` needs.
    ///
    /// - Parameters:
    ///   - transactionId: Any transaction identifier of the customer.
    ///   - verifier: Verifies each signed transaction.
    ///   - query: Filters (none by default: the whole history).
    ///   - deadline: The latest time to keep trying, for every page.
    /// - Returns: The verified transactions in the order received, and the verification errors of
    ///   the others.
    /// - Throws: The client error of a page.
    public nonisolated func verifiedTransactionHistory(
        transactionId: String, verifier: SignedDataVerifier, query: TransactionHistoryRequest = .init(),
        deadline: Date? = nil
    ) async throws(AppStoreServerAPIClientError) -> (transactions: [JWSTransactionDecodedPayload], failures: [VerificationError]) {
        let signed = try await transactionHistory(transactionId: transactionId, query: query, deadline: deadline)
            .collect { $0.signedTransactions ?? [] }
        var transactions: [JWSTransactionDecodedPayload] = []
        var failures: [VerificationError] = []
        for jws in signed {
            switch verifier.verifyAndDecodeTransaction(jws) {
            case .valid(let transaction): transactions.append(transaction)
            case .invalid(let error): failures.append(error)
            }
        }
        return (transactions, failures)
    }
}
