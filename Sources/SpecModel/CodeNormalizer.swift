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
        let (stripped, lines) = normalizedLineRanges(code, language: language)
        return lines.map { Line(index: $0.index, text: String(decoding: stripped[$0.bytes], as: UTF8.self)) }
    }

    /// The code's normalised lines (`normalizedLines`) joined by line breaks, made in one buffer.
    public static func normalized(_ code: String, language: String) -> String {
        let (stripped, lines) = normalizedLineRanges(code, language: language)
        var out: [UInt8] = []
        out.reserveCapacity(stripped.count)
        for (k, line) in lines.enumerated() {
            if k > 0 { out.append(0x0A) }
            out.append(contentsOf: stripped[line.bytes])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The code's UTF-8 bytes with comments removed, and where each of `normalizedLines` is in
    /// them (its 0-based line index and bytes).
    static func normalizedLineRanges(_ code: String, language: String) -> (stripped: [UInt8], lines: [(index: Int, bytes: Range<Int>)]) {
        // UTF-8 bytes, not `Character`s: every marker below is ASCII (no byte of a multi-byte
        // scalar is), and a CRLF pair must count as one line break (as a `Character` it is one,
        // and `//` comments end before it).
        var bytes = Array(code.utf8)
        if bytes.contains(0x0D) {
            var w = 0
            for r in bytes.indices where !(bytes[r] == 0x0D && r + 1 < bytes.count && bytes[r + 1] == 0x0A) {
                bytes[w] = bytes[r]
                w += 1
            }
            bytes.removeLast(bytes.count - w)
        }
        let stripped = strip(bytes, style: style(for: language), singleQuoteStrings: singleQuoteLanguages.contains(language))
        var out: [(index: Int, bytes: Range<Int>)] = []
        var index = 0
        var start = 0
        func flush(_ end: Int) {
            var e = end
            while e > start, stripped[e - 1] == 0x20 || stripped[e - 1] == 0x09 || stripped[e - 1] == 0x0D { e -= 1 }
            var k = start
            while k < e, stripped[k] == 0x20 || stripped[k] == 0x09 { k += 1 }
            if k < e { out.append((index, start..<e)) }
        }
        for k in stripped.indices where stripped[k] == 0x0A {
            flush(k)
            index += 1
            start = k + 1
        }
        flush(stripped.count)
        return (stripped, out)
    }

    /// Replaces comment characters with nothing, keeping newlines so line indexes stay right.
    /// Languages where `'…'` is a string (JavaScript, TypeScript, PHP, Dart); elsewhere in the
    /// C family `'` starts a character literal or a lifetime/label (Swift, Rust).
    static let singleQuoteLanguages: Set<String> = ["js", "javascript", "jsx", "mjs", "cjs", "ts", "typescript", "tsx", "php", "dart", "json5", "jsonc"]

    /// Comment stripping over UTF-8 bytes (every marker it looks for is ASCII, and no byte of a
    /// multi-byte scalar is ASCII, so the bytes of other scalars are copied through unchanged).
    static func strip(_ chars: [UInt8], style: Style, singleQuoteStrings: Bool) -> [UInt8] {
        if style == .none { return chars }
        let nl = UInt8(ascii: "\n")
        // Written straight into the array's storage: every byte written is one read (comments
        // are dropped, their line breaks kept), so the result is never longer than `chars`.
        return [UInt8](unsafeUninitializedCapacity: chars.count) { buffer, count in
            var written = 0
            func emit(_ b: UInt8) {
                buffer[written] = b
                written += 1
            }
            var i = 0
            var quote: UInt8?
            func at(_ k: Int) -> UInt8? { k < chars.count ? chars[k] : nil }
            // Outside a string, the bytes that can start a comment or a string in `style`;
            // inside one, the bytes that can end it. Runs of other bytes are copied whole.
            func special(_ x: UInt8) -> Bool {
                switch style {
                case .cFamily: x == 0x2F || x == 0x22 || x == 0x27 || x == 0x60
                case .hash: x == 0x23 || x == 0x22 || x == 0x27
                case .markup: x == 0x3C
                case .sql: x == 0x2D || x == 0x27 || x == 0x22
                case .none: false
                }
            }
            while i < chars.count {
                var j = i
                if let q = quote {
                    while j < chars.count, chars[j] != q, chars[j] != 0x5C, chars[j] != nl { j += 1 }
                } else {
                    while j < chars.count, !special(chars[j]) { j += 1 }
                }
                if j > i {
                    for k in i..<j { emit(chars[k]) }
                    i = j
                    continue
                }
                let c = chars[i]
                // Triple-quoted strings (Swift and Kotlin `"""`, Python `"""` and `'''`) span lines
                // and hold text that only looks like comments: copy them whole.
                if quote == nil, style == .cFamily || style == .hash, c == 0x22 || (c == 0x27 && style == .hash),
                    at(i + 1) == c, at(i + 2) == c
                {
                    var j = i + 3
                    while j < chars.count, !(chars[j] == c && at(j + 1) == c && at(j + 2) == c) {
                        if chars[j] == 0x5C { j += 1 }
                        j += 1
                    }
                    let end = min(j + 3, chars.count)
                    for b in chars[i..<end] { emit(b) }
                    i = end
                    continue
                }
                if let q = quote {
                    emit(c)
                    if c == 0x5C, style != .sql, let n = at(i + 1) {
                        emit(n)
                        i += 2
                        continue
                    }
                    if c == q || c == nl && q != 0x60 { quote = nil }
                    i += 1
                    continue
                }
                switch style {
                case .cFamily:
                    if c == 0x2F, at(i + 1) == 0x2F {
                        while i < chars.count, chars[i] != nl { i += 1 }
                        continue
                    }
                    if c == 0x2F, at(i + 1) == 0x2A {
                        i += 2
                        while i < chars.count, !(chars[i] == 0x2A && at(i + 1) == 0x2F) {
                            if chars[i] == nl { emit(nl) }
                            i += 1
                        }
                        i += 2
                        continue
                    }
                    if c == 0x22 || c == 0x60 || (c == 0x27 && (singleQuoteStrings || isCharLiteralStart(chars, i))) { quote = c }
                case .hash:
                    let atWordStart = i == 0 || chars[i - 1] == 0x20 || chars[i - 1] == 0x09 || chars[i - 1] == nl
                    if c == 0x23, atWordStart, !(i == 0 && at(1) == 0x21) {
                        while i < chars.count, chars[i] != nl { i += 1 }
                        continue
                    }
                    if c == 0x22 || c == 0x27 && !isApostrophe(chars, i) { quote = c }
                case .markup:
                    if c == 0x3C, at(i + 1) == 0x21, at(i + 2) == 0x2D, at(i + 3) == 0x2D {
                        i += 4
                        while i < chars.count, !(chars[i] == 0x2D && at(i + 1) == 0x2D && at(i + 2) == 0x3E) {
                            if chars[i] == nl { emit(nl) }
                            i += 1
                        }
                        i += 3
                        continue
                    }
                case .sql:
                    if c == 0x2D, at(i + 1) == 0x2D {
                        while i < chars.count, chars[i] != nl { i += 1 }
                        continue
                    }
                    if c == 0x27 || c == 0x22 { quote = c }
                case .none:
                    break
                }
                emit(c)
                i += 1
            }
            count = written
        }
    }

    /// In YAML plain scalars and prose (`Apple's`), a `'` after a letter or digit with no other
    /// `'` later on the line is an apostrophe, not an opening quote.
    static func isApostrophe(_ chars: [UInt8], _ i: Int) -> Bool {
        guard i > 0 else { return false }
        // The scalar before the quote, decoded back from its last byte.
        var s = i - 1
        while s > 0, chars[s] & 0xC0 == 0x80 { s -= 1 }
        guard let previous = String(decoding: chars[s..<i], as: UTF8.self).unicodeScalars.first,
            previous.properties.isAlphabetic || previous.properties.numericType != nil
        else { return false }
        var k = i + 1
        while k < chars.count, chars[k] != 0x0A {
            if chars[k] == 0x27 { return false }
            k += 1
        }
        return true
    }

    /// In Rust and Swift a `'` also starts lifetimes/labels; treat it as a quote only when a
    /// closing `'` follows within a few characters (a char literal).
    static func isCharLiteralStart(_ chars: [UInt8], _ i: Int) -> Bool {
        var k = i + 1
        var n = 0
        while k < chars.count, n < 4 {
            if chars[k] == 0x27 { return true }
            if chars[k] == 0x0A { return false }
            k += 1
            // Characters are counted as scalars: the continuation bytes of one do not count.
            while k < chars.count, chars[k] & 0xC0 == 0x80 { k += 1 }
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
