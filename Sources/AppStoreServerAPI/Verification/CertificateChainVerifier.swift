import COpenSSL
import Foundation

/// Validates the certificate chain of App Store signed data (`x5c` leaf and intermediate) against
/// root certificates you supply, with OpenSSL's RFC 5280 path validation plus Apple's marker
/// extensions.
///
/// The rules:
/// * The only trust anchors are ``rootCertificates``; the system's CA store is never consulted.
///   The intermediate is untrusted and must itself be signed by one of the roots; the path must be
///   exactly leaf → intermediate → root.
/// * Validity periods, signatures, CA basic constraints and key usage are checked at the
///   validation time you pass (for signed data: the payload's `signedDate`), not at the current
///   time (`X509_V_FLAG_USE_CHECK_TIME`).
/// * The intermediate must carry extension ``intermediateMarkerOID`` (1.2.840.113635.100.6.2.1)
///   and the leaf ``leafMarkerOID`` (1.2.840.113635.100.6.11.1).
///
/// **No revocation checks here.** This type makes no network requests (no OCSP, no CRLs): a
/// revoked certificate still validates. ``SignedDataVerifier`` adds OCSP checking when given a
/// ``RevocationChecker``.
///
/// Get Apple's roots (for example "Apple Root CA - G3", `AppleRootCA-G3.cer`) from
/// <https://www.apple.com/certificateauthority/>.
public struct CertificateChainVerifier: Sendable, CustomStringConvertible {
    /// Extension Apple puts in the Apple Worldwide Developer Relations intermediate:
    /// `"1.2.840.113635.100.6.2.1"`.
    public static let intermediateMarkerOID = "1.2.840.113635.100.6.2.1"
    /// Extension Apple puts in App Store receipt-signing leaf certificates:
    /// `"1.2.840.113635.100.6.11.1"`.
    public static let leafMarkerOID = "1.2.840.113635.100.6.11.1"

    /// The trust anchors, in the order given.
    public let rootCertificates: [X509Certificate]
    private let store: TrustStore

    /// Creates a verifier that trusts exactly these roots.
    ///
    /// - Parameter rootCertificates: Self-signed root certificates. An empty list trusts nothing
    ///   (every chain fails).
    public init(rootCertificates: [X509Certificate]) {
        self.rootCertificates = rootCertificates
        self.store = TrustStore(roots: rootCertificates)
    }

    /// Validates `leaf` ← `intermediate` ← one of ``rootCertificates`` at `validationTime`.
    ///
    /// - Parameters:
    ///   - leaf: The signing certificate (`x5c[0]`).
    ///   - intermediate: Its issuer (`x5c[1]`).
    ///   - validationTime: The instant at which every certificate must be valid (whole seconds;
    ///     fractions are dropped; clamped to 1970 … the end of year 9999).
    /// - Returns: The validated path `[leaf, intermediate, root]`, the root being the configured
    ///   instance.
    /// - Throws: ``VerificationError`` with status ``VerificationStatus/verificationFailure``;
    ///   the reason names the failed check and certificate, for example `"the leaf certificate
    ///   (depth 0) failed path validation: certificate has expired"`.
    @discardableResult
    public func verify(
        leaf: X509Certificate, intermediate: X509Certificate, at validationTime: Date
    ) throws(VerificationError) -> [X509Certificate] {
        let root = try validatePath(leaf: leaf, intermediate: intermediate, at: validationTime)
        guard intermediate.hasExtension(oid: Self.intermediateMarkerOID) else {
            throw .failure(
                "the intermediate certificate lacks Apple's marker extension \(Self.intermediateMarkerOID)")
        }
        guard leaf.hasExtension(oid: Self.leafMarkerOID) else {
            throw .failure("the leaf certificate lacks Apple's marker extension \(Self.leafMarkerOID)")
        }
        return [leaf, intermediate, root]
    }

    private static let depthNames = ["the leaf certificate", "the intermediate certificate", "the root certificate"]

