import COpenSSL
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a key could not be loaded. Descriptions name the problem and never contain key material.
public enum KeyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read (`path`, the operating system's reason as `strerror` words it,
    /// for example `"No such file or directory"` or `"Is a directory"`).
    case unreadableFile(path: String, reason: String)
    /// The text holds no PEM block (`-----BEGIN …-----`); an App Store Connect `.p8` file starts
    /// with `-----BEGIN PRIVATE KEY-----`.
    case notPEM
    /// The PEM block is encrypted (`ENCRYPTED PRIVATE KEY`, or a `BEGIN EC PRIVATE KEY` block with
    /// a `Proc-Type: 4,ENCRYPTED` header); App Store Connect keys are not.
    case encrypted
    /// The PEM text holds no private key but another block (`label`, for example `"PUBLIC KEY"`
    /// or `"CERTIFICATE"`), where the private key was expected.
    case notPrivateKey(label: String)
    /// OpenSSL could not decode the block (its reason, for example
    /// `"error:1E08010C:DECODER routines::unsupported"`).
    case malformed(reason: String)
    /// The key is not an elliptic-curve key (for example RSA); ES256 needs EC P-256.
    case notEllipticCurve(keyType: String)
    /// The key is on another curve (`curve`, OpenSSL's name, for example `"secp384r1"`); ES256
    /// needs P-256 (`prime256v1`).
    case wrongCurve(curve: String)
    /// The bytes are not a DER SubjectPublicKeyInfo / uncompressed P-256 point.
    case invalidPublicKey(reason: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason): "cannot read key file \(path): \(reason)"
        case .notPEM:
            "not a PEM key: expected a '-----BEGIN PRIVATE KEY-----' block (the .p8 file App Store Connect gives you)"
        case .encrypted:
            "the key is encrypted (a passphrase-protected PEM); App Store Connect .p8 keys are not"
        case .notPrivateKey(let label) where label.hasSuffix("PUBLIC KEY"):
            "this is a public key ('-----BEGIN \(label)-----'); the .p8 file holds the private key "
                + "('-----BEGIN PRIVATE KEY-----')"
        case .notPrivateKey(let label):
            "this is a '\(label)' PEM block, not a private key; the .p8 file holds the private key "
                + "('-----BEGIN PRIVATE KEY-----')"
        case .malformed(let reason): "the PEM block is not a readable key (\(reason))"
        case .notEllipticCurve(let type): "the key is \(type), not an elliptic-curve key; ES256 needs EC P-256"
        case .wrongCurve(let curve): "the key is on curve \(curve); ES256 needs P-256 (prime256v1)"
        case .invalidPublicKey(let reason): "not a P-256 public key: \(reason)"
        }
    }
}

/// The labels of the PEM blocks in a text (internal).
enum PEMLabels {
    /// The `X` of every `-----BEGIN X-----` line, in order.
    static func labels(in pem: String) -> [String] {
        var labels: [String] = []
        var rest = Substring(pem)
        while let begin = rest.range(of: "-----BEGIN ") {
            let after = rest[begin.upperBound...]
            guard let end = after.range(of: "-----") else { break }
            let label = after[..<end.lowerBound]
            if !label.contains("\n") { labels.append(String(label)) }
            rest = after[end.upperBound...]
        }
        return labels
    }

    /// Whether a block carries an RFC 1421 `Proc-Type: 4,ENCRYPTED` header (OpenSSL's
    /// traditional encrypted `EC PRIVATE KEY` / `RSA PRIVATE KEY` form).
    static func hasEncryptionHeader(_ pem: String) -> Bool {
        pem.split(whereSeparator: \.isNewline).contains { line in
            let compact = line.filter { !$0.isWhitespace }.uppercased()
            return compact.hasPrefix("PROC-TYPE:") && compact.hasSuffix(",ENCRYPTED")
        }
    }
}

/// Reads small files with plain POSIX calls so failures carry `strerror`'s words ("No such file
/// or directory", "Is a directory", "Permission denied") instead of a Foundation error domain
/// (internal).
enum PlainFile {
    /// Why a file couldn't be read.
    struct Failure: Error {
        /// `strerror` text, or a sentence for the size limit.
        var reason: String
    }

    /// The largest key file read: 1 MiB (a `.p8` key is about 250 bytes).
    static let keyLimit = 1 << 20

