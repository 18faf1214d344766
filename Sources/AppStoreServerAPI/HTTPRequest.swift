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
/// attempt and hands the request to its ``HTTPTransport``. Never log a request that carries the
/// header.
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

/// The library's identity as sent to Apple.
public enum AppStoreServerAPILibrary {
    /// The library version, `"0.1.0"`.
    public static let version = "0.1.0"

    /// The `User-Agent` header value: `"app-store-server-api-swift/0.1.0"`.
    public static let userAgent = "app-store-server-api-swift/\(version)"
}
