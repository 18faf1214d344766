import Foundation

/// Sends one ``HTTPRequest`` and returns the response: the seam between
/// ``AppStoreServerAPIClient`` and the network.
///
/// The default implementation is ``URLSessionTransport``. Tests substitute a fake that returns
/// canned responses; an application may wrap another HTTP client.
///
/// Contract:
/// * Any HTTP status is a response, not an error: `4xx` and `5xx` are returned like `2xx`, with
///   their headers and body.
/// * Redirects are not followed (Apple's API doesn't redirect; following one would send the
///   `Authorization` header elsewhere): a `3xx` is returned as it is.
/// * Failures are thrown as ``HTTPTransportError``, never as a raw `URLError`.
/// * Errors and logs never contain the request's headers or body (the `Authorization` header
///   carries a signed token; bodies can carry an `appAccountToken`).
public protocol HTTPTransport: Sendable {
    /// Sends `request` and waits for the whole response.
    ///
    /// - Parameters:
    ///   - request: The request; its headers are sent as given (the client adds
    ///     `Authorization: Bearer <JWT>`).
    ///   - timeout: The longest the whole exchange may take, from connecting to the last body
    ///     byte. Past it the exchange is abandoned and ``HTTPTransportError/timedOut`` thrown.
    /// - Returns: The status, headers and body.
    /// - Throws: ``HTTPTransportError``: ``HTTPTransportError/timedOut``,
    ///   ``HTTPTransportError/cannotConnect(_:)`` (the request wasn't sent),
    ///   ``HTTPTransportError/connectionLost(_:)``, ``HTTPTransportError/responseTooLarge(limitBytes:)``,
    ///   ``HTTPTransportError/cancelled`` (the calling task was cancelled) or
    ///   ``HTTPTransportError/other(_:)``.
    func send(_ request: HTTPRequest, timeout: Duration) async throws(HTTPTransportError)
        -> HTTPResponse
}

/// An HTTP response as received by an ``HTTPTransport``.
public struct HTTPResponse: Hashable, Sendable {
    /// The HTTP status code, for example `202`.
    public var status: Int
    /// The header fields (names as received; look them up with ``value(forHeader:)``).
    public var headers: [HTTPHeader]
    /// The body bytes; empty when the response has none.
    public var body: Data

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - status: The HTTP status code.
    ///   - headers: The header fields.
    ///   - body: The body bytes; empty by default.
    public init(status: Int, headers: [HTTPHeader] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header whose name matches `name` case-insensitively (ASCII), or
    /// `nil`.
    ///
    /// - Parameter name: A header name such as `"retry-after"`.
    public func value(forHeader name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// Whether ``status`` is in `200...299`.
    public var isSuccess: Bool {
        (200...299).contains(status)
    }
}

/// Why an ``HTTPTransport`` got no complete response.
///
/// The associated strings describe the failure for logs (for example
/// `"cannotConnectToHost (-1004)"`); they never contain request headers or bodies.
public enum HTTPTransportError: Error, Hashable, Sendable {
    /// No complete response arrived within the timeout given to
    /// ``HTTPTransport/send(_:timeout:)``. The server may have processed the request.
    case timedOut
    /// No connection could be made (connection refused, host not found, network unreachable, TLS
    /// handshake failed). The request was not sent, so sending it again is safe.
    case cannotConnect(String)
    /// The connection broke after the request was (possibly) sent and before the response was
    /// complete. The server may have processed the request.
    case connectionLost(String)
    /// The response body was larger than the transport's limit, in bytes (1 MiB = `1_048_576` for
    /// ``URLSessionTransport`` by default, as in Apple's library).
    case responseTooLarge(limitBytes: Int)
    /// The calling task was cancelled.
    case cancelled
    /// Any other failure (for example an unparsable response or an unsupported URL).
    case other(String)

    /// Whether trying again might succeed: ``timedOut``, ``cannotConnect(_:)`` and
    /// ``connectionLost(_:)``.
    public var isTransient: Bool {
        switch self {
        case .timedOut, .cannotConnect, .connectionLost: true
        case .responseTooLarge, .cancelled, .other: false
        }
    }
}

extension HTTPTransportError: CustomStringConvertible {
    /// An English one-line description.
    public var description: String {
        switch self {
        case .timedOut: "The request timed out."
        case .cannotConnect(let detail): "Couldn't connect to the server: \(detail)."
        case .connectionLost(let detail): "The connection was lost: \(detail)."
        case .responseTooLarge(let limit): "The response body exceeded \(limit) bytes."
        case .cancelled: "The request was cancelled."
        case .other(let detail): "The request failed: \(detail)."
        }
    }
}
