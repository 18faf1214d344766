import Foundation

/// What your app knows about a purchase and the customer that the App Store doesn't: delivery,
/// usage, the account. ``ConsumptionInformationBuilder`` turns these facts and the customer's
/// transaction history into consumption information.
///
/// Every field is optional except delivery; an unknown fact becomes Apple's "undeclared" value
/// (V1) or is left out (V2), never a guess.
public struct ConsumptionFacts: Hashable, Sendable {
    /// How the purchase was delivered (V1 has one reason V2 lacks, the in-game currency change).
    public enum Delivery: Hashable, Sendable {
        /// Delivered and working.
        case delivered
        /// Not delivered: a quality issue.
        case undeliveredQualityIssue
        /// The wrong item was delivered.
        case deliveredWrongItem
        /// Not delivered: a server outage.
        case undeliveredServerOutage
        /// Not delivered: an in-game currency change (V1 only; V2 sends `UNDELIVERED_OTHER`).
        case undeliveredInGameCurrencyChange
        /// Not delivered, for another reason.
        case undeliveredOther
    }

    /// Whether and how the content was delivered.
    public var delivery: Delivery
    /// How much of the delivered content the customer used, `0...1` (a fraction; `0.5` = 50 %),
    /// or `nil` when unknown (NaN counts as unknown; values outside `0...1` are clamped). Ignored
    /// unless ``delivery`` is ``Delivery/delivered``.
    public var consumedFraction: Double?
    /// Whether a free sample, trial or description of the content was offered before purchase.
    public var sampleContentProvided: Bool
    /// Your V2 refund preference, or `nil` for none.
    public var refundPreference: RefundPreference?
    /// Your V1 refund preference, or `nil` (undeclared).
    public var refundPreferenceV1: RefundPreferenceV1?
    /// When the customer's account in your app was created (V1 `accountTenure`), or `nil`.
    public var accountCreated: Date?
    /// How long the customer used your app, in seconds (V1 `playTime`), or `nil`.
    public var playTimeSeconds: TimeInterval?
    /// Where the customer used the purchase (V1 `platform`), or `nil` (undeclared).
    public var platform: Platform?
    /// The state of the customer's account (V1 `userStatus`), or `nil` (undeclared).
    public var userStatus: UserStatus?
    /// Whether to share the transaction's `appAccountToken` (V1); `false` sends `""`.
    public var shareAppAccountToken: Bool

    /// Creates the facts.
    public init(
        delivery: Delivery, consumedFraction: Double? = nil, sampleContentProvided: Bool,
        refundPreference: RefundPreference? = nil, refundPreferenceV1: RefundPreferenceV1? = nil,
        accountCreated: Date? = nil, playTimeSeconds: TimeInterval? = nil, platform: Platform? = nil,
        userStatus: UserStatus? = nil, shareAppAccountToken: Bool = false
    ) {
        self.delivery = delivery
        self.consumedFraction = consumedFraction
        self.sampleContentProvided = sampleContentProvided
        self.refundPreference = refundPreference
        self.refundPreferenceV1 = refundPreferenceV1
        self.accountCreated = accountCreated
        self.playTimeSeconds = playTimeSeconds
        self.platform = platform
        self.userStatus = userStatus
        self.shareAppAccountToken = shareAppAccountToken
    }
}

/// Consumption information computed by ``ConsumptionInformationBuilder``: both bodies and the
/// totals behind the V1 dollar buckets.
public struct ConsumptionInformation: Hashable, Sendable {
    /// The V2 body (`PUT /inApps/v2/transactions/consumption/{transactionId}`).
    public var v2: ConsumptionRequest
    /// The V1 body (`PUT /inApps/v1/…`, Advanced Commerce purchases).
    public var v1: ConsumptionRequestV1
    /// The customer's purchases in USD milli-units (`10990` = $10.99), or `nil` when a
    /// transaction's price couldn't be converted to USD (then V1 says undeclared).
    public var lifetimePurchasedUSDMilli: Int64?
    /// The customer's refunds in USD milli-units, or `nil` when unknown.
    public var lifetimeRefundedUSDMilli: Int64?
}

