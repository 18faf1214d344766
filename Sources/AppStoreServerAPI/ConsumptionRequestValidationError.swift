import Foundation

/// A field of a ``ConsumptionRequestV1`` that Apple's server would reject, with the error it would
/// return.
///
/// ``errorCode`` (from `CustomNSError`) is Apple's numeric error code as an `Int`, for example
/// `4000040` for an invalid `playTime`; ``apiError`` is the same code as an ``APIError``, and
/// ``field`` the JSON key. The error never contains the value of `appAccountToken`, which is
/// personal data.
///
/// [ConsumptionRequestV1](https://developer.apple.com/documentation/appstoreserverapi/consumptionrequestv1)
public struct ConsumptionRequestValidationError: Error, CustomNSError, Sendable, Hashable {
    /// Why a field is rejected.
    public enum Reason: Sendable, Hashable {
        /// The key is absent (or `null`) but Apple requires it.
        case missing
        /// The value is not allowed. `rawValue` is the offending value as JSON text (for example
        /// `"8"` or `"false"`), or `nil` when it is withheld because it is personal data
        /// (`appAccountToken`).
        case invalidValue(rawValue: String?)
    }

    /// The JSON key of the rejected field, for example `"playTime"`.
    public let field: String

    /// The error Apple's server returns for this field, for example ``APIError/invalidPlayTime``.
    public let apiError: APIError

    /// Why the field is rejected.
    public let reason: Reason

    /// Apple's error name, for example `"InvalidPlayTimeError"` (`apiError.appleName`); the V2
    /// ``ConsumptionRequest/ValidationError`` has the same property.
    public var appleName: String {
        apiError.appleName
    }

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - field: The JSON key.
    ///   - apiError: Apple's error for the field.
    ///   - reason: Why the field is rejected.
    public init(field: String, apiError: APIError, reason: Reason) {
        self.field = field
        self.apiError = apiError
        self.reason = reason
    }

    init(key: ConsumptionRequestV1.CodingKeys, reason: Reason) {
        self.init(field: key.rawValue, apiError: key.apiError, reason: reason)
    }

    /// `"AppStoreServerAPI.ConsumptionRequestValidationError"`.
    public static var errorDomain: String {
        "AppStoreServerAPI.ConsumptionRequestValidationError"
    }

    /// Apple's numeric error code (`Int`), for example `4000040`: `Int(apiError.rawValue)`.
    public var errorCode: Int {
        Int(apiError.rawValue)
    }

    /// `NSLocalizedDescriptionKey` → ``description`` (English).
    public var errorUserInfo: [String: Any] {
        [NSLocalizedDescriptionKey: description]
    }
}

extension ConsumptionRequestValidationError: CustomStringConvertible {
    /// An English one-liner such as
    /// `playTime: invalid value 8 (InvalidPlayTimeError, 4000040)`.
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
        return "\(field): \(what) (\(apiError.appleName), \(apiError.rawValue))"
    }
}
