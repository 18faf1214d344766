import Foundation

/// An App Store Connect In-App Purchase key and the identity tokens are made for: the private key
/// (`.p8`), its key ID, your issuer ID and the app's bundle ID.
///
/// Create the key in App Store Connect (Users and Access → Integrations → In-App Purchase; it can
/// be downloaded once). Nothing here is printed: ``description`` shows the key ID and bundle ID
/// only.
///
/// [Creating API keys to authorize API requests](https://developer.apple.com/documentation/appstoreserverapi/creating-api-keys-to-authorize-api-requests)
public struct InAppPurchaseKey: Sendable, CustomStringConvertible {
    /// The P-256 private key.
    public var privateKey: ES256PrivateKey
    /// The key ID from App Store Connect (for example `"2X9R4HXF34"`), sent as the JWT header's `kid`.
    public var keyId: String
    /// The issuer ID from App Store Connect (a UUID), sent as the `iss` claim.
    public var issuerId: String
    /// The app's bundle ID (for example `"com.example.app"`), sent as the `bid` claim.
    public var bundleId: String

    /// Creates a key from an already loaded private key.
    public init(privateKey: ES256PrivateKey, keyId: String, issuerId: String, bundleId: String) {
        self.privateKey = privateKey
        self.keyId = keyId
        self.issuerId = issuerId
        self.bundleId = bundleId
    }

    /// Creates a key from the `.p8` PEM text.
    ///
    /// - Throws: ``KeyError`` naming what is wrong with the PEM.
    public init(pem: String, keyId: String, issuerId: String, bundleId: String) throws(KeyError) {
        self.init(privateKey: try ES256PrivateKey(pem: pem), keyId: keyId, issuerId: issuerId, bundleId: bundleId)
    }

    /// Creates a key from a `.p8` file.
    ///
    /// - Throws: ``KeyError/unreadableFile(path:reason:)`` or a PEM problem.
    public init(pemFile: URL, keyId: String, issuerId: String, bundleId: String) throws(KeyError) {
        self.init(
            privateKey: try ES256PrivateKey(contentsOf: pemFile), keyId: keyId, issuerId: issuerId,
            bundleId: bundleId)
    }

    public var description: String { "InAppPurchaseKey(keyId: \(keyId), bundleId: \(bundleId), key: redacted)" }
}

/// Why a token could not be made.
public enum TokenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The lifetime is not in `1…3600` seconds (Apple rejects tokens that expire more than
    /// 60 minutes after `iat`).
    case lifetimeOutOfRange(seconds: TimeInterval)
    /// `keyId`, `issuerId` or `bundleId` is empty (`field` names which).
    case missingIdentity(field: String)
    /// OpenSSL failed to sign.
    case signing(SigningError)

    public var description: String {
        switch self {
        case .lifetimeOutOfRange(let s):
            "token lifetime \(s) s is outside 1…3600 s (Apple rejects tokens valid for more than 60 minutes)"
        case .missingIdentity(let field): "cannot make a token: \(field) is empty"
        case .signing(let error): "cannot make a token: \(error)"
        }
    }
}

/// JSON Web Tokens for App Store Server API requests: ES256, signed with the In-App Purchase key.
///
/// Make a new token for every request (Apple's advice); ``make(for:issuedAt:lifetime:)`` is cheap
/// (one ECDSA signature).
///
/// [Generating JSON Web Tokens for API requests](https://developer.apple.com/documentation/appstoreserverapi/generating-json-web-tokens-for-api-requests)
public enum AppStoreJWT {
    /// The `aud` claim: `"appstoreconnect-v1"`.
    public static let audience = "appstoreconnect-v1"
    /// The longest lifetime Apple accepts, in seconds: 3600 (60 minutes after `iat`).
    public static let maximumLifetime: TimeInterval = 3600
    /// The lifetime used when none is given, in seconds: 300 (as Apple's own library).
    public static let defaultLifetime: TimeInterval = 300

    /// The JOSE header: `{"alg": "ES256", "kid": <key ID>, "typ": "JWT"}`.
    public struct Header: Codable, Hashable, Sendable {
        /// Always `"ES256"`.
        public var alg: String
        /// The key ID.
        public var kid: String
        /// Always `"JWT"`.
        public var typ: String

        /// Creates a header for a key ID.
        public init(kid: String) {
            self.alg = "ES256"
            self.kid = kid
            self.typ = "JWT"
        }
    }

