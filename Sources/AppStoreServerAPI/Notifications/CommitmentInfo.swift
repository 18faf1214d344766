import Foundation

/// The commitment of a subscription transaction billed in periods: the `commitmentInfo` object
/// of ``JWSTransactionDecodedPayload``.
///
/// Every field is optional; dates are milliseconds since 1970, prices milli-units of the
/// transaction's currency.
///
/// ```json
/// {"billingPeriodNumber": 2, "commitmentExpiresDate": 1698148900000,
///  "commitmentPrice": 119880, "totalBillingPeriods": 12}
/// ```
///
/// [TransactionCommitmentInfo](https://developer.apple.com/documentation/appstoreserverapi/transactioncommitmentinfo)
public struct TransactionCommitmentInfo: Codable, Hashable, Sendable {
    /// `billingPeriodNumber` (`Int32`): which billing period of the commitment this transaction
    /// pays for, from 1.
    ///
    /// [billingPeriodNumber](https://developer.apple.com/documentation/appstoreserverapi/billingperiodnumber)
    public var billingPeriodNumber: Int32?
    /// `commitmentExpiresDate` (milliseconds since 1970): when the commitment ends.
    ///
    /// [commitmentExpiresDate](https://developer.apple.com/documentation/appstoreserverapi/commitmentexpiresdate)
    public var commitmentExpiresDate: Date?
    /// `commitmentPrice` (`Int64`, milli-units): the price of the whole commitment.
    ///
    /// [commitmentPrice](https://developer.apple.com/documentation/appstoreserverapi/commitmentprice)
    public var commitmentPrice: Int64?
    /// `totalBillingPeriods` (`Int32`): how many billing periods the commitment has.
    ///
    /// [totalBillingPeriods](https://developer.apple.com/documentation/appstoreserverapi/totalbillingperiods)
    public var totalBillingPeriods: Int32?

    /// Creates a value; every field defaults to `nil`.
    public init(
        billingPeriodNumber: Int32? = nil, commitmentExpiresDate: Date? = nil, commitmentPrice: Int64? = nil,
        totalBillingPeriods: Int32? = nil
    ) {
        self.billingPeriodNumber = billingPeriodNumber
        self.commitmentExpiresDate = commitmentExpiresDate
        self.commitmentPrice = commitmentPrice
        self.totalBillingPeriods = totalBillingPeriods
    }

    private enum CodingKeys: String, CodingKey {
        case billingPeriodNumber, commitmentExpiresDate, commitmentPrice, totalBillingPeriods
    }

    /// Decodes a value; absent or `null` keys become `nil`.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong JSON type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        billingPeriodNumber = try c.decodeIfPresent(Int32.self, forKey: .billingPeriodNumber)
        commitmentExpiresDate = try c.decodeMillisecondsDateIfPresent(forKey: .commitmentExpiresDate)
        commitmentPrice = try c.decodeIfPresent(Int64.self, forKey: .commitmentPrice)
        totalBillingPeriods = try c.decodeIfPresent(Int32.self, forKey: .totalBillingPeriods)
    }

    /// Encodes the value (`nil` fields omitted, dates as milliseconds).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(billingPeriodNumber, forKey: .billingPeriodNumber)
        try c.encodeMillisecondsDateIfPresent(commitmentExpiresDate, forKey: .commitmentExpiresDate)
        try c.encodeIfPresent(commitmentPrice, forKey: .commitmentPrice)
        try c.encodeIfPresent(totalBillingPeriods, forKey: .totalBillingPeriods)
    }
}

