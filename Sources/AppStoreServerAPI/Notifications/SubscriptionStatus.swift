/// The status of an auto-renewable subscription: the `status` field of a notification's
/// ``NotificationData`` (and of Get All Subscription Statuses).
///
/// Wire type: a JSON integer (`Int32`), values `1...5`. Fields of this type are stored as
/// `RawEnumValue<SubscriptionStatus>` so that values Apple adds later still decode.
///
/// [status](https://developer.apple.com/documentation/appstoreserverapi/status)
public enum SubscriptionStatus: Int32, CaseIterable, Codable, Hashable, Sendable {
    /// `1`: The subscription is active.
    case active = 1
    /// `2`: The subscription expired.
    case expired = 2
    /// `3`: The subscription is in the billing retry period.
    case billingRetry = 3
    /// `4`: The subscription is in the Billing Grace Period (keep providing service).
    case billingGracePeriod = 4
    /// `5`: The subscription is revoked (for example Family Sharing access ended).
    case revoked = 5
}
