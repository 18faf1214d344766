/// An "open" enum value: a case of `Known`, or a raw value that `Known` has no case for.
///
/// Apple adds values to its enums over time. A wire model that stored a closed Swift enum would
/// fail to decode (or silently drop the value) when Apple sends a number or string the library
/// doesn't know yet. Every enum-typed field in this library is therefore a `RawEnumValue`: it
/// decodes any raw value of the right JSON type, keeps it, and encodes it back unchanged.
///
/// ```swift
/// let status = RawEnumValue<ConsumptionStatus>(rawValue: 2)   // .known(.partiallyConsumed)
/// let future = RawEnumValue<ConsumptionStatus>(rawValue: 9)   // .unknown(9)
/// future.rawValue   // 9
/// future.known      // nil
/// ```
///
/// Values are normalised on creation through ``init(rawValue:)`` and on decoding: a raw value that
/// `Known` recognises always becomes `.known`. Equality and hashing compare ``rawValue`` only, so
/// `.unknown(2)` built by hand equals `.known(.partiallyConsumed)`.
///
/// Encoding and decoding use a single value: the raw value itself (for example `2` or
/// `"SUBSCRIBED"`), exactly as it appears in Apple's JSON.
public enum RawEnumValue<Known: RawRepresentable & Sendable & Hashable>: Sendable
where Known.RawValue: Hashable & Sendable {
    /// A value that `Known` has a case for.
    case known(Known)
    /// A raw value that `Known` has no case for, kept unchanged.
    case unknown(Known.RawValue)

    /// Creates a value from a raw value: `.known` when `Known(rawValue:)` succeeds, otherwise
    /// `.unknown(rawValue)`. Never fails.
    ///
    /// - Parameter rawValue: The raw value as it appears on the wire.
    public init(rawValue: Known.RawValue) {
        if let known = Known(rawValue: rawValue) {
            self = .known(known)
        } else {
            self = .unknown(rawValue)
        }
    }

    /// Creates a value for a known case.
    ///
    /// - Parameter known: The case.
    public init(_ known: Known) {
        self = .known(known)
    }

    /// The raw value as it appears on the wire (for `.known`, the case's raw value).
    public var rawValue: Known.RawValue {
        switch self {
        case .known(let known): known.rawValue
        case .unknown(let rawValue): rawValue
        }
    }

    /// The known case, or `nil` when the raw value has no case in `Known`.
    ///
    /// A `.unknown` value whose raw value `Known` does recognise (built by hand) also returns the
    /// case.
    public var known: Known? {
        switch self {
        case .known(let known): known
        case .unknown(let rawValue): Known(rawValue: rawValue)
        }
    }

    /// Whether `Known` has a case for ``rawValue``.
    public var isKnown: Bool {
        known != nil
    }
}

extension RawEnumValue: RawRepresentable {}

extension RawEnumValue: Hashable {
    /// Compares raw values only.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the raw value only.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }
}

extension RawEnumValue: Decodable where Known.RawValue: Decodable {
    /// Decodes a single raw value and keeps it, known or not.
    ///
    /// - Throws: `DecodingError` when the JSON value doesn't have the raw value's type (for
    ///   example a string where an `Int32` is expected, or a number outside `Int32`'s range or
    ///   with a fraction; those name the field in the coding path).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decodeReportingIntegerMisfit(Known.RawValue.self))
    }
}

extension RawEnumValue: Encodable where Known.RawValue: Encodable {
    /// Encodes ``rawValue`` as a single value.
    ///
    /// - Throws: Whatever the encoder throws for the raw value (never for the JSON encoder with
    ///   integer or string raw values).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension RawEnumValue: CustomStringConvertible {
    /// The known case's name (for example `notConsumed`), or `unknown(<raw value>)`.
    public var description: String {
        if let known {
            String(describing: known)
        } else {
            "unknown(\(rawValue))"
        }
    }
}
