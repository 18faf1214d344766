/// The reason an auto-renewable subscription expired: the `expirationIntent` field of
/// ``JWSRenewalInfoDecodedPayload``.
///
/// Wire type: a JSON integer (`Int32`), values `1...5`. Fields of this type are stored as
/// `RawEnumValue<ExpirationIntent>` so that values Apple adds later still decode.
///
/// [expirationIntent](https://developer.apple.com/documentation/appstoreserverapi/expirationintent)
public enum ExpirationIntent: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `1`: The customer canceled the subscription.
    case customerCancelled = 1
    /// `2`: A billing error, for example the payment information is no longer valid.
    case billingError = 2
    /// `3`: The customer didn't consent to a price increase that requires consent.
    case customerDidNotConsentToPriceIncrease = 3
    /// `4`: The product wasn't available for purchase at the time of renewal.
    case productNotAvailable = 4
    /// `5`: The subscription expired for another reason.
    case other = 5
}
