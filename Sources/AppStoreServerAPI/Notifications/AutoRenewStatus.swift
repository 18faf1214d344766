/// Whether an auto-renewable subscription renews at the end of the period: the `autoRenewStatus`
/// field of ``JWSRenewalInfoDecodedPayload``.
///
/// Wire type: a JSON integer (`Int32`), values `0...1`. Fields of this type are stored as
/// `RawEnumValue<AutoRenewStatus>` so that values Apple adds later still decode.
///
/// [autoRenewStatus](https://developer.apple.com/documentation/appstoreserverapi/autorenewstatus)
public enum AutoRenewStatus: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `0`: Automatic renewal is off; the subscription expires at the end of the period.
    case off = 0
    /// `1`: Automatic renewal is on.
    case on = 1
}
