/// Your preference, based on your operational logic, as to whether Apple should grant the refund:
/// the string `refundPreference` of the V2 ``ConsumptionRequest`` (the V1 body uses the integers
/// of ``RefundPreferenceV1`` instead).
///
/// Wire type: a JSON string. The raw value is Apple's exact value (`"GRANT_FULL"`), the case name
/// its lowerCamelCase form. Fields of this type are stored as `RawEnumValue<RefundPreference>` so
/// that values Apple adds later still decode and round-trip.
///
/// ``grantFull`` and ``decline`` are valid for every product type. For an auto-renewable
/// subscription, ``grantProrated`` must come without a `consumptionPercentage` (Apple computes the
/// prorated amount itself).
///
/// [refundPreference](https://developer.apple.com/documentation/appstoreserverapi/refundpreference)
public enum RefundPreference: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"DECLINE"`: You prefer that Apple declines the refund.
    case decline = "DECLINE"
    /// `"GRANT_FULL"`: You prefer that Apple grants a full refund.
    case grantFull = "GRANT_FULL"
    /// `"GRANT_PRORATED"`: You prefer that Apple grants a prorated refund.
    case grantProrated = "GRANT_PRORATED"
}