    /// The whole file at `path`, or why not.
    ///
    /// - Parameters:
    ///   - path: A file path.
    ///   - limit: The most bytes accepted; a longer file fails.
    static func contents(atPath path: String, limit: Int) -> Result<Data, Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Failure(reason: errorText(errno))) }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(reason: errorText(errno)))
            }
            if count == 0 { return .success(data) }
            guard data.count + count <= limit else {
                return .failure(Failure(reason: "the file is larger than \(limit) bytes"))
            }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// `strerror(code)`, for example `"No such file or directory"`.
    static func errorText(_ code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// Why signing failed (OpenSSL's reason; never key material).
public struct SigningError: Error, Hashable, Sendable, CustomStringConvertible {
    /// OpenSSL's error text.
    public var reason: String
    public var description: String { "ES256 signing failed: \(reason)" }
}

/// Owns one `EVP_PKEY` and frees it (internal).
final class EVPKey: @unchecked Sendable {
    // EVP_PKEY is only read after creation; OpenSSL 3 allows concurrent signing/verifying with
    // one key through separate EVP_MD_CTX objects.
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
    deinit { EVP_PKEY_free(pointer) }

    /// Checks the key is EC on P-256.
    func requireP256() throws(KeyError) {
        let id = EVP_PKEY_get_base_id(pointer)
        guard id == EVP_PKEY_EC else {
            let name = OBJ_nid2sn(id).map { String(cString: $0) } ?? "key type \(id)"
            throw .notEllipticCurve(keyType: name)
        }
        let curve = curveName ?? "unknown"
        guard curve == "prime256v1" else { throw .wrongCurve(curve: curve) }
    }

    /// OpenSSL's curve name, for example `"prime256v1"` or `"secp384r1"`.
    var curveName: String? {
        var buffer = [CChar](repeating: 0, count: 80)
        var length = 0
        let ok = buffer.withUnsafeMutableBufferPointer { p in
            EVP_PKEY_get_group_name(pointer, p.baseAddress, p.count, &length)
        }
        guard ok == 1 else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The SubjectPublicKeyInfo DER of the key's public half.
    var publicKeyDER: Data {
        var out: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(pointer, &out)
        guard length > 0, let out else { return Data() }
        defer { docspec_openssl_free(out) }
        return Data(bytes: out, count: Int(length))
    }
}

/// A P-256 private key for ES256 signatures (ECDSA with SHA-256, RFC 7518 §3.4), held by OpenSSL.
///
/// Load the In-App Purchase key App Store Connect gives you (a `.p8` file: PEM
/// `-----BEGIN PRIVATE KEY-----`, PKCS#8) with ``init(pem:)``; SEC1 `BEGIN EC PRIVATE KEY` PEM is
/// accepted too. The key never appears in any description.
///
/// [Generating JSON Web Tokens for API requests](https://developer.apple.com/documentation/appstoreserverapi/generating-json-web-tokens-for-api-requests)
public struct ES256PrivateKey: Sendable, CustomStringConvertible {
    let key: EVPKey

    /// Loads a PEM private key.
    ///
    /// - Parameter pem: The PEM text (whitespace around it is ignored).
    /// - Throws: ``KeyError/notPEM``, ``KeyError/notPrivateKey(label:)`` (a public key or
    ///   certificate), ``KeyError/encrypted``, ``KeyError/malformed(reason:)``,
    ///   ``KeyError/notEllipticCurve(keyType:)`` or ``KeyError/wrongCurve(curve:)``.
    public init(pem: String) throws(KeyError) {
        guard pem.contains("-----BEGIN ") else { throw .notPEM }
        let labels = PEMLabels.labels(in: pem)
        if !labels.isEmpty, !labels.contains(where: { $0.hasSuffix("PRIVATE KEY") }) {
            throw .notPrivateKey(label: labels[0])
        }
        // PKCS#8 `ENCRYPTED PRIVATE KEY`, or a legacy (SEC1/PKCS#1) block with RFC 1421 headers.
        if labels.contains("ENCRYPTED PRIVATE KEY") || PEMLabels.hasEncryptionHeader(pem) { throw .encrypted }
        _ = OpenSSL.drainErrors()
        let loaded: OpaquePointer? = OpenSSL.withMemoryBIO(Data(pem.utf8)) { bio in
            // An empty passphrase callback result: an encrypted key fails instead of prompting.
            PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in 0 }, nil)
        } ?? nil
        guard let loaded else {
            throw .malformed(reason: OpenSSL.drainErrors() ?? "no key in the PEM block")
        }
        let key = EVPKey(loaded)
        try key.requireP256()
        self.key = key
    }

    /// Loads a PEM private key from a file (for example `AuthKey_2X9R4HXF34.p8`).
    ///
    /// - Parameter url: A file URL.
    /// - Throws: ``KeyError/unreadableFile(path:reason:)``, or what ``init(pem:)`` throws.
    public init(contentsOf url: URL) throws(KeyError) {
        let data: Data
        switch PlainFile.contents(atPath: url.path, limit: PlainFile.keyLimit) {
        case .success(let bytes): data = bytes
        case .failure(let failure): throw .unreadableFile(path: url.path, reason: failure.reason)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .notPEM }
        try self.init(pem: text)
    }

    /// Generates a new random P-256 key (for tests and local tooling). Traps only if OpenSSL itself
    /// cannot generate a key (a broken libcrypto); no input reaches that path.
    public static func generate() -> ES256PrivateKey {
        let raw = docspec_ec_p256_generate()
        guard let raw else { fatalError("OpenSSL could not generate a P-256 key: \(OpenSSL.drainErrors() ?? "?")") }
        return ES256PrivateKey(key: EVPKey(raw))
    }

    init(key: EVPKey) { self.key = key }

    /// The matching public key.
    public var publicKey: ES256PublicKey {
        ES256PublicKey(key: key)
    }

    /// The key as PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`), the `.p8` format. Handle with care:
    /// this is the secret.
    public func pkcs8PEM() -> String {
        guard let bio = BIO_new(BIO_s_mem()) else { return "" }
        defer { BIO_free(bio) }
        guard PEM_write_bio_PrivateKey(bio, key.pointer, nil, nil, 0, nil, nil) == 1 else { return "" }
        var pointer: UnsafeMutablePointer<CChar>?
        let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &pointer)
        guard length > 0, let pointer else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    /// Signs `data` with ECDSA P-256 / SHA-256.
    ///
    /// - Parameter data: The bytes to sign (for a JWS: `base64url(header) + "." + base64url(payload)`).
    /// - Returns: The 64-byte JWS signature `r ‖ s`, each 32 bytes big-endian, left-padded with
    ///   zeros (RFC 7518 §3.4; not DER).
    /// - Throws: ``SigningError`` when OpenSSL fails.
    public func signature(for data: some DataProtocol) throws(SigningError) -> Data {
        _ = OpenSSL.drainErrors()
        guard let context = EVP_MD_CTX_new() else { throw SigningError(reason: "EVP_MD_CTX_new failed") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key.pointer) == 1 else {
            throw SigningError(reason: OpenSSL.drainErrors() ?? "EVP_DigestSignInit failed")
        }
        let message = Data(data)
        var der = [UInt8](repeating: 0, count: 80)
        var length = der.count
        let ok = message.withUnsafeBytes { m in
            EVP_DigestSign(context, &der, &length, m.bindMemory(to: UInt8.self).baseAddress, m.count)
        }
        guard ok == 1 else { throw SigningError(reason: OpenSSL.drainErrors() ?? "EVP_DigestSign failed") }
        guard let raw = ECDSASignature.rawFromDER(Array(der[0..<length])) else {
            throw SigningError(reason: "OpenSSL returned a signature that is not DER ECDSA-Sig-Value")
        }
        return raw
    }

    public var description: String { "ES256PrivateKey(P-256, redacted)" }
}

