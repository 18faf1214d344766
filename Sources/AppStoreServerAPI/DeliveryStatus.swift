/// Whether the app successfully delivered an in-app purchase that works properly: the string
/// `deliveryStatus` of the V2 ``ConsumptionRequest`` (the V1 body uses the integers of
/// ``DeliveryStatusV1`` instead).
///
/// Wire type: a JSON string. The raw value is Apple's exact value (`"DELIVERED"`), the case name
/// its lowerCamelCase form. Fields of this type are stored as `RawEnumValue<DeliveryStatus>` so
/// that values Apple adds later still decode and round-trip. Unlike ``DeliveryStatusV1`` there is
/// no in-game-currency-change value.
///
/// [deliveryStatus](https://developer.apple.com/documentation/appstoreserverapi/deliverystatus)
public enum DeliveryStatus: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"DELIVERED"`: The app delivered the in-app purchase and it's working properly.
    case delivered = "DELIVERED"
    /// `"UNDELIVERED_QUALITY_ISSUE"`: The app didn't deliver the purchase due to a quality issue.
    case undeliveredQualityIssue = "UNDELIVERED_QUALITY_ISSUE"
    /// `"UNDELIVERED_WRONG_ITEM"`: The app delivered the wrong item.
    case undeliveredWrongItem = "UNDELIVERED_WRONG_ITEM"
    /// `"UNDELIVERED_SERVER_OUTAGE"`: The app didn't deliver the purchase due to a server outage.
    case undeliveredServerOutage = "UNDELIVERED_SERVER_OUTAGE"
    /// `"UNDELIVERED_OTHER"`: The app didn't deliver the purchase for another reason.
    case undeliveredOther = "UNDELIVERED_OTHER"
}