/// Computes the consumption fields Apple asks for after a `CONSUMPTION_REQUEST`, from the
/// customer's transaction history (Get Transaction History, verified) and your app's own facts
/// (``ConsumptionFacts``), with the rules Apple documents:
///
/// * `customerConsented` is `true` (send only with consent: ``ConsumptionResponder`` checks it).
/// * V2 `consumptionPercentage` (milli-percent `0...100000`) only for delivered content; left out
///   when the content wasn't delivered (Apple: it must then be 0) and always left out for
///   auto-renewable subscriptions (Apple computes it; sending it is `4000209`).
/// * V1 `consumptionStatus` from the consumed fraction: 0 → not consumed, in between → partially,
///   1 → fully; unknown or undelivered → undeclared.
/// * V1 `lifetimeDollarsPurchased`: the sum of `price × quantity` of the customer's own purchases
///   (`inAppOwnershipType` other than `FAMILY_SHARED`), refunded ones included, in USD;
///   `lifetimeDollarsRefunded`: the refunded share of them (`REFUND_FULL` the whole price,
///   `REFUND_PRORATED` `revocationPercentage` of it, a revocation without a type the whole price;
///   `FAMILY_REVOKE` is not a refund). Copies of one `transactionId` count once, the refunded copy
///   winning. Bucketed as Apple's ranges: $0 · $0.01–49.99 · $50–99.99 · $100–499.99 ·
///   $500–999.99 · $1000–1999.99 · $2000 and over. A price in another currency needs ``toUSD``;
///   without a conversion the field is undeclared. A conversion below zero counts as nothing, and
///   a total past `Int64.max` stays at `Int64.max` (the top bucket).
/// * V1 `accountTenure` and `playTime` bucketed from the account's creation date and play time
///   (each range includes its lower bound); unknown → undeclared.
///
/// [ConsumptionRequest](https://developer.apple.com/documentation/appstoreserverapi/consumptionrequest),
/// [ConsumptionRequestV1](https://developer.apple.com/documentation/appstoreserverapi/consumptionrequestv1)
public struct ConsumptionInformationBuilder: Sendable {
    /// Converts a price in milli-units of a currency (ISO 4217 code) to USD milli-units, or
    /// `nil` when it can't. The default converts only `"USD"` (identity).
    public var toUSD: @Sendable (_ milliUnits: Int64, _ currency: String) -> Int64?

    /// Creates a builder.
    ///
    /// - Parameter toUSD: The currency conversion; USD only by default.
    public init(toUSD: @escaping @Sendable (_ milliUnits: Int64, _ currency: String) -> Int64? = {
        $1 == "USD" ? $0 : nil
    }) {
        self.toUSD = toUSD
    }

    /// Builds both bodies.
    ///
    /// - Parameters:
    ///   - transaction: The transaction being refunded (from the notification's
    ///     `signedTransactionInfo`).
    ///   - history: The customer's verified transactions (Get Transaction History), in any order;
    ///     may include `transaction` and refunded copies.
    ///   - facts: Your app's facts.
    ///   - now: The time to measure the account's age at.
    public func build(
        for transaction: JWSTransactionDecodedPayload, history: [JWSTransactionDecodedPayload],
        facts: ConsumptionFacts, at now: Date
    ) -> ConsumptionInformation {
        let totals = lifetimeTotals(history)
        let isAutoRenewable = transaction.type?.known == .autoRenewableSubscription
        let delivered = facts.delivery == .delivered
        // NaN is unknown (it would otherwise pass the clamp and trap in the Int32 conversion).
        let fraction = delivered ? facts.consumedFraction.flatMap { $0.isNaN ? nil : min(max($0, 0), 1) } : nil

        let v2 = ConsumptionRequest(
            customerConsented: true, deliveryStatus: Self.v2Delivery(facts.delivery),
            sampleContentProvided: facts.sampleContentProvided,
            consumptionPercentage: isAutoRenewable ? nil : fraction.map { Int32(($0 * 100_000).rounded()) },
            refundPreference: facts.refundPreference)

        let consumption: ConsumptionStatus =
            switch fraction {
            case nil: .undeclared
            case 0?: .notConsumed
            case 1?: .fullyConsumed
            default: .partiallyConsumed
            }
        let v1 = ConsumptionRequestV1(
            customerConsented: true, consumptionStatus: .known(consumption),
            platform: .known(facts.platform ?? .undeclared), sampleContentProvided: facts.sampleContentProvided,
            deliveryStatus: .known(Self.v1Delivery(facts.delivery)),
            appAccountToken: facts.shareAppAccountToken ? transaction.appAccountToken?.uuidString.lowercased() ?? "" : "",
            accountTenure: .known(Self.tenure(facts.accountCreated.map { now.timeIntervalSince($0) })),
            playTime: .known(Self.playTime(facts.playTimeSeconds)),
            lifetimeDollarsRefunded: RawEnumValue(rawValue: Self.dollarBucket(totals.refunded)),
            lifetimeDollarsPurchased: RawEnumValue(rawValue: Self.dollarBucket(totals.purchased)),
            userStatus: .known(facts.userStatus ?? .undeclared),
            refundPreference: facts.refundPreferenceV1.map { .known($0) })
        return ConsumptionInformation(
            v2: v2, v1: v1, lifetimePurchasedUSDMilli: totals.purchased, lifetimeRefundedUSDMilli: totals.refunded)
    }

