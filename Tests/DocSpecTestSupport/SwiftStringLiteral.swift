// Shared by ConformanceGenTests and the fuzz-generate harness (Fuzz/Sources/FuzzSupport links
// this file), so both read generated literals with the same rules. No imports: it must compile in
// either package.

/// Decodes the body of an ordinary (non-raw, single-line) Swift string literal as
/// `SwiftRenderer.stringLiteral` may write it: `\\`, `\"`, `\'`, `\n`, `\r`, `\t`, `\0` and
/// `\u{X…}`. Returns `nil` for anything Swift would read differently (an interpolation `\(`, an
/// unknown escape, an unescaped `"` inside, a raw line break) so a `nil` is itself a failure.
public func decodeSwiftStringLiteral(_ literal: String) -> String? {
    var scalars = Array(literal.unicodeScalars)
    guard scalars.count >= 2, scalars.first == "\"", scalars.last == "\"" else { return nil }
    scalars = Array(scalars.dropFirst().dropLast())
    var out = String.UnicodeScalarView()
    var i = 0
    while i < scalars.count {
        let c = scalars[i]
        if c == "\"" || c == "\n" || c == "\r" { return nil }
        guard c == "\\" else {
            out.append(c)
            i += 1
            continue
        }
        guard i + 1 < scalars.count else { return nil }
        let e = scalars[i + 1]
        i += 2
        switch e {
        case "\\": out.append("\\")
        case "\"": out.append("\"")
        case "'": out.append("'")
        case "n": out.append("\n")
        case "r": out.append("\r")
        case "t": out.append("\t")
        case "0": out.append("\0")
        case "u":
            guard i < scalars.count, scalars[i] == "{" else { return nil }
            var hex = ""
            i += 1
            while i < scalars.count, scalars[i] != "}" {
                hex.unicodeScalars.append(scalars[i])
                i += 1
            }
            guard i < scalars.count, (1...8).contains(hex.count), let v = UInt32(hex, radix: 16), let s = Unicode.Scalar(v) else { return nil }
            out.append(s)
            i += 1
        default:
            return nil
        }
    }
    return String(out)
}