    /// `validationTime` in whole seconds as a `time_t`, clamped to 1970-01-01T00:00:00Z …
    /// 9999-12-31T23:59:59Z (a time outside fails validation as not yet valid or expired, never
    /// traps); NaN is a failure.
    static func checkTime(_ validationTime: Date) throws(VerificationError) -> time_t {
        let seconds = validationTime.timeIntervalSince1970.rounded(.down)
        guard !seconds.isNaN else { throw .failure("the validation time is not a number") }
        let latest = AppStoreDate.validMilliseconds.upperBound / 1000
        let clamped = min(max(seconds, 0), Double(latest))
        return time_t(exactly: clamped) ?? time_t(truncatingIfNeeded: latest)
    }

    /// OpenSSL path validation; returns the configured root that anchors the path.
    private func validatePath(
        leaf: X509Certificate, intermediate: X509Certificate, at validationTime: Date
    ) throws(VerificationError) -> X509Certificate {
        guard !rootCertificates.isEmpty, let storePointer = store.pointer else {
            throw .failure("no root certificates are configured")
        }
        _ = OpenSSL.drainErrors()
        defer { _ = OpenSSL.drainErrors() }
        guard let context = X509_STORE_CTX_new() else { throw .failure("OpenSSL could not allocate a context") }
        defer { X509_STORE_CTX_free(context) }
        guard let untrusted = docspec_sk_X509_new_null() else {
            throw .failure("OpenSSL could not allocate a certificate stack")
        }
        // The stack borrows the intermediate; `intermediate` keeps it alive until we return.
        defer { docspec_sk_X509_free(untrusted) }
        guard docspec_sk_X509_push(untrusted, intermediate.pointer) > 0,
            X509_STORE_CTX_init(context, storePointer, leaf.pointer, untrusted) == 1
        else {
            throw .failure("OpenSSL could not set up path validation")
        }
        // Sets X509_V_FLAG_USE_CHECK_TIME on this context's parameters.
        X509_STORE_CTX_set_time(context, 0, try Self.checkTime(validationTime))

        guard X509_verify_cert(context) == 1 else {
            let code = X509_STORE_CTX_get_error(context)
            let depth = Int(X509_STORE_CTX_get_error_depth(context))
            let what = depth < Self.depthNames.count ? Self.depthNames[depth] : "a certificate"
            let message = X509_verify_cert_error_string(Int(code)).map { String(cString: $0) } ?? "error \(code)"
            throw .failure("\(what) (depth \(depth)) failed path validation: \(message)")
        }
        guard let chain = X509_STORE_CTX_get0_chain(context), docspec_sk_X509_num(chain) == 3,
            let second = docspec_sk_X509_value(chain, 1), X509_cmp(second, intermediate.pointer) == 0,
            let top = docspec_sk_X509_value(chain, 2),
            let root = rootCertificates.first(where: { X509_cmp($0.pointer, top) == 0 })
        else {
            throw .failure("the path is not leaf → intermediate (x5c[1]) → configured root")
        }
        return root
    }

    public var description: String {
        "CertificateChainVerifier(roots: \(rootCertificates.map(\.subject)))"
    }
}

/// Owns an `X509_STORE` holding only the configured roots (internal).
private final class TrustStore: @unchecked Sendable {
    // Written once in init; OpenSSL 3 lets several X509_STORE_CTX use one store concurrently
    // (the store locks its own lookups).
    let pointer: OpaquePointer?

    init(roots: [X509Certificate]) {
        guard let store = X509_STORE_new() else {
            pointer = nil
            return
        }
        for root in roots {
            // Up-references the certificate; a duplicate is ignored by OpenSSL 3.
            _ = X509_STORE_add_cert(store, root.pointer)
        }
        _ = OpenSSL.drainErrors()
        pointer = store
    }

    deinit {
        if let pointer { X509_STORE_free(pointer) }
    }
}
