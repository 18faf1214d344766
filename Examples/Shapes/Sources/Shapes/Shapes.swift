import Foundation

/// Why a shape is rejected. A plain Swift enum: no numbers, no HTTP statuses.
public enum ShapeError: Error, CaseIterable, Sendable {
    case invalidSize
    case unknownPalette
    case vanished
}

/// How many corners a shape has.
public enum Corners: Int, CaseIterable, Sendable, Codable {
    case triangle = 3
    case square = 4
    case pentagon = 5
}

/// The colours a shape may have.
public enum Palette: String, CaseIterable, Sendable, Codable {
    case red = "RED"
    case green = "GREEN"
}

/// How thick a shape's outline is (documented on its own page, `strokes.md`).
public enum StrokeWidth: Int, CaseIterable, Sendable, Codable {
    case thin = 1
    case regular = 2
    case bold = 4
}

/// How a shape's outline is drawn.
public enum StrokeStyle: String, CaseIterable, Sendable, Codable {
    case solid = "SOLID"
    case dashed = "DASHED"
}

/// A shape as the service accepts it.
public struct Shape: Codable, Sendable {
    public var size: Int?
    public var corners: Corners?
    public var palette: String?

    public init(size: Int, corners: Corners? = nil, palette: String? = nil) {
        self.size = size
        self.corners = corners
        self.palette = palette
    }

    /// Throws ``ShapeError/invalidSize`` for a size outside 1...9 (or none),
    /// ``ShapeError/unknownPalette`` for a palette that is not a ``Palette`` raw value.
    public func validate() throws {
        guard let size, (1...9).contains(size) else { throw ShapeError.invalidSize }
        if let palette, Palette(rawValue: palette) == nil { throw ShapeError.unknownPalette }
    }
}

/// The summary the service returns for a shape.
public enum ShapeSummary {
    /// An example summary as JSON.
    public static func exampleJSONObject() throws -> Data {
        try JSONSerialization.data(withJSONObject: ["kind": "shape", "version": 2, "size": 3], options: [.sortedKeys])
    }
}

/// `GET /v1/shapes/{id}` on the environments the shapes service runs in.
public enum GetShape {
    public static let method = "GET"
    public static let pathTemplate = "/v1/shapes/{id}"

    public struct UnknownEnvironment: Error, Equatable { public var name: String }

    /// The URL for `environment` (`Local` or `Staging`).
    public static func url(environment: String, pathParameters: [String: String]) throws -> URL {
        let hosts = ["Local": "http://127.0.0.1:8080", "Staging": "https://staging.shapes.example"]
        guard let host = hosts[environment] else { throw UnknownEnvironment(name: environment) }
        return URL(string: host + "/v1/shapes/" + (pathParameters["id"] ?? ""))!
    }
}

/// Told when a shape changes.
public protocol ShapeObserver {
    func shape(_ shape: Shape, didResize size: Int)
    func shapeDidVanish(_ shape: Shape)
}
