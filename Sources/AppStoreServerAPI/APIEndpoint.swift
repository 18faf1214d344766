import Foundation

/// An App Store Server API endpoint: an HTTP method and a path template such as
/// `/inApps/v1/transactions/consumption/{transactionId}`.
///
/// Conforming types are namespaces (caseless enums) such as ``SendConsumptionInformationV1``; the
/// protocol extension builds URLs from the template.
///
/// [App Store Server API](https://developer.apple.com/documentation/appstoreserverapi)
public protocol APIEndpoint {
    /// The HTTP method, for example `"PUT"`.
    static var method: String { get }

    /// The path below the base URL, with `{name}` placeholders for path parameters.
    static var pathTemplate: String { get }
}

extension APIEndpoint {
    /// Builds a request with a JSON body: the endpoint's method and URL, headers `User-Agent`
    /// (``AppStoreServerAPILibrary/userAgent``), `Accept: application/json` and
    /// `Content-Type: application/json`, and the body encoded with sorted keys (deterministic
    /// bytes). `Authorization` is added by the sender.
    ///
    /// - Throws: what `url(environment:pathParameters:hostStyle:)` (typed environment)
    ///   throws, or ``EndpointError/bodyEncodingFailed(_:)``.
    public static func jsonRequest(
        pathParameters: [String: String], body: some Encodable, environment: AppStoreEnvironment,
        hostStyle: HostStyle = .current
    ) throws -> HTTPRequest {
        let url = try url(environment: environment, pathParameters: pathParameters, hostStyle: hostStyle)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(body)
        } catch {
            throw EndpointError.bodyEncodingFailed(String(describing: error))
        }
        return HTTPRequest(
            method: method, url: url,
            headers: [
                HTTPHeader(name: "User-Agent", value: AppStoreServerAPILibrary.userAgent),
                HTTPHeader(name: "Accept", value: "application/json"),
                HTTPHeader(name: "Content-Type", value: "application/json"),
            ],
            body: data)
    }

    /// The names of the `{name}` placeholders of ``pathTemplate``, in order.
    public static var pathParameterNames: [String] {
        PathTemplate.parameterNames(in: pathTemplate)
    }

    /// The full URL of the endpoint for an environment and path parameter values.
    ///
    /// Each parameter value is percent-encoded as one path segment: every byte outside the
    /// RFC 3986 unreserved set (`A–Z a–z 0–9 - . _ ~`) becomes `%XX`, so `"a/b"` becomes `a%2Fb`.
    /// The values `"."` and `".."` are refused (``EndpointError/dotSegmentPathParameter(name:value:)``):
    /// as path segments they would be normalised away. Parameters that the template doesn't use
    /// are ignored.
    ///
    /// - Parameters:
    ///   - environment: Apple's environment value, `"Production"` or `"Sandbox"` (case-sensitive).
    ///   - pathParameters: A value for every placeholder, keyed by name (`"transactionId"`).
    ///   - hostStyle: Which host names to use; ``HostStyle/current`` by default.
    /// - Returns: For example
    ///   `https://api.storekit.apple.com/inApps/v1/transactions/consumption/2000000000000001`.
    /// - Throws: ``EndpointError/unknownEnvironment(_:)`` for any other string,
    ///   ``EndpointError/environmentWithoutHost(_:)`` for `"Xcode"` and `"LocalTesting"`,
    ///   ``EndpointError/missingPathParameter(_:)``, ``EndpointError/emptyPathParameter(_:)`` or
    ///   ``EndpointError/dotSegmentPathParameter(name:value:)``.
    public static func url(
        environment: String, pathParameters: [String: String], hostStyle: HostStyle = .current
    ) throws -> URL {
        guard let known = AppStoreEnvironment(rawValue: environment) else {
            throw EndpointError.unknownEnvironment(environment)
        }
        return try url(environment: known, pathParameters: pathParameters, hostStyle: hostStyle)
    }

    /// The full URL of the endpoint for a typed environment; see the overload that takes Apple's
    /// environment string.
    ///
    /// - Throws: ``EndpointError/environmentWithoutHost(_:)``,
    ///   ``EndpointError/missingPathParameter(_:)``, ``EndpointError/emptyPathParameter(_:)`` or
    ///   ``EndpointError/dotSegmentPathParameter(name:value:)``.
    public static func url(
        environment: AppStoreEnvironment, pathParameters: [String: String],
        hostStyle: HostStyle = .current
    ) throws -> URL {
        guard let base = environment.baseURLString(hostStyle: hostStyle) else {
            throw EndpointError.environmentWithoutHost(environment.rawValue)
        }
        let path = try PathTemplate.render(pathTemplate, parameters: pathParameters)
        guard let url = URL(string: base + path) else {
            throw EndpointError.invalidURL(base + path)
        }
        return url
    }
}

/// Fills `{name}` placeholders of a path template with percent-encoded values.
enum PathTemplate {
    static func parameterNames(in template: String) -> [String] {
        pieces(of: template).compactMap { piece in
            if case .parameter(let name) = piece { name } else { nil }
        }
    }

    static func render(_ template: String, parameters: [String: String]) throws -> String {
        var path = ""
        for piece in pieces(of: template) {
            switch piece {
            case .literal(let text):
                path += text
            case .parameter(let name):
                guard let value = parameters[name] else {
                    throw EndpointError.missingPathParameter(name)
                }
                guard !value.isEmpty else { throw EndpointError.emptyPathParameter(name) }
                // "." and ".." stay dot segments however they are percent-encoded (RFC 3986
                // §2.3, §5.2.4): URLSession or a proxy would resolve them away.
                guard value != ".", value != ".." else {
                    throw EndpointError.dotSegmentPathParameter(name: name, value: value)
                }
                path += percentEncodeSegment(value)
            }
        }
        return path
    }

    /// Percent-encodes every UTF-8 byte outside RFC 3986's unreserved set.
    static func percentEncodeSegment(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += byte < 16 ? "%0\(hex)" : "%\(hex)"
            }
        }
        return result
    }

    private enum Piece {
        case literal(String)
        case parameter(String)
    }

    /// Splits a template into literal text and `{name}` placeholders; an unmatched `{` is
    /// literal text.
    private static func pieces(of template: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"),
            let close = rest[open...].firstIndex(of: "}")
        {
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            pieces.append(.parameter(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        return pieces
    }
}
