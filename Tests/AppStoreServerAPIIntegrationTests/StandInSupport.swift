import AppStoreServerAPI
import DocDiagnostics
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why the integration environment couldn't be set up. Tests fail with it (never skip): the
/// stand-in needs `python3` and the keys need the `openssl` command-line tool.
struct SetupError: Error, CustomStringConvertible {
    var description: String
}

/// Runs command-line tools.
enum Tool {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `/usr/bin/env <arguments>` and waits.
    ///
    /// - Throws: ``SetupError`` when the program can't be started.
    @discardableResult
    static func run(_ arguments: [String], input: Data? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        do {
            try process.run()
        } catch {
            throw SetupError(description: "cannot run \(arguments.joined(separator: " ")): \(error)")
        }
        if let input { stdin.fileHandleForWriting.write(input) }
        try? stdin.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty child can't block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = stderr.fileHandleForReading.readToEndRetryingInterrupts()
            group.leave()
        }
        let outData = stdout.fileHandleForReading.readToEndRetryingInterrupts()
        group.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Fails loudly when a required tool is missing.
    static func require(_ tool: String, versionArgument: String = "--version") throws {
        let output = try run([tool, versionArgument])
        guard output.status == 0 else {
            throw SetupError(
                description:
                    "\(tool) is required by the integration tests but `\(tool) \(versionArgument)` failed "
                    + "(status \(output.status)): \(output.stderr)")
        }
    }
}

/// A P-256 key pair made with the `openssl` command-line tool, in a temporary folder.
struct KeyPair: Sendable {
    let directory: URL
    let privateKeyPEM: String
    let privateKeyPath: URL
    let publicKeyPath: URL

    static func generate(name: String) throws -> KeyPair {
        try Tool.require("openssl", versionArgument: "version")
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("appstore-it-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let privatePath = directory.appendingPathComponent("AuthKey_\(name).p8")
        let publicPath = directory.appendingPathComponent("pub.pem")
        let generate = try Tool.run([
            "openssl", "genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out",
            privatePath.path,
        ])
        guard generate.status == 0 else { throw SetupError(description: "openssl genpkey: \(generate.stderr)") }
        let pub = try Tool.run(["openssl", "pkey", "-in", privatePath.path, "-pubout", "-out", publicPath.path])
        guard pub.status == 0 else { throw SetupError(description: "openssl pkey -pubout: \(pub.stderr)") }
        return KeyPair(
            directory: directory, privateKeyPEM: try String(contentsOf: privatePath, encoding: .utf8),
            privateKeyPath: privatePath, publicKeyPath: publicPath)
    }

    /// The trusted key (the stand-in verifies with its public half) and a second, untrusted one.
    /// Made once per test process.
    static let shared: Result<(trusted: KeyPair, other: KeyPair), SetupError> = {
        do {
            return .success((try generate(name: "TRUSTED"), try generate(name: "OTHER")))
        } catch let error as SetupError {
            return .failure(error)
        } catch {
            return .failure(SetupError(description: "\(error)"))
        }
    }()
}

enum Identity {
    static let keyId = "STANDIN001"
    static let issuerId = "57246542-96fe-1a63-e053-0824d011072a"
    static let bundleId = "com.example.standin"
}

/// The stand-in App Store server (`Tests/StandIn/appstore_standin.py`) in a child process on
/// 127.0.0.1, stopped by ``stop()`` or when the object goes away.
final class StandIn: @unchecked Sendable {
    static let scriptPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("StandIn/appstore_standin.py")

