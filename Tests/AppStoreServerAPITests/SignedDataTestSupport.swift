import AppStoreServerAPI
import DocDiagnostics
import Foundation

/// A throw-away PKI shaped like Apple's App Store signing chain, made with the `openssl` command
/// line tool into a temporary directory (deleted afterwards) the first time a test needs it.
///
/// * root: self-signed, EC P-384, CA (keyCertSign), 10 years from now;
/// * intermediate: P-384, signed by root, CA pathlen 0, extension 1.2.840.113635.100.6.2.1;
/// * leaf: P-256, signed by the intermediate, digitalSignature, extension 1.2.840.113635.100.6.11.1;
/// * variants: an unrelated second root, an intermediate without its marker and a leaf under it,
///   a non-CA certificate with the intermediate marker and a leaf under it, a leaf without its
///   marker, a leaf whose validity ended in 2020 and one that starts in 2099.
///
/// Every leaf uses the same P-256 key, ``leafKey``.
struct TestPKI: Sendable {
    let root: Data
    let otherRoot: Data
    let intermediate: Data
    let leaf: Data
    let intermediateWithoutMarker: Data
    let leafUnderIntermediateWithoutMarker: Data
    let leafWithoutMarker: Data
    /// An end-entity certificate (CA:FALSE) carrying the intermediate marker, signed by root, and a
    /// leaf signed with its key: a non-CA must not act as an intermediate.
    let nonCAIntermediate: Data
    let leafUnderNonCA: Data
    let expiredLeaf: Data
    let futureLeaf: Data
    let leafKey: ES256PrivateKey
    /// The leaf's validity end, as `openssl x509 -enddate` prints it, parsed.
    let leafNotAfter: Date

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Built once per test process.
    static let shared: Result<TestPKI, Failure> = {
        do {
            return .success(try make())
        } catch let error as Failure {
            return .failure(error)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    static func get() throws -> TestPKI { try shared.get() }

    /// The standard chain as an `x5c` header value: leaf, intermediate, root.
    var x5c: [String] { [leaf, intermediate, root].map { $0.base64EncodedString() } }

    /// The OpenSSL configuration the PKI is made with (sections `v3_root`, `v3_intermediate`,
    /// `v3_leaf`, … and the `test_ca` database); other fixtures append their own sections.
    static let config = """
        [ req ]
        distinguished_name = dn
        prompt = no
        [ dn ]
        CN = unused
        [ v3_root ]
        basicConstraints = critical, CA:TRUE
        keyUsage = critical, keyCertSign, cRLSign
        subjectKeyIdentifier = hash
        [ v3_intermediate ]
        basicConstraints = critical, CA:TRUE, pathlen:0
        keyUsage = critical, keyCertSign, cRLSign
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid
        1.2.840.113635.100.6.2.1 = ASN1:NULL
        [ v3_intermediate_without_marker ]
        basicConstraints = critical, CA:TRUE, pathlen:0
        keyUsage = critical, keyCertSign, cRLSign
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid
        [ v3_non_ca_with_marker ]
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid
        1.2.840.113635.100.6.2.1 = ASN1:NULL
        [ v3_leaf ]
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid
        1.2.840.113635.100.6.11.1 = ASN1:NULL
        [ v3_leaf_without_marker ]
        basicConstraints = critical, CA:FALSE
        keyUsage = critical, digitalSignature
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid
        [ ca ]
        default_ca = test_ca
        [ test_ca ]
        database = index.txt
        new_certs_dir = .
        serial = serial.txt
        default_md = sha256
        policy = policy_any
        unique_subject = no
        copy_extensions = none
        [ policy_any ]
        commonName = supplied
        organizationName = optional

        """

    private static func make() throws -> TestPKI {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("docspec-pki-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func run(_ arguments: String...) throws {
            try runOpenSSL(arguments, in: directory)
        }
        func read(_ name: String) throws -> Data {
            try derFromPEM(String(decoding: Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self))
        }
        try config.write(to: directory.appendingPathComponent("pki.cnf"), atomically: true, encoding: .utf8)
        try "".write(to: directory.appendingPathComponent("index.txt"), atomically: true, encoding: .utf8)
        try "1000\n".write(to: directory.appendingPathComponent("serial.txt"), atomically: true, encoding: .utf8)

        // Roots.
        for (name, subject) in [("root", "/CN=DocSpec Test Root CA/O=DocSpec Tests"), ("other", "/CN=Unrelated Root CA/O=Elsewhere")] {
            try run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", "\(name).key")
            try run(
                "req", "-x509", "-new", "-config", "pki.cnf", "-extensions", "v3_root", "-key", "\(name).key",
                "-sha384", "-days", "3650", "-subj", subject, "-out", "\(name).pem")
        }
        // Intermediates (one key, two certificates).
        try run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384", "-out", "int.key")
        try run(
            "req", "-new", "-config", "pki.cnf", "-key", "int.key", "-subj",
            "/CN=DocSpec Test Intermediate CA/O=DocSpec Tests", "-out", "int.csr")
        for (name, section, serial) in [
            ("int", "v3_intermediate", "11"), ("int-nomarker", "v3_intermediate_without_marker", "12"),
            ("int-notca", "v3_non_ca_with_marker", "13"),
        ] {
            try run(
                "x509", "-req", "-in", "int.csr", "-CA", "root.pem", "-CAkey", "root.key", "-set_serial", serial,
                "-days", "3000", "-sha384", "-extfile", "pki.cnf", "-extensions", section, "-out", "\(name).pem")
        }
        // Leaves (one P-256 key).
        try run("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "leaf.key")
        try run(
            "req", "-new", "-config", "pki.cnf", "-key", "leaf.key", "-subj",
            "/CN=DocSpec Test Signing/O=DocSpec Tests", "-out", "leaf.csr")
        for (name, issuer, section, serial) in [
            ("leaf", "int", "v3_leaf", "21"), ("leaf-nomarker", "int", "v3_leaf_without_marker", "22"),
            ("leaf-under-nomarker", "int-nomarker", "v3_leaf", "23"), ("leaf-under-notca", "int-notca", "v3_leaf", "24"),
        ] {
            try run(
                "x509", "-req", "-in", "leaf.csr", "-CA", "\(issuer).pem", "-CAkey", "int.key", "-set_serial", serial,
                "-days", "825", "-sha256", "-extfile", "pki.cnf", "-extensions", section, "-out", "\(name).pem")
        }
        // Leaves with explicit validity windows (openssl 3.0's `x509 -req` has no start date option).
        for (name, start, end) in [("leaf-expired", "20200101000000Z", "20200201000000Z"), ("leaf-future", "20990101000000Z", "20991231000000Z")] {
            try run(
                "ca", "-batch", "-config", "pki.cnf", "-name", "test_ca", "-cert", "int.pem", "-keyfile", "int.key",
                "-in", "leaf.csr", "-startdate", start, "-enddate", end, "-extfile", "pki.cnf", "-extensions", "v3_leaf",
                "-notext", "-out", "\(name).pem")
        }
        let keyPEM = String(decoding: try Data(contentsOf: directory.appendingPathComponent("leaf.key")), as: UTF8.self)
        let leaf = try read("leaf.pem")
        return TestPKI(
            root: try read("root.pem"), otherRoot: try read("other.pem"), intermediate: try read("int.pem"), leaf: leaf,
            intermediateWithoutMarker: try read("int-nomarker.pem"),
            leafUnderIntermediateWithoutMarker: try read("leaf-under-nomarker.pem"),
            leafWithoutMarker: try read("leaf-nomarker.pem"), nonCAIntermediate: try read("int-notca.pem"),
            leafUnderNonCA: try read("leaf-under-notca.pem"), expiredLeaf: try read("leaf-expired.pem"),
            futureLeaf: try read("leaf-future.pem"), leafKey: try ES256PrivateKey(pem: keyPEM),
            leafNotAfter: try X509Certificate(derRepresentation: leaf).notAfter)
    }

    /// The DER bytes of the first `CERTIFICATE` block of a PEM text.
    static func derFromPEM(_ pem: String) throws -> Data {
        guard let begin = pem.range(of: "-----BEGIN CERTIFICATE-----"),
            let end = pem.range(of: "-----END CERTIFICATE-----", range: begin.upperBound..<pem.endIndex),
            let der = Data(base64Encoded: String(pem[begin.upperBound..<end.lowerBound]), options: .ignoreUnknownCharacters)
        else {
            throw Failure(description: "no certificate in PEM output")
        }
        return der
    }
}

/// Runs `openssl` with `arguments` in `directory`; throws with its stderr when it fails.
func runOpenSSL(_ arguments: [String], in directory: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let stderr = errors.fileHandleForReading.readToEndRetryingInterrupts()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw TestPKI.Failure(
            description: "openssl \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): "
                + String(decoding: stderr, as: UTF8.self))
    }
}

/// Builds compact JWS texts for the tests.
enum TestJWS {
    /// Signs `payload` (a JSON object) with `key`; the header is `{"alg": alg, "x5c": x5c}`
    /// (`x5c` omitted when `nil`).
    static func sign(
        _ payload: [String: Any], key: ES256PrivateKey, x5c: [String]?, alg: String = "ES256"
    ) throws -> String {
        var header: [String: Any] = ["alg": alg]
        if let x5c { header["x5c"] = x5c }
        return try sign(
            headerJSON: JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]),
            payloadJSON: JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys]), key: key)
    }

    /// Signs raw header and payload bytes.
    static func sign(headerJSON: Data, payloadJSON: Data, key: ES256PrivateKey) throws -> String {
        let input = Base64URL.encode(headerJSON) + "." + Base64URL.encode(payloadJSON)
        return input + "." + Base64URL.encode(try key.signature(for: Data(input.utf8)))
    }

    /// The current time in milliseconds since 1970.
    static var nowMilliseconds: Int64 { Int64(Date().timeIntervalSince1970 * 1000) }
}
