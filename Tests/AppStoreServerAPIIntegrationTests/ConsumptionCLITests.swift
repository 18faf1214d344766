import Foundation
import Testing

/// The built `appstore-consumption` executable against the stand-in.
@Suite("appstore-consumption executable")
struct ConsumptionCLITests {
    /// The executable next to the test bundle (`swift build --build-tests` builds every product).
    static func executable() throws -> URL {
        var candidates: [URL] = []
        if let path = Bundle.main.executablePath {
            candidates.append(URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Bundle.main.bundleURL)
        for directory in candidates {
            let url = directory.appendingPathComponent("appstore-consumption")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw SetupError(
            description: "appstore-consumption not found next to the tests (looked in "
                + candidates.map(\.path).joined(separator: ", ") + "); build it with `swift build --build-tests`")
    }

    static func run(_ arguments: [String], input: Data? = nil) throws -> Tool.Output {
        try Tool.run([try executable().path] + arguments, input: input)
    }

    @Test("--help, usage errors and a bad key are exit 0 / 2")
    func usage() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: appstore-consumption"))
        let missing = try Self.run(["--key", "x.p8", "1", "r.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--key-id is required"))
        let unknown = try Self.run(["--frobnicate"])
        #expect(unknown.status == 2)
        let keys = try KeyPair.shared.get()
        let badKey = try Self.run([
            "--key", keys.trusted.publicKeyPath.path, "--key-id", "K", "--issuer-id", "I", "--bundle-id", "B",
            "--environment", "sandbox", "1", "-",
        ], input: Data("{}".utf8))
        #expect(badKey.status == 2)
        #expect(badKey.stderr.contains("cannot use the key"))
    }

    @Test("Sends to the stand-in: 202 → exit 0; invalid body → exit 1, nothing sent; 404 → exit 1")
    func sends() async throws {
        let server = try StandIn()
        defer { server.stop() }
        let common = [
            "--key", server.keys.trusted.privateKeyPath.path, "--key-id", Identity.keyId, "--issuer-id",
            Identity.issuerId, "--bundle-id", Identity.bundleId, "--environment", "sandbox", "--base-url",
            server.baseURL.absoluteString,
        ]
        let good = Data(#"{"customerConsented": true, "deliveryStatus": "DELIVERED", "sampleContentProvided": false}"#.utf8)
        let accepted = try Self.run(common + ["2000000000000001", "-"], input: good)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(accepted.stdout == "202 Accepted\n")

        let bad = Data(#"{"customerConsented": true, "deliveryStatus": "LOST", "sampleContentProvided": false}"#.utf8)
        let rejected = try Self.run(common + ["2000000000000001", "-"], input: bad)
        #expect(rejected.status == 1)
        #expect(rejected.stderr.contains("deliveryStatus: invalid value \"LOST\" (InvalidDeliveryStatusError, 4000036)"))
        #expect(try await server.requests().count == 1)

        try await server.script([StandIn.appleError(404, 4040010, "Transaction id not found.")])
        let notFound = try Self.run(common + ["2000000000000001", "-"], input: good)
        #expect(notFound.status == 1)
        #expect(notFound.stderr.contains("HTTP 404: TransactionIdNotFoundError (4040010)"))
        #expect(!notFound.stderr.lowercased().contains("bearer"))
    }

    /// Common options with a working key, for checks that stop before anything is sent.
    static func options(keyPath: String? = nil, keyId: String = "K", issuerId: String = "I", bundleId: String = "B")
        throws -> [String]
    {
        [
            "--key", try keyPath ?? KeyPair.shared.get().trusted.privateKeyPath.path, "--key-id", keyId, "--issuer-id",
            issuerId, "--bundle-id", bundleId, "--environment", "sandbox", "--base-url", "http://127.0.0.1:9",
        ]
    }

    @Test("a body whose number doesn't fit names the field instead of 'not valid JSON'; broken JSON says so")
    func bodyDecodingMessages() throws {
        let cases: [(String, String)] = [
            (#"{"customerConsented": true, "deliveryStatus": "DELIVERED", "sampleContentProvided": false, "consumptionPercentage": 99999999999}"#,
             "consumptionPercentage: the number does not fit Int32 (-2147483648...2147483647)"),
            (#"{"customerConsented": true, "deliveryStatus": "DELIVERED", "sampleContentProvided": false, "consumptionPercentage": 1.5}"#,
             "consumptionPercentage: expected a whole number (Int32), found a number with a fraction"),
            (#"{"customerConsented": "yes"}"#, "customerConsented: expected Bool, found another JSON type"),
            (#"{"customerConsented": true,"#, "not valid JSON (it ends too early)"),
            ("{\n  \"customerConsented\": tru\n}", "not valid JSON (around "),
            (#"{"consumptionPercentage": 1e400}"#, "not valid JSON\n"),
            ("\n", "not valid JSON (the input is empty)"),
        ]
        for (body, message) in cases {
            let output = try Self.run(try Self.options() + ["1", "-"], input: Data(body.utf8))
            #expect(output.status == 1, "\(body): \(output.stderr)")
            #expect(output.stderr.contains("is not a ConsumptionRequest body: \(message)"), "\(body): \(output.stderr)")
        }
        let v1 = try Self.run(try Self.options() + ["--v1", "1", "-"], input: Data(#"{"platform": 1.5}"#.utf8))
        #expect(v1.status == 1)
        #expect(v1.stderr.contains("platform: expected a whole number (Int32), found a number with a fraction"), "\(v1.stderr)")
    }

    @Test("blank --key-id, --issuer-id or --bundle-id is a usage error (exit 2) before anything is signed")
    func blankIdentity() throws {
        for (option, arguments) in [
            ("--key-id", try Self.options(keyId: " ")), ("--issuer-id", try Self.options(issuerId: "\t")),
            ("--bundle-id", try Self.options(bundleId: "")), ("--key", try Self.options(keyPath: " ")),
        ] {
            let output = try Self.run(arguments + ["1", "-"], input: Data("{}".utf8))
            #expect(output.status == 2, "\(option): \(output.stderr)")
            #expect(output.stderr.contains("appstore-consumption: \(option) is empty"), "\(option): \(output.stderr)")
            #expect(output.stderr.contains("Run with --help for usage."))
        }
    }

    @Test("a missing key file, a missing request file and a directory give plain messages (exit 2)")
    func fileErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = Data(#"{"customerConsented": true, "deliveryStatus": "DELIVERED", "sampleContentProvided": false}"#.utf8)
        let missingKey = directory.appendingPathComponent("AuthKey_NONE.p8").path
        let noKey = try Self.run(try Self.options(keyPath: missingKey) + ["1", "-"], input: good)
        #expect(noKey.status == 2)
        #expect(noKey.stderr == "appstore-consumption: cannot use the key: cannot read key file \(missingKey): No such file or directory\n")

        let keyDirectory = try Self.run(try Self.options(keyPath: directory.path) + ["1", "-"], input: good)
        #expect(keyDirectory.status == 2)
        #expect(keyDirectory.stderr.contains("cannot read key file \(directory.path): Is a directory"), "\(keyDirectory.stderr)")

        let missingBody = directory.appendingPathComponent("request.json").path
        let noBody = try Self.run(try Self.options() + ["1", missingBody])
        #expect(noBody.status == 2)
        #expect(noBody.stderr == "appstore-consumption: cannot read \(missingBody): No such file or directory\n")

        let bodyDirectory = try Self.run(try Self.options() + ["1", directory.path])
        #expect(bodyDirectory.status == 2)
        #expect(bodyDirectory.stderr == "appstore-consumption: cannot read \(directory.path): Is a directory\n")

        for output in [noKey, keyDirectory, noBody, bodyDirectory] {
            #expect(!output.stderr.contains("Domain"), "\(output.stderr)")
            #expect(!output.stderr.contains("error 256"), "\(output.stderr)")
        }
    }

    @Test("an encrypted SEC1 key and a public key given as --key explain themselves (exit 2)")
    func keyProblems() throws {
        let keys = try KeyPair.shared.get()
        let encryptedPath = keys.trusted.directory.appendingPathComponent("encrypted-sec1.pem")
        let convert = try Tool.run([
            "openssl", "ec", "-in", keys.trusted.privateKeyPath.path, "-aes-256-cbc", "-passout", "pass:secret", "-out",
            encryptedPath.path,
        ])
        #expect(convert.status == 0, "\(convert.stderr)")
        let encrypted = try Self.run(try Self.options(keyPath: encryptedPath.path) + ["1", "-"], input: Data("{}".utf8))
        #expect(encrypted.status == 2)
        #expect(encrypted.stderr.contains("cannot use the key: the key is encrypted"), "\(encrypted.stderr)")
        #expect(!encrypted.stderr.contains("bad decrypt"))

        let publicKey = try Self.run(
            try Self.options(keyPath: keys.trusted.publicKeyPath.path) + ["1", "-"], input: Data("{}".utf8))
        #expect(publicKey.status == 2)
        #expect(publicKey.stderr.contains("cannot use the key: this is a public key"), "\(publicKey.stderr)")
        #expect(publicKey.stderr.contains("the .p8 file holds the private key"))
    }
}
