import DocSpecConformance

/// The docs name errors as Apple does (`InvalidPlayTimeError`), number them by raw value, and give
/// each an HTTP status and a retryable flag: the conformances DocSpec's `error-codes` checks read.
/// `httpStatus` and `isRetryable` are the members in `APIError+Metadata.swift`.
extension APIError: DocSpecNamed, DocSpecHTTPStatus, DocSpecRetryable {
    /// Apple's name for the error (``appleName``).
    public var documentedName: String { appleName }
}
