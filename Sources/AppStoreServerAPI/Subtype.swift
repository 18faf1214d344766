/// The subtype of an App Store Server Notifications V2 notification (`subtype`), present only for
/// some notification types.
///
/// Wire type: a JSON string. The raw value is Apple's exact value (`"INITIAL_BUY"`), the case name
/// its lowerCamelCase form. Decode wire fields as `RawEnumValue<Subtype>` so that values Apple adds
/// later are kept.
///
/// [subtype](https://developer.apple.com/documentation/appstoreservernotifications/subtype)
public enum Subtype: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"INITIAL_BUY"`: With SUBSCRIBED: the first purchase of the subscription (or first access
    /// through Family Sharing).
    case initialBuy = "INITIAL_BUY"
    /// `"RESUBSCRIBE"`: With SUBSCRIBED: the customer resubscribed to the same or another
    /// subscription in the group.
    case resubscribe = "RESUBSCRIBE"
    /// `"UPGRADE"`: With DID_CHANGE_RENEWAL_PREF or OFFER_REDEEMED: an upgrade, effective
    /// immediately.
    case upgrade = "UPGRADE"
    /// `"DOWNGRADE"`: With DID_CHANGE_RENEWAL_PREF or OFFER_REDEEMED: a downgrade, effective at the
    /// next renewal.
    case downgrade = "DOWNGRADE"
    /// `"AUTO_RENEW_ENABLED"`: With DID_CHANGE_RENEWAL_STATUS: auto-renew turned on.
    case autoRenewEnabled = "AUTO_RENEW_ENABLED"
    /// `"AUTO_RENEW_DISABLED"`: With DID_CHANGE_RENEWAL_STATUS: auto-renew turned off.
    case autoRenewDisabled = "AUTO_RENEW_DISABLED"
    /// `"VOLUNTARY"`: With EXPIRED: the customer turned off auto-renew.
    case voluntary = "VOLUNTARY"
    /// `"BILLING_RETRY"`: With EXPIRED: the billing retry period ended without a renewal.
    case billingRetry = "BILLING_RETRY"
    /// `"PRICE_INCREASE"`: With EXPIRED: the customer didn't consent to a price increase.
    case priceIncrease = "PRICE_INCREASE"
    /// `"PRODUCT_NOT_FOR_SALE"`: With EXPIRED: the product wasn't for sale at renewal time.
    case productNotForSale = "PRODUCT_NOT_FOR_SALE"
    /// `"GRACE_PERIOD"`: With DID_FAIL_TO_RENEW: the subscription is in the billing grace period.
    case gracePeriod = "GRACE_PERIOD"
    /// `"BILLING_RECOVERY"`: With DID_RENEW: an expired subscription that failed to renew renewed
    /// successfully.
    case billingRecovery = "BILLING_RECOVERY"
    /// `"PENDING"`: With PRICE_INCREASE: the customer hasn't responded to the price increase yet.
    case pending = "PENDING"
    /// `"ACCEPTED"`: With PRICE_INCREASE: the customer consented to the price increase (or no
    /// consent was needed).
    case accepted = "ACCEPTED"
    /// `"SUMMARY"`: With RENEWAL_EXTENSION: the extension for all eligible subscribers completed;
    /// see `summary`.
    case summary = "SUMMARY"
    /// `"FAILURE"`: With RENEWAL_EXTENSION: one subscription's renewal date extension failed.
    case failure = "FAILURE"
    /// `"UNREPORTED"`: With EXTERNAL_PURCHASE_TOKEN: a token was created but not reported.
    case unreported = "UNREPORTED"
    /// `"CREATED"`: With EXTERNAL_PURCHASE_TOKEN: a custom-link external purchase token was
    /// created.
    case created = "CREATED"
    /// `"ACTIVE_TOKEN_REMINDER"`: With EXTERNAL_PURCHASE_TOKEN: a monthly reminder that a
    /// custom-link token is still active.
    case activeTokenReminder = "ACTIVE_TOKEN_REMINDER"
}
