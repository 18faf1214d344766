// appstore-consumption: sends consumption information for one transaction to the App Store Server
// API (V2 by default, V1 with --v1), after checking the body the way Apple's server does.

import AppStoreServerAPI
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

let usage = """
    Usage: appstore-consumption --key AuthKey_XXXXXXXXXX.p8 --key-id KEY_ID --issuer-id ISSUER_ID
                                --bundle-id BUNDLE_ID --environment sandbox|production
                                [--v1] [--legacy-hosts] [--product-type TYPE] [--timeout SECONDS]
                                [--max-attempts N] [--base-url URL] <transactionId> <request.json | ->

    Sends the consumption information in <request.json> (- for standard input) for <transactionId>:
    PUT /inApps/v2/transactions/consumption/{transactionId} with a ConsumptionRequest body, or with
    --v1 PUT /inApps/v1/transactions/consumption/{transactionId} with a ConsumptionRequestV1 body.
    The body is checked first; problems are printed with Apple's error names and codes and nothing
    is sent.

    Options:
      --key PATH            the In-App Purchase key (.p8) from App Store Connect
      --key-id ID           its key ID (10 characters)
      --issuer-id ID        your issuer ID (a UUID)
      --bundle-id ID        the app's bundle ID
      --environment ENV     sandbox or production
      --v1                  use Send Consumption Information V1 (Advanced Commerce purchases)
      --legacy-hosts        use api.storekit(-sandbox).itunes.apple.com instead of
                            api.storekit(-sandbox).apple.com
      --product-type TYPE   the transaction's product type, for the V2 check that auto-renewable
                            subscriptions carry no consumptionPercentage: auto-renewable,
                            non-consumable, consumable, non-renewing
      --timeout SECONDS     timeout of one attempt (default 30)
      --max-attempts N      attempts for transient failures: 429, 500, timeouts (default 3)
      --base-url URL        send to this server instead of Apple's (a test stand-in)
      -h, --help            show this help

    Exit status: 0 accepted (202); 1 the body failed the check, or the App Store or the network
    answered with an error; 2 usage, key or file error.
    """

struct Options {
    var keyPath = ""
    var keyId = ""
    var issuerId = ""
    var bundleId = ""
    var environment = AppStoreEnvironment.sandbox
    var v1 = false
    var hostStyle = HostStyle.current
    var productType: ProductType?
    var timeout: Duration = .seconds(30)
    var maxAttempts = 3
    var baseURL: URL?
    var transactionId = ""
    var requestPath = ""
}

struct UsageError: Error {
    var message: String
}

enum Parsed {
    case help
    case run(Options)
}

