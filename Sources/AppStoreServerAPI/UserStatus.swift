/// The status of the customer's account within your app.
///
/// Wire type: a JSON integer (`Int32`), values `0...4`. Case names are those of Apple's
/// official Swift library; `String(describing:)` prints the case name. Fields of this type are
/// stored as `RawEnumValue<UserStatus>` so that values Apple adds later still decode.
///
/// [UserStatus](https://developer.apple.com/documentation/appstoreserverapi/userstatus)
public enum UserStatus: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `0`: Undeclared; the account status isn't shared.
    case undeclared = 0
    /// `1`: The customer's account is active.
    case active = 1
    /// `2`: The customer's account is suspended.
    case suspended = 2
    /// `3`: The customer's account is terminated.
    case terminated = 3
    /// `4`: The customer's account has limited access.
    case limitedAccess = 4
}
