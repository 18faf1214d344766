import Foundation

extension ConsumptionRequestV1 {
    /// Checks the body the way Apple's server does and throws the first problem, in the order of
    /// ``CodingKeys`` (`customerConsented` first, `refundPreference` last).
    ///
    /// Rules: each of the eleven required keys must be present; `customerConsented` must be
    /// `true`; every integer enum field must hold a value its enum knows; `appAccountToken` must
    /// be absent (encoded as `""`), `""` or a UUID string; `refundPreference` may be absent but
    /// must be known when present.
    ///
    /// - Throws: ``ConsumptionRequestValidationError`` whose `errorCode` is Apple's error code
    ///   (for example `4000040` for `playTime: 8`).
    public func validate() throws {
        if let first = validationErrors().first {
            throw first
        }
    }

    /// Every problem ``validate()`` would report, in the order of ``CodingKeys``; empty when the
    /// body is valid.
    public func validationErrors() -> [ConsumptionRequestValidationError] {
        var errors: [ConsumptionRequestValidationError] = []
        func add(_ key: CodingKeys, _ reason: ConsumptionRequestValidationError.Reason?) {
            if let reason {
                errors.append(ConsumptionRequestValidationError(key: key, reason: reason))
            }
        }
        add(.customerConsented, Self.problem(consented: customerConsented))
        add(.consumptionStatus, Self.problem(consumptionStatus))
        add(.platform, Self.problem(platform))
        add(.sampleContentProvided, sampleContentProvided == nil ? .missing : nil)
        add(.deliveryStatus, Self.problem(deliveryStatus))
        add(.appAccountToken, Self.problem(appAccountToken: appAccountToken))
        add(.accountTenure, Self.problem(accountTenure))
        add(.playTime, Self.problem(playTime))
        add(.lifetimeDollarsRefunded, Self.problem(lifetimeDollarsRefunded))
        add(.lifetimeDollarsPurchased, Self.problem(lifetimeDollarsPurchased))
        add(.userStatus, Self.problem(userStatus))
        add(.refundPreference, Self.problem(refundPreference, required: false))
        return errors
    }

    private static func problem(
        consented: Bool?
    ) -> ConsumptionRequestValidationError.Reason? {
        switch consented {
        case nil: .missing
        case false?: .invalidValue(rawValue: "false")
        case true?: nil
        }
    }

    private static func problem<Known>(
        _ value: RawEnumValue<Known>?, required: Bool = true
    ) -> ConsumptionRequestValidationError.Reason? {
        guard let value else { return required ? .missing : nil }
        return value.isKnown ? nil : .invalidValue(rawValue: "\(value.rawValue)")
    }

    private static func problem(
        appAccountToken: String?
    ) -> ConsumptionRequestValidationError.Reason? {
        // An absent token is encoded as "" (declined), so it is never missing on the wire.
        guard let token = appAccountToken else { return nil }
        if token.isEmpty || UUID(uuidString: token) != nil { return nil }
        return .invalidValue(rawValue: nil)
    }
}
