import Foundation

/// The app's own record of whether the customer agreed to share consumption data with Apple.
///
/// Obtain this consent yourself (not through the App Tracking Transparency prompt), and record
/// when it was given or withdrawn. Apple's rule: send consumption information only with valid
/// consent; if it is withdrawn, send nothing.
///
/// [Send Consumption Information](https://developer.apple.com/documentation/appstoreserverapi/send-consumption-information)
public struct ConsumptionConsent: Hashable, Sendable {
    /// The customer's current decision.
    public enum State: Hashable, Sendable {
        /// Consent given at this time.
        case granted(at: Date)
        /// Consent withdrawn at this time (it overrides an earlier grant).
        case withdrawn(at: Date)
        /// The customer was never asked, or did not answer.
        case notGiven
    }

    /// The customer's current decision.
    public var state: State

    /// Creates a record.
    public init(_ state: State) { self.state = state }

    /// Consent given at `date`.
    public static func granted(at date: Date) -> ConsumptionConsent { ConsumptionConsent(.granted(at: date)) }
    /// Consent withdrawn at `date`.
    public static func withdrawn(at date: Date) -> ConsumptionConsent { ConsumptionConsent(.withdrawn(at: date)) }
    /// No consent.
    public static let notGiven = ConsumptionConsent(.notGiven)

    /// Whether consent is in force at `date`: granted no later than `date`.
    public func isGranted(at date: Date) -> Bool {
        if case .granted(let at) = state { return at <= date }
        return false
    }
}

/// What sends consumption information: ``AppStoreServerAPIClient`` in production, a fake in
/// tests.
public protocol ConsumptionInformationSender: Sendable {
    /// Sends V2 consumption information; see
    /// ``AppStoreServerAPIClient/sendConsumptionInformation(transactionId:consumptionRequest:deadline:)``.
    func sendConsumptionInformation(
        transactionId: String, consumptionRequest: ConsumptionRequest, deadline: Date?
    ) async throws(AppStoreServerAPIClientError) -> AppStoreServerAPIClient.Response
}

extension AppStoreServerAPIClient: ConsumptionInformationSender {}

/// Why the responder sent nothing. Descriptions name transaction IDs only — never the
/// `appAccountToken`, keys or tokens.
public enum ConsumptionRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The notification is not `CONSUMPTION_REQUEST` (its `notificationType`, or `nil`).
    case notAConsumptionRequest(notificationType: String?)
    /// The customer has not consented (never asked, or not yet at the time of sending).
    case noConsent
    /// The customer withdrew consent at this time.
    case consentWithdrawn(at: Date)
    /// The notification has no `signedDate`, so the 12-hour window cannot be known.
    case missingSignedDate
    /// Now is at or past the deadline: `signedDate` + 12 hours (minus the responder's safety margin).
    case deadlinePassed(deadline: Date)
    /// The notification carries no transaction (no verified `signedTransactionInfo` with a
    /// `transactionId`).
    case missingTransaction
    /// The consumption information breaks Apple's rules (each error names Apple's error).
    case invalidInformation([ConsumptionRequest.ValidationError])

    public var description: String {
        switch self {
        case .notAConsumptionRequest(let type):
            "not a CONSUMPTION_REQUEST notification (notificationType \(type ?? "missing")); nothing sent"
        case .noConsent: "the customer has not consented to sharing consumption data; nothing sent"
        case .consentWithdrawn(let at):
            "the customer withdrew consent at \(Self.format(at)); nothing sent"
        case .missingSignedDate: "the notification has no signedDate, so the 12-hour window is unknown; nothing sent"
        case .deadlinePassed(let deadline):
            "the 12-hour window ended at \(Self.format(deadline)); nothing sent"
        case .missingTransaction: "the notification has no transaction with a transactionId; nothing sent"
        case .invalidInformation(let errors):
            "the consumption information is invalid (\(errors.map(\.appleName).joined(separator: ", "))); nothing sent"
        }
    }

    static func format(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }
}

