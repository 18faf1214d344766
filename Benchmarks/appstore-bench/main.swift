// appstore-bench: JWT signing cost and client overhead per request on loopback.
// Build with `swift build -c release --product appstore-bench`; see Benchmarks/README.md.

import AppStoreServerAPI
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let usage = """
    Usage: appstore-bench [--jwt-iterations N] [--requests N] [--warmup N]
                          [--key AuthKey.p8 --key-id ID --issuer-id ID --bundle-id ID --base-url URL]

    1. JWT signing: the median time of AppStoreJWT.make over N tokens, against raw ES256 signing of
       the same bytes with the same key in the same process (interleaved).
    2. With --base-url (a running Tests/StandIn/appstore_standin.py that trusts --key): the median
       wall time of AppStoreServerAPIClient.sendConsumptionInformation, the stand-in's own handling
       time (X-Standin-Handling-Micros) beside it, and a bare URLSession PUT of the same bytes to
       the same stand-in as the baseline (interleaved).
    Scripts/bench-appstore.sh builds, starts the stand-in and runs both parts.
    """

struct Options {
    var jwtIterations = 2000
    var requests = 300
    var warmup = 30
    var keyPath: String?
    var keyId = "BENCHKEY01"
    var issuerId = "57246542-96fe-1a63-e053-0824d011072a"
    var bundleId = "com.example.bench"
    var baseURL: URL?
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("appstore-bench: \(message)\n".utf8))
    exit(2)
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = Array(CommandLine.arguments.dropFirst())[...]
    func next(_ name: String) -> String {
        guard let value = arguments.popFirst() else { fail("\(name) needs a value") }
        return value
    }
    func count(_ name: String) -> Int {
        let text = next(name)
        guard let value = Int(text), value > 0 else { fail("\(name) must be a positive integer") }
        return value
    }
    while let argument = arguments.popFirst() {
        switch argument {
        case "-h", "--help":
            print(usage)
            exit(0)
        case "--jwt-iterations": options.jwtIterations = count(argument)
        case "--requests": options.requests = count(argument)
        case "--warmup": options.warmup = count(argument)
        case "--key": options.keyPath = next(argument)
        case "--key-id": options.keyId = next(argument)
        case "--issuer-id": options.issuerId = next(argument)
        case "--bundle-id": options.bundleId = next(argument)
        case "--base-url":
            guard let url = URL(string: next(argument)) else { fail("bad --base-url") }
            options.baseURL = url
        default: fail("unknown argument \(argument); see --help")
        }
    }
    if options.baseURL != nil, options.keyPath == nil { fail("--base-url needs --key (the key the stand-in trusts)") }
    return options
}

// MARK: - Statistics

extension Duration {
    var micros: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
    }
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    precondition(!values.isEmpty)
    let sorted = values.sorted()
    let rank = p * Double(sorted.count - 1)
    let low = Int(rank.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
}

func median(_ values: [Double]) -> Double { percentile(values, 0.5) }

