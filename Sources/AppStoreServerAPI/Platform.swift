/// The platform on which the customer consumed the in-app purchase.
///
/// Wire type: a JSON integer (`Int32`), values `0...2`. Case names are those of Apple's
/// official Swift library; `String(describing:)` prints the case name. Fields of this type are
/// stored as `RawEnumValue<Platform>` so that values Apple adds later still decode.
///
/// [Platform](https://developer.apple.com/documentation/appstoreserverapi/platform)
public enum Platform: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `0`: Undeclared; the platform isn't shared.
    case undeclared = 0
    /// `1`: An Apple platform.
    case apple = 1
    /// `2`: A non-Apple platform.
    case nonApple = 2
}