    /// The customer's purchased and refunded totals in USD milli-units (`nil` when a price can't
    /// be converted), by the rules in the type's documentation.
    public func lifetimeTotals(_ history: [JWSTransactionDecodedPayload]) -> (purchased: Int64?, refunded: Int64?) {
        var byId: [String: JWSTransactionDecodedPayload] = [:]
        var order: [String] = []
        for (index, item) in history.enumerated() {
            let id = item.transactionId ?? "#\(index)"
            if let existing = byId[id] {
                if existing.revocationDate == nil, item.revocationDate != nil { byId[id] = item }
            } else {
                byId[id] = item
                order.append(id)
            }
        }
        var purchased: Int64? = 0
        var refunded: Int64? = 0
        for id in order {
            let item = byId[id]!
            if item.inAppOwnershipType?.known == .familyShared { continue }
            guard let price = item.price, price > 0 else { continue }
            let amount = price.multipliedReportingOverflow(by: Int64(max(item.quantity ?? 1, 1)))
            guard !amount.overflow, let currency = item.currency, let converted = toUSD(amount.partialValue, currency)
            else {
                purchased = nil
                refunded = nil
                break
            }
            // A negative conversion counts as nothing; totals saturate at Int64.max (the top bucket).
            let usd = max(converted, 0)
            purchased = purchased.map { Self.saturatingSum($0, usd) }
            if item.revocationDate != nil {
                let share: Int64
                switch item.revocationType?.known {
                case .familyRevoke?: share = 0
                case .refundProrated?:
                    share = Self.share(of: usd, milliPercent: Int64(min(max(item.revocationPercentage ?? 100_000, 0), 100_000)))
                case .refundFull?, nil: share = usd
                }
                refunded = refunded.map { Self.saturatingSum($0, share) }
            }
        }
        return (purchased, refunded)
    }

    /// `a + b` for non-negative amounts, `Int64.max` when the sum doesn't fit.
    static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// `amount × milliPercent / 100000` (`milliPercent` in `0...100000`) without overflow.
    static func share(of amount: Int64, milliPercent: Int64) -> Int64 {
        amount / 100_000 * milliPercent + amount % 100_000 * milliPercent / 100_000
    }

    /// Apple's V1 dollar bucket (`0...7`) for a USD milli-unit total; `0` (undeclared) for `nil`.
    public static func dollarBucket(_ milliUSD: Int64?) -> Int32 {
        guard let milliUSD else { return 0 }
        switch milliUSD {
        case ...0: return 1
        case ..<50_000: return 2
        case ..<100_000: return 3
        case ..<500_000: return 4
        case ..<1_000_000: return 5
        case ..<2_000_000: return 6
        default: return 7
        }
    }

    /// Apple's V1 `accountTenure` for an account age in seconds.
    public static func tenure(_ age: TimeInterval?) -> AccountTenure {
        guard let age, age >= 0 else { return .undeclared }
        let days = age / 86_400
        switch days {
        case ..<3: return .zeroToThreeDays
        case ..<10: return .threeDaysToTenDays
        case ..<30: return .tenDaysToThirtyDays
        case ..<90: return .thirtyDaysToNinetyDays
        case ..<180: return .ninetyDaysToOneHundredEightyDays
        case ..<365: return .oneHundredEightyDaysToThreeHundredSixtyFiveDays
        default: return .greaterThanThreeHundredSixtyFiveDays
        }
    }

    /// Apple's V1 `playTime` for a play time in seconds.
    public static func playTime(_ seconds: TimeInterval?) -> PlayTime {
        guard let seconds, seconds >= 0 else { return .undeclared }
        switch seconds {
        case ..<300: return .zeroToFiveMinutes
        case ..<3_600: return .fiveToSixtyMinutes
        case ..<21_600: return .oneToSixHours
        case ..<86_400: return .sixHoursToTwentyFourHours
        case ..<345_600: return .oneDayToFourDays
        case ..<1_382_400: return .fourDaysToSixteenDays
        default: return .overSixteenDays
        }
    }

    static func v2Delivery(_ delivery: ConsumptionFacts.Delivery) -> DeliveryStatus {
        switch delivery {
        case .delivered: .delivered
        case .undeliveredQualityIssue: .undeliveredQualityIssue
        case .deliveredWrongItem: .undeliveredWrongItem
        case .undeliveredServerOutage: .undeliveredServerOutage
        case .undeliveredInGameCurrencyChange, .undeliveredOther: .undeliveredOther
        }
    }

    static func v1Delivery(_ delivery: ConsumptionFacts.Delivery) -> DeliveryStatusV1 {
        switch delivery {
        case .delivered: .deliveredAndWorkingProperly
        case .undeliveredQualityIssue: .didNotDeliverDueToQualityIssue
        case .deliveredWrongItem: .deliveredWrongItem
        case .undeliveredServerOutage: .didNotDeliverDueToServerOutage
        case .undeliveredInGameCurrencyChange: .didNotDeliverDueToIngameCurrencyChange
        case .undeliveredOther: .didNotDeliverForOtherReason
        }
    }
}
