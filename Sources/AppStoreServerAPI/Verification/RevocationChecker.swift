import COpenSSL
import Foundation

/// Online revocation checking for ``SignedDataVerifier`` (off unless you pass it): each
/// certificate of the signing chain below the root that names an OCSP responder is checked with
/// OCSP (RFC 6960), through OpenSSL's OCSP and HTTP client. The leaf must name one (or
/// ``responderURL`` must be set); Apple's certificates do.
///
/// A check: one OCSP request (SHA-1 certificate ID, a random nonce) posted to the responder
/// (`http://` only), the whole exchange bounded by ``timeout``; the response must be
/// `successful`, signed by the issuer or a responder the issuer delegated to (OpenSSL's
/// `OCSP_basic_verify` against your roots), echo the nonce when it carries one, and be current
/// (`thisUpdate`/`nextUpdate` within ``maxClockSkew``).
///
/// Hard fail, as Apple's library: a revoked or unknown certificate fails verification
/// (``VerificationStatus/verificationFailure``); a responder that can't be reached, times out or
/// answers `tryLater`/`internalError` gives ``VerificationStatus/retryableVerificationFailure``
/// (try again later). With checking on, the chain is validated at the current time, not at the
/// payload's `signedDate` (as Apple's library does online). Each check blocks the calling thread
/// for up to ``timeout``. A `good` answer for a certificate and its issuer is remembered for
/// ``goodAnswerLifetime`` (15 minutes, at most 32 pairs, as in Apple's library) by the
/// ``SignedDataVerifier`` that holds the checker; other answers are never remembered.
///
/// [enableOnlineChecks](https://github.com/apple/app-store-server-library-swift) ·
/// [RFC 6960](https://www.rfc-editor.org/rfc/rfc6960)
public struct RevocationChecker: Sendable, Hashable {
    /// The longest one OCSP exchange may take, whole seconds (at least 1). Default 10 s.
    public var timeout: Duration
    /// A responder URL to use instead of the certificates' own (for a local responder); `nil`
    /// by default.
    public var responderURL: String?
    /// How far `thisUpdate` may be in the future and `nextUpdate` in the past, in seconds.
    /// Default 300.
    public var maxClockSkew: Int

    /// How long a `good` answer is reused: 15 minutes (Apple's library uses the same).
    public static let goodAnswerLifetime: TimeInterval = 15 * 60
    /// How many certificate pairs a verifier remembers: 32 (as in Apple's library).
    public static let goodAnswerCapacity = 32

    /// Creates a checker.
    ///
    /// - Parameters:
    ///   - timeout: The bound of one OCSP exchange; 10 s by default.
    ///   - responderURL: Overrides the responder of every certificate checked.
    ///   - maxClockSkew: Allowed clock difference with the responder, in seconds.
    public init(timeout: Duration = .seconds(10), responderURL: String? = nil, maxClockSkew: Int = 300) {
        self.timeout = timeout
        self.responderURL = responderURL
        self.maxClockSkew = maxClockSkew
    }

    /// What the responder said about a certificate.
    public enum Status: Hashable, Sendable {
        /// Not revoked.
        case good
        /// Revoked at `date` for RFC 5280 reason code `reason` (for example `1` keyCompromise;
        /// `nil` when the responder gives none).
        case revoked(date: Date?, reason: Int?)
        /// The responder doesn't know the certificate.
        case unknown
    }

    /// Why no status could be had.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The certificate names no OCSP responder and no ``RevocationChecker/responderURL`` is set.
        case noResponder
        /// The responder URL isn't `http://host[:port][/path]`.
        case unsupportedURL(String)
        /// The exchange failed, timed out or the answer wasn't a DER OCSP response over HTTP
        /// (transient: try again later).
        case unreachable(url: String, detail: String)
        /// The responder answered with a non-successful OCSP status: `2` internalError and `3`
        /// tryLater are transient; `1` malformedRequest, `5` sigRequired, `6` unauthorized are not.
        case responderStatus(Int)
        /// The response failed a check (signature, nonce, freshness, no answer for the
        /// certificate).
        case invalidResponse(String)

