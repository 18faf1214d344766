/// Why an App Store Server API URL or request couldn't be built.
///
/// Thrown by ``APIEndpoint/url(environment:pathParameters:hostStyle:)``,
/// ``SendConsumptionInformationV1/url(environment:transactionId:hostStyle:)``,
/// ``SendConsumptionInformationV1/request(transactionId:body:environment:hostStyle:)``,
/// ``SendConsumptionInformation/url(environment:transactionId:hostStyle:)``,
/// ``SendConsumptionInformation/request(transactionId:body:environment:hostStyle:)`` and
/// ``AppStoreEnvironment/baseURL(hostStyle:)``.
public enum EndpointError: Error, Equatable, Hashable, Sendable {
    /// The environment string is not one of Apple's values (`"Production"`, `"Sandbox"`, …).
    case unknownEnvironment(String)
    /// The environment (`"Xcode"` or `"LocalTesting"`) has no App Store Server API host.
    case environmentWithoutHost(String)
    /// The path template needs this parameter (for example `transactionId`) but it wasn't given.
    case missingPathParameter(String)
    /// The path parameter with this name is the empty string.
    case emptyPathParameter(String)
    /// The path parameter `name` is the dot segment `"."` or `".."` (`value`): URL normalisation
    /// would remove it, or the segment before it, and send the request to another path.
    case dotSegmentPathParameter(name: String, value: String)
    /// The assembled URL string isn't a valid URL.
    case invalidURL(String)
    /// The JSON body couldn't be encoded; the associated value describes the encoding error.
    case bodyEncodingFailed(String)
}

extension EndpointError: CustomStringConvertible {
    /// An English one-line description.
    public var description: String {
        switch self {
        case .unknownEnvironment(let value):
            "Unknown environment \"\(value)\"; expected \"Production\" or \"Sandbox\"."
        case .environmentWithoutHost(let value):
            "The environment \"\(value)\" has no App Store Server API host."
        case .missingPathParameter(let name):
            "Missing path parameter \"\(name)\"."
        case .emptyPathParameter(let name):
            "The path parameter \"\(name)\" is empty."
        case .dotSegmentPathParameter(let name, let value):
            "The path parameter \"\(name)\" is \"\(value)\", a dot segment that URL normalisation would "
                + "remove from the path."
        case .invalidURL(let string):
            "Invalid URL \"\(string)\"."
        case .bodyEncodingFailed(let reason):
            "The request body couldn't be encoded: \(reason)"
        }
    }
}
