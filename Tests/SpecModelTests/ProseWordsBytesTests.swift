import Testing

@testable import SpecModel

// `ProseText.forEachProseWord` scans UTF-8 bytes in place; it must pick the same words as the
// scalar-array algorithm it replaced (kept here as the reference), for every shape of word.
@Suite("Prose words: the byte scan agrees with the scalar reference")
struct ProseWordsBytesTests {
    /// The previous algorithm: each word's scalars copied into an array, punctuation trimmed on
    /// the array, `looksLikeCode` on the scalars.
    static func reference(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var words: [String] = []
        var i = 0
        while i < scalars.count {
            if scalars[i].properties.isWhitespace {
                i += 1
                continue
            }
            var word: [Unicode.Scalar] = []
            while i < scalars.count, !scalars[i].properties.isWhitespace {
                word.append(scalars[i])
                i += 1
            }
            var lo = 0
            var hi = word.count
            while lo < hi, ProseText.isSentencePunctuation(word[lo]) { lo += 1 }
            while hi > lo, ProseText.isSentencePunctuation(word[hi - 1]) { hi -= 1 }
            if lo < hi, !looksLikeCode(word[lo..<hi]) {
                var s = String.UnicodeScalarView()
                s.append(contentsOf: word[lo..<hi])
                words.append(String(s))
            }
        }
        return words.joined(separator: " ")
    }

    static func looksLikeCode(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        for u in word where u.value >= 0x80 {
            if let s = Script(u), s != .latin { return false }
        }
        var previousLower = false
        var hyphens = 0
        var letters = 0
        var upper = 0
        for u in word {
            if ProseText.isCodeCharacter(u) { return true }
            let v = u.value
            if v >= 0x30 && v <= 0x39 { return true }
            if u == "." || u == ":" { return true }
            if u == "-" {
                hyphens += 1
                if hyphens >= 2 { return true }
            }
            if (0x300...0x36F).contains(v) { continue }
            let isLetter = v < 0x80 ? (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) : Script.isLetter(u)
            let isUpper = v < 0x80 ? v >= 0x41 && v <= 0x5A : isLetter && u.properties.isUppercase
            let isLower = v < 0x80 ? v >= 0x61 && v <= 0x7A : isLetter && u.properties.isLowercase
            if isLetter {
                letters += 1
                if isUpper {
                    upper += 1
                    if previousLower { return true }
                }
                previousLower = isLower
            } else {
                previousLower = false
            }
        }
        return letters >= 2 && upper == letters
    }

    /// Words from pieces: prose in several scripts, code-like tokens, punctuation of every kind
    /// the trimming knows on either side, combining marks, four-byte scalars, separators.
    static var texts: [String] {
        let cores = [
            "", "word", "Word", "HTTP", "iPhone", "camelCase", "snake_case", "a/b", "x=1", "$var", "file.md", "std::io", "no-listing-15",
            "create-expo-app", "well-known", "ページ", "日本語のテキスト", "Страница", "ПРИВЕТ", "Ёж", "café", "cafe\u{301}", "ÉCOLE",
            "Straße", "😀", "a😀b", "𝒳y", "x\u{301}Y", "ab", "A", "ö", "Ωmega", "ΑΒΓ", "مرحبا", "עברית", "中文", "한국어", "ไทย",
            "#tag", "@user", "a|b", "~x", "^y", "{z}", "3rd", "v1", "…", "—", "--", "-",
        ]
        let edges = ["", "\"", "'", "`", "“", "”", "«", "»", "(", ")", "[", "]", "<", ">", ",", ";", ":", "!", "?", ".", "…", "—", "–", "-", "*",
            "、", "。", "，", "：", "；", "！", "？", "「", "」", "『", "』", "（", "）", "((", ".)"]
        var out: [String] = []
        for c in cores {
            for l in edges {
                for r in edges { out.append(l + c + r) }
            }
        }
        let separators = [" ", "  ", "\t", "\n", "\u{3000}", "\u{A0}", "\u{2003}", "\u{85}", "\u{2028}", "\r\n"]
        var sentences: [String] = []
        for (k, s) in separators.enumerated() {
            sentences.append(stride(from: k, to: out.count, by: 37).map { out[$0] }.joined(separator: s))
        }
        return out + sentences + ["", " ", "\u{3000}\u{3000}", "。", "«»", "a b  c"]
    }

    @Test("Every generated word and sentence gives the reference's prose words")
    func sameWords() {
        for t in Self.texts {
            #expect(ProseText.proseWords(t) == Self.reference(t), "\(t.debugDescription)")
        }
    }

    @Test("Whether prose words have letters agrees with counting the built words' letters")
    func haveLetters() {
        for t in Self.texts {
            #expect(ProseText.proseWordsHaveLetters(t) == (ScriptCounts(ProseText.proseWords(t)).total > 0), "\(t.debugDescription)")
        }
    }
}
