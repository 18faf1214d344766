import DocDiagnostics
@testable import MarkdownSyntax
import Testing

/// `MarkdownHTML`: cmark-gfm's own HTML renderer in safe mode, with marks and a block's source range.
@Suite("HTML rendering of blocks")
struct HTMLRenderingTests {
    @Test("GFM is rendered by cmark-gfm: tables, strikethrough, autolinks, task lists")
    func gfm() {
        let html = MarkdownHTML.render("| a | b |\n|---|---|\n| `x` | ~~y~~ |\n\n- [x] done\n\nsee https://example.com\n").html
        #expect(html.contains("<table>") && html.contains("<td><code>x</code></td>") && html.contains("<del>y</del>"))
        #expect(html.contains(#"<input type="checkbox" checked="" disabled="" />"#))
        #expect(html.contains(#"<a href="https://example.com">https://example.com</a>"#))
    }

    @Test("marks wrap text, code spans and links, ASCII case-insensitively, with the class given")
    func marks() {
        let r = MarkdownHTML.render(
            "Use `maxRetries` with [auth](https://example.com/Auth) for 30 seconds, not 300.\n",
            marks: [.init("maxretries", cssClass: "inline-code-mismatch"), .init("example.com/auth", cssClass: "link-mismatch"), .init("30", cssClass: "number-mismatch")])
        #expect(r.html == #"<p>Use <mark class="inline-code-mismatch"><code>maxRetries</code></mark> with <mark class="link-mismatch"><a href="https://example.com/Auth">auth</a></mark> for <mark class="number-mismatch">30</mark> seconds, not 300.</p>"# + "\n")
        #expect(r.markCount == 3)
        // A class is reduced to letters, digits, '-' and '_'.
        #expect(MarkdownHTML.render("a b\n", marks: [.init("b", cssClass: "x\" onclick=\"y")]).html == #"<p>a <mark class="xonclicky">b</mark></p>"# + "\n")
    }

    @Test("safe mode: raw HTML omitted, dangerous URLs dropped, text escaped, control characters replaced")
    func safe() {
        let html = MarkdownHTML.render("<script>alert(1)</script>\n\nx <img src=x onerror=alert(2)> </textarea> [a](javascript:alert(3)) `<b>` \u{1}\u{7F}\u{85}\n").html
        #expect(!html.contains("<script") && !html.contains("<img") && !html.contains("</textarea>") && !html.contains("javascript:"))
        #expect(html.contains("<!-- raw HTML omitted -->") && html.contains("<code>&lt;b&gt;</code>") && html.contains(#"<a href="">a</a>"#))
        #expect(html.contains("\u{FFFD}\u{FFFD}\u{FFFD}"))
    }

    @Test("images become their alt text when images are off")
    func images() {
        #expect(MarkdownHTML.render("![a *b*](x.png)\n", images: false).html == #"<p><span class="image">a <em>b</em></span></p>"# + "\n")
        #expect(MarkdownHTML.render("![a](x.png)\n").html.contains(#"<img src="x.png" alt="a" />"#))
    }

    @Test("a block's source range: its lines, without the container prefix before its column")
    func sourceRange() {
        let text = "# T\n\n- item\n\n  ```swift\n  let x = 1\n  ```\n> quoted\n> more\n"
        let code = SourceRange(start: SourceLocation(file: "p.md", line: 5, column: 3), end: SourceLocation(file: "p.md", line: 7, column: 5))
        #expect(MarkdownHTML.source(of: code, in: text) == "```swift\nlet x = 1\n```\n")
        let quote = SourceRange(start: SourceLocation(file: "p.md", line: 8, column: 3), end: SourceLocation(file: "p.md", line: 9, column: 8))
        #expect(MarkdownHTML.render(MarkdownHTML.source(of: quote, in: text)).html == "<p>quoted\nmore</p>\n")
        #expect(MarkdownHTML.fenced("a ``` b", info: "html") == "````html\na ``` b\n````\n")
    }
}
