import Foundation

/// How diagnostics show personal data: the ``Transaction/appAccountToken`` (the app's own account
/// id) and anything else that identifies a person.
///
/// Transaction identifiers are kept: they are needed to look a transaction up with the App Store
/// Server API and to name the stale transaction in a ``Diagnosis``. Product identifiers, dates and
/// states are kept.
public enum Redaction: String, CaseIterable, Hashable, Sendable, Codable {
    /// A short fingerprint, `hash:` and the first 8 hex digits of the value's 64-bit FNV-1a hash,
    /// for example `hash:3f2a9c1e`: the same token gives the same fingerprint, so entries can be
    /// correlated, but the token cannot be read back. Not a cryptographic hash. The default.
    case hashPrefix
    /// The literal `redacted`.
    case redacted

    /// The text shown for a UUID under this policy.
    ///
    /// - Parameter token: The value, for example an app account token.
    /// - Returns: `hash:xxxxxxxx` or `redacted`.
    public func apply(to token: UUID) -> String {
        switch self {
        case .hashPrefix:
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in token.uuidString.lowercased().utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
            let hex = String(hash, radix: 16)
            let padded = String(repeating: "0", count: 16 - hex.count) + hex
            return "hash:" + padded.prefix(8)
        case .redacted:
            return "redacted"
        }
    }
}
