import Foundation

/// Precise errors for JSON numbers that don't fit an integer field (internal).
///
/// Foundation's `JSONDecoder` on Linux reports a number that doesn't fit the requested integer
/// type (`99999999999` or `1.5` for an `Int32`) with an internal parser error that reaches the
/// caller as `DecodingError.dataCorrupted` with an empty coding path and "The given data was not
/// valid JSON", which hides the field. These helpers catch that case, look at the value as a
/// `Double`, and throw a `dataCorrupted` error whose coding path names the field and whose
/// description says what is wrong (never the value).
enum IntegerDecoding {
    /// The error for `number` found where a `T` was expected.
    static func error<T: FixedWidthInteger>(
        _ number: Double, expected type: T.Type, codingPath: [any CodingKey]
    ) -> DecodingError {
        let reason =
            number.rounded(.towardZero) == number
            ? "the number does not fit \(T.self) (\(T.min)...\(T.max))"
            : "expected a whole number (\(T.self)), found a number with a fraction"
        return .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: reason))
    }

    /// Whether `error` may be the uninformative error a misfit number produces: anything but a
    /// `DecodingError` that already names a type mismatch, a null or a missing key.
    static func isOpaque(_ error: any Error) -> Bool {
        guard let decoding = error as? DecodingError else { return true }
        if case .dataCorrupted = decoding { return true }
        return false
    }
}

extension KeyedDecodingContainer {
    /// `decodeIfPresent(T.self, forKey:)`, with a number that doesn't fit `T` reported at `key`
    /// (see ``IntegerDecoding``).
    func decodeIntegerIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        do {
            return try decodeIfPresent(type, forKey: key)
        } catch where IntegerDecoding.isOpaque(error) {
            guard let number = try? decode(Double.self, forKey: key) else { throw error }
            throw IntegerDecoding.error(number, expected: type, codingPath: codingPath + [key])
        }
    }
}

extension SingleValueDecodingContainer {
    /// `decode(T.self)`; when `T` is an integer type, a number that doesn't fit it is reported at
    /// this container's coding path (see ``IntegerDecoding``).
    func decodeReportingIntegerMisfit<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try decode(type)
        } catch where IntegerDecoding.isOpaque(error) {
            guard let integerType = type as? any FixedWidthInteger.Type,
                let number = try? decode(Double.self)
            else { throw error }
            throw Self.misfit(number, integerType, codingPath)
        }
    }

    private static func misfit<I: FixedWidthInteger>(
        _ number: Double, _ type: I.Type, _ codingPath: [any CodingKey]
    ) -> DecodingError {
        IntegerDecoding.error(number, expected: type, codingPath: codingPath)
    }
}
