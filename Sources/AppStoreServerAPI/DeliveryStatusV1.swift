/// Whether the app successfully delivered an in-app purchase that works properly: the integer
/// `deliveryStatus` of ``ConsumptionRequestV1`` (the V2 body uses strings instead).
///
/// Wire type: a JSON integer (`Int32`), values `0...5`. Case names are those of Apple's
/// official Swift library; `String(describing:)` prints the case name. Fields of this type are
/// stored as `RawEnumValue<DeliveryStatusV1>` so that values Apple adds later still decode.
///
/// [DeliveryStatusV1](https://developer.apple.com/documentation/appstoreserverapi/deliverystatusv1)
public enum DeliveryStatusV1: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `0`: The app delivered the consumable in-app purchase and it's working properly.
    case deliveredAndWorkingProperly = 0
    /// `1`: The app didn't deliver the purchase due to a quality issue.
    case didNotDeliverDueToQualityIssue = 1
    /// `2`: The app delivered the wrong item.
    case deliveredWrongItem = 2
    /// `3`: The app didn't deliver the purchase due to a server outage.
    case didNotDeliverDueToServerOutage = 3
    /// `4`: The app didn't deliver the purchase due to an in-game currency change.
    case didNotDeliverDueToIngameCurrencyChange = 4
    /// `5`: The app didn't deliver the purchase for other reasons.
    case didNotDeliverForOtherReason = 5
}
