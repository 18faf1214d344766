import Testing

@testable import SpecModel

// `LinkTarget.normalize` takes a byte path for ASCII targets; it must give what the general
// (`String`) path gives, for every shape of target.
@Suite("Link target normalisation: the ASCII byte path agrees with the general path")
struct LinkTargetFastPathTests {
    /// Targets built from pieces: schemes, hosts (locale subdomains, `www.`), paths with locale
    /// segments of every form, extensions, trailing slashes, fragments, spaces and angle brackets.
    static var targets: [String] {
        let schemes = ["", "https://", "HTTP://", "ftp://"]
        let hosts = ["", "example.com", "ja.wikipedia.org", "WWW.Example.com", "ru.vuejs.org", "www.", "en.x", "pt-br.site.dev", "a.b.c"]
        let paths = [
            "", "/", "/docs/Web/API", "/ru/docs/web/api/", "ja/guide/list", "/en-US/docs", "/pt_BR/x.md", "/zh-Hans/a.mdx",
            "/zh-Hant-TW/b.html", "/es-419/c.htm", "/it/", "//", "/x//y/", "/ja-JP/z", "/JA/Y", "/docs/.md", "/.html", "/a-b-c-d/e",
            "/verylongsegmentname-with-parts/x", "/ab_cd_ef/g", "/qq/x", "/ru-/x", "/-ru/x", "../ch03-02.md", "./a.md/", "/a%20b",
        ]
        let fragments = ["", "#", "#x", "#Section-6.5.1", "#%E3%81%82", "#a#b"]
        var out: [String] = []
        for s in schemes {
            for h in hosts {
                for p in paths {
                    for f in fragments { out.append(s + h + p + f) }
                }
            }
        }
        out += ["  /ja/docs  ", "\t<https://ja.react.dev/learn>\n", "<>", "<x>", "<", ">", "#only", " ", "", "a", "/", "//", "://", "https://"]
        return out
    }

    @Test("ASCII targets give the same result on both paths", arguments: [
        Set<String>(), ["ja", "ru"], ["ja", "ru", "en"], ["pt-br", "zh-hans"], ["JA"], ["verylongsegmentname-with-parts"], [""],
    ])
    func sameResult(locales: Set<String>) {
        for t in Self.targets {
            let fast = LinkTarget.normalizedASCII(t, locales: locales)
            #expect(fast != nil, "\(t) should take the byte path")
            #expect(fast ?? nil == LinkTarget.normalizedGeneral(t, locales: locales), "\(t) with \(locales)")
        }
    }

    @Test("Non-ASCII targets, CR bytes and non-ASCII locale codes take the general path")
    func generalPath() {
        #expect(LinkTarget.normalizedASCII("https://ja.wikipedia.org/wiki/マスク", locales: ["ja"]) == nil)
        #expect(LinkTarget.normalizedASCII("/ja/a\r\nb", locales: ["ja"]) == nil)
        #expect(LinkTarget.normalizedASCII("/ja/a", locales: ["日本"]) == nil)
        #expect(LinkTarget.normalize("https://ja.wikipedia.org/wiki/マスク", locales: ["ja"]) == "https://wikipedia.org/…")
        #expect(LinkTarget.normalize("/ja/docs/Web#x", locales: ["ja"]) == "/docs/web")
        #expect(LinkTarget.normalize("https://www.rfc-editor.org/rfc/rfc9110#section-6", locales: []) == "https://rfc-editor.org/rfc/rfc9110#section-6")
    }

    @Test("Locale segments on bytes agree with isLocale")
    func isLocaleBytes() {
        let segments = ["", "ja", "JA", "ja-jp", "en-us", "pt_br", "zh-hans", "zh-hant-tw", "es-419", "docs", "it", "qq", "ab-cd-ef-gh", "en-", "-en",
            "en_", "x", "abcdefghijklmnopq", "ja.x", "en-usa", "en-12", "en-1234", "sr-latn-rs", "ja-jp-x"]
        for locales in [Set<String>(), ["ja", "ru"], ["ja-jp"], ["docs"]] {
            for s in segments {
                let bytes = Array(s.utf8)
                let fast = bytes.withUnsafeBufferPointer { LinkTarget.isLocaleASCII($0, locales) }
                #expect(fast == LinkTarget.isLocale(s, locales), "\(s) with \(locales)")
            }
        }
    }
}
