/// The type of refund or revocation that applies to a transaction: the `revocationType` field of
/// ``JWSTransactionDecodedPayload`` (App Store Server API 1.19+).
///
/// Wire type: a JSON string. Fields of this type are stored as `RawEnumValue<RevocationType>` so
/// that values Apple adds later still decode (any other string, for example one Apple adds for
/// assigned transactions, is kept as `.unknown`). The three cases are those of Apple's libraries
/// and Apple's `revocationType` page. With ``refundProrated`` see
/// ``JWSTransactionDecodedPayload/revocationPercentage``.
///
/// [revocationType](https://developer.apple.com/documentation/appstoreserverapi/revocationtype)
public enum RevocationType: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"REFUND_FULL"`: The transaction has a full refund.
    case refundFull = "REFUND_FULL"
    /// `"REFUND_PRORATED"`: The transaction has a prorated refund.
    case refundProrated = "REFUND_PRORATED"
    /// `"FAMILY_REVOKE"`: The transaction is revoked from Family Sharing.
    case familyRevoke = "FAMILY_REVOKE"
}
