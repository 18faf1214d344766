import Foundation

/// Base64url without padding (RFC 4648 §5), as used by JSON Web Tokens and JWS (RFC 7515 §2).
public enum Base64URL {
    /// Encodes bytes as base64url: `+` → `-`, `/` → `_`, no `=` padding.
    ///
    /// - Parameter data: Any bytes.
    /// - Returns: ASCII text, `ceil(4 · count / 3)` characters.
    public static func encode(_ data: some DataProtocol) -> String {
        var text = Data(data).base64EncodedString()
        text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        while text.hasSuffix("=") { text.removeLast() }
        return text
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
