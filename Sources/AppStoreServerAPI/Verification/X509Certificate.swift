import COpenSSL
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Why bytes could not be read as an X.509 certificate. The reason never contains the bytes.
public struct CertificateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, for example `"not a DER X.509 certificate (…ASN1 routines::too long)"`.
    public var reason: String

    /// Creates an error with a reason.
    public init(reason: String) { self.reason = reason }

    public var description: String { "invalid X.509 certificate: \(reason)" }
}

/// One X.509 certificate, parsed by OpenSSL from DER (the `.cer` files Apple publishes at
/// <https://www.apple.com/certificateauthority/>, and each entry of a JWS `x5c` header once
/// base64-decoded).
///
/// Instances are immutable and safe to share between tasks. Equality and hashing compare the DER
/// bytes.
public final class X509Certificate: @unchecked Sendable, Hashable, CustomStringConvertible {
    // The X509 object is never mutated after parsing; OpenSSL 3 guards its lazily computed
    // extension cache with a lock, so concurrent chain verifications may read it.
    let pointer: OpaquePointer

    /// The certificate exactly as given (DER, ITU-T X.690).
    public let derRepresentation: Data
    /// Start of the validity period (`notBefore`), to the second.
    public let notBefore: Date
    /// End of the validity period (`notAfter`), to the second; the certificate is still valid at
    /// this instant.
    public let notAfter: Date

    /// Parses a DER certificate.
    ///
    /// - Parameter der: Exactly one DER-encoded certificate; trailing bytes are rejected.
    /// - Throws: ``CertificateError`` when the bytes are not one DER X.509 certificate or its
    ///   validity dates cannot be read.
    public init(derRepresentation der: Data) throws(CertificateError) {
        guard !der.isEmpty else { throw CertificateError(reason: "no bytes") }
        _ = OpenSSL.drainErrors()
        var consumed = 0
        let parsed: OpaquePointer? = der.withUnsafeBytes { raw in
            let start = raw.bindMemory(to: UInt8.self).baseAddress
            var cursor = start
            let x509 = d2i_X509(nil, &cursor, raw.count)
            if let start, let cursor { consumed = cursor - start }
            return x509
        }
        guard let parsed else {
            throw CertificateError(
                reason: "not a DER X.509 certificate (\(OpenSSL.drainErrors() ?? "OpenSSL could not decode it"))")
        }
        guard consumed == der.count else {
            X509_free(parsed)
            throw CertificateError(reason: "\(der.count - consumed) bytes follow the certificate")
        }
        guard let notBefore = X509_get0_notBefore(parsed).flatMap(Self.date(of:)),
            let notAfter = X509_get0_notAfter(parsed).flatMap(Self.date(of:))
        else {
            X509_free(parsed)
            _ = OpenSSL.drainErrors()
            throw CertificateError(reason: "the validity dates cannot be read")
        }
        self.pointer = parsed
        self.derRepresentation = Data(der)
        self.notBefore = notBefore
        self.notAfter = notAfter
    }

    deinit { X509_free(pointer) }

    /// Converts an ASN.1 UTCTime/GeneralizedTime to a date (UTC).
    private static func date(of time: UnsafePointer<ASN1_TIME>) -> Date? {
        var parts = tm()
        guard ASN1_TIME_to_tm(time, &parts) == 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    /// The subject name in RFC 2253 form (the last attribute of the encoded name first), for
    /// example `"C=US,O=Apple Inc.,OU=Apple Certification Authority,CN=Apple Root CA - G3"`.
    public var subject: String { Self.rfc2253(X509_get_subject_name(pointer)) }

    /// The issuer name in RFC 2253 form (equal to ``subject`` for a self-issued root).
    public var issuer: String { Self.rfc2253(X509_get_issuer_name(pointer)) }

    private static func rfc2253(_ name: OpaquePointer?) -> String {
        guard let name, let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard docspec_X509_NAME_print_rfc2253(bio, name) >= 0 else { return "" }
        var text: UnsafeMutablePointer<CChar>?
        let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &text)
        guard length > 0, let text else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }

    /// Whether the certificate carries an extension with this object identifier (critical or
    /// not; the value is not inspected).
    ///
    /// - Parameter oid: Dotted decimal, for example `"1.2.840.113635.100.6.11.1"` (Apple's marker
    ///   for App Store receipt-signing leaves). Text that is not a dotted OID gives `false`.
    public func hasExtension(oid: String) -> Bool {
        guard let object = OBJ_txt2obj(oid, 1) else {
            _ = OpenSSL.drainErrors()
            return false
        }
        defer { ASN1_OBJECT_free(object) }
        return X509_get_ext_by_OBJ(pointer, object, -1) >= 0
    }

    /// The subject public key as an ES256 (EC P-256) key, or `nil` when the key is of another
    /// type or curve (Apple's roots and intermediates use P-384; its signing leaves use P-256).
    public var publicKey: ES256PublicKey? {
        guard let raw = X509_get_pubkey(pointer) else {
            _ = OpenSSL.drainErrors()
            return nil
        }
        let key = EVPKey(raw)
        do {
            try key.requireP256()
        } catch {
            return nil
        }
        return ES256PublicKey(key: key)
    }

    /// The SHA-256 fingerprint: the digest of ``derRepresentation``, 32 bytes.
    public var sha256Fingerprint: Data {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard X509_digest(pointer, EVP_sha256(), &digest, &length) == 1 else {
            _ = OpenSSL.drainErrors()
            return Data()
        }
        return Data(digest[0..<Int(length)])
    }

    public static func == (lhs: X509Certificate, rhs: X509Certificate) -> Bool {
        lhs.derRepresentation == rhs.derRepresentation
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(derRepresentation) }

    public var description: String {
        "X509Certificate(subject: \(subject), notBefore: \(notBefore), notAfter: \(notAfter))"
    }
}