        /// Whether trying again later may succeed.
        public var isTransient: Bool {
            switch self {
            case .unreachable: true
            case .responderStatus(let status): status == 2 || status == 3
            case .noResponder, .unsupportedURL, .invalidResponse: false
            }
        }

        public var description: String {
            switch self {
            case .noResponder: "the certificate names no OCSP responder"
            case .unsupportedURL(let url): "the OCSP responder URL \(url) is not http://"
            case .unreachable(let url, let detail):
                "no usable OCSP response from \(url): unreachable, too slow or not an OCSP response (\(detail))"
            case .responderStatus(let status):
                "the OCSP responder answered \(String(cString: OCSP_response_status_str(status))) (\(status))"
            case .invalidResponse(let reason): "the OCSP response is not acceptable: \(reason)"
            }
        }
    }

    /// The OCSP responder URLs of a certificate's Authority Information Access extension.
    public static func responderURLs(of certificate: X509Certificate) -> [String] {
        guard let list = X509_get1_ocsp(certificate.pointer) else { return [] }
        defer { X509_email_free(list) }
        return (0..<docspec_sk_OPENSSL_STRING_num(list)).compactMap { index in
            docspec_sk_OPENSSL_STRING_value(list, index).map { String(cString: $0) }
        }
    }

    /// Asks the responder about `certificate`.
    ///
    /// - Parameters:
    ///   - certificate: The certificate to check.
    ///   - issuer: Its issuer.
    ///   - roots: The trust anchors the response's signer must chain to.
    /// - Returns: The certificate's status.
    /// - Throws: ``Failure``.
    public func status(
        of certificate: X509Certificate, issuer: X509Certificate, roots: [X509Certificate]
    ) throws(Failure) -> Status {
        guard let url = responderURL ?? Self.responderURLs(of: certificate).first else { throw .noResponder }
        guard url.lowercased().hasPrefix("http://") else { throw .unsupportedURL(url) }
        _ = OpenSSL.drainErrors()
        defer { _ = OpenSSL.drainErrors() }

        guard let request = OCSP_REQUEST_new() else { throw .invalidResponse("OpenSSL could not allocate a request") }
        defer { OCSP_REQUEST_free(request) }
        guard let id = OCSP_cert_to_id(EVP_sha1(), certificate.pointer, issuer.pointer),
            let lookup = OCSP_CERTID_dup(id)
        else {
            throw .invalidResponse("OpenSSL could not make the certificate ID")
        }
        defer { OCSP_CERTID_free(lookup) }
        guard OCSP_request_add0_id(request, id) != nil else {
            OCSP_CERTID_free(id)
            throw .invalidResponse("OpenSSL could not add the certificate ID")
        }
        var nonce = [UInt8](repeating: 0, count: 16)
        guard RAND_bytes(&nonce, Int32(nonce.count)) == 1, OCSP_request_add1_nonce(request, &nonce, Int32(nonce.count)) == 1
        else {
            throw .invalidResponse("OpenSSL could not add a nonce")
        }

        let seconds = max(1, Int32(clamping: timeout.components.seconds + (timeout.components.attoseconds > 0 ? 1 : 0)))
        guard let response = docspec_ocsp_exchange(url, request, seconds) else {
            throw .unreachable(url: url, detail: OpenSSL.drainErrors() ?? "no response")
        }
        defer { OCSP_RESPONSE_free(response) }
        let responseStatus = Int(OCSP_response_status(response))
        guard responseStatus == OCSP_RESPONSE_STATUS_SUCCESSFUL else { throw .responderStatus(responseStatus) }
        guard let basic = OCSP_response_get1_basic(response) else {
            throw .invalidResponse("no basic OCSP response")
        }
        defer { OCSP_BASICRESP_free(basic) }

        guard let store = X509_STORE_new(), let untrusted = docspec_sk_X509_new_null() else {
            throw .invalidResponse("OpenSSL could not allocate a store")
        }
        defer {
            X509_STORE_free(store)
            docspec_sk_X509_free(untrusted)
        }
        for root in roots { _ = X509_STORE_add_cert(store, root.pointer) }
        _ = docspec_sk_X509_push(untrusted, issuer.pointer)
        guard OCSP_basic_verify(basic, untrusted, store, 0) == 1 else {
            throw .invalidResponse("its signature does not verify to the issuer or a delegated responder (\(OpenSSL.drainErrors() ?? "no detail"))")
        }
        let nonceCheck = OCSP_check_nonce(request, basic)
        guard nonceCheck != 0 else { throw .invalidResponse("the nonce does not match the request's") }

        var status: Int32 = -1
        var reason: Int32 = -1
        var revoked: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var thisUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        var nextUpdate: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>?
        guard OCSP_resp_find_status(basic, lookup, &status, &reason, &revoked, &thisUpdate, &nextUpdate) == 1 else {
            throw .invalidResponse("it has no answer for the certificate")
        }
        guard OCSP_check_validity(thisUpdate, nextUpdate, maxClockSkew, -1) == 1 else {
            throw .invalidResponse("it is not current (thisUpdate/nextUpdate)")
        }
        switch status {
        case V_OCSP_CERTSTATUS_GOOD: return .good
        case V_OCSP_CERTSTATUS_REVOKED:
            return .revoked(date: revoked.flatMap(Self.date), reason: reason >= 0 ? Int(reason) : nil)
        default: return .unknown
        }
    }

    /// Checks every certificate of a validated chain `[leaf, intermediate, root]` below the root:
    /// the leaf always, the intermediate when it names a responder (and no override is set).
    ///
    /// - Throws: ``VerificationError``: revoked, unknown or a non-transient failure →
    ///   ``VerificationStatus/verificationFailure``; a transient failure →
    ///   ``VerificationStatus/retryableVerificationFailure``.
    func check(
        chain: [X509Certificate], roots: [X509Certificate], cache: RevocationCache? = nil
    ) throws(VerificationError) {
        guard chain.count == 3 else { return }
        let names = ["the leaf certificate", "the intermediate certificate"]
        for depth in 0..<2 {
            let certificate = chain[depth]
            if depth > 0, responderURL != nil || Self.responderURLs(of: certificate).isEmpty { continue }
            let key = certificate.sha256Fingerprint + chain[depth + 1].sha256Fingerprint
            if cache?.isFreshGood(key) == true { continue }
            let result: Status
            do throws(Failure) {
                result = try status(of: certificate, issuer: chain[depth + 1], roots: roots)
            } catch {
                let reason = "revocation check of \(names[depth]): \(error)"
                throw error.isTransient
                    ? VerificationError(status: .retryableVerificationFailure, reason: reason) : .failure(reason)
            }
            switch result {
            case .good:
                cache?.rememberGood(key)
                continue
            case .revoked(let date, let reason):
                let when = date.map { " at \(ISO8601DateFormatter().string(from: $0))" } ?? ""
                let why = reason.map { " (reason \($0))" } ?? ""
                throw .failure("\(names[depth]) is revoked\(when)\(why) (OCSP)")
            case .unknown:
                throw .failure("the OCSP responder does not know \(names[depth])")
            }
        }
    }

    /// A GeneralizedTime as a date.
    private static func date(_ time: UnsafeMutablePointer<ASN1_GENERALIZEDTIME>) -> Date? {
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }
}

/// The `good` OCSP answers a ``SignedDataVerifier`` reuses (internal): certificate-and-issuer
/// fingerprints with their expiry, at most ``RevocationChecker/goodAnswerCapacity``.
final class RevocationCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Data: Date] = [:]
    let now: @Sendable () -> Date

    init(now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
    }

    func isFreshGood(_ key: Data) -> Bool {
        lock.withLock { (entries[key] ?? .distantPast) > now() }
    }

    func rememberGood(_ key: Data) {
        lock.withLock {
            let current = now()
            entries = entries.filter { $0.value > current }
            if entries.count >= RevocationChecker.goodAnswerCapacity,
                let oldest = entries.min(by: { $0.value < $1.value })?.key
            {
                entries.removeValue(forKey: oldest)
            }
            entries[key] = current.addingTimeInterval(RevocationChecker.goodAnswerLifetime)
        }
    }

    var count: Int { lock.withLock { entries.count } }
}
