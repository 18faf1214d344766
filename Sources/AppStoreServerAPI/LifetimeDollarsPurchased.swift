/// The total amount, in USD, of in-app purchases the customer has made in your app, across all
/// platforms.
///
/// Wire type: a JSON integer (`Int32`), values `0...7`. Case names are those of Apple's
/// official Swift library; `String(describing:)` prints the case name. Fields of this type are
/// stored as `RawEnumValue<LifetimeDollarsPurchased>` so that values Apple adds later still decode.
///
/// [LifetimeDollarsPurchased](https://developer.apple.com/documentation/appstoreserverapi/lifetimedollarspurchased)
public enum LifetimeDollarsPurchased: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `0`: Undeclared; the amount isn't shared.
    case undeclared = 0
    /// `1`: USD 0.
    case zeroDollars = 1
    /// `2`: USD 0.01–49.99.
    case oneCentToFortyNineDollarsAndNinetyNineCents = 2
    /// `3`: USD 50–99.99.
    case fiftyDollarsToNinetyNineDollarsAndNinetyNineCents = 3
    /// `4`: USD 100–499.99.
    case oneHundredDollarsToFourHundredNinetyNineDollarsAndNinetyNineCents = 4
    /// `5`: USD 500–999.99.
    case fiveHundredDollarsToNineHundredNinetyNineDollarsAndNinetyNineCents = 5
    /// `6`: USD 1000–1999.99.
    case oneThousandDollarsToOneThousandNineHundredNinetyNineDollarsAndNinetyNineCents = 6
    /// `7`: USD 2000 or more.
    case twoThousandDollarsOrGreater = 7
}
