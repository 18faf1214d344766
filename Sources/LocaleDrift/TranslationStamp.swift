import ContentHash
import DocDiagnostics
import SpecModel

/// A section of a source page as a translation stamp records it: a key (the slug of its heading),
/// its heading, and the hash of its text.
public struct SourceSection: Hashable, Sendable {
    /// The key in `translation-of.sections`: the slug of the heading text (lower-cased, spaces as
    /// `-`, punctuation dropped, `-2`, `-3`, … for repeats), or `_intro` for the text before the
    /// first heading.
    public var key: String
    /// The heading's text; `nil` for the text before the first heading.
    public var title: String?
    /// The heading's line, or the first line of the text before the first heading.
    public var line: Int
    /// The first 16 hex digits of the SHA-256 of the section's normalised text.
    public var hash: String
}

/// The content hashes a translation records in its front matter (`translation-of`): what the
/// source page was when the translation was last reviewed.
///
/// Hashes are the first 16 hex digits (64 bits) of SHA-256 over UTF-8 text normalised so that
/// line endings and trailing spaces do not count: CRLF and CR become LF, trailing spaces and tabs
/// of each line are dropped, and so are leading and trailing blank lines. The page hash covers
/// the page without its front matter; a section runs from its heading (any level) to the next
/// heading.
public enum TranslationHash {
    /// The key of the text before the first heading.
    public static let introKey = "_intro"

    /// The page hash and the sections of `page`, in order. The text before the first heading is a
    /// section only when it is not blank.
    public static func sections(of page: SpecPage) -> (page: String, sections: [SourceSection]) {
        let lines = split(page.document.text)
        let bodyStart = (page.frontMatter?.lines.upperBound ?? 0)  // 0-based index of the first body line
        let body = bodyStart < lines.count ? Array(lines[bodyStart...]) : []
        let pageHash = hash(normalise(body[...]))
        var headingLines: [(line: Int, title: String)] = []
        for h in page.headings where h.range.start.line > bodyStart && headingLines.last.map({ $0.line < h.range.start.line }) ?? true {
            headingLines.append((h.range.start.line, h.text))
        }
        var sections: [SourceSection] = []
        var keys = SlugSet()
        let firstHeading = headingLines.first?.line ?? (lines.count + 1)
        let intro = normalise(lines[min(bodyStart, lines.count)..<min(firstHeading - 1, lines.count)])
        if !intro.isEmpty {
            let first = (bodyStart..<lines.count).first { !lines[$0].allSatisfy { $0 == " " || $0 == "\t" } } ?? bodyStart
            sections.append(SourceSection(key: keys.unique(introKey), title: nil, line: first + 1, hash: hash(intro)))
        }
        for (i, h) in headingLines.enumerated() {
            let end = i + 1 < headingLines.count ? headingLines[i + 1].line - 1 : lines.count
            let text = normalise(lines[min(h.line - 1, lines.count)..<min(end, lines.count)])
            sections.append(SourceSection(key: keys.unique(slug(h.title)), title: h.title, line: h.line, hash: hash(text)))
        }
        return (pageHash, sections)
    }

    /// The text's lines without their line ending (LF or CRLF).
    static func split(_ text: String) -> [Substring] {
        // CRLF is one Character in Swift; the parser already read lone CRs as LFs.
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        if text.last == "\n" || text.last == "\r\n" { lines.removeLast() }
        return lines
    }

    /// Lines joined with LF, each without trailing spaces and tabs, without leading and trailing
    /// blank lines.
    static func normalise(_ lines: ArraySlice<Substring>) -> String {
        var out = lines.map { line -> Substring in
            var l = line
            while let c = l.last, c == " " || c == "\t" || c == "\r" { l.removeLast() }
            return l
        }
        while out.first?.isEmpty == true { out.removeFirst() }
        while out.last?.isEmpty == true { out.removeLast() }
        return out.joined(separator: "\n")
    }

    /// The first 16 hex digits of the SHA-256 of `text`'s UTF-8 bytes (`ContentHash`).
    public static func hash(_ text: String) -> String {
        ContentHash.sha256Hex(text, hexDigits: 16)
    }

    /// The slug of a heading: lower-cased letters and digits kept, spaces become `-`, other
    /// punctuation is dropped; `section` when nothing is left.
    public static func slug(_ title: String) -> String {
        var out = ""
        for ch in title.lowercased() {
            if ch.isLetter || ch.isNumber || ch == "_" {
                out.append(ch)
            } else if ch.isWhitespace || ch == "-" {
                if !out.isEmpty, out.last != "-" { out.append("-") }
            }
        }
        while out.last == "-" { out.removeLast() }
        return out.isEmpty ? "section" : out
    }

    /// Makes keys unique within a page: the second `usage` is `usage-2`.
    struct SlugSet {
        var used: Set<String> = []
        mutating func unique(_ base: String) -> String {
            var key = base
            var n = 2
            while used.contains(key) {
                key = "\(base)-\(n)"
                n += 1
            }
            used.insert(key)
            return key
        }
    }
}

