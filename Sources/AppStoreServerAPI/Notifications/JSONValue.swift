import Foundation

/// Any JSON value, kept exactly as decoded: the shape of nested objects this library doesn't
/// model field by field (the Advanced Commerce API's `advancedCommerceInfo`).
///
/// Numbers keep their text form's meaning: a whole number that fits `Int64` is ``integer(_:)``,
/// any other number ``number(_:)``. Encoding writes the same JSON back (object keys sorted by
/// the encoder's settings).
///
/// ```json
/// {"requestReferenceId": "ref-1", "items": [{"SKU": "sku.1", "price": 1000}]}
/// ```
public enum JSONValue: Codable, Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits `Int64`.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes any JSON value.
    ///
    /// - Throws: `DecodingError` only when the decoder holds no JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as it was decoded.
    ///
    /// - Throws: Whatever the encoder throws (for `JSONEncoder`: a non-finite ``number(_:)``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The member `key` of an object, or `nil` (also for values that aren't objects).
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }
}