/// A P-256 public key that verifies ES256 signatures.
public struct ES256PublicKey: Sendable, Hashable, CustomStringConvertible {
    let key: EVPKey

    init(key: EVPKey) { self.key = key }

    /// Loads a PEM public key (`-----BEGIN PUBLIC KEY-----`, SubjectPublicKeyInfo).
    ///
    /// - Throws: ``KeyError`` when the text is not a P-256 public key.
    public init(pem: String) throws(KeyError) {
        guard pem.contains("-----BEGIN ") else { throw .notPEM }
        _ = OpenSSL.drainErrors()
        let loaded: OpaquePointer? = OpenSSL.withMemoryBIO(Data(pem.utf8)) { bio in
            PEM_read_bio_PUBKEY(bio, nil, nil, nil)
        } ?? nil
        guard let loaded else { throw .malformed(reason: OpenSSL.drainErrors() ?? "no public key in the PEM block") }
        let key = EVPKey(loaded)
        try key.requireP256()
        self.key = key
    }

    /// Loads a DER SubjectPublicKeyInfo.
    ///
    /// - Throws: ``KeyError/invalidPublicKey(reason:)`` or a curve error.
    public init(derRepresentation der: Data) throws(KeyError) {
        _ = OpenSSL.drainErrors()
        let loaded: OpaquePointer? = der.withUnsafeBytes { raw in
            var pointer = raw.bindMemory(to: UInt8.self).baseAddress
            return d2i_PUBKEY(nil, &pointer, raw.count)
        }
        guard let loaded else {
            throw .invalidPublicKey(reason: OpenSSL.drainErrors() ?? "not a DER SubjectPublicKeyInfo")
        }
        let key = EVPKey(loaded)
        try key.requireP256()
        self.key = key
    }

