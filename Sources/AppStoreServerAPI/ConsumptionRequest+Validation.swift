import Foundation

extension ConsumptionRequest {
    /// Checks the body the way Apple's server does, for a transaction whose product type you
    /// don't pass, and throws the first problem. Same as ``validate(for:)`` with `nil`: the
    /// auto-renewable-subscription rule (`4000209`) is not applied.
    ///
    /// - Throws: ``ConsumptionRequest/ValidationError``; see ``validationErrors(for:)`` for the
    ///   rules and their order.
    public func validate() throws {
        try validate(for: nil)
    }

    /// Checks the body the way Apple's server does for a transaction of `productType` and throws
    /// the first problem.
    ///
    /// Pass the `type` of the transaction being refunded (``JWSTransactionDecodedPayload/type``,
    /// from the `CONSUMPTION_REQUEST` notification's `signedTransactionInfo`) to also apply the
    /// rule that auto-renewable subscriptions must not carry a `consumptionPercentage`.
    ///
    /// - Parameter productType: The product type of the transaction, or `nil` when unknown.
    /// - Throws: ``ConsumptionRequest/ValidationError``: its `errorCode` is Apple's numeric code
    ///   (for example `4000036`) or `0` for the two rules whose number Apple doesn't publish.
    public func validate(for productType: ProductType?) throws {
        if let first = validationErrors(for: productType).first {
            throw first
        }
    }

    /// Every problem ``validate()`` would report, in order; empty when the body is valid. Same as
    /// ``validationErrors(for:)`` with `nil`.
    public func validationErrors() -> [ValidationError] {
        validationErrors(for: nil)
    }

    /// Every problem ``validate(for:)`` would report, in the order below; empty when the body is
    /// valid.
    ///
    /// Rules, in order (the order of ``CodingKeys``):
    /// 1. `customerConsented` must be present and `true` →
    ///    ``ValidationRule/customerConsented`` (`4000035`).
    /// 2. `deliveryStatus` must be present and a known ``DeliveryStatus`` →
    ///    ``ValidationRule/deliveryStatus`` (`4000036`).
    /// 3. `sampleContentProvided` must be present → ``ValidationRule/sampleContentProvided``
    ///    (`4000041`).
    /// 4. `consumptionPercentage`, when present:
    ///    - for `productType` ``ProductType/autoRenewableSubscription`` it is not allowed at
    ///      all → ``ValidationRule/consumptionPercentageAutoRenewableSubscription`` (`4000209`);
    ///      the two rules below are then skipped;
    ///    - otherwise it must be in `0...100000` (milli-percent) →
    ///      ``ValidationRule/consumptionPercentageOutOfRange`` (number unknown), and it must be `0`
    ///      when `deliveryStatus` is a known value other than ``DeliveryStatus/delivered`` →
    ///      ``ValidationRule/undeliveredConsumptionPercentageNonZero`` (number unknown). With a
    ///      missing or unknown `deliveryStatus` only rule 2 is reported.
    /// 5. `refundPreference`, when present, must be a known ``RefundPreference`` →
    ///    ``ValidationRule/refundPreference`` (`4000044`).
    ///
    /// Apple doesn't document the order in which its server checks these; this order is ours.
    /// Apple's pages disagree on whether `GRANT_PRORATED` requires a percentage greater than 0 for
    /// other product types, so that is not checked.
    ///
    /// - Parameter productType: The product type of the transaction, or `nil` when unknown.
    public func validationErrors(for productType: ProductType?) -> [ValidationError] {
        var errors: [ValidationError] = []
        func add(_ rule: ValidationRule, _ reason: ConsumptionRequestValidationError.Reason?) {
            if let reason {
                errors.append(ValidationError(rule: rule, reason: reason))
            }
        }
        switch customerConsented {
        case nil: add(.customerConsented, .missing)
        case false?: add(.customerConsented, .invalidValue(rawValue: "false"))
        case true?: break
        }
        if let deliveryStatus {
            if !deliveryStatus.isKnown {
                add(
                    .deliveryStatus,
                    .invalidValue(rawValue: Self.jsonString(deliveryStatus.rawValue)))
            }
        } else {
            add(.deliveryStatus, .missing)
        }
        if sampleContentProvided == nil {
            add(.sampleContentProvided, .missing)
        }
        if let percentage = consumptionPercentage {
            let value = ConsumptionRequestValidationError.Reason.invalidValue(
                rawValue: String(percentage))
            if productType == .autoRenewableSubscription {
                add(.consumptionPercentageAutoRenewableSubscription, value)
            } else {
                if !Self.consumptionPercentageRange.contains(percentage) {
                    add(.consumptionPercentageOutOfRange, value)
                }
                if percentage != 0, let status = deliveryStatus?.known, status != .delivered {
                    add(.undeliveredConsumptionPercentageNonZero, value)
                }
            }
        }
        if let refundPreference, !refundPreference.isKnown {
            add(
                .refundPreference,
                .invalidValue(rawValue: Self.jsonString(refundPreference.rawValue)))
        }
        return errors
    }

