/// The age of the customer's account.
///
/// Wire type: a JSON integer (`Int32`), values `0...7`. Case names are those of Apple's
/// official Swift library; `String(describing:)` prints the case name. Fields of this type are
/// stored as `RawEnumValue<AccountTenure>` so that values Apple adds later still decode.
///
/// [AccountTenure](https://developer.apple.com/documentation/appstoreserverapi/accounttenure)
public enum AccountTenure: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `0`: Undeclared; the account age isn't shared.
    case undeclared = 0
    /// `1`: 0–3 days.
    case zeroToThreeDays = 1
    /// `2`: 3–10 days.
    case threeDaysToTenDays = 2
    /// `3`: 10–30 days.
    case tenDaysToThirtyDays = 3
    /// `4`: 30–90 days.
    case thirtyDaysToNinetyDays = 4
    /// `5`: 90–180 days.
    case ninetyDaysToOneHundredEightyDays = 5
    /// `6`: 180–365 days.
    case oneHundredEightyDaysToThreeHundredSixtyFiveDays = 6
    /// `7`: Over 365 days.
    case greaterThanThreeHundredSixtyFiveDays = 7
}
