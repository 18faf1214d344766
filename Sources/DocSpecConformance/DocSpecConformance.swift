import Foundation

// Small protocols a library may adopt so DocSpec's generated conformance tests can check more
// than the standard library's protocols (`RawRepresentable`, `CaseIterable`, `Codable`, `Error`)
// expose. This module has no dependencies and never links Swift Testing, so a library can depend
// on it (product `DocSpecConformance`) without pulling test code into its clients.

/// A value the docs name differently from its Swift case: an `error-codes` or `fields` table
/// writes `InvalidPlayTimeError` where the case is `invalidPlayTime`.
///
/// Without this conformance DocSpec compares the documented name with the case name
/// (`String(describing:)` of the value, with or without a trailing `Error`).
public protocol DocSpecNamed {
    /// The name the docs use, exactly (`"InvalidPlayTimeError"`).
    var documentedName: String { get }
}

/// An error with a documented numeric code that is not (or not only) its raw value.
///
/// `error-codes` rows are matched by code through `RawRepresentable` with an integer raw value
/// first; `fields` rows expect a thrown error's code from this protocol, then from
/// `CustomNSError.errorCode`.
public protocol DocSpecNumbered {
    /// The documented code (`4000040`).
    var documentedCode: Int64 { get }
}

/// An error sent with an HTTP status: the `status` column of an `error-codes` table.
public protocol DocSpecHTTPStatus {
    /// The HTTP status code, 100…599.
    var httpStatus: Int { get }
}

/// An error a client may retry: the `retryable` column of an `error-codes` table. A `yes` cell
/// expects `true`; `no` and `later` (retry only after something else changed) expect `false`.
public protocol DocSpecRetryable {
    /// Whether the request may be sent again.
    var isRetryable: Bool { get }
}

/// A request builder an `endpoint` table describes: its HTTP method, its path template and the
/// URL it builds for an environment the table names.
public protocol DocSpecRequestBuilder {
    /// The HTTP method, upper case (`"GET"`).
    static var method: String { get }
    /// The path with `{name}` placeholders (`"/v1/items/{id}"`).
    static var pathTemplate: String { get }
    /// The full URL for `environment` (the table's `environment` cell, verbatim) with every
    /// placeholder replaced by `pathParameters[name]`.
    ///
    /// - Throws: whatever the library throws for an unknown environment or a missing parameter.
    static func url(environment: String, pathParameters: [String: String]) throws -> URL
}