func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
    var options = Options()
    var positional: [String] = []
    var seen: Set<String> = []
    var index = 0
    func value(for option: String) throws(UsageError) -> String {
        index += 1
        guard index < arguments.count else { throw UsageError(message: "\(option) needs a value") }
        return arguments[index]
    }
    while index < arguments.count {
        let argument = arguments[index]
        if argument.hasPrefix("--"), argument.count > 2, !seen.insert(argument).inserted {
            throw UsageError(message: "\(argument) is given twice")
        }
        switch argument {
        case "-h", "--help":
            return .help
        case "--key": options.keyPath = try value(for: argument)
        case "--key-id": options.keyId = try value(for: argument)
        case "--issuer-id": options.issuerId = try value(for: argument)
        case "--bundle-id": options.bundleId = try value(for: argument)
        case "--environment":
            let name = try value(for: argument)
            switch name.lowercased() {
            case "sandbox": options.environment = .sandbox
            case "production": options.environment = .production
            case "xcode": options.environment = .xcode
            case "localtesting": options.environment = .localTesting
            default: throw UsageError(message: "--environment must be sandbox or production, not \"\(name)\"")
            }
        case "--v1": options.v1 = true
        case "--legacy-hosts": options.hostStyle = .legacyItunes
        case "--product-type":
            let name = try value(for: argument)
            switch name.lowercased() {
            case "auto-renewable", "auto-renewable subscription": options.productType = .autoRenewableSubscription
            case "non-consumable": options.productType = .nonConsumable
            case "consumable": options.productType = .consumable
            case "non-renewing", "non-renewing subscription": options.productType = .nonRenewingSubscription
            default: throw UsageError(message: "unknown --product-type \"\(name)\"")
            }
        case "--timeout":
            let text = try value(for: argument)
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError(message: "--timeout must be a number of seconds in (0, 3600], not \"\(text)\"")
            }
            options.timeout = .seconds(seconds)
        case "--max-attempts":
            let text = try value(for: argument)
            guard let count = Int(text), (1...10).contains(count) else {
                throw UsageError(message: "--max-attempts must be 1…10, not \"\(text)\"")
            }
            options.maxAttempts = count
        case "--base-url":
            let text = try value(for: argument)
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil else {
                throw UsageError(message: "--base-url must be an http(s) URL, not \"\(text)\"")
            }
            options.baseURL = url
        case "--":
            positional += arguments[(index + 1)...]
            index = arguments.count
            continue
        default:
            if argument.hasPrefix("-") && argument != "-" {
                throw UsageError(message: "unknown option \(argument)")
            }
            positional.append(argument)
        }
        index += 1
    }
    for (name, value) in [
        ("--key", options.keyPath), ("--key-id", options.keyId), ("--issuer-id", options.issuerId),
        ("--bundle-id", options.bundleId),
    ] {
        guard seen.contains(name) else { throw UsageError(message: "\(name) is required") }
        // The same test the JWT signer applies (an identity of only whitespace is missing).
        if value.unicodeScalars.allSatisfy({ $0.properties.isWhitespace }) {
            throw UsageError(message: "\(name) is empty")
        }
    }
    guard seen.contains("--environment") else { throw UsageError(message: "--environment is required") }
    if options.baseURL == nil, options.environment == .xcode || options.environment == .localTesting {
        throw UsageError(message: "--environment must be sandbox or production")
    }
    guard positional.count == 2 else {
        throw UsageError(message: "expected <transactionId> <request.json>, got \(positional.count) argument(s)")
    }
    options.transactionId = positional[0]
    options.requestPath = positional[1]
    guard !options.transactionId.isEmpty else { throw UsageError(message: "the transaction ID is empty") }
    return .run(options)
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data(("appstore-consumption: " + message + "\n").utf8))
}

/// Explains a decoding failure by JSON key, without echoing values (an appAccountToken is
/// personal data).
///
/// - Parameters:
///   - error: What `JSONDecoder` threw.
///   - data: The body, to tell JSON that doesn't parse from JSON whose values don't fit (a
///     `dataCorrupted` error without a coding path can be either).
func explain(_ error: Error, data: Data? = nil) -> String {
    guard let decoding = error as? DecodingError else { return "\(type(of: error))" }
    func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the body" : codingPath.map(\.stringValue).joined(separator: ".")
    }
    switch decoding {
    case .typeMismatch(let type, let context):
        return "\(path(context.codingPath)): expected \(type), found another JSON type"
    case .valueNotFound(let type, let context):
        return "\(path(context.codingPath)): expected \(type), found null"
    case .keyNotFound(let key, let context):
        return "\(path(context.codingPath + [key])): missing"
    case .dataCorrupted(let context):
        if !context.codingPath.isEmpty {
            return "\(path(context.codingPath)): \(context.debugDescription)"
        }
        if let data, let reason = jsonSyntaxProblem(data) {
            return reason.isEmpty ? "not valid JSON" : "not valid JSON (\(reason))"
        }
        if data != nil {
            return "a value does not fit its field (a number too large, or with a fraction, for an integer field)"
        }
        return "not valid JSON"
    @unknown default:
        return "undecodable"
    }
}

