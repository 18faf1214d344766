import LocaleDrift
import SpecModel
import Testing

/// `index: text` of each normalised line (index = 0-based line in the original code).
private func normalized(_ code: String, _ language: String) -> [String] {
    CodeNormalizer.normalizedLines(code, language: language).map { "\($0.index): \($0.text)" }
}

@Suite("CodeNormalizer")
struct CodeNormalizerTests {
    @Test("Swift: // and /* */ comments go, line indexes stay; // inside a string literal is code")
    func swift() {
        let code = #"""
            /* 消費情報を送信します。
               同意が必要です。 */
            let url = URL(string: "https://api.storekit.itunes.apple.com/inApps/v1")!  // 本番環境
            let note = "say \"// not a comment\" here" /* 説明 */ + "/* nor this */"
            """#
        #expect(normalized(code, "swift") == [
            #"2: let url = URL(string: "https://api.storekit.itunes.apple.com/inApps/v1")!"#,
            #"3: let note = "say \"// not a comment\" here"  + "/* nor this */""#,
        ])
    }

    @Test("C-family aliases: js, ts, go, kotlin strip // comments")
    func cFamilyAliases() {
        for language in ["js", "typescript", "go", "kotlin", "java", "c++"] {
            #expect(normalized("const a = 1 // コメント", language) == ["0: const a = 1"], "\(language)")
        }
    }

    @Test("Rust: lifetimes 'a are not char literals; '/' and '\"' char literals are")
    func rustLifetimes() {
        let code = """
            fn first<'a, 'b>(x: &'a str, _y: &'b str) -> &'a str { // 最初の引数を返す
                let slash = '/'; // スラッシュ
                let quote = '"'; // 引用符
                let escaped = '\\''; // エスケープ
                x
            }
            """
        #expect(normalized(code, "rust") == [
            "0: fn first<'a, 'b>(x: &'a str, _y: &'b str) -> &'a str {",
            "1:     let slash = '/';",
            "2:     let quote = '\"';",
            "3:     let escaped = '\\'';",
            "4:     x",
            "5: }",
        ])
    }

    @Test("Shell: # starts a comment only at a word start, outside quotes; $#, \"#\" and ${#a[@]} are code")
    func shell() {
        let code = """
            #!/bin/sh
            # 引数の数を表示する
            echo $# "#" '#' ${#args[@]} # 件数
            curl https://example.com/docs#section  # フラグメント付き URL
            """
        #expect(normalized(code, "sh") == [
            "0: #!/bin/sh",
            ##"2: echo $# "#" '#' ${#args[@]}"##,
            "3: curl https://example.com/docs#section",
        ])
        #expect(normalized("echo $# # 件数", "bash") == ["0: echo $#"])
    }

    @Test("YAML: full-line and trailing comments go; # inside quotes or a word stays")
    func yaml() {
        let code = """
            # サーバー通知の設定
            notifications:
              url: "https://example.com/appstore#v2"  # 受信先
              colour: '#ff0000'
              anchor: page#top
            """
        #expect(normalized(code, "yaml") == [
            "1: notifications:",
            #"2:   url: "https://example.com/appstore#v2""#,
            "3:   colour: '#ff0000'",
            "4:   anchor: page#top",
        ])
        #expect(normalized("a: 1 # コメント", "yml") == ["0: a: 1"])
    }

    @Test("Hash style: an apostrophe inside a word does not open a quote; a prefixed string still does")
    func apostrophe() {
        #expect(normalized("title: Apple's server API  # タイトル", "yaml") == ["0: title: Apple's server API"])
        #expect(normalized("print(f'{count} #items')  # 件数", "python") == ["0: print(f'{count} #items')"])
    }

    @Test("JSON is untouched: // and # are content; only trailing whitespace and blank lines go")
    func jsonUntouched() {
        let code = "{\n  \"url\": \"https://example.com/#top\",  \n\n  \"note\": \"// そのまま\"\n}\n"
        #expect(normalized(code, "json") == [
            "0: {",
            #"1:   "url": "https://example.com/#top","#,
            #"3:   "note": "// そのまま""#,
            "4: }",
        ])
    }

    @Test("Unknown or missing language keeps comments")
    func unknownLanguage() {
        #expect(normalized("a // b # c -- d", "text") == ["0: a // b # c -- d"])
        #expect(normalized("a // b", "") == ["0: a // b"])
    }

    @Test("HTML: <!-- --> comments go, also across lines")
    func html() {
        let code = """
            <!-- 購入ボタン -->
            <button id="buy">購入</button> <!-- 主要な操作 -->
            <!--
              複数行の
              コメント
            -->
            <a href="#top">先頭へ</a>
            """
        #expect(normalized(code, "html") == [
            #"1: <button id="buy">購入</button>"#,
            ##"6: <a href="#top">先頭へ</a>"##,
        ])
    }

    @Test("SQL: -- comments go; '--' in a string literal stays")
    func sql() {
        let code = """
            -- 返金申請中のトランザクション
            SELECT id, '--' AS marker FROM transactions -- 絞り込み
            WHERE status = 'REFUND_REQUESTED';
            """
        #expect(normalized(code, "sql") == [
            "1: SELECT id, '--' AS marker FROM transactions",
            "2: WHERE status = 'REFUND_REQUESTED';",
        ])
    }

    @Test("Trailing spaces, tabs and carriage returns go; indentation stays")
    func trailingWhitespace() {
        #expect(normalized("  let a = 1 \t\n\t\n    let b = 2\r", "swift") == ["0:   let a = 1", "2:     let b = 2"])
    }

    @Test("CRLF line endings split into lines and end // comments")
    func crlf() {
        #expect(normalized("let a = 1 // 一\r\nlet b = 2 // 二\r\n", "swift") == ["0: let a = 1", "1: let b = 2"])
    }
}

@Suite("Triple-quoted strings")
struct TripleQuotedStringTests {
    @Test("comment-like lines inside Swift and Python multi-line strings are kept", arguments: [
        ("swift", "let s = \"\"\"\n// not a comment\n\"\"\"\n// a comment", ["let s = \"\"\"", "// not a comment", "\"\"\""]),
        ("python", "s = '''\n# not a comment\n'''\n# a comment", ["s = '''", "# not a comment", "'''"]),
    ])
    func kept(language: String, code: String, expected: [String]) {
        #expect(CodeNormalizer.normalizedLines(code, language: language).map(\.text) == expected)
    }
}