    let process: Process
    let port: Int
    let keys: (trusted: KeyPair, other: KeyPair)
    private let stdin: Pipe

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init() throws {
        keys = try KeyPair.shared.get()
        try Tool.require("python3")
        guard FileManager.default.fileExists(atPath: Self.scriptPath.path) else {
            throw SetupError(description: "stand-in script missing at \(Self.scriptPath.path)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.scriptPath.path, "--public-key", keys.trusted.publicKeyPath.path,
            "--key-id", Identity.keyId, "--issuer-id", Identity.issuerId, "--bundle-id", Identity.bundleId,
        ]
        let stdout = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardInput = stdin
        do {
            try process.run()
        } catch {
            throw SetupError(description: "cannot start the stand-in: \(error)")
        }
        // The first line of stdout is the port.
        var line = Data()
        let handle = stdout.fileHandleForReading
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let text = String(data: line, encoding: .utf8)?.split(separator: "\n").first,
            let port = Int(text.trimmingCharacters(in: .whitespaces))
        else {
            process.terminate()
            throw SetupError(description: "the stand-in printed no port (\(String(decoding: line, as: UTF8.self)))")
        }
        self.process = process
        self.stdin = stdin
        self.port = port
    }

    deinit { stop() }

    /// Stops the server: SIGTERM, stdin closed, waits for the exit.
    func stop() {
        if process.isRunning {
            process.terminate()
            try? stdin.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    /// An In-App Purchase key the stand-in trusts (or, with `trusted: false`, one it doesn't).
    func key(trusted: Bool = true) throws -> InAppPurchaseKey {
        try InAppPurchaseKey(
            pem: trusted ? keys.trusted.privateKeyPEM : keys.other.privateKeyPEM, keyId: Identity.keyId,
            issuerId: Identity.issuerId, bundleId: Identity.bundleId)
    }

    /// A real client (URLSession) pointed at the stand-in.
    func client(
        trustedKey: Bool = true, retryPolicy: RetryPolicy = .never, requestTimeout: Duration = .seconds(10),
        transport: any HTTPTransport = URLSessionTransport(),
        timeSource: AppStoreServerAPIClient.TimeSource = .system
    ) throws -> AppStoreServerAPIClient {
        try AppStoreServerAPIClient(
            key: key(trusted: trustedKey), environment: .sandbox, transport: transport,
            retryPolicy: retryPolicy, requestTimeout: requestTimeout, timeSource: timeSource, baseURL: baseURL)
    }

    /// Queues scripted responses (`status`, `body`, `headers`, `delay_ms`, `retry_after_in_ms`).
    func script(_ entries: [[String: Any]]) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("__script"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: entries)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 204)
    }

    /// Replaces the stand-in's lookup fixtures (`transactions`, `history`, `refunds`, `statuses`,
    /// `notificationHistory`, `testNotificationToken`, `testNotifications`).
    func fixtures(_ fixtures: [String: Any]) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("__fixtures"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: fixtures)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 204)
    }

    /// The requests the stand-in received, oldest first.
    func requests() async throws -> [[String: Any]] {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("__requests"))
        return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    }

    /// An Apple error body entry.
    static func appleError(_ status: Int, _ code: Int64, _ message: String = "Error.", extra: [String: Any] = [:])
        -> [String: Any]
    {
        var entry: [String: Any] = ["status": status, "body": ["errorCode": code, "errorMessage": message]]
        entry.merge(extra) { $1 }
        return entry
    }
}

enum Bodies {
    static let v1 = ConsumptionRequestV1(
        customerConsented: true, consumptionStatus: .known(.partiallyConsumed),
        platform: .known(.apple), sampleContentProvided: true,
        deliveryStatus: .known(.deliveredAndWorkingProperly),
        appAccountToken: "7389a31a-fb6d-4569-a2a6-db7d85d84813",
        accountTenure: .known(.greaterThanThreeHundredSixtyFiveDays),
        playTime: .known(.oneDayToFourDays), lifetimeDollarsRefunded: .known(.zeroDollars),
        lifetimeDollarsPurchased: .known(.twoThousandDollarsOrGreater),
        userStatus: .known(.active), refundPreference: .known(.preferDecline))

    static let v2 = ConsumptionRequest(
        customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: false,
        consumptionPercentage: 25_000, refundPreference: .grantProrated)
}

/// Runs `body` and returns the client error it throws, or `nil` on success.
func clientFailure(_ body: () async throws -> Void) async -> AppStoreServerAPIClientError? {
    do {
        try await body()
        return nil
    } catch let error as AppStoreServerAPIClientError {
        return error
    } catch {
        Issue.record("not an AppStoreServerAPIClientError: \(error)")
        return nil
    }
}
