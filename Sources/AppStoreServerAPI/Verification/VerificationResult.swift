/// Why signed data was rejected: the status names of Apple's App Store Server Library for Swift
/// (`VerificationError`), kept as raw values.
///
/// Wire type: none (this library's result, not Apple JSON). The raw value is the name Apple's
/// libraries use (`"VERIFICATION_FAILURE"`), the case name its lowerCamelCase form.
///
/// | raw value | meaning |
/// |---|---|
/// | `VERIFICATION_FAILURE` | The certificate chain or the signature is not valid. |
/// | `RETRYABLE_VERIFICATION_FAILURE` | Never produced by this library (see ``retryableVerificationFailure``). |
/// | `INVALID_APP_IDENTIFIER` | The bundle ID, or in production the App Apple ID, is not yours. |
/// | `INVALID_ENVIRONMENT` | The data comes from another environment than the verifier's. |
/// | `INVALID_CERTIFICATE` | An `x5c` certificate is not base64 DER X.509. |
/// | `INVALID_JWT_FORMAT` | The text is not a compact JWS with the expected header and JSON payload. |
///
/// Apple documents these names only in its server libraries, not on developer.apple.com:
/// [app-store-server-library-swift](https://github.com/apple/app-store-server-library-swift).
public enum VerificationStatus: String, CaseIterable, Sendable {
    /// `"VERIFICATION_FAILURE"`: The certificate chain does not lead to one of the configured
    /// roots, a certificate is outside its validity period at `signedDate`, Apple's marker
    /// extensions are missing, or the ES256 signature does not match.
    case verificationFailure = "VERIFICATION_FAILURE"
    /// `"RETRYABLE_VERIFICATION_FAILURE"`: In Apple's library, an online revocation (OCSP) check
    /// could not reach Apple. This library performs no online checks, so it never returns this
    /// status; the case exists for parity with Apple's API.
    case retryableVerificationFailure = "RETRYABLE_VERIFICATION_FAILURE"
    /// `"INVALID_APP_IDENTIFIER"`: The payload's `bundleId` differs from the verifier's, or (in
    /// ``AppStoreEnvironment/production`` only) its `appAppleId` does.
    case invalidAppIdentifier = "INVALID_APP_IDENTIFIER"
    /// `"INVALID_ENVIRONMENT"`: The payload's environment differs from the verifier's.
    case invalidEnvironment = "INVALID_ENVIRONMENT"
    /// `"INVALID_CERTIFICATE"`: The leaf (`x5c[0]`) or intermediate (`x5c[1]`) is not standard
    /// base64 of a DER X.509 certificate.
    case invalidCertificate = "INVALID_CERTIFICATE"
    /// `"INVALID_JWT_FORMAT"`: The text is not `header.payload.signature`, a part is not base64url
    /// JSON of the expected shape, the header's `alg` is not `ES256`, or `x5c` is missing or does
    /// not hold exactly 3 certificates.
    case invalidJWTFormat = "INVALID_JWT_FORMAT"
}

/// A rejection: the ``VerificationStatus`` and a human-readable reason.
///
/// The reason names the failed check (for example `"the JWS header's alg is \"HS256\"; App Store
/// data is signed with ES256"`). It never contains the signed text, a full certificate or key
/// material, so it can be logged.
public struct VerificationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which check failed.
    public var status: VerificationStatus
    /// What exactly failed, in English.
    public var reason: String

    /// Creates an error.
    public init(status: VerificationStatus, reason: String) {
        self.status = status
        self.reason = reason
    }

    /// `"<RAW_STATUS>: <reason>"`, for example `"INVALID_ENVIRONMENT: the payload's environment is
    /// Production; this verifier accepts Sandbox"`.
    public var description: String { "\(status.rawValue): \(reason)" }

    static func jwtFormat(_ reason: String) -> VerificationError { .init(status: .invalidJWTFormat, reason: reason) }
    static func failure(_ reason: String) -> VerificationError { .init(status: .verificationFailure, reason: reason) }
    static func certificate(_ reason: String) -> VerificationError { .init(status: .invalidCertificate, reason: reason) }
    static func appIdentifier(_ reason: String) -> VerificationError {
        .init(status: .invalidAppIdentifier, reason: reason)
    }
    static func environment(_ reason: String) -> VerificationError { .init(status: .invalidEnvironment, reason: reason) }

    /// The same status with `context` put in front of the reason.
    func prefixed(_ context: String) -> VerificationError {
        .init(status: status, reason: "\(context): \(reason)")
    }
}

/// The outcome of verifying signed App Store data: the decoded payload, or why it was rejected.
///
/// ```swift
/// switch verifier.verifyAndDecodeNotification(signedPayload: text) {
/// case .valid(let notification): handle(notification)
/// case .invalid(let error): log(error.status.rawValue, error.reason)
/// }
/// ```
public enum VerificationResult<Payload> {
    /// Every check passed; the decoded payload.
    case valid(Payload)
    /// A check failed.
    case invalid(VerificationError)

    /// The payload when ``valid(_:)``, otherwise `nil`.
    public var payload: Payload? {
        if case .valid(let payload) = self { payload } else { nil }
    }

    /// The error when ``invalid(_:)``, otherwise `nil`.
    public var error: VerificationError? {
        if case .invalid(let error) = self { error } else { nil }
    }

    /// The status of the error, or `nil` when valid.
    public var status: VerificationStatus? { error?.status }

    /// Whether every check passed.
    public var isValid: Bool { payload != nil }

    /// The payload, or the error thrown.
    ///
    /// - Throws: ``VerificationError`` when invalid.
    public func get() throws(VerificationError) -> Payload {
        switch self {
        case .valid(let payload): payload
        case .invalid(let error): throw error
        }
    }

    /// Transforms the payload of a valid result.
    public func map<Other>(_ transform: (Payload) -> Other) -> VerificationResult<Other> {
        switch self {
        case .valid(let payload): .valid(transform(payload))
        case .invalid(let error): .invalid(error)
        }
    }

    init(_ result: Result<Payload, VerificationError>) {
        switch result {
        case .success(let payload): self = .valid(payload)
        case .failure(let error): self = .invalid(error)
        }
    }
}

extension VerificationResult: Sendable where Payload: Sendable {}
extension VerificationResult: Equatable where Payload: Equatable {}
extension VerificationResult: Hashable where Payload: Hashable {}
