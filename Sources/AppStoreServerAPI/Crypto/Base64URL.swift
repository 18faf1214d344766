import Foundation

/// Base64url without padding (RFC 4648 §5), as used by JSON Web Tokens and JWS (RFC 7515 §2).
public enum Base64URL {
    /// Encodes bytes as base64url: `+` → `-`, `/` → `_`, no `=` padding.
    ///
    /// - Parameter data: Any bytes.
    /// - Returns: ASCII text, `ceil(4 · count / 3)` characters.
    public static func encode(_ data: some DataProtocol) -> String {
        // Map the base64 bytes directly: Foundation's string replacing is slow on Linux.
        let base64 = Data(data).base64EncodedData()
        var bytes = [UInt8]()
        bytes.reserveCapacity(base64.count)
        for byte in base64 {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): bytes.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes base64url text, with or without padding.
    ///
    /// - Parameter text: base64url characters (`A–Z a–z 0–9 - _`), optional `=` padding.
    /// - Returns: The bytes, or `nil` when `text` is not base64url (a standard-base64 `+` or `/`,
    ///   whitespace, or an impossible length).
    public static func decode(_ text: some StringProtocol) -> Data? {
        guard !text.contains(where: { $0 == "+" || $0 == "/" }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.hasSuffix("=") { base64.removeLast() }
        switch base64.utf8.count % 4 {
        case 0: break
        case 2: base64 += "=="
        case 3: base64 += "="
        default: return nil
        }
        return Data(base64Encoded: base64)
    }
}
