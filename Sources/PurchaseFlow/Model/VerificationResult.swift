/// A signed value and whether its signature checked out: StoreKit's
/// `VerificationResult<SignedType>`.
///
/// StoreKit verifies every transaction's and renewal info's JWS on the device. An
/// ``unverified(_:_:)`` value still carries the decoded payload, but nothing should be granted
/// from it; ``PurchaseCoordinator`` reports such values to its delegate and never finishes them.
///
/// This type shares its name with StoreKit's and with `AppStoreServerAPI.VerificationResult`; in
/// a file that imports either of those modules too, write `PurchaseFlow.VerificationResult`.
///
/// [VerificationResult](https://developer.apple.com/documentation/storekit/verificationresult)
public enum VerificationResult<SignedType: Sendable>: Sendable {
    /// The signature is valid.
    case verified(SignedType)
    /// The signature failed the check; the payload is kept for reporting, not for granting.
    case unverified(SignedType, TransactionVerificationError)

    /// StoreKit's spelling of the error type: `VerificationResult<T>.VerificationError`.
    public typealias VerificationError = TransactionVerificationError

    /// The payload, verified or not. Use it for logging and diagnostics only.
    ///
    /// [unsafePayloadValue](https://developer.apple.com/documentation/storekit/verificationresult/unsafepayloadvalue)
    public var unsafePayloadValue: SignedType {
        switch self {
        case .verified(let value), .unverified(let value, _): value
        }
    }

    /// The payload when verified; `nil` when unverified.
    public var verifiedValue: SignedType? {
        if case .verified(let value) = self { value } else { nil }
    }

    /// The verification error; `nil` when verified.
    public var verificationError: TransactionVerificationError? {
        if case .unverified(_, let error) = self { error } else { nil }
    }

    /// Whether the signature is valid.
    public var isVerified: Bool { verifiedValue != nil }

    /// The payload when verified.
    ///
    /// - Throws: The ``TransactionVerificationError`` when unverified.
    ///
    /// [payloadValue](https://developer.apple.com/documentation/storekit/verificationresult/payloadvalue)
    public var payloadValue: SignedType {
        get throws(TransactionVerificationError) {
            switch self {
            case .verified(let value): return value
            case .unverified(_, let error): throw error
            }
        }
    }
}

extension VerificationResult: Equatable where SignedType: Equatable {}
extension VerificationResult: Hashable where SignedType: Hashable {}

/// Why StoreKit could not verify a signed value: StoreKit's
/// `VerificationResult.VerificationError` (also reachable as `VerificationResult.VerificationError`).
///
/// Named distinctly so that it does not clash with `AppStoreServerAPI.VerificationError` (the
/// server-side verifier's error) when both modules are imported.
///
/// [VerificationResult.VerificationError](https://developer.apple.com/documentation/storekit/verificationresult/verificationerror)
public enum TransactionVerificationError: String, Error, CaseIterable, Hashable, Sendable, Codable {
    /// A certificate of the chain was revoked.
    case revokedCertificate
    /// The certificate chain is not valid.
    case invalidCertificateChain
    /// The signature was not made for this device.
    case invalidDeviceVerification
    /// The JWS is not correctly encoded.
    case invalidEncoding
    /// The signature does not match.
    case invalidSignature
    /// Required properties are missing from the payload.
    case missingRequiredProperties
}
