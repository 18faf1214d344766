import Foundation

/// A compact JWS (RFC 7515 §7.1) as App Store signed data uses it, split and decoded but not yet
/// verified (internal).
struct SignedJWS {
    /// The JOSE header fields the verifier reads.
    struct Header: Decodable {
        var alg: String?
        var x5c: [String]?
    }

    /// Reads only `signedDate` (milliseconds since 1970) from a payload.
    private struct SignedDateProbe: Decodable {
        var signedDate: Double?
    }

    /// `base64url(header) + "." + base64url(payload)`, the bytes the signature covers.
    let signingInput: Substring
    /// The third part, still base64url.
    let signaturePart: Substring
    let header: Header
    /// The decoded payload bytes (JSON).
    let payload: Data
    /// The payload's `signedDate`, if it has one.
    let signedDate: Date?

    /// Splits and decodes a compact JWS.
    ///
    /// - Parameter token: `header.payload.signature`; whitespace and newlines around it are
    ///   ignored.
    /// - Throws: ``VerificationStatus/invalidJWTFormat`` when there are not exactly 3 parts, the
    ///   header or payload is not base64url JSON of the right shape, or `signedDate` is not a
    ///   finite number of milliseconds in ``AppStoreDate/validMilliseconds`` (fractions are
    ///   allowed: StoreKit testing in Xcode signs dates with fractional milliseconds).
    init(parsing token: String) throws(VerificationError) {
        let text = token.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw .jwtFormat(
                "the signed data has \(parts.count) dot-separated part\(parts.count == 1 ? "" : "s"); "
                    + "a compact JWS has 3 (header.payload.signature)")
        }
        guard let headerData = Base64URL.decode(parts[0]) else {
            throw .jwtFormat("the JWS header is not base64url")
        }
        guard let payloadData = Base64URL.decode(parts[1]) else {
            throw .jwtFormat("the JWS payload is not base64url")
        }
        let decoder = JSONDecoder()
        do {
            header = try decoder.decode(Header.self, from: headerData)
        } catch {
            throw .jwtFormat("the JWS header is not a JSON object with string alg and string-array x5c "
                + "(\(Self.describe(error)))")
        }
        let probe: SignedDateProbe
        do {
            probe = try decoder.decode(SignedDateProbe.self, from: payloadData)
        } catch {
            throw .jwtFormat("the JWS payload is not a JSON object with a numeric signedDate (\(Self.describe(error)))")
        }
        if let milliseconds = probe.signedDate {
            // The value is unverified here and becomes the path-validation time: only a finite
            // number of milliseconds from 1970 up to the end of year 9999 is accepted.
            guard AppStoreDate.isValid(milliseconds: milliseconds) else {
                throw .jwtFormat(
                    "the JWS payload's signedDate is not a number of milliseconds in "
                        + "0...\(AppStoreDate.validMilliseconds.upperBound) (1970 to the end of year 9999)")
            }
            signedDate = Date(timeIntervalSince1970: milliseconds / 1000)
        } else {
            signedDate = nil
        }
        payload = payloadData
        signaturePart = parts[2]
        signingInput = text[parts[0].startIndex..<parts[1].endIndex]
    }

    /// What kind of App Store signed data a payload looks like, told by keys only one kind has.
    enum PayloadKind: String {
        case notification = "an App Store Server Notification (it has notificationType)"
        case transaction = "a signed transaction (it has transactionId)"
        case renewalInfo = "signed renewal info (it has autoRenewProductId or autoRenewStatus)"
        case appTransaction = "a signed app transaction (it has receiptType)"
    }

    /// Reads only the keys that tell the kinds of signed data apart.
    private struct KindProbe: Decodable {
        var notificationType: IgnoredValue?
        var notificationUUID: IgnoredValue?
        var transactionId: IgnoredValue?
        var autoRenewProductId: IgnoredValue?
        var autoRenewStatus: IgnoredValue?
        var receiptType: IgnoredValue?
    }

    /// Any JSON value, not kept.
    private struct IgnoredValue: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    /// The kind the payload looks like, or `nil` when no telling key is present.
    var payloadKind: PayloadKind? {
        guard let probe = try? JSONDecoder().decode(KindProbe.self, from: payload) else { return nil }
        if probe.notificationType != nil || probe.notificationUUID != nil { return .notification }
        if probe.transactionId != nil { return .transaction }
        if probe.autoRenewProductId != nil || probe.autoRenewStatus != nil { return .renewalInfo }
        if probe.receiptType != nil { return .appTransaction }
        return nil
    }

    /// Throws when the payload is clearly another kind of signed data than `expected` (a
    /// notification's `signedPayload` given to the transaction verifier, for example), so the
    /// caller hears what was passed instead of a field check failing on a missing field.
    ///
    /// - Throws: ``VerificationStatus/invalidJWTFormat`` naming both kinds.
    func requireKind(_ expected: PayloadKind, name: String) throws(VerificationError) {
        guard let kind = payloadKind, kind != expected else { return }
        throw .jwtFormat("the JWS is not \(name): its payload is \(kind.rawValue)")
    }

    /// Decodes the payload as `T`.
    ///
    /// - Throws: ``VerificationStatus/invalidJWTFormat`` naming the field that does not fit.
    func decodePayload<T: Decodable>(as type: T.Type) throws(VerificationError) -> T {
        do {
            return try JSONDecoder().decode(type, from: payload)
        } catch {
            throw .jwtFormat("the JWS payload does not decode as \(type) (\(Self.describe(error)))")
        }
    }

    /// Checks the header (ES256, three `x5c` certificates), the chain at `signedDate` (or `now`
    /// when the payload has none or `validateAtNow` is set) and the ES256 signature with the
    /// leaf's key.
    ///
    /// - Returns: The validated chain `[leaf, intermediate, root]`.
    @discardableResult
    func verifySignature(
        chainVerifier: CertificateChainVerifier, now: Date, validateAtNow: Bool = false
    ) throws(VerificationError) -> [X509Certificate] {
        guard let alg = header.alg else { throw .jwtFormat("the JWS header has no alg") }
        guard alg == "ES256" else {
            throw .jwtFormat("the JWS header's alg is \(Self.quoted(alg)); App Store data is signed with ES256")
        }
        guard let x5c = header.x5c else { throw .jwtFormat("the JWS header has no x5c certificate chain") }
        guard x5c.count == 3 else {
            throw .jwtFormat("the JWS header's x5c holds \(x5c.count) certificate\(x5c.count == 1 ? "" : "s"); "
                + "App Store data carries 3 (leaf, intermediate, root)")
        }
        let leaf = try Self.certificate(x5c[0], name: "x5c[0] (leaf)")
        let intermediate = try Self.certificate(x5c[1], name: "x5c[1] (intermediate)")
        // x5c[2] is ignored: the path must end at a configured root, whatever the token claims.
        let chain = try chainVerifier.verify(
            leaf: leaf, intermediate: intermediate, at: validateAtNow ? now : signedDate ?? now)
        guard let key = leaf.publicKey else {
            throw .failure("the leaf certificate's key is not an EC P-256 key, so it cannot verify ES256")
        }
        guard let signature = Base64URL.decode(signaturePart) else {
            throw .jwtFormat("the JWS signature is not base64url")
        }
        guard signature.count == 64 else {
            throw .failure("the JWS signature is \(signature.count) bytes; an ES256 signature is 64 (r ‖ s)")
        }
        guard key.isValidSignature(signature, for: Data(signingInput.utf8)) else {
            throw .failure("the ES256 signature does not match the header and payload under the leaf certificate's key")
        }
        return chain
    }

    private static func certificate(_ base64: String, name: String) throws(VerificationError) -> X509Certificate {
        guard let der = Data(base64Encoded: base64) else {
            throw .certificate("\(name) is not standard base64")
        }
        do {
            return try X509Certificate(derRepresentation: der)
        } catch {
            throw .certificate("\(name): \(error.reason)")
        }
    }

    /// A short quoted form of a header value (at most 20 characters).
    private static func quoted(_ value: String) -> String {
        let short = value.count > 20 ? value.prefix(20) + "…" : Substring(value)
        return "\"\(short)\""
    }

    /// A one-line description of a decoding error: the coding path and the kind of mismatch,
    /// never the value.
    static func describe(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty
                ? "top level"
                : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                    .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        guard let error = error as? DecodingError else { return "\(type(of: error))" }
        switch error {
        case .typeMismatch(let type, let context): return "\(path(context.codingPath)): expected \(type)"
        case .valueNotFound(let type, let context): return "\(path(context.codingPath)): expected \(type), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty
                ? "not valid JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "decoding failed"
        }
    }
}
