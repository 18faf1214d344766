/// Whether the customer bought the transaction or has it through Family Sharing: the
/// `inAppOwnershipType` field of ``JWSTransactionDecodedPayload``.
///
/// Wire type: a JSON string. Fields of this type are stored as `RawEnumValue<InAppOwnershipType>`
/// so that values Apple adds later still decode.
///
/// [inAppOwnershipType](https://developer.apple.com/documentation/appstoreserverapi/inappownershiptype)
public enum InAppOwnershipType: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"FAMILY_SHARED"`: The transaction belongs to a family member who benefits from the
    /// service through Family Sharing.
    case familyShared = "FAMILY_SHARED"
    /// `"PURCHASED"`: The transaction belongs to the purchaser.
    case purchased = "PURCHASED"
    /// `"ASSIGNED"`: The customer has the transaction through an organization that assigned it
    /// (StoreKit's `Transaction.OwnershipType.assigned`; not yet in Apple's server libraries).
    /// The consumption endpoints refuse such transactions with
    /// ``APIError/invalidAssignedTransactionNotSupported`` (`4000227`).
    case assigned = "ASSIGNED"
}
