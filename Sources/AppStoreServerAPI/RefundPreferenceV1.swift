/// Your preference, based on your operational logic, as to whether Apple should grant the refund:
/// the integer `refundPreference` of ``ConsumptionRequestV1`` (the V2 body uses strings instead).
///
/// Wire type: a JSON integer (`Int32`), values `0...3`. Case names are those of Apple's
/// official Swift library; `String(describing:)` prints the case name. Fields of this type are
/// stored as `RawEnumValue<RefundPreferenceV1>` so that values Apple adds later still decode.
///
/// [RefundPreferenceV1](https://developer.apple.com/documentation/appstoreserverapi/refundpreferencev1)
public enum RefundPreferenceV1: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `0`: Undeclared; no preference is shared.
    case undeclared = 0
    /// `1`: You prefer that Apple grants the refund.
    case preferGrant = 1
    /// `2`: You prefer that Apple declines the refund.
    case preferDecline = 2
    /// `3`: You have no preference.
    case noPreference = 3
}