    /// The allowed values of ``consumptionPercentage``: `0...100000` milli-percent (0 % to
    /// 100 %).
    public static let consumptionPercentageRange: ClosedRange<Int32> = 0...100_000

    /// A string as JSON text (quoted and escaped), for
    /// ``ConsumptionRequestValidationError/Reason``.
    private static func jsonString(_ string: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(string) else { return "\"\(string)\"" }
        return String(decoding: data, as: UTF8.self)
    }
}

extension ConsumptionRequest {
    /// A rule of the V2 ``ConsumptionRequest`` that Apple's server enforces, named by Apple's
    /// error name.
    ///
    /// The raw value is Apple's exact error name (for example `"InvalidDeliveryStatusError"`);
    /// ``apiError`` is the matching ``APIError`` when Apple publishes its number, and `nil` for
    /// ``consumptionPercentageOutOfRange`` and ``undeliveredConsumptionPercentageNonZero``, whose
    /// numbers Apple's pages don't give.
    ///
    /// [Send Consumption Information](https://developer.apple.com/documentation/appstoreserverapi/send-consumption-information)
    public enum ValidationRule: String, CaseIterable, Hashable, Sendable {
        /// `"InvalidCustomerConsentedError"` (`4000035`): `customerConsented` missing or not
        /// `true`.
        case customerConsented = "InvalidCustomerConsentedError"
        /// `"InvalidDeliveryStatusError"` (`4000036`): `deliveryStatus` missing or unknown.
        case deliveryStatus = "InvalidDeliveryStatusError"
        /// `"InvalidSampleContentProvidedError"` (`4000041`): `sampleContentProvided` missing.
        case sampleContentProvided = "InvalidSampleContentProvidedError"
        /// `"ConsumptionPercentageOutOfRangeError"` (number not published by Apple):
        /// `consumptionPercentage` outside `0...100000` milli-percent.
        case consumptionPercentageOutOfRange = "ConsumptionPercentageOutOfRangeError"
        /// `"UndeliveredConsumptionPercentageNonZeroError"` (number not published by Apple):
        /// `consumptionPercentage` other than `0` while `deliveryStatus` isn't `DELIVERED`.
        case undeliveredConsumptionPercentageNonZero =
            "UndeliveredConsumptionPercentageNonZeroError"
        /// `"ConsumptionPercentageAutoRenewableSubscriptionError"` (`4000209`):
        /// `consumptionPercentage` sent for an auto-renewable subscription.
        case consumptionPercentageAutoRenewableSubscription =
            "ConsumptionPercentageAutoRenewableSubscriptionError"
        /// `"InvalidRefundPreferenceError"` (`4000044`): `refundPreference` unknown.
        case refundPreference = "InvalidRefundPreferenceError"

        /// Apple's error name, for example `"InvalidDeliveryStatusError"` (the raw value).
        public var appleName: String {
            rawValue
        }

        /// Apple's error as an ``APIError`` (whose raw value is the numeric code), or `nil` when
        /// Apple doesn't publish the number (``consumptionPercentageOutOfRange``,
        /// ``undeliveredConsumptionPercentageNonZero``).
        public var apiError: APIError? {
            switch self {
            case .customerConsented: .invalidCustomerConsented
            case .deliveryStatus: .invalidDeliveryStatus
            case .sampleContentProvided: .invalidSampleContentProvided
            case .consumptionPercentageOutOfRange: nil
            case .undeliveredConsumptionPercentageNonZero: nil
            case .consumptionPercentageAutoRenewableSubscription:
                .consumptionPercentageAutoRenewableSubscription
            case .refundPreference: .invalidRefundPreference
            }
        }

