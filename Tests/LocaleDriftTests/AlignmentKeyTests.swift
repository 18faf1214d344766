import DocSpecTestSupport
@testable import LocaleDrift
import MarkdownSyntax
import SpecModel
import Testing

/// The byte scans of `PageAlignment.pageKey` and `PageAlignment.codeWords` against the
/// scalar and set-based forms they replaced, on generated keys and code.
@Suite("PageAlignment keys")
struct AlignmentKeyTests {
    /// `pageKey` as it was written on Unicode scalars.
    static func pageKeyByScalars(_ key: String, firstWord: Bool) -> String? {
        let k = key.trimmingSpaces
        guard !k.isEmpty, k != "(empty)" else { return nil }
        if !firstWord { return LinkTarget.asciiLowercased(k) }
        let first = k.unicodeScalars.prefix { $0 != " " && $0 != "\t" }
        guard first.allSatisfy(\.isASCII),
            first.contains(where: { !(("a"..."z").contains($0) || ("A"..."Z").contains($0)) })
        else { return nil }
        return LinkTarget.asciiLowercased(String(String.UnicodeScalarView(first)))
    }

    /// `codeWords` as it was written with a set of the words seen.
    static func codeWordsBySet(_ code: String) -> [UInt64] {
        var out: [UInt64] = []
        var seen = Set<UInt64>()
        let b = Array(code.utf8)
        func isWord(_ c: UInt8) -> Bool { c == 0x5F || (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A) }
        var start = 0
        var i = 0
        while i <= b.count, out.count < 12 {
            if i < b.count, isWord(b[i]) {
                i += 1
                continue
            }
            if i - start >= 3, (b[start] | 0x20) >= 0x61 && (b[start] | 0x20) <= 0x7A {
                let h = b[start..<i].withUnsafeBufferPointer { TagHash.of(UInt8(ascii: "w"), bytes: $0) }
                if seen.insert(h).inserted { out.append(h) }
            }
            i += 1
            start = i
        }
        return out
    }

    @Test("pageKey is the scalar form's key, whole and first word")
    func pageKeys() {
        var rng = SeededGenerator(seed: 0x5EED_0001)
        let pieces = [
            "a", "Z", "q", "1", "0", "_", "-", "=", ".", "@", "[", "`", "{", " ", "\t", "\r\n", "\n", "é", "日本", "Ё", "(empty)", "ELEMENT_NODE",
            "100", "\u{301}",
        ]
        for _ in 0..<3_000 {
            let key = rng.text(of: Int(rng.next() % 7), from: pieces)
            for word in [false, true] {
                #expect(PageAlignment.pageKey(key, firstWord: word) == Self.pageKeyByScalars(key, firstWord: word), "\(key.debugDescription)")
            }
        }
    }

    @Test("codeWords are the set-based form's words, in order, at most twelve")
    func codeWords() {
        var rng = SeededGenerator(seed: 0x5EED_0002)
        let pieces = ["ab", "abc", "Node", "x1", "_y", "9z", ".", "(", " ", "\n", "é", "名前", "compareDocumentPosition", "id", "ELEMENT_NODE", "a_b"]
        for _ in 0..<3_000 {
            let code = rng.text(of: Int(rng.next() % 60), from: pieces)
            #expect(PageAlignment.codeWords(code) == Self.codeWordsBySet(code), "\(code.debugDescription)")
        }
    }
}
