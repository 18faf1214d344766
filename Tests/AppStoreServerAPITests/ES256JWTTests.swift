import AppStoreServerAPI
import DocDiagnostics
import Foundation
import Testing

/// Runs the `openssl` command-line tool and returns its stdout.
private func openssl(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = Pipe()
    try process.run()
    let data = out.fileHandleForReading.readToEndRetryingInterrupts()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " ")) failed")
    return String(decoding: data, as: UTF8.self)
}

@Suite("ES256 keys and signatures (OpenSSL)")
struct ES256Tests {
    @Test("a .p8 key from openssl genpkey loads, signs and verifies; the wrong key and tampered data fail")
    func roundTrip() throws {
        let pem = try openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----"))
        let key = try ES256PrivateKey(pem: pem)
        let other = ES256PrivateKey.generate()
        var shortComponents = 0
        for i in 0..<400 {
            let message = Data("message \(i) テスト".utf8)
            let signature = try key.signature(for: message)
            #expect(signature.count == 64)
            if signature[0] == 0 || signature[32] == 0 { shortComponents += 1 }
            #expect(key.publicKey.isValidSignature(signature, for: message))
            #expect(!other.publicKey.isValidSignature(signature, for: message))
            #expect(!key.publicKey.isValidSignature(signature, for: message + Data([0])))
        }
        // About 0.8 % of signatures have r or s shorter than 32 bytes; padding must keep them valid.
        _ = shortComponents
    }

    @Test("the public key round-trips through DER and PEM, and matches openssl's")
    func publicKeyForms() throws {
        let pem = try openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"])
        let key = try ES256PrivateKey(pem: pem)
        let fromDER = try ES256PublicKey(derRepresentation: key.publicKey.derRepresentation)
        let fromPEM = try ES256PublicKey(pem: key.publicKey.pemRepresentation)
        #expect(fromDER == key.publicKey)
        #expect(fromPEM == key.publicKey)
        #expect(key.publicKey.derRepresentation.count == 91)
        let reloaded = try ES256PrivateKey(pem: key.pkcs8PEM())
        #expect(reloaded.publicKey == key.publicKey)
    }

    @Test("a wrong signature length or all-zero signature is invalid, not a crash")
    func malformedSignatures() {
        let key = ES256PrivateKey.generate()
        let message = Data("x".utf8)
        #expect(!key.publicKey.isValidSignature(Data(), for: message))
        #expect(!key.publicKey.isValidSignature(Data(count: 63), for: message))
        #expect(!key.publicKey.isValidSignature(Data(count: 64), for: message))
        #expect(!key.publicKey.isValidSignature(Data(repeating: 0xFF, count: 64), for: message))
        #expect(!key.publicKey.isValidSignature(Data(count: 72), for: message))
    }

    @Test("bad key files give errors that name the problem and contain no key material")
    func badKeys() throws {
        #expect(throws: KeyError.notPEM) { try ES256PrivateKey(pem: "") }
        #expect(throws: KeyError.notPEM) { try ES256PrivateKey(pem: "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg") }
        let garbage = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n"
        do {
            _ = try ES256PrivateKey(pem: garbage)
            Issue.record("garbage accepted")
        } catch {
            guard case .malformed(let reason) = error else { Issue.record("\(error)"); return }
            #expect(!reason.isEmpty)
            #expect(!error.description.contains("AAAA"))
        }
        let rsa = try openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"])
        #expect(throws: KeyError.notEllipticCurve(keyType: "rsaEncryption")) { try ES256PrivateKey(pem: rsa) }
        let p384 = try openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"])
        #expect(throws: KeyError.wrongCurve(curve: "secp384r1")) { try ES256PrivateKey(pem: p384) }
        let encrypted = "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n"
        #expect(throws: KeyError.encrypted) { try ES256PrivateKey(pem: encrypted) }
        let missing = URL(fileURLWithPath: "/nonexistent/AuthKey_TEST.p8")
        do {
            _ = try ES256PrivateKey(contentsOf: missing)
            Issue.record("missing file accepted")
        } catch {
            guard case .unreadableFile(let path, _) = error else { Issue.record("\(error)"); return }
            #expect(path == "/nonexistent/AuthKey_TEST.p8")
        }
        #expect("\(ES256PrivateKey.generate())" == "ES256PrivateKey(P-256, redacted)")
    }

    @Test("a SEC1 'EC PRIVATE KEY' PEM is accepted too")
    func sec1() throws {
        let sec1 = try openssl(["ecparam", "-name", "prime256v1", "-genkey", "-noout"])
        #expect(sec1.contains("BEGIN EC PRIVATE KEY"))
        _ = try ES256PrivateKey(pem: sec1)
    }
}

