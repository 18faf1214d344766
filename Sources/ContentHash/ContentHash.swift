import COpenSSL

/// Content hashes for the documentation toolkit: SHA-256 from OpenSSL's libcrypto, behind one
/// small seam so that the toolkit's only C consumers are MarkdownSyntax (cmark-gfm, libyaml) and
/// this target.
public enum ContentHash {
    /// The SHA-256 digest (32 bytes) of `bytes`.
    ///
    /// - Complexity: O(n) in the number of bytes.
    public static func sha256(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let input = Array(bytes)
        let ok = input.withUnsafeBytes { buffer in
            EVP_Digest(buffer.baseAddress, buffer.count, &digest, &length, EVP_sha256(), nil)
        }
        // SHA-256 in memory fails only when libcrypto cannot allocate; no input reaches this.
        precondition(ok == 1 && length == 32, "OpenSSL SHA-256 failed")
        return Array(digest.prefix(32))
    }

    /// The first `hexDigits` lower-case hex digits (at most 64) of the SHA-256 of `text`'s UTF-8
    /// bytes: `sha256Hex("abc", hexDigits: 16)` is `ba7816bf8f01cfea`.
    public static func sha256Hex(_ text: String, hexDigits: Int = 64) -> String {
        let digest = sha256(text.utf8)
        var out = ""
        out.reserveCapacity(64)
        for b in digest {
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 0xF)])
        }
        return String(out.prefix(max(0, hexDigits)))
    }

    private static let hex: [Character] = Array("0123456789abcdef")
}
