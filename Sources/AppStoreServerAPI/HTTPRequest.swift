import Foundation

/// One HTTP header field: a name and a value, kept in the order the request sends them.
public struct HTTPHeader: Hashable, Sendable {
    /// The field name as sent, for example `"Content-Type"`.
    public var name: String
    /// The field value, for example `"application/json"`.
    public var value: String

    /// Creates a header field.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A fully built HTTP request for the App Store Server API, ready to hand to any HTTP client.
///
/// Endpoint builders such as ``SendConsumptionInformationV1/request(transactionId:body:environment:hostStyle:)``
/// return one without the `Authorization: Bearer <JWT>` header, so tests can assert the method,
/// URL, headers and body bytes; ``AppStoreServerAPIClient`` adds a freshly signed token per
/// attempt and hands the request to its ``HTTPTransport``. ``description`` (and `dump(_:)`) show
/// the method, URL, header names and values with `Authorization` redacted
/// (`Bearer [redacted]`), and the body as a byte count only: printing a request is safe, reading
/// its ``headers`` or ``body`` directly is not.
public struct HTTPRequest: Hashable, Sendable {
    /// The HTTP method, for example `"PUT"`.
    public var method: String
    /// The absolute URL, path parameters already percent-encoded.
    public var url: URL
    /// The header fields in sending order (names as sent; look them up with ``value(forHeader:)``).
    public var headers: [HTTPHeader]
    /// The body bytes (empty when the request has none).
    public var body: Data

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - url: The absolute URL.
    ///   - headers: The header fields, in order.
    ///   - body: The body bytes; empty by default.
    public init(method: String, url: URL, headers: [HTTPHeader], body: Data = Data()) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The value of the first header whose name matches `name` case-insensitively (ASCII), or
    /// `nil`.
    ///
    /// - Parameter name: A header name such as `"content-type"`.
    public func value(forHeader name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}

extension HTTPHeader: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The names (compared case-insensitively) whose values are credentials and never printed.
    static let credentialNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// Whether ``value`` is a credential that descriptions hide (`Authorization`,
    /// `Proxy-Authorization`, `Cookie`, `Set-Cookie`).
    var isCredential: Bool { Self.credentialNames.contains(name.lowercased()) }

    /// The value as descriptions show it: a credential keeps only its scheme
    /// (`Bearer [redacted]`), or is `[redacted]` entirely.
    var redactedValue: String {
        guard isCredential else { return value }
        let trimmed = value.drop { $0 == " " || $0 == "\t" }
        if let space = trimmed.firstIndex(where: { $0 == " " || $0 == "\t" }),
            trimmed[..<space].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        {
            return "\(trimmed[..<space]) [redacted]"
        }
        return "[redacted]"
    }

    /// `Name: value`, with a credential's value redacted (`Authorization: Bearer [redacted]`).
    public var description: String { "\(name): \(redactedValue)" }

    /// The same as ``description``: safe to log.
    public var debugDescription: String { description }

    /// Shows ``name`` and the redacted value, so `dump(_:)` prints no credential either.
    public var customMirror: Mirror {
        Mirror(self, children: ["name": name, "value": redactedValue], displayStyle: .struct)
    }
}

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The method, URL, headers (credentials redacted, see ``HTTPHeader/description``) and the
    /// body's size, never its bytes (a body can carry an `appAccountToken`), for example
    /// `PUT https://api.storekit.apple.com/inApps/v2/transactions/consumption/1 [Authorization: Bearer [redacted], Content-Type: application/json] body: 87 bytes`.
    /// Safe to log.
    public var description: String {
        let headerList = headers.map(\.description).joined(separator: ", ")
        return "\(method) \(url.absoluteString) [\(headerList)] body: \(Self.size(body))"
    }

    /// The same as ``description``: safe to log.
    public var debugDescription: String { description }

    /// Shows the method, URL, redacted headers and the body's size, so `dump(_:)` prints no
    /// credential or body either.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method, "url": url.absoluteString, "headers": headers.map(\.description),
                "body": Self.size(body),
            ],
            displayStyle: .struct)
    }

    private static func size(_ body: Data) -> String {
        body.count == 1 ? "1 byte" : "\(body.count) bytes"
    }
}

/// The library's identity as sent to Apple.
public enum AppStoreServerAPILibrary {
    /// The library version, `"0.1.0"`.
    public static let version = "0.1.0"

    /// The `User-Agent` header value: `"app-store-server-api-swift/0.1.0"`.
    public static let userAgent = "app-store-server-api-swift/\(version)"
}
