/// How a subscription with a commitment is billed: the `billingPlanType` field of
/// ``JWSTransactionDecodedPayload``.
///
/// Wire type: a JSON string. Stored as `RawEnumValue<BillingPlanType>` so that values Apple adds
/// later still decode.
///
/// [billingPlanType](https://developer.apple.com/documentation/appstoreserverapi/billingplantype)
public enum BillingPlanType: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"BILLED_UPFRONT"`: the whole commitment is billed at once.
    case billedUpfront = "BILLED_UPFRONT"
    /// `"MONTHLY"`: the commitment is billed every month.
    case monthly = "MONTHLY"
}

/// How a subscription with a commitment renews: the `renewalBillingPlanType` field of
/// ``JWSRenewalInfoDecodedPayload`` and `commitmentRenewalBillingPlanType` of
/// ``RenewalCommitmentInfo``.
///
/// Wire type: a JSON string; stored as `RawEnumValue<RenewalBillingPlanType>`.
///
/// [renewalBillingPlanType](https://developer.apple.com/documentation/appstoreserverapi/renewalbillingplantype)
public enum RenewalBillingPlanType: String, CaseIterable, Codable, Hashable, Sendable {
    /// `"BILLED_UPFRONT"`: the next commitment is billed at once.
    case billedUpfront = "BILLED_UPFRONT"
    /// `"MONTHLY"`: the next commitment is billed every month.
    case monthly = "MONTHLY"
}