    /// The claims: `iss`, `iat`, `exp`, `aud`, `bid`. Times are whole UNIX **seconds**.
    public struct Claims: Codable, Hashable, Sendable {
        /// Issuer ID (UUID from App Store Connect).
        public var iss: String
        /// Issued at, UNIX seconds.
        public var iat: Int64
        /// Expiry, UNIX seconds; at most `iat + 3600`.
        public var exp: Int64
        /// Always ``AppStoreJWT/audience``.
        public var aud: String
        /// The app's bundle ID.
        public var bid: String

        /// Creates claims.
        public init(iss: String, iat: Int64, exp: Int64, aud: String = AppStoreJWT.audience, bid: String) {
            self.iss = iss
            self.iat = iat
            self.exp = exp
            self.aud = aud
            self.bid = bid
        }
    }

    /// A JSON string literal for `text` (RFC 8259 escaping: quote, backslash, control characters).
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Makes a signed token.
    ///
    /// - Parameters:
    ///   - key: The In-App Purchase key and identity.
    ///   - issuedAt: The `iat` time (fractions of a second are dropped).
    ///   - lifetime: Seconds until `exp`, `1…3600`; 300 by default.
    /// - Returns: The compact JWS `header.payload.signature` (base64url parts; the signature is the
    ///   64-byte `r ‖ s`). Send it as `Authorization: Bearer <token>`; never log it.
    /// - Throws: ``TokenError``.
    public static func make(
        for key: InAppPurchaseKey, issuedAt: Date, lifetime: TimeInterval = defaultLifetime
    ) throws(TokenError) -> String {
        guard lifetime >= 1, lifetime <= maximumLifetime else { throw .lifetimeOutOfRange(seconds: lifetime) }
        for (field, value) in [("keyId", key.keyId), ("issuerId", key.issuerId), ("bundleId", key.bundleId)]
        where value.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw .missingIdentity(field: field)
        }
        let iat = Int64(issuedAt.timeIntervalSince1970.rounded(.down))
        let exp = iat + Int64(lifetime.rounded(.down))
        // Written directly (sorted keys, no whitespace): JSONEncoder would triple the cost of a
        // token (measured by Benchmarks/appstore-bench). Strings go through `jsonString`.
        let header = #"{"alg":"ES256","kid":"# + jsonString(key.keyId) + #","typ":"JWT"}"#
        let payload =
            #"{"aud":"# + jsonString(audience) + #","bid":"# + jsonString(key.bundleId) + #","exp":\#(exp),"iat":\#(iat),"iss":"#
            + jsonString(key.issuerId) + "}"
        let signingInput = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(Data(payload.utf8))
        do {
            let signature = try key.privateKey.signature(for: Data(signingInput.utf8))
            return signingInput + "." + Base64URL.encode(signature)
        } catch {
            throw .signing(error)
        }
    }
}

extension AppStoreJWT {
    /// A real token made by ``make(for:issuedAt:lifetime:)`` with a throwaway key and example
    /// identity, split into its decoded header and claims JSON (for documentation checks).
    static func exampleSegments() throws -> (header: Data, claims: Data) {
        let key = InAppPurchaseKey(
            privateKey: .generate(), keyId: "2X9R4HXF34", issuerId: "57246542-96fe-1a63-e053-0824d011072a",
            bundleId: "com.example.app")
        let token = try make(for: key, issuedAt: Date())
        let parts = token.split(separator: ".")
        guard parts.count == 3, let header = Base64URL.decode(parts[0]), let claims = Base64URL.decode(parts[1]) else {
            throw TokenError.signing(SigningError(reason: "the token is not three base64url parts"))
        }
        return (header, claims)
    }
}

extension AppStoreJWT.Header {
    /// The header JSON object of a real token made by ``AppStoreJWT/make(for:issuedAt:lifetime:)``
    /// with a throwaway key: `{"alg": "ES256", "kid": …, "typ": "JWT"}` (UTF-8 JSON bytes).
    ///
    /// - Throws: ``TokenError`` if the token cannot be made.
    public static func exampleJSONObject() throws -> Data { try AppStoreJWT.exampleSegments().header }
}

extension AppStoreJWT.Claims {
    /// The claims JSON object of a real token made by ``AppStoreJWT/make(for:issuedAt:lifetime:)``
    /// with a throwaway key and example identity (UTF-8 JSON bytes).
    ///
    /// - Throws: ``TokenError`` if the token cannot be made.
    public static func exampleJSONObject() throws -> Data { try AppStoreJWT.exampleSegments().claims }
}
