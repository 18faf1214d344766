/// An App Store Server API error code as received: a known ``APIError`` or an unknown number.
///
/// Shape: `.known(APIError)` or `.unknown(Int64)`; ``RawEnumValue/rawValue`` is always Apple's
/// numeric code (an `Int64`, for example `4040010`). Decoding accepts any JSON integer in `Int64`'s
/// range and keeps it, so a code Apple adds later (or a test value such as `9990000`) survives a
/// decode → encode round trip. Equality compares the number only.
///
/// ```swift
/// let code = APIErrorCode(rawValue: 4040010)   // .known(.transactionIdNotFound)
/// let new = APIErrorCode(rawValue: 9990000)    // .unknown(9990000)
/// ```
///
/// [Error codes](https://developer.apple.com/documentation/appstoreserverapi/error-codes)
public typealias APIErrorCode = RawEnumValue<APIError>

extension RawEnumValue where Known == APIError {
    /// The HTTP status implied by the code's first three digits (`4040010` → `404`), known or
    /// not.
    ///
    /// Returns `nil` when the number doesn't have the seven-digit shape `1000000...5999999` of
    /// Apple's codes (for an unknown code only).
    public var httpStatus: Int? {
        if let known { return known.httpStatus }
        guard (1_000_000...5_999_999).contains(rawValue) else { return nil }
        return Int(rawValue / 10_000)
    }

    /// Whether Apple lists the error under "Errors to retry"; `false` for unknown codes.
    /// See ``APIError/isRetryable``.
    public var isRetryable: Bool {
        known?.isRetryable ?? false
    }
}
