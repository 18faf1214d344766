import Foundation

/// Removes comments and trailing whitespace from code so samples whose comments were translated
/// still compare equal. Language-aware: C-family (`//`, `/* */`: Swift, JavaScript/TypeScript,
/// Rust, Go, Java, Kotlin, C, C++, C#), hash (`#`: shell, YAML, Python, Ruby, TOML), HTML/XML
/// (`<!-- -->`), SQL/Lua (`--`); JSON and unknown languages keep every character. String
/// literals are respected, so `"https://…"` is not a comment, and so are triple-quoted
/// multi-line strings.
public enum CodeNormalizer {
    /// A non-blank line after normalisation, with its 0-based index in the original code.
    public struct Line: Hashable, Sendable {
        /// 0-based line index in the original code (a CRLF counts as one line break).
        public var index: Int
        /// The line with comments and trailing whitespace removed; never blank.
        public var text: String
    }

    enum Style { case cFamily, hash, markup, sql, none }

    static func style(for language: String) -> Style {
        switch language {
        case "swift", "js", "javascript", "jsx", "ts", "typescript", "tsx", "rust", "rs", "go", "java", "kotlin", "kt",
            "c", "cpp", "c++", "h", "objc", "objective-c", "cs", "csharp", "scala", "dart", "php", "json5", "jsonc":
            .cFamily
        case "sh", "bash", "shell", "zsh", "console", "shell-session", "yaml", "yml", "python", "py", "ruby", "rb", "toml",
            "perl", "r", "make", "makefile", "dockerfile", "ini", "conf", "properties":
            .hash
        case "html", "xml", "svg", "vue", "vue-html", "xhtml", "svelte", "markdown", "md", "mdx":
            .markup
        case "sql", "lua", "haskell", "hs":
            .sql
        default:
            .none
        }
    }

    /// The code's non-blank lines with comments and trailing whitespace removed.
    public static func normalizedLines(_ code: String, language: String) -> [Line] {
        // Scalars, not `Character`s: every marker below is ASCII, and a CRLF pair must count as
        // one line break (as a `Character` it is one, and `//` comments end before it).
        var scalars = Array(code.unicodeScalars)
        if scalars.contains("\r") {
            var w = 0
            for r in scalars.indices where !(scalars[r] == "\r" && r + 1 < scalars.count && scalars[r + 1] == "\n") {
                scalars[w] = scalars[r]
                w += 1
            }
            scalars.removeLast(scalars.count - w)
        }
        let stripped = strip(scalars, style: style(for: language), singleQuoteStrings: singleQuoteLanguages.contains(language))
        var out: [Line] = []
        var index = 0
        var start = 0
        func flush(_ end: Int) {
            var e = end
            while e > start, stripped[e - 1] == " " || stripped[e - 1] == "\t" || stripped[e - 1] == "\r" { e -= 1 }
            var k = start
            while k < e, stripped[k] == " " || stripped[k] == "\t" { k += 1 }
            if k < e {
                var text = String.UnicodeScalarView()
                text.append(contentsOf: stripped[start..<e])
                out.append(Line(index: index, text: String(text)))
            }
        }
        for k in stripped.indices where stripped[k] == "\n" {
            flush(k)
            index += 1
            start = k + 1
        }
        flush(stripped.count)
        return out
    }

    /// The code's normalised lines (`normalizedLines`) joined by line breaks.
    public static func normalized(_ code: String, language: String) -> String {
        normalizedLines(code, language: language).map(\.text).joined(separator: "\n")
    }

    /// Replaces comment characters with nothing, keeping newlines so line indexes stay right.
    /// Languages where `'…'` is a string (JavaScript, TypeScript, PHP, Dart); elsewhere in the
    /// C family `'` starts a character literal or a lifetime/label (Swift, Rust).
    static let singleQuoteLanguages: Set<String> = ["js", "javascript", "jsx", "mjs", "cjs", "ts", "typescript", "tsx", "php", "dart", "json5", "jsonc"]