/// Why `data` doesn't parse as JSON ("the input is empty", "it ends too early", "around
/// character 27", or `""` when the parser says nothing usable), or `nil` when it parses. Nothing of the
/// input is repeated: the parser's own message can quote it.
func jsonSyntaxProblem(_ data: Data) -> String? {
    if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return "the input is empty" }
    do {
        _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return nil
    } catch {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        if text.localizedCaseInsensitiveContains("end of file") { return "it ends too early" }
        if let match = text.firstMatch(of: /line (\d+), column (\d+)/) {
            return "around line \(match.1), column \(match.2)"
        }
        if let match = text.firstMatch(of: /around character (\d+)/) {
            return "around character \(match.1)"
        }
        return ""
    }
}

/// Why a file couldn't be read, in `strerror`'s words.
struct ReadFailure: Error {
    var reason: String
}

/// The whole file at `path` ("-" for standard input), read with POSIX calls so that a failure
/// is "No such file or directory" or "Is a directory", not a Foundation error domain.
func readInput(_ path: String) throws(ReadFailure) -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw ReadFailure(reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            throw ReadFailure(reason: String(cString: strerror(errno)))
        }
        if count == 0 { return data }
        data.append(contentsOf: buffer[0..<count])
    }
}

func run(_ arguments: [String]) async -> Int32 {
    let options: Options
    do {
        switch try parse(arguments) {
        case .help:
            print(usage)
            return 0
        case .run(let parsed):
            options = parsed
        }
    } catch {
        printError(error.message)
        FileHandle.standardError.write(Data("Run with --help for usage.\n".utf8))
        return 2
    }

    let data: Data
    do throws(ReadFailure) {
        data = try readInput(options.requestPath)
    } catch {
        printError("cannot read \(options.requestPath): \(error.reason)")
        return 2
    }

    let key: InAppPurchaseKey
    do {
        key = try InAppPurchaseKey(
            pemFile: URL(fileURLWithPath: options.keyPath), keyId: options.keyId, issuerId: options.issuerId,
            bundleId: options.bundleId)
    } catch {
        printError("cannot use the key: \(error)")
        return 2
    }

    // Decode and check the body before anything is sent.
    let v1Body: ConsumptionRequestV1?
    let v2Body: ConsumptionRequest?
    var problems: [String] = []
    do {
        if options.v1 {
            let body = try JSONDecoder().decode(ConsumptionRequestV1.self, from: data)
            problems = body.validationErrors().map(\.description)
            (v1Body, v2Body) = (body, nil)
        } else {
            let body = try JSONDecoder().decode(ConsumptionRequest.self, from: data)
            problems = body.validationErrors(for: options.productType).map(\.description)
            (v1Body, v2Body) = (nil, body)
        }
    } catch {
        printError(
            "\(options.requestPath) is not a \(options.v1 ? "ConsumptionRequestV1" : "ConsumptionRequest") body: \(explain(error, data: data))"
        )
        return 1
    }
    if !problems.isEmpty {
        printError("\(options.requestPath): the App Store would reject this body; nothing was sent:")
        for problem in problems {
            FileHandle.standardError.write(Data("  \(problem)\n".utf8))
        }
        return 1
    }

    do throws(AppStoreServerAPIClientError) {
        let client = try AppStoreServerAPIClient(
            key: key, environment: options.environment, hostStyle: options.hostStyle,
            retryPolicy: RetryPolicy(maxAttempts: options.maxAttempts), requestTimeout: options.timeout,
            baseURL: options.baseURL)
        let response: AppStoreServerAPIClient.Response
        if let v1Body {
            response = try await client.sendConsumptionData(
                transactionId: options.transactionId, consumptionRequest: v1Body)
        } else if let v2Body {
            response = try await client.sendConsumptionInformation(
                transactionId: options.transactionId, consumptionRequest: v2Body)
        } else {
            return 2
        }
        print(response.status == 202 ? "202 Accepted" : "\(response.status) OK")
        if response.attempts > 1 {
            FileHandle.standardError.write(Data("(after \(response.attempts) attempts)\n".utf8))
        }
        return 0
    } catch {
        printError("\(error)")
        switch error {
        case .invalidConfiguration, .signing(.missingIdentity): return 2
        default: return 1
        }
    }
}

exit(await run(Array(CommandLine.arguments.dropFirst())))
