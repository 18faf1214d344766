import Foundation
import Synchronization
import Testing

@testable import AppStoreServerAPI

/// A throw-away PKI with one good and one revoked leaf (revoked in the CA's `index.txt` with
/// reason keyCompromise), and `openssl ocsp` answering for it behind `Tests/StandIn/ocsp_responder.py`
/// on 127.0.0.1. Both leaves carry Apple's marker and an AIA OCSP URL on the discard port
/// (`http://127.0.0.1:9/ocsp`), so only an override reaches the responder.
final class OCSPFixture: @unchecked Sendable {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StandIn/ocsp_responder.py")

    let directory: URL
    let root: Data
    let intermediate: Data
    let goodLeaf: Data
    let revokedLeaf: Data
    let leafKey: ES256PrivateKey
    let process: Process
    let stdin: Pipe
    let port: Int

    var url: String { "http://127.0.0.1:\(port)/" }

    /// TestPKI's configuration plus an intermediate that may sign OCSP responses and leaves
    /// naming an OCSP responder.
    static let config = TestPKI.config + """
        [ v3_ocsp_intermediate ]
        basicConstraints = critical, CA:TRUE, pathlen:0
        keyUsage = critical, keyCertSign, cRLSign, digitalSignature
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid
        1.2.840.113635.100.6.2.1 = ASN1:NULL
        [ v3_ocsp_leaf ]
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid
        authorityInfoAccess = OCSP;URI:http://127.0.0.1:9/ocsp
        1.2.840.113635.100.6.11.1 = ASN1:NULL

        """

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-ocsp-\(UUID().uuidString)")
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func run(_ arguments: String...) throws { try runOpenSSL(arguments, in: directory) }
        func read(_ name: String) throws -> Data {
            try TestPKI.derFromPEM(String(decoding: Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self))
        }
        try Self.config.write(to: directory.appendingPathComponent("pki.cnf"), atomically: true, encoding: .utf8)
        try "".write(to: directory.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
        try "1000\n".write(to: directory.appendingPathComponent("serial.txt"), atomically: true, encoding: .utf8)
        try run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", "root.key")
        try run(
            "req", "-x509", "-new", "-config", "pki.cnf", "-extensions", "v3_root", "-key", "root.key", "-sha384",
            "-days", "3650", "-subj", "/CN=OCSP Test Root/O=DocSpec Tests", "-out", "root.pem")
        try run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", "int.key")
        try run("req", "-new", "-config", "pki.cnf", "-key", "int.key", "-subj", "/CN=OCSP Test Intermediate/O=DocSpec Tests", "-out", "int.csr")
        try run(
            "x509", "-req", "-in", "int.csr", "-CA", "root.pem", "-CAkey", "root.key", "-set_serial", "11", "-days", "3000",
            "-sha384", "-extfile", "pki.cnf", "-extensions", "v3_ocsp_intermediate", "-out", "int.pem")
        try run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "leaf.key")
        for name in ["good", "revoked"] {
            try run("req", "-new", "-config", "pki.cnf", "-key", "leaf.key", "-subj", "/CN=OCSP \(name) leaf/O=DocSpec Tests", "-out", "\(name).csr")
            try run(
                "ca", "-batch", "-config", "pki.cnf", "-name", "test_ca", "-cert", "int.pem", "-keyfile", "int.key",
                "-in", "\(name).csr", "-days", "825", "-extfile", "pki.cnf", "-extensions", "v3_ocsp_leaf", "-notext",
                "-out", "\(name).pem")
        }
        try run("ca", "-config", "pki.cnf", "-name", "test_ca", "-cert", "int.pem", "-keyfile", "int.key", "-revoke", "revoked.pem", "-crl_reason", "keyCompromise")
        root = try read("root.pem")
        intermediate = try read("int.pem")
        goodLeaf = try read("good.pem")
        revokedLeaf = try read("revoked.pem")
        leafKey = try ES256PrivateKey(
            pem: String(decoding: try Data(contentsOf: directory.appendingPathComponent("leaf.key")), as: UTF8.self))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.currentDirectoryURL = directory
        process.arguments = [
            "python3", Self.script.path, "--index", "index.txt", "--ca", "int.pem", "--rsigner", "int.pem", "--rkey",
            "int.key", "--slow-ms", "3000",
        ]
        let stdout = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardInput = stdin
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let text = String(data: line, encoding: .utf8)?.split(separator: "\n").first, let port = Int(text) else {
            process.terminate()
            throw TestPKI.Failure(description: "the OCSP responder printed no port")
        }
        self.process = process
        self.stdin = stdin
        self.port = port
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            try? stdin.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    deinit { stop() }

