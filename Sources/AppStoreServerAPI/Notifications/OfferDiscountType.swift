/// The payment mode of a discount offer: the `offerDiscountType` field of
/// ``JWSTransactionDecodedPayload`` and ``JWSRenewalInfoDecodedPayload``.
///
/// Wire type: a JSON string. Fields of this type are stored as `RawEnumValue<OfferDiscountType>`
/// so that values Apple adds later still decode.
///
/// [offerDiscountType](https://developer.apple.com/documentation/appstoreserverapi/offerdiscounttype)
public enum OfferDiscountType: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"FREE_TRIAL"`: A free trial.
    case freeTrial = "FREE_TRIAL"
    /// `"PAY_AS_YOU_GO"`: The customer pays a discounted price each period.
    case payAsYouGo = "PAY_AS_YOU_GO"
    /// `"PAY_UP_FRONT"`: The customer pays a discounted price up front for the offer duration.
    case payUpFront = "PAY_UP_FRONT"
    /// `"ONE_TIME"`: A one-time discount (offer codes for one-time purchases).
    case oneTime = "ONE_TIME"
}
