import Foundation

/// Conversions between `Date` and Apple's date encoding: milliseconds since 1970-01-01 00:00:00
/// UTC (UNIX time in milliseconds), sent as a JSON number.
///
/// Every date field of the decoded notification, transaction and renewal-info models
/// (``ResponseBodyV2DecodedPayload/signedDate``, ``JWSTransactionDecodedPayload/purchaseDate``,
/// …) is a `Date` decoded with these rules, independent of the `JSONDecoder`'s
/// `dateDecodingStrategy`, so a plain `JSONDecoder()` decodes them correctly:
///
/// * decoding accepts an integer (`1698148900000`) or a number with a fraction of a millisecond
///   (`1698148900000.5`, as StoreKit testing in Xcode produces) within ``validMilliseconds``
///   (1970 up to the end of year 9999); a number outside it (`1e300`, `-1e25`), a string or other
///   JSON type is a `DecodingError`;
/// * encoding writes a whole number of milliseconds (rounded to the nearest millisecond, clamped
///   to ``validMilliseconds``), so integer values round-trip exactly and whatever is encoded
///   decodes again.
///
/// [signedDate](https://developer.apple.com/documentation/appstoreserverapi/signeddate)
public enum AppStoreDate {
    /// The milliseconds since 1970 a date field may hold: `0` (1970-01-01T00:00:00Z) through
    /// `253402300799999` (9999-12-31T23:59:59.999Z).
    public static let validMilliseconds: ClosedRange<Int64> = 0...253_402_300_799_999

    /// Whether `milliseconds` is a finite number inside ``validMilliseconds`` (fractions allowed).
    static func isValid(milliseconds: Double) -> Bool {
        milliseconds.isFinite && milliseconds >= Double(validMilliseconds.lowerBound)
            && milliseconds <= Double(validMilliseconds.upperBound)
    }

    /// The `Date` for a number of milliseconds since 1970-01-01 00:00:00 UTC.
    ///
    /// - Parameter milliseconds: Milliseconds since 1970, for example `1698148900000`.
    public static func date(millisecondsSince1970 milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The number of whole milliseconds since 1970-01-01 00:00:00 UTC, rounded to the nearest
    /// millisecond.
    ///
    /// - Parameter date: The date.
    /// - Returns: For example `1698148900000`; values outside `Int64` are clamped.
    public static func millisecondsSince1970(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        if let exact = Int64(exactly: milliseconds) { return exact }
        return milliseconds < 0 ? .min : .max
    }

    /// ``millisecondsSince1970(_:)`` clamped to ``validMilliseconds``: what the models encode.
    ///
    /// - Parameter date: The date.
    /// - Returns: For example `1698148900000`; `0` for a date before 1970 (or -∞) and
    ///   `253402300799999` for one after 9999 (or +∞, or NaN).
    public static func clampedMillisecondsSince1970(_ date: Date) -> Int64 {
        let milliseconds = millisecondsSince1970(date)
        return min(max(milliseconds, validMilliseconds.lowerBound), validMilliseconds.upperBound)
    }
}

extension KeyedDecodingContainer {
    /// Decodes a date sent as milliseconds since 1970 (see ``AppStoreDate``); `nil` when the key
    /// is absent or `null`.
    func decodeMillisecondsDateIfPresent(forKey key: Key) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        if let milliseconds = try? decode(Int64.self, forKey: key) {
            guard AppStoreDate.validMilliseconds.contains(milliseconds) else {
                throw Self.outOfRange(key: key, in: self)
            }
            return AppStoreDate.date(millisecondsSince1970: milliseconds)
        }
        let milliseconds = try decode(Double.self, forKey: key)
        guard AppStoreDate.isValid(milliseconds: milliseconds) else {
            throw Self.outOfRange(key: key, in: self)
        }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }

    /// The error for a date number outside ``AppStoreDate/validMilliseconds`` (the value is not
    /// echoed).
    private static func outOfRange(key: Key, in container: Self) -> DecodingError {
        DecodingError.dataCorruptedError(
            forKey: key, in: container,
            debugDescription: "Expected milliseconds since 1970 in 0...\(AppStoreDate.validMilliseconds.upperBound) "
                + "(before the year 10000).")
    }

    /// Decodes an `appAccountToken` UUID string; `nil` when the key is absent, `null` or `""`.
    func decodeUUIDIfPresent(forKey key: Key) throws -> UUID? {
        guard let string = try decodeIfPresent(String.self, forKey: key), !string.isEmpty else {
            return nil
        }
        guard let uuid = UUID(uuidString: string) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected a UUID string.")
        }
        return uuid
    }
}

extension KeyedEncodingContainer {
    /// Encodes a date as whole milliseconds since 1970 clamped to
    /// ``AppStoreDate/validMilliseconds`` (see ``AppStoreDate``), nothing when `nil`.
    mutating func encodeMillisecondsDateIfPresent(_ date: Date?, forKey key: Key) throws {
        if let date {
            try encode(AppStoreDate.clampedMillisecondsSince1970(date), forKey: key)
        }
    }

    /// Encodes a UUID as a lower-case string (Apple's form), nothing when `nil`.
    mutating func encodeUUIDIfPresent(_ uuid: UUID?, forKey key: Key) throws {
        if let uuid {
            try encode(uuid.uuidString.lowercased(), forKey: key)
        }
    }
}
