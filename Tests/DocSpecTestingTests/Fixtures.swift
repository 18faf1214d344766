import DocSpecTesting
import Foundation

// A small library as an adopter would write it: plain Swift enums, one with numbers.

/// Errors without numbers: matched by case name.
enum ShapeError: Error, CaseIterable {
    case tooSmall, tooLarge, unknownCorner
}

/// Numbered errors with HTTP statuses, named as the docs name them.
enum ServiceError: Int64, Error, CaseIterable, DocSpecNamed, DocSpecHTTPStatus, DocSpecRetryable {
    case badInput = 4001
    case overloaded = 5031

    var documentedName: String { self == .badInput ? "BadInputError" : "OverloadedError" }
    var httpStatus: Int { Int(rawValue / 10) }
    var isRetryable: Bool { self == .overloaded }
}

enum Corners: Int, CaseIterable { case square = 4, triangle = 3 }
enum Palette: String, CaseIterable { case red = "RED", green = "GREEN" }

/// A `Codable` request whose `validate()` throws plain enum errors.
struct Shape: Codable {
    var size: Int?
    var corners: Int?

    func validate() throws {
        guard let size, size >= 1 else { throw ShapeError.tooSmall }
        if size > 9 { throw ShapeError.tooLarge }
    }
}

/// A request builder with environments of its own.
enum GetShape: DocSpecRequestBuilder {
    static let method = "GET"
    static let pathTemplate = "/v1/shapes/{id}"
    struct UnknownEnvironment: Error {}
    static func url(environment: String, pathParameters: [String: String]) throws -> URL {
        let hosts = ["Local": "http://127.0.0.1:8080", "Staging": "https://staging.shapes.example"]
        guard let host = hosts[environment] else { throw UnknownEnvironment() }
        return URL(string: host + "/v1/shapes/" + (pathParameters["id"] ?? ""))!
    }
}

let doc = "docs-ja/shapes.md"
func at(_ line: Int) -> DocSpecRef { DocSpecRef(file: doc, line: line) }