        /// The JSON key the rule is about, for example ``CodingKeys/consumptionPercentage`` for
        /// the three percentage rules.
        public var key: CodingKeys {
            switch self {
            case .customerConsented: .customerConsented
            case .deliveryStatus: .deliveryStatus
            case .sampleContentProvided: .sampleContentProvided
            case .consumptionPercentageOutOfRange, .undeliveredConsumptionPercentageNonZero,
                .consumptionPercentageAutoRenewableSubscription:
                .consumptionPercentage
            case .refundPreference: .refundPreference
            }
        }
    }

    /// A field of a V2 ``ConsumptionRequest`` that Apple's server would reject, with the error it
    /// would return.
    ///
    /// ``appleName`` is always Apple's error name (for example
    /// `"ConsumptionPercentageOutOfRangeError"`). ``apiError`` is the same error as an
    /// ``APIError`` only when Apple publishes its number, and `nil` otherwise.
    ///
    /// ``errorCode`` (from `CustomNSError`) is Apple's numeric code as an `Int` (for example
    /// `4000036`) when known, and **`0`** for ``ValidationRule/consumptionPercentageOutOfRange``
    /// and ``ValidationRule/undeliveredConsumptionPercentageNonZero``: Apple documents those two
    /// errors by name only, and every Apple code has seven digits (`4000000` and up), so `0` can
    /// never be mistaken for one. Match on ``rule`` or ``appleName``, not on `errorCode`, to tell
    /// those two apart.
    ///
    /// [ConsumptionRequest](https://developer.apple.com/documentation/appstoreserverapi/consumptionrequest)
    public struct ValidationError: Error, CustomNSError, Hashable, Sendable {
        /// The rule the body breaks.
        public let rule: ValidationRule

        /// Why the field is rejected: missing, or the offending value as JSON text (for example
        /// `"150000"` or `"\"GRANT_SOME\""`).
        public let reason: ConsumptionRequestValidationError.Reason

        /// Creates an error.
        ///
        /// - Parameters:
        ///   - rule: The rule the body breaks.
        ///   - reason: Why the field is rejected.
        public init(rule: ValidationRule, reason: ConsumptionRequestValidationError.Reason) {
            self.rule = rule
            self.reason = reason
        }

        /// The JSON key of the rejected field, for example `"consumptionPercentage"`.
        public var field: String {
            rule.key.rawValue
        }

        /// Apple's error name, always present, for example `"InvalidDeliveryStatusError"`.
        public var appleName: String {
            rule.appleName
        }

        /// Apple's error as an ``APIError``, or `nil` when Apple doesn't publish its number.
        public var apiError: APIError? {
            rule.apiError
        }

        /// `"AppStoreServerAPI.ConsumptionRequest.ValidationError"`.
        public static var errorDomain: String {
            "AppStoreServerAPI.ConsumptionRequest.ValidationError"
        }

        /// Apple's numeric error code (`Int`, for example `4000036`), or `0` when Apple doesn't
        /// publish one (see the type's discussion). `0` is not an Apple code.
        public var errorCode: Int {
            apiError.map { Int($0.rawValue) } ?? 0
        }

        /// `NSLocalizedDescriptionKey` → ``description`` (English).
        public var errorUserInfo: [String: Any] {
            [NSLocalizedDescriptionKey: description]
        }
    }
}

extension ConsumptionRequest.ValidationError: CustomStringConvertible {
    /// An English one-liner such as
    /// `deliveryStatus: invalid value "LOST" (InvalidDeliveryStatusError, 4000036)` or
    /// `consumptionPercentage: invalid value 150000 (ConsumptionPercentageOutOfRangeError, code
    /// not published)`.
    public var description: String {
        let what: String
        switch reason {
        case .missing:
            what = "required field is missing"
        case .invalidValue(let rawValue?):
            what = "invalid value \(rawValue)"
        case .invalidValue(nil):
            what = "invalid value (not shown)"
        }
        let code = apiError.map { String($0.rawValue) } ?? "code not published"
        return "\(field): \(what) (\(appleName), \(code))"
    }
}