@Suite("App Store Server API JWT")
struct AppStoreJWTTests {
    let key = InAppPurchaseKey(
        privateKey: .generate(), keyId: "2X9R4HXF34", issuerId: "57246542-96fe-1a63-e053-0824d011072a",
        bundleId: "com.example.app")

    func parts(_ token: String) throws -> (header: [String: Any], claims: [String: Any], signature: Data, input: String) {
        let pieces = token.split(separator: ".", omittingEmptySubsequences: false)
        try #require(pieces.count == 3)
        let header = try JSONSerialization.jsonObject(with: try #require(Base64URL.decode(pieces[0]))) as? [String: Any]
        let claims = try JSONSerialization.jsonObject(with: try #require(Base64URL.decode(pieces[1]))) as? [String: Any]
        return (try #require(header), try #require(claims), try #require(Base64URL.decode(pieces[2])), "\(pieces[0]).\(pieces[1])")
    }

    @Test("header alg/kid/typ and claims iss/iat/exp/aud/bid as Apple documents them")
    func headerAndClaims() throws {
        let now = Date(timeIntervalSince1970: 1_764_000_000.75)
        let token = try AppStoreJWT.make(for: key, issuedAt: now)
        let (header, claims, signature, input) = try parts(token)
        #expect(header as NSDictionary == ["alg": "ES256", "kid": "2X9R4HXF34", "typ": "JWT"] as NSDictionary)
        #expect(claims["iss"] as? String == "57246542-96fe-1a63-e053-0824d011072a")
        #expect(claims["iat"] as? Int == 1_764_000_000)
        #expect(claims["exp"] as? Int == 1_764_000_300)
        #expect(claims["aud"] as? String == "appstoreconnect-v1")
        #expect(claims["bid"] as? String == "com.example.app")
        #expect(Set(claims.keys) == ["iss", "iat", "exp", "aud", "bid"])
        #expect(signature.count == 64)
        #expect(key.privateKey.publicKey.isValidSignature(signature, for: Data(input.utf8)))
        #expect(!token.contains("="))
    }

    @Test("identity strings with quotes, backslashes, control characters and Unicode stay exact JSON strings")
    func escaping() throws {
        let hostile = InAppPurchaseKey(
            privateKey: .generate(), keyId: "K\"ID\\1\u{0}\u{1F}", issuerId: "iss\n\t\r/ü", bundleId: "com.例え.приложение\u{7F}")
        let (header, claims, _, _) = try parts(try AppStoreJWT.make(for: hostile, issuedAt: Date(timeIntervalSince1970: 5)))
        #expect(header["kid"] as? String == hostile.keyId)
        #expect(claims["iss"] as? String == hostile.issuerId)
        #expect(claims["bid"] as? String == hostile.bundleId)
        #expect(claims["iat"] as? Int == 5)
    }

    @Test("lifetimes past 60 minutes or below one second are refused", arguments: [0, -5, 3600.5, 3601, 86_400])
    func lifetimeBounds(_ lifetime: Double) {
        #expect(throws: TokenError.lifetimeOutOfRange(seconds: lifetime)) {
            try AppStoreJWT.make(for: key, issuedAt: Date(), lifetime: lifetime)
        }
    }

    @Test("the maximum lifetime gives exp = iat + 3600")
    func maximumLifetime() throws {
        let token = try AppStoreJWT.make(for: key, issuedAt: Date(timeIntervalSince1970: 1000), lifetime: 3600)
        let claims = try parts(token).claims
        #expect(claims["exp"] as? Int == 4600)
    }

    @Test("empty identity fields are refused")
    func emptyIdentity() {
        var bad = key
        bad.issuerId = " "
        #expect(throws: TokenError.missingIdentity(field: "issuerId")) { try AppStoreJWT.make(for: bad, issuedAt: Date()) }
        #expect(!"\(key)".contains("BEGIN"))
    }

    @Test("base64url round-trips every length and rejects standard base64")
    func base64url() {
        for length in 0..<70 {
            let data = Data((0..<length).map { UInt8(($0 * 37 + 251) % 256) })
            let text = Base64URL.encode(data)
            #expect(!text.contains("+") && !text.contains("/") && !text.contains("="))
            #expect(Base64URL.decode(text) == data)
        }
        #expect(Base64URL.decode("a+b/") == nil)
        #expect(Base64URL.decode("a") == nil)
    }
}