    /// How many OCSP requests the responder answered.
    func requestCount() throws -> Int {
        Int(try String(contentsOf: URL(string: "http://127.0.0.1:\(port)/__count")!, encoding: .utf8)) ?? -1
    }

    /// A signed transaction under `leaf`.
    func signedTransaction(leaf: Data) throws -> String {
        let payload: [String: Any] = [
            "transactionId": "2000000000000001", "originalTransactionId": "2000000000000001", "bundleId": "com.example",
            "productId": "com.example.p", "environment": "Sandbox", "signedDate": TestJWS.nowMilliseconds,
        ]
        return try TestJWS.sign(
            payload, key: leafKey, x5c: [leaf, intermediate, root].map { $0.base64EncodedString() })
    }

    func verifier(_ checker: RevocationChecker?) throws -> SignedDataVerifier {
        try SignedDataVerifier(
            rootCertificates: [root], bundleId: "com.example", appAppleId: 1234, environment: .sandbox,
            revocationChecker: checker)
    }
}

@Suite("Revocation checking (OCSP against openssl ocsp on 127.0.0.1)", .serialized)
struct RevocationCheckTests {
    @Test("off by default: a revoked leaf still verifies and no OCSP request is made")
    func offByDefault() throws {
        let fixture = try OCSPFixture()
        defer { fixture.stop() }
        let verifier = try fixture.verifier(nil)
        #expect(verifier.revocationChecker == nil)
        #expect(verifier.verifyAndDecodeTransaction(try fixture.signedTransaction(leaf: fixture.revokedLeaf)).isValid)
        #expect(try fixture.requestCount() == 0)
    }

    @Test("on: the good leaf verifies, the revoked one is VERIFICATION_FAILURE naming revocation and reason")
    func goodAndRevoked() throws {
        let fixture = try OCSPFixture()
        defer { fixture.stop() }
        let verifier = try fixture.verifier(RevocationChecker(timeout: .seconds(5), responderURL: fixture.url))
        let good = verifier.verifyAndDecodeTransaction(try fixture.signedTransaction(leaf: fixture.goodLeaf))
        #expect(good.isValid, "\(good.error?.description ?? "")")
        let revoked = verifier.verifyAndDecodeTransaction(try fixture.signedTransaction(leaf: fixture.revokedLeaf))
        #expect(revoked.status == .verificationFailure)
        #expect(revoked.error?.reason.contains("the leaf certificate is revoked") == true, "\(revoked.error?.reason ?? "")")
        #expect(revoked.error?.reason.contains("reason 1") == true)
        #expect(try fixture.requestCount() == 2)
        // A good answer is reused (15 minutes); a revoked one is asked again every time.
        #expect(verifier.verifyAndDecodeTransaction(try fixture.signedTransaction(leaf: fixture.goodLeaf)).isValid)
        #expect(try fixture.requestCount() == 2)
        #expect(verifier.verifyAndDecodeTransaction(try fixture.signedTransaction(leaf: fixture.revokedLeaf)).status == .verificationFailure)
        #expect(try fixture.requestCount() == 3)
    }

    @Test("the good-answer cache: 15 minutes, at most 32 pairs, oldest dropped first")
    func cache() {
        let clock = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let cache = RevocationCache(now: { clock.withLock { $0 } })
        cache.rememberGood(Data([0]))
        #expect(cache.isFreshGood(Data([0])))
        clock.withLock { $0 = $0.addingTimeInterval(15 * 60) }
        #expect(!cache.isFreshGood(Data([0])))
        for i in 1...40 {
            clock.withLock { $0 = $0.addingTimeInterval(1) }
            cache.rememberGood(Data([UInt8(i)]))
        }
        #expect(cache.count == 32)
        #expect(!cache.isFreshGood(Data([8])))
        #expect(cache.isFreshGood(Data([9])) && cache.isFreshGood(Data([40])))
    }

