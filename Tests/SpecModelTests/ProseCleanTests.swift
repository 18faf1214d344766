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
}
