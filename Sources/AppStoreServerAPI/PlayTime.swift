/// The amount of time that the customer used the app.
///
/// Wire type: a JSON integer (`Int32`), values `0...7`. Case names are those of Apple's
/// official Swift library; `String(describing:)` prints the case name. Fields of this type are
/// stored as `RawEnumValue<PlayTime>` so that values Apple adds later still decode.
///
/// [PlayTime](https://developer.apple.com/documentation/appstoreserverapi/playtime)
public enum PlayTime: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `0`: Undeclared; the play time isn't shared.
    case undeclared = 0
    /// `1`: 0–5 minutes.
    case zeroToFiveMinutes = 1
    /// `2`: 5–60 minutes.
    case fiveToSixtyMinutes = 2
    /// `3`: 1–6 hours.
    case oneToSixHours = 3
    /// `4`: 6–24 hours.
    case sixHoursToTwentyFourHours = 4
    /// `5`: 1–4 days.
    case oneDayToFourDays = 5
    /// `6`: 4–16 days.
    case fourDaysToSixteenDays = 6
    /// `7`: Over 16 days.
    case overSixteenDays = 7
}
