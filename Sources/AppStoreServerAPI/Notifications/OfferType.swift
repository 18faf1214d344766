/// The type of offer a transaction or renewal uses: the `offerType` field of
/// ``JWSTransactionDecodedPayload`` and ``JWSRenewalInfoDecodedPayload``.
///
/// Wire type: a JSON integer (`Int32`), values `1...4`. Fields of this type are stored as
/// `RawEnumValue<OfferType>` so that values Apple adds later still decode.
///
/// [offerType](https://developer.apple.com/documentation/appstoreserverapi/offertype)
public enum OfferType: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `1`: An introductory offer.
    case introductoryOffer = 1
    /// `2`: A promotional offer.
    case promotionalOffer = 2
    /// `3`: An offer with a subscription offer code (Apple's libraries: `offerCode`).
    case offerCode = 3
    /// `4`: A win-back offer.
    case winBackOffer = 4

    /// The former name of ``offerCode``.
    @available(*, deprecated, renamed: "offerCode")
    public static var subscriptionOfferCode: OfferType { .offerCode }
}
