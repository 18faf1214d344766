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
    ] where value.isEmpty {
        throw UsageError(message: "\(name) is required")
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
func explain(_ error: Error) -> String {
    guard let decoding = error as? DecodingError else { return "\(type(of: error))" }
    func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the body" : codingPath.map(\.stringValue).joined(separator: ".")
    }
    switch decoding {
    case .typeMismatch(let type, let context):
        return "\(path(context.codingPath)): expected \(type)"
    case .valueNotFound(let type, let context):
        return "\(path(context.codingPath)): expected \(type), found null"
    case .keyNotFound(let key, let context):
        return "\(path(context.codingPath + [key])): missing"
    case .dataCorrupted(let context):
        return context.codingPath.isEmpty
            ? "not valid JSON" : "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
        return "undecodable"
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
    do {
        data =
            options.requestPath == "-"
            ? FileHandle.standardInput.readDataToEndOfFile()
            : try Data(contentsOf: URL(fileURLWithPath: options.requestPath))
    } catch {
        printError("cannot read \(options.requestPath): \((error as NSError).localizedDescription)")
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
            "\(options.requestPath) is not a \(options.v1 ? "ConsumptionRequestV1" : "ConsumptionRequest") body: \(explain(error))"
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
        if case .invalidConfiguration = error { return 2 }
        return 1
    }
}

exit(await run(Array(CommandLine.arguments.dropFirst())))