/// The next commitment of a subscription billed in periods: the `commitmentInfo` object of
/// ``JWSRenewalInfoDecodedPayload``.
///
/// ```json
/// {"commitmentAutoRenewProductId": "com.example.annual", "commitmentAutoRenewStatus": 1,
///  "commitmentRenewalBillingPlanType": "MONTHLY", "commitmentRenewalDate": 1698148900000,
///  "commitmentRenewalPrice": 119880}
/// ```
///
/// [RenewalCommitmentInfo](https://developer.apple.com/documentation/appstoreserverapi/renewalcommitmentinfo)
public struct RenewalCommitmentInfo: Codable, Hashable, Sendable {
    /// `commitmentAutoRenewProductId` (string): the product the commitment renews to.
    ///
    /// [commitmentAutoRenewProductId](https://developer.apple.com/documentation/appstoreserverapi/commitmentautorenewproductid)
    public var commitmentAutoRenewProductId: String?
    /// `commitmentAutoRenewStatus` (integer `0...1`): whether the commitment renews
    /// (``AutoRenewStatus``).
    ///
    /// [commitmentAutoRenewStatus](https://developer.apple.com/documentation/appstoreserverapi/commitmentautorenewstatus)
    public var commitmentAutoRenewStatus: RawEnumValue<AutoRenewStatus>?
    /// `commitmentRenewalBillingPlanType` (string): how the next commitment is billed.
    ///
    /// [commitmentRenewalBillingPlanType](https://developer.apple.com/documentation/appstoreserverapi/commitmentrenewalbillingplantype)
    public var commitmentRenewalBillingPlanType: RawEnumValue<RenewalBillingPlanType>?
    /// `commitmentRenewalDate` (milliseconds since 1970): when the commitment renews.
    ///
    /// [commitmentRenewalDate](https://developer.apple.com/documentation/appstoreserverapi/commitmentrenewaldate)
    public var commitmentRenewalDate: Date?
    /// `commitmentRenewalPrice` (`Int64`, milli-units): the price of the next commitment.
    ///
    /// [commitmentRenewalPrice](https://developer.apple.com/documentation/appstoreserverapi/commitmentrenewalprice)
    public var commitmentRenewalPrice: Int64?

    /// Creates a value; every field defaults to `nil`.
    public init(
        commitmentAutoRenewProductId: String? = nil, commitmentAutoRenewStatus: RawEnumValue<AutoRenewStatus>? = nil,
        commitmentRenewalBillingPlanType: RawEnumValue<RenewalBillingPlanType>? = nil,
        commitmentRenewalDate: Date? = nil, commitmentRenewalPrice: Int64? = nil
    ) {
        self.commitmentAutoRenewProductId = commitmentAutoRenewProductId
        self.commitmentAutoRenewStatus = commitmentAutoRenewStatus
        self.commitmentRenewalBillingPlanType = commitmentRenewalBillingPlanType
        self.commitmentRenewalDate = commitmentRenewalDate
        self.commitmentRenewalPrice = commitmentRenewalPrice
    }

    private enum CodingKeys: String, CodingKey {
        case commitmentAutoRenewProductId, commitmentAutoRenewStatus, commitmentRenewalBillingPlanType
        case commitmentRenewalDate, commitmentRenewalPrice
    }

    /// Decodes a value; absent or `null` keys become `nil`.
    ///
    /// - Throws: `DecodingError` when a present value has the wrong JSON type.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        commitmentAutoRenewProductId = try c.decodeIfPresent(String.self, forKey: .commitmentAutoRenewProductId)
        commitmentAutoRenewStatus = try c.decodeIfPresent(
            RawEnumValue<AutoRenewStatus>.self, forKey: .commitmentAutoRenewStatus)
        commitmentRenewalBillingPlanType = try c.decodeIfPresent(
            RawEnumValue<RenewalBillingPlanType>.self, forKey: .commitmentRenewalBillingPlanType)
        commitmentRenewalDate = try c.decodeMillisecondsDateIfPresent(forKey: .commitmentRenewalDate)
        commitmentRenewalPrice = try c.decodeIfPresent(Int64.self, forKey: .commitmentRenewalPrice)
    }

    /// Encodes the value (`nil` fields omitted, dates as milliseconds).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(commitmentAutoRenewProductId, forKey: .commitmentAutoRenewProductId)
        try c.encodeIfPresent(commitmentAutoRenewStatus, forKey: .commitmentAutoRenewStatus)
        try c.encodeIfPresent(commitmentRenewalBillingPlanType, forKey: .commitmentRenewalBillingPlanType)
        try c.encodeMillisecondsDateIfPresent(commitmentRenewalDate, forKey: .commitmentRenewalDate)
        try c.encodeIfPresent(commitmentRenewalPrice, forKey: .commitmentRenewalPrice)
    }
}
