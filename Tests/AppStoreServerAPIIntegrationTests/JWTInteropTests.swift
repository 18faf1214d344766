import AppStoreServerAPI
import Foundation
import Testing

/// Tokens made by the library verify with independent implementations: the `openssl` command-line
/// tool always, PyJWT when it is installed.
@Suite("JWT interop")
struct JWTInteropTests {
    /// `SEQUENCE { INTEGER r, INTEGER s }` from a 64-byte `r ‖ s` JWS signature (minimal
    /// INTEGER encoding: leading zeros dropped, a `0x00` added before a set high bit).
    static func derSignature(fromRaw raw: Data) -> Data {
        func integer(_ bytes: Data) -> Data {
            var value = Array(bytes.drop { $0 == 0 })
            if value.isEmpty { value = [0] }
            if value[0] & 0x80 != 0 { value.insert(0, at: 0) }
            return Data([0x02, UInt8(value.count)] + value)
        }
        let body = integer(raw.prefix(32)) + integer(raw.suffix(32))
        return Data([0x30, UInt8(body.count)]) + body
    }

    static func parts(_ token: String) throws -> (signingInput: Data, signature: Data) {
        let pieces = token.split(separator: ".", omittingEmptySubsequences: false)
        try #require(pieces.count == 3)
        let signature = try #require(Base64URL.decode(pieces[2]))
        return (Data((pieces[0] + "." + pieces[1]).utf8), signature)
    }

    @Test("DER conversion of r ‖ s")
    func derConversion() {
        let raw = Data(repeating: 0x01, count: 32) + Data([0x00, 0x00, 0x80] + Array(repeating: 0x02, count: 29))
        let der = Self.derSignature(fromRaw: raw)
        #expect(der.prefix(4) == Data([0x30, 0x43, 0x02, 0x20]))
        #expect(der[36...38] == Data([0x02, 0x1F, 0x00]))
        #expect(der[39] == 0x80)
        #expect(der.count == 2 + 34 + 33)
    }

    @Test("Library tokens verify with `openssl dgst -sha256 -verify`; a tampered token doesn't")
    func openssl() throws {
        let keys = try KeyPair.shared.get()
        let key = try InAppPurchaseKey(
            pem: keys.trusted.privateKeyPEM, keyId: Identity.keyId, issuerId: Identity.issuerId,
            bundleId: Identity.bundleId)
        let directory = keys.trusted.directory
        for round in 0..<8 {
            let token = try AppStoreJWT.make(for: key, issuedAt: Date())
            let (input, signature) = try Self.parts(token)
            #expect(signature.count == 64)
            let inputPath = directory.appendingPathComponent("input-\(round)")
            let sigPath = directory.appendingPathComponent("sig-\(round).der")
            try input.write(to: inputPath)
            try Self.derSignature(fromRaw: signature).write(to: sigPath)
            let verified = try Tool.run([
                "openssl", "dgst", "-sha256", "-verify", keys.trusted.publicKeyPath.path, "-signature", sigPath.path,
                inputPath.path,
            ])
            #expect(verified.status == 0, "openssl: \(verified.stdout) \(verified.stderr)")
            #expect(verified.stdout.contains("Verified OK"))

            // The same signature over changed bytes, and with the other key, must fail.
            var tampered = input
            tampered[tampered.startIndex + 5] ^= 0x01
            try tampered.write(to: inputPath)
            let rejected = try Tool.run([
                "openssl", "dgst", "-sha256", "-verify", keys.trusted.publicKeyPath.path, "-signature", sigPath.path,
                inputPath.path,
            ])
            #expect(rejected.status != 0)
            try input.write(to: inputPath)
            let wrongKey = try Tool.run([
                "openssl", "dgst", "-sha256", "-verify", keys.other.publicKeyPath.path, "-signature", sigPath.path,
                inputPath.path,
            ])
            #expect(wrongKey.status != 0)
        }
    }

    static let pyJWTAvailable: Bool = {
        (try? Tool.run(["python3", "-c", "import jwt, cryptography"]).status) == 0
    }()

    @Test(
        "Library tokens verify with PyJWT (only where PyJWT is installed)",
        .enabled(if: pyJWTAvailable, "PyJWT with cryptography is not installed"))
    func pyJWT() throws {
        let keys = try KeyPair.shared.get()
        let key = try InAppPurchaseKey(
            pem: keys.trusted.privateKeyPEM, keyId: Identity.keyId, issuerId: Identity.issuerId,
            bundleId: Identity.bundleId)
        let token = try AppStoreJWT.make(for: key, issuedAt: Date())
        let script = """
            import json, sys, jwt
            claims = jwt.decode(sys.argv[1], open(sys.argv[2]).read(), algorithms=["ES256"],
                                audience="appstoreconnect-v1")
            print(json.dumps({"claims": claims, "header": jwt.get_unverified_header(sys.argv[1])}))
            """
        let output = try Tool.run(["python3", "-c", script, token, keys.trusted.publicKeyPath.path])
        #expect(output.status == 0, "PyJWT: \(output.stderr)")
        let decoded = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: [String: Any]]
        #expect(decoded?["claims"]?["bid"] as? String == Identity.bundleId)
        #expect(decoded?["header"]?["kid"] as? String == Identity.keyId)
        let wrong = try Tool.run(["python3", "-c", script, token, keys.other.publicKeyPath.path])
        #expect(wrong.status != 0)
    }
}
