/// The type of an App Store Server Notifications V2 notification (`notificationType`).
///
/// Wire type: a JSON string. The raw value is Apple's exact value (`"SUBSCRIBED"`), the case name
/// its lowerCamelCase form. Decode wire fields as `RawEnumValue<NotificationTypeV2>` so that values
/// Apple adds later are kept.
///
/// [notificationType](https://developer.apple.com/documentation/appstoreservernotifications/notificationtype)
public enum NotificationTypeV2: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"SUBSCRIBED"`: The customer subscribed to an auto-renewable subscription (subtype
    /// INITIAL_BUY or RESUBSCRIBE).
    case subscribed = "SUBSCRIBED"
    /// `"DID_CHANGE_RENEWAL_PREF"`: The customer changed their subscription plan (UPGRADE takes
    /// effect immediately, DOWNGRADE at the next renewal; no subtype means a pending downgrade was
    /// cancelled).
    case didChangeRenewalPref = "DID_CHANGE_RENEWAL_PREF"
    /// `"DID_CHANGE_RENEWAL_STATUS"`: The auto-renew status changed (AUTO_RENEW_ENABLED or
    /// AUTO_RENEW_DISABLED).
    case didChangeRenewalStatus = "DID_CHANGE_RENEWAL_STATUS"
    /// `"OFFER_REDEEMED"`: A customer with an active subscription redeemed an offer (UPGRADE,
    /// DOWNGRADE or no subtype).
    case offerRedeemed = "OFFER_REDEEMED"
    /// `"DID_RENEW"`: The subscription renewed (BILLING_RECOVERY: an expired subscription
    /// recovered).
    case didRenew = "DID_RENEW"
    /// `"EXPIRED"`: The subscription expired (VOLUNTARY, BILLING_RETRY, PRICE_INCREASE,
    /// PRODUCT_NOT_FOR_SALE, or no subtype).
    case expired = "EXPIRED"
    /// `"DID_FAIL_TO_RENEW"`: The subscription failed to renew because of a billing issue and
    /// entered billing retry (GRACE_PERIOD: keep providing service).
    case didFailToRenew = "DID_FAIL_TO_RENEW"
    /// `"GRACE_PERIOD_EXPIRED"`: The billing grace period ended without a renewal; stop providing
    /// service.
    case gracePeriodExpired = "GRACE_PERIOD_EXPIRED"
    /// `"PRICE_INCREASE"`: The system informed the customer of a price increase (PENDING or
    /// ACCEPTED).
    case priceIncrease = "PRICE_INCREASE"
    /// `"REFUND"`: The App Store refunded a transaction.
    case refund = "REFUND"
    /// `"REFUND_DECLINED"`: The App Store declined a refund request.
    case refundDeclined = "REFUND_DECLINED"
    /// `"CONSUMPTION_REQUEST"`: The customer requested a refund; the App Store asks for consumption
    /// information (see SendConsumptionInformationV1).
    case consumptionRequest = "CONSUMPTION_REQUEST"
    /// `"RENEWAL_EXTENDED"`: The App Store extended a subscription's renewal date.
    case renewalExtended = "RENEWAL_EXTENDED"
    /// `"RENEWAL_EXTENSION"`: Progress of a renewal date extension for all eligible subscribers
    /// (SUMMARY or FAILURE).
    case renewalExtension = "RENEWAL_EXTENSION"
    /// `"REVOKE"`: Family Sharing access to a purchase ended.
    case revoke = "REVOKE"
    /// `"TEST"`: A test notification you requested.
    case test = "TEST"
    /// `"REFUND_REVERSED"`: The App Store reversed a previously granted refund; reinstate the
    /// content.
    case refundReversed = "REFUND_REVERSED"
    /// `"EXTERNAL_PURCHASE_TOKEN"`: External Purchase API: an external purchase token event
    /// (UNREPORTED, CREATED or ACTIVE_TOKEN_REMINDER).
    case externalPurchaseToken = "EXTERNAL_PURCHASE_TOKEN"
    /// `"ONE_TIME_CHARGE"`: The customer bought a consumable, non-consumable or non-renewing
    /// subscription.
    case oneTimeCharge = "ONE_TIME_CHARGE"
    /// `"RESCIND_CONSENT"`: A parent or guardian withdrew consent for a child's use of the app.
    case rescindConsent = "RESCIND_CONSENT"
    /// `"METADATA_UPDATE"`: Advanced Commerce API: subscription metadata changed.
    case metadataUpdate = "METADATA_UPDATE"
    /// `"MIGRATION"`: Advanced Commerce API: a subscription was migrated.
    case migration = "MIGRATION"
    /// `"PRICE_CHANGE"`: Advanced Commerce API: a subscription price changed.
    case priceChange = "PRICE_CHANGE"
}
