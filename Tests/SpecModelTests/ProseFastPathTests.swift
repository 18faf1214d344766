import DocSpecTestSupport
import Foundation
import Testing

@testable import SpecModel

/// The fast paths that build a page's prose agree with plain references on generated text:
/// cleaning and space normalising in place (a unit's text where it was appended to the page's
/// buffer), the word-at-a-time ends of multibyte runs, the autolink pre-check and the script
/// pre-check of prose letters.
@Suite("Prose fast paths agree with references")
struct ProseFastPathTests {
    static let pieces = [
        "日本語", "テキスト", "。", "、", "「引用」", "текст", "ёж", "Ж", " ", "  ", "\n", "\t", "\r\n", "\u{3000}", "\u{2000}",
        "\u{2003}", "a", "Word", "w", "W", "@", "/", ".", "https://example.com/x", "user@example.org", "www.example.com", "{x}",
        "{{< note >}}", "%s", "%", "{", "}", "::: tip\n", ":::", "😀", "e\u{0301}", "\u{212A}", "\u{037E}", "1",
    ]

    static let texts: [String] = {
        var g = SeededGenerator(seed: 0x5EED)
        return (0..<4_000).map { _ in g.text(of: Int(g.next() % 28), from: pieces) }
    }()

    /// `clean` written plainly: markers removed byte by byte into a new array, then every word
    /// (between single spaces) that is an address left out, whatever bytes the text holds.
    static func referenceClean(_ text: String) -> String {
        let b = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        var lineStart = true
        while i < b.count {
            if lineStart {
                lineStart = false
                let indent = b[i...].prefix { $0 == 0x20 || $0 == 0x09 }.count
                if b[(i + indent)...].starts(with: ":::".utf8), i + indent + 2 < b.count {
                    if let lineEnd = b[i...].firstIndex(of: 0x0A) {
                        i = lineEnd + 1
                        lineStart = true
                    } else {
                        if out.last == 0x0A { out.removeLast() }
                        i = b.count
                    }
                    continue
                }
            }
            if b[i] == 0x0A { lineStart = true }
            if b[i] == UInt8(ascii: "{"), let close = balancedBraceEnd(b, from: i) {
                out.append(0x20)
                i = close + 1
            } else if b[i] == UInt8(ascii: "%"), i + 1 < b.count, "sdifxXu@".utf8.contains(b[i + 1]) {
                out.append(0x20)
                i += 2
            } else {
                out.append(b[i])
                i += 1
            }
        }
        let words = out.split(separator: 0x20, omittingEmptySubsequences: false).map { ProseText.isAddress($0) ? [] : Array($0) }
        return String(decoding: Array(words.joined(separator: [0x20])), as: UTF8.self)
    }

    /// The `}` that closes the `{` at `start` (braces nested), within 1,000 scalars.
    static func balancedBraceEnd(_ b: [UInt8], from start: Int) -> Int? {
        var depth = 0
        var scalarsSeen = 0
        for j in start..<b.count {
            if scalarsSeen >= 1_000 { return nil }
            if b[j] == UInt8(ascii: "{") { depth += 1 }
            if b[j] == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return j }
            }
            if b[j] & 0xC0 != 0x80 { scalarsSeen += 1 }
        }
        return nil
    }

    @Test("A unit's text cleaned and normalised in place is the reference's")
    func inPlace() {
        for t in Self.texts {
            var bytes = Array("before".utf8) + Array(t.utf8)
            let start = 6
            let end = bytes.withUnsafeMutableBufferPointer { all in
                let raw = UnsafeMutableBufferPointer(rebasing: all[start...])
                let cleaned = UnsafeMutableBufferPointer(rebasing: raw[..<ProseText.clean(inPlace: raw)])
                return start + ProseText.normalisedSpaces(bytes: UnsafeBufferPointer(cleaned), into: cleaned)
            }
            let expected = ProseRunScanTests.reference(Self.referenceClean(t))
            #expect(String(decoding: bytes[start..<end], as: UTF8.self) == expected, "\(t.debugDescription)")
            #expect(ProseText.clean(t) == Self.referenceClean(t), "\(t.debugDescription)")
        }
    }

    @Test("Multibyte runs end where a byte-by-byte scan ends them, from every offset")
    func runEnds() {
        for t in Self.texts {
            let b = Array(t.utf8)
            b.withUnsafeBufferPointer { p in
                for i in 0..<b.count {
                    let ascii = b[i...].firstIndex { $0 < 0x80 } ?? b.count
                    #expect(ProseText.asciiByteOffset(p, from: i) == ascii, "\(t.debugDescription) from \(i)")
                    // From the first byte of a scalar that is neither ASCII nor U+3000.
                    guard b[i] >= 0xC0, !b[i...].starts(with: [0xE3, 0x80, 0x80]) else { continue }
                    var j = i + 1
                    while j < b.count, b[j] >= 0x80, !b[j...].starts(with: [0xE3, 0x80, 0x80]) { j += 1 }
                    #expect(ProseText.multibyteWordEnd(p, from: i) == j, "\(t.debugDescription) from \(i)")
                }
            }
        }
    }

    @Test("The cleaning table marks the markers and the bytes of URLs")
    func cleanClasses() {
        let table = ProseText.cleanClasses
        #expect(table.utf8CodeUnitCount == 128)
        for c in 0..<128 {
            let kind: Character = [0x0A, 0x25, 0x7B].contains(c) ? "1" : [0x2F, 0x40, 0x57, 0x77].contains(c) ? "2" : "0"
            #expect(table.utf8Start[c] == kind.asciiValue, "byte \(c)")
        }
    }

    @Test("Only the three scalars that decompose to ASCII may make a text equal to an ASCII one")
    func asciiEquivalents() {
        for v in 0x80...0x10FFFF {
            guard let u = Unicode.Scalar(UInt32(v)) else { continue }
            let decomposed = String(u).decomposedStringWithCanonicalMapping
            let may = ProseText.mayEqualASCII(ArraySlice(String(u).utf8))
            #expect(may == decomposed.utf8.allSatisfy { $0 < 0x80 }, "U+\(String(v, radix: 16))")
        }
        for (text, ascii) in [("\u{212A}", "K"), ("a\u{037E}", "a;"), ("\u{1FEF}x", "`x")] {
            #expect(text == ascii && ProseText.mayEqualASCII(ArraySlice(text.utf8)))
        }
    }

    @Test("Whether prose words have letters of some scripts agrees with counting each word's")
    func scriptLetters() {
        let sets: [Set<Script>] = [Script.every, [.latin], [.cyrillic], [.hiragana, .katakana, .han], [.latin, .cyrillic], [.greek], []]
        for t in Self.texts {
            var bytes = Array(t.utf8)
            bytes.withUnsafeBufferPointer { b in
                for scripts in sets {
                    let counted = ProseText.proseWordsHaveLetters(bytes: b) { $0.count(in: scripts) > 0 }
                    #expect(ProseText.proseWordsHaveLetters(bytes: b, in: scripts) == counted, "\(t.debugDescription) \(scripts)")
                }
            }
            bytes.removeAll()
        }
    }
}
