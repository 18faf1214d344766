import ConformanceGen
import DocSpecTestSupport
import Foundation
import Testing

/// `SwiftRenderer.stringLiteral`: any text becomes one ordinary Swift literal whose value is the
/// text, on one line, without raw control or format characters.
@Suite("SwiftRenderer.stringLiteral")
struct StringLiteralTests {
    static let tricky: [(name: String, text: String)] = [
        ("empty", ""),
        ("quote", #"say "hi""#),
        ("backslash", #"C:\path\to"#),
        ("triple quote", #"a """ b"#),
        ("interpolation", #"x\(exit(1))"#),
        ("hash", "#warning #if #line"),
        ("raw delimiter", ##"#"raw"# and "#"##),
        ("newline", "line 1\nline 2"),
        ("CRLF", "a\r\nb"),
        ("tab", "a\tb"),
        ("NUL", "a\0b"),
        ("line separator U+2028", "a\u{2028}b"),
        ("paragraph separator U+2029", "a\u{2029}b"),
        ("bidi override U+202E", "abc\u{202E}fed"),
        ("bidi isolates", "\u{2066}x\u{2069}\u{200F}"),
        ("zero-width joiner emoji", "👩‍💻 and 🇯🇵"),
        ("emoji", "🎉😀"),
        ("BOM", "\u{FEFF}start"),
        ("DEL and C1", "a\u{7F}b\u{85}c\u{9B}"),
        ("escape char", "\u{1B}[31mred"),
        ("private use", "\u{E000}\u{F8FF}"),
        ("noncharacter", "\u{FFFF}"),
        ("Japanese", "エラーコード「4000040」は不正です。"),
        ("Cyrillic", "Код ошибки «4000040» — неверный"),
        ("combining mark first", "\u{301}e\u{301}"),
        ("single backslash", "\\"),
        ("trailing backslash", "ends with \\"),
        ("backslash quote", "\\\""),
        ("unicode escape text", #"\u{41}"#),
        ("everything", "\"\\\"\"\"\\(x)#\"#\n\t\0\u{2028}\u{202E}🎉日本語Русский"),
    ]

    @Test("round-trips tricky texts", arguments: tricky.indices)
    func roundTrip(_ index: Int) throws {
        let (name, text) = Self.tricky[index]
        let literal = SwiftRenderer.stringLiteral(text)
        let decoded = try #require(decodeSwiftStringLiteral(literal), "\(name): \(literal) is not a plain literal")
        #expect(Array(decoded.unicodeScalars) == Array(text.unicodeScalars), "\(name)")
        Self.expectInert(literal, name)
    }

    @Test("escapes follow Swift's spelling")
    func spelling() {
        #expect(SwiftRenderer.stringLiteral(#"a"b"#) == #""a\"b""#)
        #expect(SwiftRenderer.stringLiteral(#"a\b"#) == #""a\\b""#)
        #expect(SwiftRenderer.stringLiteral("a\nb\tc\r\0") == #""a\nb\tc\r\0""#)
        #expect(SwiftRenderer.stringLiteral("\u{2028}\u{202E}") == #""\u{2028}\u{202E}""#)
        #expect(SwiftRenderer.stringLiteral(#"\(x)"#) == #""\\(x)""#)
        #expect(SwiftRenderer.stringLiteral(#"""""#) == #""\"\"\"""#)
        #expect(SwiftRenderer.stringLiteral("日本語 Русский 🎉") == "\"日本語 Русский 🎉\"")
    }

    @Test("2,000 pseudo-random strings round-trip (seeded, deterministic)")
    func randomRoundTrip() throws {
        var rng = SplitMix64(seed: 0x00D0_C5BE_C000_2025)
        var failures: [String] = []
        for _ in 0..<2_000 {
            let text = Self.randomText(&rng)
            let literal = SwiftRenderer.stringLiteral(text)
            guard let decoded = decodeSwiftStringLiteral(literal),
                Array(decoded.unicodeScalars) == Array(text.unicodeScalars),
                Self.inertProblems(literal).isEmpty
            else {
                failures.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
                continue
            }
        }
        #expect(failures.isEmpty, "scalars of failing texts: \(failures.prefix(5))")
    }

    @Test("the seeded generator is deterministic")
    func generatorIsDeterministic() {
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        #expect((0..<50).map { _ in Self.randomText(&a) } == (0..<50).map { _ in Self.randomText(&b) })
    }

    // MARK: helpers

    /// Interesting scalars drawn more often than chance would.
    static let pool: [Unicode.Scalar] = [
        "\"", "\\", "#", "(", ")", "\n", "\r", "\t", "\0", "u", "{", "}", "'", " ", "a", "1",
        "\u{7F}", "\u{85}", "\u{A0}", "\u{AD}", "\u{200B}", "\u{200D}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}",
        "\u{2066}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "\u{E000}", "\u{10FFFF}", "\u{301}", "\u{FE0F}",
        "あ", "漢", "ー", "Ж", "ё", "🎉", "👩", "\u{1F3FB}", "\u{E0001}",
    ]

    static func randomText(_ rng: inout SplitMix64) -> String {
        let length = Int(rng.next() % 24)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            switch rng.next() % 4 {
            case 0, 1:
                scalars.append(pool[Int(rng.next() % UInt64(pool.count))])
            case 2:
                scalars.append(Unicode.Scalar(UInt8(rng.next() % 128)))
            default:
                // Any scalar of any plane (surrogate code points are not scalars: skip them).
                var v = UInt32(rng.next() % 0x11_0000)
                if (0xD800...0xDFFF).contains(v) { v = 0xFFFD }
                scalars.append(Unicode.Scalar(v) ?? "?")
            }
        }
        return String(scalars)
    }

    /// Problems that would let the literal's text act as code or break the line.
    static func inertProblems(_ literal: String) -> [String] {
        var problems: [String] = []
        for scalar in literal.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
                problems.append("raw U+\(String(scalar.value, radix: 16, uppercase: true))")
            default: break
            }
        }
        if literal.contains("\n") || literal.contains("\r") { problems.append("raw line break") }
        return problems
    }

    static func expectInert(_ literal: String, _ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let problems = inertProblems(literal)
        #expect(problems.isEmpty, "\(name): \(literal) has \(problems)", sourceLocation: sourceLocation)
        // One literal: the only unescaped quotes are the delimiters (checked by the decoder);
        // it is an ordinary literal, never a raw (#"…"#) or multi-line (""") one.
        // (Compared as scalars: a leading combining mark joins the quote into one Character.)
        let scalars = Array(literal.unicodeScalars)
        #expect(scalars.first == "\"" && scalars.prefix(3) != ["\"", "\"", "\""] || scalars == ["\"", "\""], "\(name)", sourceLocation: sourceLocation)
    }
}

/// SplitMix64: a tiny, fast, seedable generator, so the random test is reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