func format(_ micros: Double) -> String {
    micros >= 1000 ? String(format: "%.3f ms", micros / 1000) : String(format: "%.1f µs", micros)
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

// MARK: - Part 1: JWT signing

func benchmarkJWT(key: InAppPurchaseKey, iterations: Int) throws {
    let clock = ContinuousClock()
    let sample = try AppStoreJWT.make(for: key, issuedAt: Date())
    let signingInput = Data(sample.split(separator: ".").prefix(2).joined(separator: ".").utf8)
    var make: [Double] = []
    var raw: [Double] = []
    make.reserveCapacity(iterations)
    raw.reserveCapacity(iterations)
    var sink = 0
    for _ in 0..<50 {  // warm-up
        sink &+= try AppStoreJWT.make(for: key, issuedAt: Date()).utf8.count
        sink &+= try key.privateKey.signature(for: signingInput).count
    }
    for _ in 0..<iterations {
        let now = Date()
        var start = clock.now
        sink &+= try AppStoreJWT.make(for: key, issuedAt: now).utf8.count
        make.append(start.duration(to: clock.now).micros)
        start = clock.now
        sink &+= try key.privateKey.signature(for: signingInput).count
        raw.append(start.duration(to: clock.now).micros)
    }
    let makeMedian = median(make)
    let rawMedian = median(raw)
    print("JWT signing, \(iterations) tokens (interleaved with the baseline):")
    print("  AppStoreJWT.make                          median \(format(makeMedian))  p90 \(format(percentile(make, 0.9)))")
    print("  baseline: raw ES256 signature, same bytes median \(format(rawMedian))  p90 \(format(percentile(raw, 0.9)))")
    print(String(format: "  ratio make / raw signature: %.2f×  (JSON + base64url + DER→r‖s: %@ per token)",
                 makeMedian / rawMedian, format(makeMedian - rawMedian)))
    if sink == 42 { print("") }  // keeps the work observable
}

// MARK: - Part 2: client overhead on loopback

/// Passes requests through to URLSession and keeps the stand-in's handling time of the last one.
final class HandlingTimeTransport: HTTPTransport {
    let inner = URLSessionTransport()
    let lastHandlingMicros = Mutex<Double?>(nil)

    func send(_ request: HTTPRequest, timeout: Duration) async throws(HTTPTransportError) -> HTTPResponse {
        let response = try await inner.send(request, timeout: timeout)
        let value = response.value(forHeader: "X-Standin-Handling-Micros").flatMap(Double.init)
        lastHandlingMicros.withLock { $0 = value }
        return response
    }
}

struct Sample {
    var wall: Double
    var handling: Double
    var net: Double { wall - handling }
}

func summarize(_ name: String, _ samples: [Sample]) -> (wall: Double, handling: Double, net: Double) {
    let result = (median(samples.map(\.wall)), median(samples.map(\.handling)), median(samples.map(\.net)))
    print(
        "  \(pad(name, 38)) \(pad(format(result.0), 11)) \(pad(format(result.1), 11)) \(pad(format(result.2), 11))"
            + " p90 wall \(format(percentile(samples.map(\.wall), 0.9)))")
    return result
}

func benchmarkClient(options: Options, key: InAppPurchaseKey, baseURL: URL) async throws {
    let transport = HandlingTimeTransport()
    let client = try AppStoreServerAPIClient(
        key: key, environment: .sandbox, transport: transport, retryPolicy: .never, baseURL: baseURL)
    let body = ConsumptionRequest(
        customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: false,
        consumptionPercentage: 25_000, refundPreference: .grantProrated)
    let transactionId = "2000000000000001"

    // The baseline sends exactly the bytes the client sends, with one token made up front.
    var template = try SendConsumptionInformation.request(
        transactionId: transactionId, body: body, environment: .sandbox)
    let path = URLComponents(url: template.url, resolvingAgainstBaseURL: false)!.percentEncodedPath
    template.url = URL(string: baseURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + path)!
    var bare = URLRequest(url: template.url)
    bare.httpMethod = template.method
    bare.httpBody = template.body
    bare.setValue("Bearer " + (try AppStoreJWT.make(for: key, issuedAt: Date())), forHTTPHeaderField: "Authorization")
    for header in template.headers { bare.setValue(header.value, forHTTPHeaderField: header.name) }
    let session = URLSession(configuration: .ephemeral)

    let clock = ContinuousClock()
    func timeClient() async throws -> Sample {
        let start = clock.now
        let response = try await client.sendConsumptionInformation(transactionId: transactionId, consumptionRequest: body)
        let wall = start.duration(to: clock.now).micros
        guard response.status == 202 else { fail("client got \(response.status)") }
        return Sample(wall: wall, handling: transport.lastHandlingMicros.withLock { $0 } ?? .nan)
    }
    func timeBare() async throws -> Sample {
        let start = clock.now
        let (_, response) = try await session.data(for: bare)
        let wall = start.duration(to: clock.now).micros
        let http = response as! HTTPURLResponse
        guard http.statusCode == 202 else { fail("bare PUT got \(http.statusCode)") }
        let handling = http.value(forHTTPHeaderField: "X-Standin-Handling-Micros").flatMap(Double.init) ?? .nan
        return Sample(wall: wall, handling: handling)
    }

    for _ in 0..<options.warmup {
        _ = try await timeClient()
        _ = try await timeBare()
    }
    var clientSamples: [Sample] = []
    var bareSamples: [Sample] = []
    for round in 0..<options.requests {
        // Alternate which goes first so neither always follows the other.
        if round % 2 == 0 {
            clientSamples.append(try await timeClient())
            bareSamples.append(try await timeBare())
        } else {
            bareSamples.append(try await timeBare())
            clientSamples.append(try await timeClient())
        }
    }
    print("Loopback PUT to the stand-in at \(baseURL.absoluteString), \(options.requests) requests each after \(options.warmup) warm-up, interleaved:")
    print("  \(pad("", 38)) \(pad("wall", 11)) \(pad("stand-in", 11)) \(pad("wall − stand-in", 11))")
    let c = summarize("client.sendConsumptionInformation", clientSamples)
    let b = summarize("baseline: bare URLSession PUT", bareSamples)
    print(String(format: "  ratio client / bare URLSession: wall %.2f×, wall − stand-in %.2f×", c.wall / b.wall, c.net / b.net))
    print("  client overhead per request (median wall − stand-in, client − bare): \(format(c.net - b.net))")
}

// MARK: - Main

let options = parseOptions()
let key: InAppPurchaseKey
do {
    if let path = options.keyPath {
        key = try InAppPurchaseKey(
            pemFile: URL(fileURLWithPath: path), keyId: options.keyId, issuerId: options.issuerId,
            bundleId: options.bundleId)
    } else {
        key = InAppPurchaseKey(
            privateKey: ES256PrivateKey.generate(), keyId: options.keyId, issuerId: options.issuerId,
            bundleId: options.bundleId)
    }
} catch {
    fail("cannot load the key: \(error)")
}
#if DEBUG
    print("warning: a debug build; build with -c release for meaningful numbers")
#endif
do {
    try benchmarkJWT(key: key, iterations: options.jwtIterations)
    if let baseURL = options.baseURL {
        print("")
        try await benchmarkClient(options: options, key: key, baseURL: baseURL)
    }
} catch {
    fail("\(error)")
}
