/// Why a decoded App Store Server API payload could not become a ``Transaction`` or a
/// ``RenewalInfo``.
///
/// Thrown by ``Transaction/init(payload:)`` and ``RenewalInfo/init(payload:)``. Every case names
/// the payload's JSON key, so a log line says which field to look at.
public enum PayloadConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field the model needs is absent (or `null`), for example `"productId"`. Auto-renewable
    /// transactions also need `"expiresDate"`.
    case missingField(String)
    /// The `type` field holds a product type this library does not know; the raw value is kept.
    case unsupportedProductType(String)
    /// A field holds a value the model cannot represent (for example a negative `quantity`).
    case invalidValue(field: String, value: String)

    /// The JSON key the error is about.
    public var field: String {
        switch self {
        case .missingField(let field): field
        case .unsupportedProductType: "type"
        case .invalidValue(let field, _): field
        }
    }

    /// For example `missing field 'expiresDate'`.
    public var description: String {
        switch self {
        case .missingField(let field): "missing field '\(field)'"
        case .unsupportedProductType(let raw): "unsupported product type '\(raw)' in field 'type'"
        case .invalidValue(let field, let value): "invalid value '\(value)' in field '\(field)'"
        }
    }
}
