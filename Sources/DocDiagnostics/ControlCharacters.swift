/// Escaping for text that reaches a terminal or a CI log: page text inside messages and paths
/// (a symbol name, a heading, a file name) may hold control characters, and an ESC sequence could
/// erase or rewrite what the terminal shows. JSON and SARIF write them as `\u` escapes
/// (`jsonEscaped`).
public enum ControlCharacters {
    /// Whether `scalar` is escaped: C0 and C1 control characters, DEL, and the bidirectional
    /// embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069), which reorder
    /// how the rest of the line is shown.
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `s` with each escaped character written as Swift writes it in a string literal,
    /// `\u{1B}` (upper-case hex), except the characters in `keeping`.
    public static func escaped(_ s: String, keeping: Set<Unicode.Scalar> = []) -> String {
        guard s.unicodeScalars.contains(where: { isEscaped($0) && !keeping.contains($0) }) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars {
            if isEscaped(scalar), !keeping.contains(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// A JSON document with every escaped character that JSON allows raw (DEL, C1 controls, bidi
    /// controls; the encoder already escapes C0) written as a `\u` escape: the same JSON value,
    /// but the text can go to a terminal. These characters only occur inside JSON strings.
    public static func jsonEscaped(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { $0.value >= 0x7F && isEscaped($0) }) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if scalar.value >= 0x7F, isEscaped(scalar) {
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
