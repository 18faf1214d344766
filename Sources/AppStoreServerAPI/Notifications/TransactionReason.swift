/// Whether a transaction is a customer's purchase or a system-initiated renewal: the
/// `transactionReason` field of ``JWSTransactionDecodedPayload``.
///
/// Wire type: a JSON string. Fields of this type are stored as `RawEnumValue<TransactionReason>`
/// so that values Apple adds later still decode.
///
/// [transactionReason](https://developer.apple.com/documentation/appstoreserverapi/transactionreason)
public enum TransactionReason: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"PURCHASE"`: The customer initiated the purchase (including an upgrade or a
    /// resubscription).
    case purchase = "PURCHASE"
    /// `"RENEWAL"`: The App Store renewed an auto-renewable subscription.
    case renewal = "RENEWAL"
}
