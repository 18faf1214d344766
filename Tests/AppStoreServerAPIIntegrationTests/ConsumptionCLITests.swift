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
}
