/// The type of an in-app purchase product: the `type` field of a decoded transaction
/// (``JWSTransactionDecodedPayload/type``), also used by
/// ``ConsumptionRequest/validate(for:)`` to apply product-type rules.
///
/// Wire type: a JSON string. The raw value is Apple's exact value (`"Auto-Renewable
/// Subscription"`), the case name its lowerCamelCase form. Decode wire fields as
/// `RawEnumValue<ProductType>` so that values Apple adds later are kept.
///
/// [type](https://developer.apple.com/documentation/appstoreserverapi/type)
public enum ProductType: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"Auto-Renewable Subscription"`: An auto-renewable subscription.
    case autoRenewableSubscription = "Auto-Renewable Subscription"
    /// `"Non-Consumable"`: A non-consumable in-app purchase.
    case nonConsumable = "Non-Consumable"
    /// `"Consumable"`: A consumable in-app purchase.
    case consumable = "Consumable"
    /// `"Non-Renewing Subscription"`: A non-renewing subscription.
    case nonRenewingSubscription = "Non-Renewing Subscription"
}