/// The outcome of ``ConsumptionResponder/respond(to:consent:information:)``.
public enum ConsumptionResponse: Hashable, Sendable {
    /// Apple accepted the information (`202`) for this transaction after `attempts` tries.
    case sent(transactionId: String, attempts: Int)
    /// Nothing was sent, for this reason.
    case refused(ConsumptionRefusal)
    /// Sending was attempted and failed (retries included, none past the deadline).
    case failed(transactionId: String, error: AppStoreServerAPIClientError)
}

/// Answers a verified `CONSUMPTION_REQUEST` notification with consumption information — only with
/// the customer's consent and only within 12 hours of the notification's `signedDate`.
///
/// Checks, in order, before anything leaves the server: the notification type; consent in force
/// now; `signedDate` present and now before `signedDate + 12 h − safetyMargin`; a transaction
/// ID; the information valid by Apple's rules for the transaction's product type (with
/// `customerConsented` set from the consent record). Any failed check is a typed
/// ``ConsumptionRefusal`` and nothing is sent. The send's retries stop at the same deadline.
///
/// ```swift
/// let responder = ConsumptionResponder(sender: client)
/// let response = await responder.respond(to: verified, consent: consentStore.consent(for: account),
///                                        information: info)
/// ```
///
/// [CONSUMPTION_REQUEST](https://developer.apple.com/documentation/appstoreservernotifications/notificationtype)
public struct ConsumptionResponder: Sendable {
    /// Apple's window for answering: 12 hours after the notification, in seconds (43,200).
    public static let responseWindow: TimeInterval = 12 * 60 * 60

    let sender: any ConsumptionInformationSender
    let now: @Sendable () -> Date
    /// Seconds before the 12-hour deadline after which the responder no longer starts a send.
    public let safetyMargin: TimeInterval

    /// Creates a responder.
    ///
    /// - Parameters:
    ///   - sender: Usually an ``AppStoreServerAPIClient``.
    ///   - safetyMargin: Seconds to keep clear of the deadline (default 60); `0…3600`.
    ///   - now: The clock; injected in tests.
    public init(
        sender: any ConsumptionInformationSender, safetyMargin: TimeInterval = 60,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.sender = sender
        self.safetyMargin = min(max(safetyMargin, 0), 3600)
        self.now = now
    }

    /// The deadline for a notification signed at `signedDate`: `signedDate + 12 h − safetyMargin`.
    public func deadline(forSignedDate signedDate: Date) -> Date {
        signedDate.addingTimeInterval(Self.responseWindow - safetyMargin)
    }

    /// Checks everything and, only if all checks pass, sends the information.
    ///
    /// - Parameters:
    ///   - notification: A notification verified by ``SignedDataVerifier`` (its transaction
    ///     decoded).
    ///   - consent: The customer's consent record.
    ///   - information: The consumption information; its `customerConsented` is set from
    ///     `consent`.
    /// - Returns: ``ConsumptionResponse``: sent, refused (nothing sent) or failed.
    public func respond(
        to notification: VerifiedNotification, consent: ConsumptionConsent, information: ConsumptionRequest
    ) async -> ConsumptionResponse {
        let payload = notification.payload
        guard payload.notificationType?.known == .consumptionRequest else {
            return .refused(.notAConsumptionRequest(notificationType: payload.notificationType?.rawValue))
        }
        let current = now()
        switch consent.state {
        case .withdrawn(let at): return .refused(.consentWithdrawn(at: at))
        case .notGiven: return .refused(.noConsent)
        case .granted: if !consent.isGranted(at: current) { return .refused(.noConsent) }
        }
        guard let signedDate = payload.signedDate else { return .refused(.missingSignedDate) }
        let deadline = deadline(forSignedDate: signedDate)
        guard current < deadline else { return .refused(.deadlinePassed(deadline: deadline)) }
        guard let transaction = notification.transaction, let transactionId = transaction.transactionId,
            !transactionId.isEmpty
        else { return .refused(.missingTransaction) }
        var body = information
        body.customerConsented = true
        let errors = body.validationErrors(for: transaction.type?.known)
        guard errors.isEmpty else { return .refused(.invalidInformation(errors)) }
        do {
            let response = try await sender.sendConsumptionInformation(
                transactionId: transactionId, consumptionRequest: body, deadline: deadline)
            return .sent(transactionId: transactionId, attempts: response.attempts)
        } catch {
            return .failed(transactionId: transactionId, error: error)
        }
    }
}