/// A `translation-of` stamp read from a translation's front matter.
public struct TranslationStamp: Equatable, Sendable {
    /// The locale the page was translated from.
    public var locale: String
    /// The hash of the whole source page when the translation was stamped.
    public var hash: String
    /// Section key → hash, in the order written (the source's section order at stamp time).
    public var sections: [(key: String, hash: String)]
    /// The file line of the `translation-of` key.
    public var line: Int

    /// Creates a stamp.
    public init(locale: String, hash: String, sections: [(key: String, hash: String)], line: Int) {
        self.locale = locale
        self.hash = hash
        self.sections = sections
        self.line = line
    }

    /// What reading a page's stamp gives.
    public enum Reading: Sendable {
        /// A well-formed stamp.
        case stamp(TranslationStamp)
        /// A `front-matter` error: the stamp is there but cannot be read.
        case malformed(Diagnostic)
    }

    /// The front matter key the stamp is written under.
    public static let key = "translation-of"

    /// Reads the stamp of a page: `nil` when its front matter has no `translation-of` key; a
    /// `front-matter` error diagnostic (with the file line of the offending key) when the value
    /// is not a mapping with a `locale`, a 16-hex-digit `hash` and optional `sections` of
    /// 16-hex-digit hashes.
    public static func read(_ frontMatter: FrontMatter?, path: String) -> Reading? {
        guard let fm = frontMatter, let entry = fm.value.entries?.first(where: { $0.key == key }) else { return nil }
        func line(_ yamlLine: Int) -> Int { fm.lines.lowerBound + yamlLine }
        func fail(_ message: String, _ yamlLine: Int) -> Reading {
            .malformed(.error(
                "front-matter", "'\(key)' \(message); run 'docspec stamp' to write it again",
                at: SourceLocation(file: path, line: line(yamlLine))))
        }
        func isHash(_ s: String) -> Bool {
            s.utf8.count == 16 && s.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
        guard let entries = entry.value.entries else {
            return fail("must be a mapping with 'locale', 'hash' and 'sections'", entry.line)
        }
        var locale: String?
        var hash: String?
        var sections: [(key: String, hash: String)] = []
        for e in entries {
            switch e.key {
            case "locale":
                guard let s = e.value.string, !s.isEmpty else { return fail("has a 'locale' that is not a locale code", e.line) }
                locale = s
            case "hash":
                guard let s = e.value.string, isHash(s) else { return fail("has a 'hash' that is not 16 lower-case hex digits", e.line) }
                hash = s
            case "sections":
                guard let items = e.value.entries else {
                    if e.value.string == "" { continue }  // `sections:` with nothing under it
                    return fail("has 'sections' that is not a mapping of section keys to hashes", e.line)
                }
                for item in items {
                    guard let s = item.value.string, isHash(s) else {
                        return fail("has a hash for section '\(item.key)' that is not 16 lower-case hex digits", item.line)
                    }
                    sections.append((item.key, s))
                }
            default:
                return fail("has an unknown key '\(e.key)' (expected 'locale', 'hash' and 'sections')", e.line)
            }
        }
        guard let locale else { return fail("has no 'locale'", entry.line) }
        guard let hash else { return fail("has no 'hash'", entry.line) }
        return .stamp(TranslationStamp(locale: locale, hash: hash, sections: sections, line: line(entry.line)))
    }

    /// Equal when locale and hashes, in order, are equal (where the stamp is written aside).
    public static func == (lhs: TranslationStamp, rhs: TranslationStamp) -> Bool {
        lhs.locale == rhs.locale && lhs.hash == rhs.hash && lhs.sections.map(\.key) == rhs.sections.map(\.key)
            && lhs.sections.map(\.hash) == rhs.sections.map(\.hash)
    }

    /// The YAML lines of the stamp (without line endings), `translation-of:` first, indented by
    /// two spaces per level.
    public func yamlLines() -> [String] {
        var out = ["\(Self.key):", "  locale: \(Self.yamlScalar(locale))", "  hash: \(hash)"]
        if !sections.isEmpty {
            out.append("  sections:")
            for s in sections { out.append("    \(Self.yamlScalar(s.key)): \(s.hash)") }
        }
        return out
    }

    /// `s` as a plain YAML scalar when that reads back the same, else double-quoted.
    static func yamlScalar(_ s: String) -> String {
        let plain = !s.isEmpty && s.first.map { $0.isLetter || $0.isNumber || $0 == "_" } == true
            && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
        if plain { return s }
        var q = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": q += "\\\""
            case "\\": q += "\\\\"
            default:
                if scalar.value < 0x20 {
                    q += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    q.unicodeScalars.append(scalar)
                }
            }
        }
        return q + "\""
    }

    /// The stamp a translation of `source` should carry now.
    public static func current(for source: SpecPage) -> TranslationStamp {
        let s = TranslationHash.sections(of: source)
        return TranslationStamp(locale: source.locale, hash: s.page, sections: s.sections.map { ($0.key, $0.hash) }, line: 0)
    }
}