    @Test("typed result: .good and .revoked(date, reason 1 keyCompromise); the AIA responder URL is read")
    func typedStatus() throws {
        let fixture = try OCSPFixture()
        defer { fixture.stop() }
        let checker = RevocationChecker(timeout: .seconds(5), responderURL: fixture.url)
        let issuer = try X509Certificate(derRepresentation: fixture.intermediate)
        let root = try X509Certificate(derRepresentation: fixture.root)
        let good = try X509Certificate(derRepresentation: fixture.goodLeaf)
        let revoked = try X509Certificate(derRepresentation: fixture.revokedLeaf)
        #expect(try checker.status(of: good, issuer: issuer, roots: [root]) == .good)
        guard case .revoked(let date, let reason) = try checker.status(of: revoked, issuer: issuer, roots: [root]) else {
            Issue.record("not revoked")
            return
        }
        #expect(reason == 1)
        #expect(abs((date ?? .distantPast).timeIntervalSinceNow) < 600)
        #expect(RevocationChecker.responderURLs(of: good) == ["http://127.0.0.1:9/ocsp"])
        #expect(RevocationChecker.responderURLs(of: issuer).isEmpty)
        // The responder signs with the intermediate: against an unrelated root the response fails.
        let other = try X509Certificate(derRepresentation: try TestPKI.get().otherRoot)
        #expect(throws: RevocationChecker.Failure.self) { try checker.status(of: good, issuer: issuer, roots: [other]) }
    }

    @Test("unreachable (AIA on the discard port), too slow (timeout 1 s), tryLater: RETRYABLE_VERIFICATION_FAILURE")
    func retryable() throws {
        let fixture = try OCSPFixture()
        defer { fixture.stop() }
        let jws = try fixture.signedTransaction(leaf: fixture.goodLeaf)

        let aia = try fixture.verifier(RevocationChecker(timeout: .seconds(2)))
        let refused = aia.verifyAndDecodeTransaction(jws)
        #expect(refused.status == .retryableVerificationFailure, "\(refused.error?.description ?? "")")
        #expect(refused.error?.reason.contains("127.0.0.1:9") == true)

        let slow = try fixture.verifier(RevocationChecker(timeout: .seconds(1), responderURL: fixture.url + "slow"))
        // The slow responder sends the same good response after 3 s: had the checker waited for it
        // instead of giving up after 1 s, the transaction would verify (no wall-clock bound here; a
        // loaded CI machine can stall any thread for seconds).
        let timedOut = slow.verifyAndDecodeTransaction(jws)
        #expect(timedOut.status == .retryableVerificationFailure, "\(timedOut.error?.description ?? "")")

        let later = try fixture.verifier(RevocationChecker(timeout: .seconds(5), responderURL: fixture.url + "trylater"))
        let tryLater = later.verifyAndDecodeTransaction(jws)
        #expect(tryLater.status == .retryableVerificationFailure)
        #expect(tryLater.error?.reason.contains("(3)") == true, "\(tryLater.error?.reason ?? "")")
        #expect(RevocationChecker.Failure.responderStatus(3).isTransient)
        #expect(!RevocationChecker.Failure.responderStatus(6).isTransient)

        // An answer that isn't OCSP: retryable too, and the reason doesn't claim the responder
        // was unreachable or slow only.
        let garbage = try fixture.verifier(RevocationChecker(timeout: .seconds(5), responderURL: fixture.url + "garbage"))
        let notOCSP = garbage.verifyAndDecodeTransaction(jws)
        #expect(notOCSP.status == .retryableVerificationFailure)
        #expect(notOCSP.error?.reason.contains("not an OCSP response") == true, "\(notOCSP.error?.reason ?? "")")

        let https = try fixture.verifier(RevocationChecker(responderURL: "https://127.0.0.1:1/"))
        #expect(https.verifyAndDecodeTransaction(jws).status == .verificationFailure)
    }
}
