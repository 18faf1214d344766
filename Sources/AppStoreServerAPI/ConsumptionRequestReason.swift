/// The customer's reason for a refund request, in the `data.consumptionRequestReason` field of a
/// `CONSUMPTION_REQUEST` notification (App Store Server Notifications 2.11+).
///
/// Wire type: a JSON string. The raw value is Apple's exact value (`"UNINTENDED_PURCHASE"`), the
/// case name its lowerCamelCase form. Decode wire fields as
/// `RawEnumValue<ConsumptionRequestReason>` so that values Apple adds later are kept.
///
/// [consumptionRequestReason](https://developer.apple.com/documentation/appstoreservernotifications/consumptionrequestreason)
public enum ConsumptionRequestReason: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"UNINTENDED_PURCHASE"`: The customer didn't intend to make the in-app purchase.
    case unintendedPurchase = "UNINTENDED_PURCHASE"
    /// `"FULFILLMENT_ISSUE"`: The customer had a problem receiving or using the in-app purchase.
    case fulfillmentIssue = "FULFILLMENT_ISSUE"
    /// `"UNSATISFIED_WITH_PURCHASE"`: The customer wasn't satisfied with the in-app purchase.
    case unsatisfiedWithPurchase = "UNSATISFIED_WITH_PURCHASE"
    /// `"LEGAL"`: The customer requested a refund for a legal reason.
    case legal = "LEGAL"
    /// `"OTHER"`: The customer requested a refund for another reason.
    case other = "OTHER"
}
