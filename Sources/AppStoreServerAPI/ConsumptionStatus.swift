/// A value that indicates the extent to which the customer consumed the in-app purchase.
///
/// Wire type: a JSON integer (`Int32`), values `0...3`. Case names are those of Apple's
/// official Swift library; `String(describing:)` prints the case name. Fields of this type are
/// stored as `RawEnumValue<ConsumptionStatus>` so that values Apple adds later still decode.
///
/// [ConsumptionStatus](https://developer.apple.com/documentation/appstoreserverapi/consumptionstatus)
public enum ConsumptionStatus: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `0`: The customer declined to provide consumption information, or you don't share it.
    case undeclared = 0
    /// `1`: The in-app purchase is not consumed.
    case notConsumed = 1
    /// `2`: The in-app purchase is partially consumed.
    case partiallyConsumed = 2
    /// `3`: The in-app purchase is fully consumed.
    case fullyConsumed = 3
}
