/// Whether an auto-renewable subscription is subject to a price increase the customer has
/// responded to: the `priceIncreaseStatus` field of ``JWSRenewalInfoDecodedPayload``.
///
/// Wire type: a JSON integer (`Int32`), values `0...1`. Fields of this type are stored as
/// `RawEnumValue<PriceIncreaseStatus>` so that values Apple adds later still decode.
///
/// [priceIncreaseStatus](https://developer.apple.com/documentation/appstoreserverapi/priceincreasestatus)
public enum PriceIncreaseStatus: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `0`: The customer hasn't responded to a price increase that requires consent.
    case customerHasNotResponded = 0
    /// `1`: The customer consented to the price increase, or the App Store notified them of one
    /// that doesn't require consent.
    case customerConsentedOrWasNotifiedWithoutNeedingConsent = 1
}