    /// Comment stripping over Unicode scalars (every marker it looks for is ASCII).
    static func strip(_ chars: [Unicode.Scalar], style: Style, singleQuoteStrings: Bool) -> [Unicode.Scalar] {
        if style == .none { return chars }
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(chars.count)
        var i = 0
        var quote: Unicode.Scalar?
        func at(_ k: Int) -> Unicode.Scalar? { k < chars.count ? chars[k] : nil }
        while i < chars.count {
            let c = chars[i]
            // Triple-quoted strings (Swift and Kotlin `"""`, Python `"""` and `'''`) span lines
            // and hold text that only looks like comments: copy them whole.
            if quote == nil, style == .cFamily || style == .hash, c == "\"" || (c == "'" && style == .hash),
                at(i + 1) == c, at(i + 2) == c
            {
                var j = i + 3
                while j < chars.count, !(chars[j] == c && at(j + 1) == c && at(j + 2) == c) {
                    if chars[j] == "\\" { j += 1 }
                    j += 1
                }
                let end = min(j + 3, chars.count)
                out.append(contentsOf: chars[i..<end])
                i = end
                continue
            }
            if let q = quote {
                out.append(c)
                if c == "\\", style != .sql, let n = at(i + 1) {
                    out.append(n)
                    i += 2
                    continue
                }
                if c == q || c == "\n" && q != "`" { quote = nil }
                i += 1
                continue
            }
            switch style {
            case .cFamily:
                if c == "/", at(i + 1) == "/" {
                    while i < chars.count, chars[i] != "\n" { i += 1 }
                    continue
                }
                if c == "/", at(i + 1) == "*" {
                    i += 2
                    while i < chars.count, !(chars[i] == "*" && at(i + 1) == "/") {
                        if chars[i] == "\n" { out.append("\n") }
                        i += 1
                    }
                    i += 2
                    continue
                }
                if c == "\"" || c == "`" || (c == "'" && (singleQuoteStrings || isCharLiteralStart(chars, i))) { quote = c }
            case .hash:
                let atWordStart = i == 0 || chars[i - 1] == " " || chars[i - 1] == "\t" || chars[i - 1] == "\n"
                if c == "#", atWordStart, !(i == 0 && at(1) == "!") {
                    while i < chars.count, chars[i] != "\n" { i += 1 }
                    continue
                }
                if c == "\"" || c == "'" && !isApostrophe(chars, i) { quote = c }
            case .markup:
                if c == "<", at(i + 1) == "!", at(i + 2) == "-", at(i + 3) == "-" {
                    i += 4
                    while i < chars.count, !(chars[i] == "-" && at(i + 1) == "-" && at(i + 2) == ">") {
                        if chars[i] == "\n" { out.append("\n") }
                        i += 1
                    }
                    i += 3
                    continue
                }
            case .sql:
                if c == "-", at(i + 1) == "-" {
                    while i < chars.count, chars[i] != "\n" { i += 1 }
                    continue
                }
                if c == "'" || c == "\"" { quote = c }
            case .none:
                break
            }
            out.append(c)
            i += 1
        }
        return out
    }

    /// In YAML plain scalars and prose (`Apple's`), a `'` after a letter or digit with no other
    /// `'` later on the line is an apostrophe, not an opening quote.
    static func isApostrophe(_ chars: [Unicode.Scalar], _ i: Int) -> Bool {
        guard i > 0, chars[i - 1].properties.isAlphabetic || chars[i - 1].properties.numericType != nil else { return false }
        var k = i + 1
        while k < chars.count, chars[k] != "\n" {
            if chars[k] == "'" { return false }
            k += 1
        }
        return true
    }

    /// In Rust and Swift a `'` also starts lifetimes/labels; treat it as a quote only when a
    /// closing `'` follows within a few characters (a char literal).
    static func isCharLiteralStart(_ chars: [Unicode.Scalar], _ i: Int) -> Bool {
        var k = i + 1
        var n = 0
        while k < chars.count, n < 4 {
            if chars[k] == "'" { return true }
            if chars[k] == "\n" { return false }
            k += 1
            n += 1
        }
        return false
    }

    /// Whether two code lines differ only in text a translator is expected to translate: the
    /// contents of string literals and HTML/JSX text between tags, where the translation is in
    /// another script than Latin (so a changed URL, identifier or English word is still drift).
    /// In markup languages a line holding only text counts as one text run; in other languages
    /// text between tags counts on lines with a closing tag (JSX). Quote styles are not compared.
    public static func differsOnlyInTranslatedText(_ source: String, _ target: String, language: String) -> Bool {
        let (maskedSource, source) = textRuns(source, markup: style(for: language) == .markup || language == "jsx" || language == "tsx")
        let (maskedTarget, target) = textRuns(target, markup: style(for: language) == .markup || language == "jsx" || language == "tsx")
        guard maskedSource == maskedTarget, source.count == target.count else { return false }
        var changed = false
        for (s, t) in zip(source, target) where s != t {
            guard t.unicodeScalars.contains(where: isNonLatinLetter), !s.hasBytes("://") else { return false }
            changed = true
        }
        return changed
    }

    /// A letter of a script other than Latin (Cyrillic, kana, kanji, …).
    static func isNonLatinLetter(_ u: Unicode.Scalar) -> Bool {
        u.value > 0x24F && u.properties.isAlphabetic
    }

    /// The line with every string literal's contents and every text run between tags replaced by
    /// a placeholder, and the replaced texts in order.
    static func textRuns(_ line: String, markup: Bool) -> (masked: String, runs: [String]) {
        let chars = Array(line)
        if markup, !chars.contains("<"), !chars.contains("{"), !chars.contains("=") {
            let text = line.trimmingCharacters(in: .whitespaces)
            return (line.replacingOccurrences(of: text, with: "\u{1}"), [text])
        }
        var masked = ""
        var runs: [String] = []
        // JSX inside JavaScript/TypeScript samples: a line with a closing tag has text runs too.
        let jsx = line.hasBytes("</")
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "\"" || c == "'" || c == "`" {
                var j = i + 1
                var content = ""
                while j < chars.count, chars[j] != c {
                    if chars[j] == "\\", j + 1 < chars.count { content.append(chars[j]); j += 1 }
                    content.append(chars[j])
                    j += 1
                }
                if j < chars.count {
                    masked.append("\u{1}")  // quote style is not compared: 'a' and "a" are one literal
                    runs.append(content)
                    i = j + 1
                    continue
                }
            }
            if markup || jsx, c == ">" {
                var j = i + 1
                var content = ""
                while j < chars.count, chars[j] != "<", chars[j] != "{" {
                    content.append(chars[j])
                    j += 1
                }
                masked.append(">")
                if !content.trimmingCharacters(in: .whitespaces).isEmpty {
                    masked.append("\u{1}")
                    runs.append(content.trimmingCharacters(in: .whitespaces))
                }
                i = j
                continue
            }
            masked.append(c)
            i += 1
        }
        return (masked, runs)
    }
}
