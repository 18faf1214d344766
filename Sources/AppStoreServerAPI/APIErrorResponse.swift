/// The JSON body of an App Store Server API error response:
/// `{"errorCode": 4040010, "errorMessage": "Transaction id not found."}`.
///
/// Both fields are optional so that a partial or unexpected body still decodes; a `401
/// Unauthorized` response (invalid or expired JWT) has no body at all. ``errorCode`` keeps
/// unknown numbers (see ``APIErrorCode``). Encoding omits `nil` fields.
///
/// [Error codes](https://developer.apple.com/documentation/appstoreserverapi/error-codes)
public struct APIErrorResponse: Codable, Hashable, Sendable {
    /// Apple's numeric error code (`Int64`), known or unknown; `nil` when the body has none.
    public var errorCode: APIErrorCode?

    /// Apple's English description of the error, for logs only (not localised, may change).
    public var errorMessage: String?

    /// The known error, or `nil` when the code is missing or unknown to this library.
    public var apiError: APIError? {
        errorCode?.known
    }

    /// Creates an error body.
    ///
    /// - Parameters:
    ///   - errorCode: The error code, or `nil`.
    ///   - errorMessage: The message, or `nil`.
    public init(errorCode: APIErrorCode? = nil, errorMessage: String? = nil) {
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }

    /// The JSON keys, exactly as Apple spells them.
    public enum CodingKeys: String, CodingKey, Sendable {
        /// `errorCode`
        case errorCode
        /// `errorMessage`
        case errorMessage
    }
}
