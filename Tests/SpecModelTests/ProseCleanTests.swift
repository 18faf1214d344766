import MarkdownSyntax
import Testing

@testable import SpecModel

/// `ProseText.clean` removes site syntax and placeholders from prose, writing into an array's
/// storage: each kind of removal, at the text's ends and next to multibyte text.
@Suite("Prose cleaning")
struct ProseCleanTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("", ""),
        ("値は {count} 件", "値は   件"),
        ("{{< note >}}注意{{< /note >}}", " 注意 "),
        ("{{ $frontmatter.title }} ページ", "  ページ"),
        ("{ unclosed brace", "{ unclosed brace"),
        ("%s を送信 %d 回 %q", "  を送信   回 %q"),
        ("::: tip\n本文\n:::", "本文"),
        ("  ::: warning 注意\nтекст\n:::\nпосле", "текст\nпосле"),
        ("前\n:::", "前"),
        ("見る https://example.com/a と www.example.org", "見る  と "),
        ("連絡 user@example.com まで", "連絡  まで"),
        ("path/to ok", "path/to ok"),
        ("50%", "50%"),
    ])
    func clean(input: String, expected: String) {
        #expect(ProseText.clean(input) == expected, "\(input.debugDescription)")
    }

    @Test func neverLongerThanItsInput() {
        let pieces = ["{a}", "%s", ":::\n", "x", "テキスト", " ", "\n", "{", "}", "%", "@", "w", "www.a", "a@b.c", "://"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(state >> 33) % pieces.count]
            }
            let cleaned = ProseText.clean(text)
            #expect(cleaned.utf8.count <= text.utf8.count, "\(text.debugDescription)")
            #expect(!cleaned.contains("%s") && !cleaned.contains("{a}"), "\(text.debugDescription) → \(cleaned.debugDescription)")
        }
    }

    /// The byte-level white-space test agrees with the scalar property on every scalar, and a
    /// unit's letter and word counts are those of its `prose` string.
    @Test func whitespaceBytesAgreeWithScalarProperty() {
        for v in 0...0x10FFFF {
            guard let u = Unicode.Scalar(UInt32(v)) else { continue }
            let bytes = Array(String(u).utf8)
            let length = bytes.withUnsafeBufferPointer { ProseText.whitespaceLength($0, at: 0) }
            #expect(length == (u.properties.isWhitespace ? bytes.count : 0), "U+\(String(v, radix: 16))")
            #expect(ProseText.scalarLength(bytes[0]) == bytes.count)
        }
    }

    @Test(arguments: [
        "", "見る https://example.com/a と iPhone の 設定", "Ёж\u{00A0}и\u{3000}ёлка create-react-app HTTP",
        "  word\u{2028}другое\u{205F}語 file.md «цитата».", "a\u{1680}b\u{2009}c\u{0085}d",
    ])
    func proseCountsMatchProseWords(text: String) {
        var bytes = Array(text.utf8)
        let (scripts, words) = bytes.withUnsafeBufferPointer { ProseText.proseCounts(bytes: $0) }
        let prose = ProseText.proseWords(text)
        #expect(scripts == ScriptCounts(prose), "\(text.debugDescription)")
        #expect(words == prose.split(separator: " ").count, "\(text.debugDescription)")
        #expect(ProseText.proseWords(ProseText.normalisedSpaces(text)) == prose, "\(text.debugDescription)")
        bytes.removeAll()
    }

    @Test(arguments: [
        ("かな\u{3000}カナ  漢字\n", "かな カナ 漢字"), ("\u{3000}\u{3000}ёж\u{3000}", "ёж"), ("a\u{3000}b", "a b"),
        ("日本語\u{3001}続き\u{3000}\u{3000}終わり", "日本語\u{3001}続き 終わり"), (" \tтекст\r\nдальше ", "текст дальше"),
    ])
    func normalisedSpacesAroundMultibyteRuns(input: String, expected: String) {
        #expect(ProseText.normalisedSpaces(input) == expected, "\(input.debugDescription)")
    }

    /// `TextKey` compares bytes, and its digest tells apart texts that differ in one byte
    /// anywhere, in the eight-byte words or in the rest.
    @Test func textKeyDigestSeparatesNearTexts() {
        let base = Array("段落のテキスト Текст абзаца, long enough to span several words.".utf8)
        var digests: Set<UInt64> = []
        var keys: Set<TextKey> = []
        for position in base.indices {
            var bytes = base
            bytes[position] = bytes[position] < 0x80 ? bytes[position] ^ 0x01 : bytes[position]
            guard let text = String(validating: bytes, as: UTF8.self), bytes != base else { continue }
            digests.insert(bytes.withUnsafeBufferPointer { TextKey.digest($0) })
            keys.insert(TextKey(text))
        }
        #expect(digests.count == keys.count && keys.count > 30)
        #expect(TextKey("é") != TextKey("e\u{301}"), "canonically equivalent texts are different keys")
        #expect(TextKey("同じ") == TextKey(String("同じ同じ".prefix(2))))
        let empty: [UInt8] = []
        #expect(empty.withUnsafeBufferPointer { TextKey.digest($0) } != Array("\u{0}".utf8).withUnsafeBufferPointer { TextKey.digest($0) })
    }

    /// A link whose text is its destination (an autolink) adds no prose, whichever Unicode
    /// normalisation form either is written in; other link texts are prose.
    @Test func autolinkTextIsNotProse() {
        func link(_ destination: String, _ text: String) -> [Inline] {
            [.text("see "), .link(destination: destination, title: "", children: [.text(text)]), .text(" end")]
        }
        #expect(ProseText.text(of: link("https://example.com", "https://example.com")) == "see   end")
        #expect(ProseText.text(of: link("a@example.com", "mailto:a@example.com")) == "see   end")
        #expect(ProseText.text(of: link("Caf\u{E9} here", "Cafe\u{301} here")) == "see   end")
        #expect(ProseText.text(of: link("mailto:caf\u{E9}@example.com", "mailto:cafe\u{301}@example.com")) == "see   end")
        #expect(ProseText.text(of: link("https://example.com", "the guide")) == "see the guide end")
    }
}
