/// The reason for a refunded or revoked transaction: the `revocationReason` field of
/// ``JWSTransactionDecodedPayload``.
///
/// Wire type: a JSON integer (`Int32`), values `0...1`. Fields of this type are stored as
/// `RawEnumValue<RevocationReason>` so that values Apple adds later still decode.
///
/// [revocationReason](https://developer.apple.com/documentation/appstoreserverapi/revocationreason)
public enum RevocationReason: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `0`: Apple refunded the transaction on the customer's behalf for another reason, for
    /// example an accidental purchase.
    case refundedForOtherReason = 0
    /// `1`: Apple refunded the transaction because of an actual or perceived issue within your
    /// app.
    case refundedDueToIssue = 1
}