    /// The key as DER SubjectPublicKeyInfo (91 bytes for P-256).
    public var derRepresentation: Data { key.publicKeyDER }

    /// The key as PEM (`-----BEGIN PUBLIC KEY-----`).
    public var pemRepresentation: String {
        let base64 = derRepresentation.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        return "-----BEGIN PUBLIC KEY-----\n\(base64)\n-----END PUBLIC KEY-----\n"
    }

    /// Checks an ES256 signature.
    ///
    /// - Parameters:
    ///   - signature: The 64-byte JWS signature `r ‖ s`. Any other length is invalid.
    ///   - data: The signed bytes.
    /// - Returns: `true` only when the signature is valid for `data` under this key.
    public func isValidSignature(_ signature: some DataProtocol, for data: some DataProtocol) -> Bool {
        let raw = Data(signature)
        guard raw.count == 64, let der = ECDSASignature.derFromRaw(raw) else { return false }
        _ = OpenSSL.drainErrors()
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key.pointer) == 1 else {
            _ = OpenSSL.drainErrors()
            return false
        }
        let message = Data(data)
        let result = message.withUnsafeBytes { m in
            der.withUnsafeBufferPointer { d in
                EVP_DigestVerify(
                    context, d.baseAddress, d.count, m.bindMemory(to: UInt8.self).baseAddress, m.count)
            }
        }
        _ = OpenSSL.drainErrors()
        return result == 1
    }

    public var description: String { "ES256PublicKey(P-256)" }

    public static func == (lhs: ES256PublicKey, rhs: ES256PublicKey) -> Bool {
        lhs.derRepresentation == rhs.derRepresentation
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(derRepresentation) }
}

/// Conversions between DER `ECDSA-Sig-Value` and the JWS raw `r ‖ s` form (internal).
enum ECDSASignature {
    /// DER → 64 bytes; `nil` when the DER is invalid or a component exceeds 32 bytes.
    static func rawFromDER(_ der: [UInt8]) -> Data? {
        let sig: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var pointer: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &pointer, buffer.count)
        }
        guard let sig else { return nil }
        defer { ECDSA_SIG_free(sig) }
        var r: OpaquePointer?
        var s: OpaquePointer?
        ECDSA_SIG_get0(sig, &r, &s)
        guard let r, let s else { return nil }
        var out = [UInt8](repeating: 0, count: 64)
        let okR = out.withUnsafeMutableBufferPointer { BN_bn2binpad(r, $0.baseAddress, 32) }
        let okS = out.withUnsafeMutableBufferPointer { BN_bn2binpad(s, $0.baseAddress! + 32, 32) }
        guard okR == 32, okS == 32 else { return nil }
        return Data(out)
    }

    /// 64 bytes → DER; `nil` on failure.
    static func derFromRaw(_ raw: Data) -> [UInt8]? {
        guard raw.count == 64 else { return nil }
        let bytes = [UInt8](raw)
        guard let r = BN_bin2bn(bytes, 32, nil) else { return nil }
        guard let s = bytes.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress! + 32, 32, nil) }) else {
            BN_free(r)
            return nil
        }
        guard let sig = ECDSA_SIG_new() else {
            BN_free(r); BN_free(s)
            return nil
        }
        defer { ECDSA_SIG_free(sig) }
        guard ECDSA_SIG_set0(sig, r, s) == 1 else {
            BN_free(r); BN_free(s)
            return nil
        }
        let length = i2d_ECDSA_SIG(sig, nil)
        guard length > 0 else { return nil }
        var der = [UInt8](repeating: 0, count: Int(length))
        let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var pointer = buffer.baseAddress
            return i2d_ECDSA_SIG(sig, &pointer)
        }
        return written == length ? der : nil
    }
}
