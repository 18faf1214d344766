import DocDiagnostics
import SpecModel

/// An invariant token found in a page's text: its kind (as `InvariantTokens.kinds`: 0 numbers,
/// 1 inline code, 2 link and image targets, 3 placeholders, 4 HTML attribute names), its
/// normalised form (what the drift rules compare) and where its raw text is.
struct RawToken: Sendable {
    var kind: Int
    /// As the drift rules compare it (`TokenExtractor`'s normalisation).
    var normalized: String
    /// UTF-8 byte offsets of the raw text in the page text.
    var range: Range<Int>
    /// The raw text (for a code span, backticks included; for a link, the destination only;
    /// for an attribute, its name).
    var raw: String
}

/// Finds invariant tokens with their positions in the raw Markdown of a block: code spans,
/// link and image destinations, HTML attribute names and `href`/`src` values, then numbers and
/// placeholders in what remains (code, destinations, tags, comments, entities and `{{…}}` macros
/// masked). It mirrors `TokenExtractor`, which works on the parsed inlines without positions;
/// `docspec fix` only uses a token found here when its normalised form is the one the rule
/// reported, so a disagreement makes a finding "not fixable", never a wrong edit.
struct RawTokenScanner {
    let extractor: TokenExtractor

    /// The tokens of the bytes `range` of `index`, in text order per kind.
    func scan(_ index: TextIndex, _ range: Range<Int>) -> [RawToken] {
        // Scalars with their byte offsets.
        var u: [Unicode.Scalar] = []
        var off: [Int] = []
        u.reserveCapacity(range.count)
        off.reserveCapacity(range.count + 1)
        index.bytes.withUnsafeBufferPointer { bytes in
            var i = range.lowerBound
            while i < range.upperBound {
                let n = TextIndex.scalarLength(bytes[i])
                let end = min(i + n, range.upperBound)
                // The first scalar `String(decoding:)` would make of these bytes (U+FFFD for a
                // cut or invalid sequence), decoded without making the string.
                var iterator = UnsafeBufferPointer(rebasing: bytes[i..<end]).makeIterator()
                var decoder = UTF8()
                let s: Unicode.Scalar
                switch decoder.decode(&iterator) {
                case .scalarValue(let v): s = v
                case .error: s = "\u{FFFD}"
                case .emptyInput: s = " "
                }
                u.append(s)
                off.append(i)
                i = end
            }
        }
        off.append(range.upperBound)
        var masked = u
        var out: [RawToken] = []
        func text(_ r: Range<Int>) -> String { String(String.UnicodeScalarView(u[r])) }
        func mask(_ r: Range<Int>) { for k in r where k < masked.count { masked[k] = " " } }
        func bytesOf(_ r: Range<Int>) -> Range<Int> { off[r.lowerBound]..<off[r.upperBound] }
        var k = 0
        while k < u.count {
            let c = u[k]
            if c == "\\", k + 1 < u.count {  // an escaped character is text
                k += 2
                continue
            }
            if c == "`" {
                var n = 0
                while k + n < u.count, u[k + n] == "`" { n += 1 }
                var j = k + n
                var close: Int? = nil
                while j < u.count {
                    if u[j] == "`" {
                        var m = 0
                        while j + m < u.count, u[j + m] == "`" { m += 1 }
                        if m == n { close = j; break }
                        j += m
                    } else {
                        j += 1
                    }
                }
                guard let close else { k += n; continue }
                let content = text((k + n)..<close).trimmingSpaces
                if !content.isEmpty, !TokenExtractor.isTranslatableCode(content) {
                    out.append(RawToken(kind: 1, normalized: TokenExtractor.normalizeCode(content), range: bytesOf(k..<(close + n)), raw: text(k..<(close + n))))
                }
                mask(k..<(close + n))
                k = close + n
                continue
            }
            if c == "<", k + 3 < u.count, u[k + 1] == "!", u[k + 2] == "-", u[k + 3] == "-" {
                var j = k + 4
                while j + 2 < u.count, !(u[j] == "-" && u[j + 1] == "-" && u[j + 2] == ">") { j += 1 }
                let end = min(j + 3, u.count)
                mask(k..<end)
                k = end
                continue
            }
            if c == "<", let (tokens, end) = tag(u, k, bytesOf, text) {
                out += tokens
                mask(k..<end)
                k = end
                continue
            }
            if c == "]", k + 1 < u.count, u[k + 1] == "(" {
                var j = k + 2
                while j < u.count, u[j] == " " { j += 1 }
                let start = j
                var depth = 0
                if j < u.count, u[j] == "<" {
                    while j < u.count, u[j] != ">" { j += 1 }
                    j = min(j + 1, u.count)
                } else {
                    while j < u.count, u[j] != " ", u[j] != "\n", u[j] != "\r" {
                        if u[j] == "(" { depth += 1 }
                        if u[j] == ")" { if depth == 0 { break }; depth -= 1 }
                        j += 1
                    }
                }
                let dest = start..<j
                if let n = LinkTarget.normalize(text(dest), locales: extractor.locales), !dest.isEmpty {
                    out.append(RawToken(kind: 2, normalized: n, range: bytesOf(dest), raw: text(dest)))
                }
                var e = j
                while e < u.count, u[e] != ")" { e += 1 }
                mask(k..<min(e + 1, u.count))
                k = min(e + 1, u.count)
                continue
            }
            if c == "{", k + 1 < u.count, u[k + 1] == "{" || u[k + 1] == "#" || u[k + 1] == "/" {
                var j = k + 1
                while j < u.count, u[j] != "}" { j += 1 }
                if u[k + 1] == "{", j + 1 < u.count { j += 1 }
                mask(k..<min(j + 1, u.count))
                k = j + 1
                continue
            }
            if c == "&" {
                var j = k + 1
                while j < u.count, j - k < 10, u[j].isASCII, u[j].properties.isAlphabetic || u[j] == "#" || (u[j].properties.numericType != nil) { j += 1 }
                if j < u.count, u[j] == ";", j > k + 1 {
                    mask(k..<(j + 1))
                    k = j + 1
                    continue
                }
            }
            // A reference definition: `[label]: destination` at the start of a line.
            if c == "[", k == 0 || u[k - 1] == "\n" {
                var j = k + 1
                while j < u.count, u[j] != "]", u[j] != "\n" { j += 1 }
                if j + 1 < u.count, u[j] == "]", u[j + 1] == ":" {
                    var s = j + 2
                    while s < u.count, u[s] == " " { s += 1 }
                    var e = s
                    while e < u.count, u[e] != " ", u[e] != "\n", u[e] != "\r" { e += 1 }
                    if let n = LinkTarget.normalize(text(s..<e), locales: extractor.locales), s < e {
                        out.append(RawToken(kind: 2, normalized: n, range: bytesOf(s..<e), raw: text(s..<e)))
                    }
                    mask(k..<e)
                    k = e
                    continue
                }
            }
            k += 1
        }
        extractor.scanProse(masked) { kind, token, r in
            out.append(RawToken(kind: kind, normalized: token, range: bytesOf(r), raw: text(r)))
        }
        return out
    }

    /// An HTML tag (or an autolink) at `k`: its attribute names (kind 4, `tag@name`) and
    /// `href`/`src` targets (kind 2), and where it ends.
    func tag(
        _ u: [Unicode.Scalar], _ k: Int, _ bytesOf: (Range<Int>) -> Range<Int>, _ text: (Range<Int>) -> String
    ) -> ([RawToken], Int)? {
        var i = k + 1
        if i < u.count, u[i] == "/" { i += 1 }
        let nameStart = i
        while i < u.count, u[i].properties.isAlphabetic || (u[i].isASCII && u[i].properties.numericType != nil) || u[i] == "-" || u[i] == "." {
            i += 1
        }
        guard i > nameStart, u[nameStart].isASCII, u[nameStart].properties.isAlphabetic else { return nil }
        let name = text(nameStart..<i).lowercased()
        // An autolink: `<https://…>`.
        if i < u.count, u[i] == ":" {
            var e = i
            while e < u.count, u[e] != ">", u[e] != " ", u[e] != "\n" { e += 1 }
            guard e < u.count, u[e] == ">" else { return nil }
            let dest = (k + 1)..<e
            let n = LinkTarget.normalize(text(dest), locales: extractor.locales)
            return (n.map { [RawToken(kind: 2, normalized: $0, range: bytesOf(dest), raw: text(dest))] } ?? [], e + 1)
        }
        let closing = u[k + 1] == "/"
        var out: [RawToken] = []
        while i < u.count {
            if i - k > 2_000 { return nil }
            while i < u.count, u[i] == " " || u[i] == "\n" || u[i] == "\t" || u[i] == "\r" { i += 1 }
            guard i < u.count else { return nil }
            if u[i] == ">" { return (closing ? [] : out, i + 1) }
            if u[i] == "/" { i += 1; continue }
            let a = i
            while i < u.count, !" \n\t\r=>/".unicodeScalars.contains(u[i]) { i += 1 }
            guard i > a else { return nil }
            let attr = text(a..<i)
            out.append(RawToken(kind: 4, normalized: "\(name)@\(attr)", range: bytesOf(a..<i), raw: attr))
            while i < u.count, u[i] == " " { i += 1 }
            if i < u.count, u[i] == "=" {
                i += 1
                while i < u.count, u[i] == " " { i += 1 }
                let vs: Int
                let ve: Int
                if i < u.count, u[i] == "\"" || u[i] == "'" || u[i] == "{" {
                    let close: Unicode.Scalar = u[i] == "{" ? "}" : u[i]
                    i += 1
                    vs = i
                    while i < u.count, u[i] != close, i - k <= 2_000 { i += 1 }
                    ve = i
                    i += 1
                } else {
                    vs = i
                    while i < u.count, !" \n\t\r>".unicodeScalars.contains(u[i]) { i += 1 }
                    ve = i
                }
                if attr == "href" || attr == "src", vs < ve, let n = LinkTarget.normalize(text(vs..<ve), locales: extractor.locales) {
                    out.append(RawToken(kind: 2, normalized: n, range: bytesOf(vs..<ve), raw: text(vs..<ve)))
                }
            }
        }
        return nil
    }
}

/// Builds the `Fix` values the drift rules attach to their findings. Reads the pages' text
/// (`MarkdownDocument.text`), which the rules have while they run.
struct FixBuilder {
    let pair: PagePair
    let source: TextIndex
    let target: TextIndex
    let scanner: RawTokenScanner

    init(_ pair: PagePair, locales: Set<String>? = nil) {
        self.pair = pair
        source = TextIndex(pair.source.document.text)
        target = TextIndex(pair.target.document.text)
        scanner = RawTokenScanner(extractor: TokenExtractor(locales: locales ?? [pair.source.locale, pair.target.locale]))
    }

    /// Whether the texts are there (a page whose text was released cannot be fixed).
    var hasText: Bool { !target.bytes.isEmpty && !source.bytes.isEmpty }

    /// The bytes of 1-based lines `lines` of `index` (line endings inside included).
    static func bytes(_ index: TextIndex, _ lines: ClosedRange<Int>) -> Range<Int> {
        index.lineRange(lines.lowerBound).lowerBound..<index.lineRange(lines.upperBound).upperBound
    }

    /// The fix for tokens of `kind` that differ in one block: the translation's `extra` tokens
    /// replaced one for one by the source's `missing` ones (`nil` when the counts differ, a
    /// token cannot be found in the raw text, or the replacement would not compare equal).
    /// Tokens that only need to be present (not links) are replaced at every occurrence.
    func tokens(
        rule: String, kind: Int, missing: [String], extra: [String], sourceLines: [ClosedRange<Int>], targetLines: ClosedRange<Int>
    ) -> Fix? {
        guard hasText, !missing.isEmpty, !extra.isEmpty else { return nil }
        let pairs = missing.count == extra.count ? Array(zip(missing, extra)) : Self.similarPairs(missing, extra)
        guard !pairs.isEmpty else { return nil }
        let theirs = scanner.scan(target, Self.bytes(target, targetLines)).filter { $0.kind == kind }
        let ours = sourceLines.flatMap { scanner.scan(source, Self.bytes(source, $0)) }.filter { $0.kind == kind }
        var used = Set<Int>()
        var edits: [TextEdit] = []
        var described: [String] = []
        for (m, e) in pairs {
            let occurrences = theirs.indices.filter { theirs[$0].normalized == e && !used.contains($0) }
            let chosen = kind == 2 ? Array(occurrences.prefix(1)) : occurrences
            guard !chosen.isEmpty else { return nil }
            let raw = ours.first { $0.normalized == m }
            for o in chosen {
                guard let replacement = replacement(kind: kind, normalized: m, source: raw, target: theirs[o]) else { return nil }
                used.insert(o)
                edits.append(target.edit(theirs[o].range, replacement, file: pair.target.path))
                if described.count < 4 { described.append("'\(theirs[o].raw)' → '\(replacement)'") }
            }
        }
        return Fix(ruleID: rule, file: pair.target.path, description: "replace " + described.joined(separator: ", "), edits: edits)
    }

    /// When as many tokens are missing as extra, they pair in order; otherwise only a missing
    /// token and an extra one that are clearly the same token mistyped pair: edit distance at
    /// most a quarter of the longer (at least 1), and each the other's only such match.
    static func similarPairs(_ missing: [String], _ extra: [String]) -> [(String, String)] {
        func close(_ a: String, _ b: String) -> Bool {
            let x = Array(a.unicodeScalars)
            let y = Array(b.unicodeScalars)
            let limit = max(1, max(x.count, y.count) / 4)
            if abs(x.count - y.count) > limit { return false }
            var row = Array(0...y.count)
            for i in 1...max(x.count, 1) where !x.isEmpty {
                var next = [i] + Array(repeating: 0, count: y.count)
                for j in 1...max(y.count, 1) where !y.isEmpty {
                    next[j] = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
                }
                row = next
            }
            return row[y.count] <= limit
        }
        var out: [(String, String)] = []
        for m in missing {
            let candidates = extra.filter { close(m, $0) }
            guard candidates.count == 1, missing.filter({ close($0, candidates[0]) }).count == 1 else { continue }
            out.append((m, candidates[0]))
        }
        return out
    }

    /// What replaces `target` so that it normalises to `normalized` (the source's token).
    func replacement(kind: Int, normalized m: String, source: RawToken?, target: RawToken) -> String? {
        switch kind {
        case 0:
            // The source's digits when they are ASCII (`1,000`), else the canonical form.
            if let raw = source?.raw, raw.unicodeScalars.allSatisfy(\.isASCII) { return raw }
            return m
        case 1:
            guard let raw = source?.raw else { return nil }
            // The target's span keeps its own delimiters when the code needs no other.
            return raw
        case 2:
            guard let raw = source?.raw, !m.hasSuffix("/…") else { return nil }
            var link = mapLocale(raw)
            // Fragments are not compared (anchors follow translated headings): the translation's stays.
            if let hash = link.firstIndex(of: "#") { link = String(link[..<hash]) }
            if let hash = target.raw.firstIndex(of: "#") { link += target.raw[hash...] }
            if target.raw.hasPrefix("<"), !link.hasPrefix("<") { link = "<" + link + ">" }
            guard LinkTarget.normalize(link, locales: scanner.extractor.locales) == m else { return nil }
            return link
        case 3:
            return m
        default:
            // `tag@name`: only the name changes, and only within the same element.
            guard let at = m.firstIndex(of: "@"), let tat = target.normalized.firstIndex(of: "@"),
                m[..<at] == target.normalized[..<tat]
            else { return nil }
            return String(m[m.index(after: at)...])
        }
    }

    /// A link of the source page with its locale path segment (`/ja/`) turned into the
    /// translation's (`/ru/`).
    func mapLocale(_ link: String) -> String {
        let sl = pair.source.locale
        let tl = pair.target.locale
        var parts = link.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for i in parts.indices where parts[i].lowercased() == sl.lowercased() { parts[i] = tl }
        return parts.joined(separator: "/")
    }

    /// The fix for a heading anchor: the translation's `{#id}` / `{/*id*/}` replaced by the
    /// source's, or the source's appended when the translation has none.
    func anchor(rule: String, source sourceLine: Int, target targetLine: Int, anchor: String) -> Fix? {
        guard hasText else { return nil }
        let sl = source.line(sourceLine)
        let tl = target.line(targetLine)
        guard let sourceForm = Self.anchorSyntax(sl), sourceForm.id == anchor else { return nil }
        let lineStart = target.lineRange(targetLine).lowerBound
        if let theirs = Self.anchorSyntax(tl) {
            let r = (lineStart + theirs.byteRange.lowerBound)..<(lineStart + theirs.byteRange.upperBound)
            return Fix(ruleID: rule, file: pair.target.path, description: "set the heading anchor to '\(anchor)'",
                       edits: [target.edit(r, sourceForm.text, file: pair.target.path)])
        }
        // No anchor: appended after the heading text (trailing spaces and closing #s kept after it).
        var end = tl.utf8.count
        let b = Array(tl.utf8)
        while end > 0, b[end - 1] == UInt8(ascii: " ") || b[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        let at = lineStart + end
        return Fix(ruleID: rule, file: pair.target.path, description: "add the heading anchor '\(anchor)'",
                   edits: [target.edit(at..<at, " " + sourceForm.text, file: pair.target.path)])
    }

    /// The anchor written at the end of a heading line: its id, its full text (`{#id}`) and its
    /// bytes in the line.
    static func anchorSyntax(_ line: String) -> (id: String, text: String, byteRange: Range<Int>)? {
        let b = Array(line.utf8)
        var end = b.count
        while end > 0, b[end - 1] == UInt8(ascii: " ") || b[end - 1] == UInt8(ascii: "\t") || b[end - 1] == UInt8(ascii: "#") { end -= 1 }
        guard end > 0, b[end - 1] == UInt8(ascii: "}") else { return nil }
        var start = end - 1
        while start > 0, b[start] != UInt8(ascii: "{") { start -= 1 }
        guard b[start] == UInt8(ascii: "{") else { return nil }
        let text = String(decoding: b[start..<end], as: UTF8.self)
        guard let id = SiteSyntax.headingAnchor(text) else { return nil }
        return (id, text, start..<end)
    }

    /// The fix for a spec-table cell: the translation's cell content replaced by the source's.
    func cell(rule: String, source: SourceRange, target t: SourceRange) -> Fix? {
        guard hasText, source.start.line == source.end.line, t.start.line == t.end.line else { return nil }
        let sr = self.source.offset(line: source.start.line, column: source.start.column)..<self.source.offset(line: source.end.line, column: source.end.column + 1)
        let tr = target.offset(line: t.start.line, column: t.start.column)..<target.offset(line: t.end.line, column: t.end.column + 1)
        // Both ranges must be whole cells as written, and the source's must hold no cell
        // delimiter: a range beside its cell would copy or overwrite a neighbour's text on every
        // run instead of reaching a fixed point.
        guard sr.lowerBound < sr.upperBound, tr.lowerBound <= tr.upperBound,
              Self.isDelimitedCell(target.bytes, tr), Self.isDelimitedCell(self.source.bytes, sr),
              !Self.hasCellDelimiter(self.source.bytes[sr]) else { return nil }
        let replacement = String(decoding: self.source.bytes[sr], as: UTF8.self)
        return Fix(ruleID: rule, file: pair.target.path, description: "replace the cell with '\(replacement)'",
                   edits: [target.edit(tr, replacement, file: pair.target.path)])
    }

    /// Whether `range` (bytes of one line) is a whole table cell as written: between `|` delimiters
    /// (or the line's start or end), with only spaces and tabs around it. A cell cmark-gfm filled in
    /// for a row that has fewer cells than the header, or one whose range a broken code span moved,
    /// is not, and replacing such a range would write into the neighbouring cell on every run.
    static func isDelimitedCell(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return false }
        let pipe = UInt8(ascii: "|"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
        let newline = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        var i = range.lowerBound - 1
        while i >= 0, bytes[i] == space || bytes[i] == tab { i -= 1 }
        let opened = i < 0 || bytes[i] == newline || bytes[i] == cr || bytes[i] == pipe && (i == 0 || bytes[i - 1] != UInt8(ascii: "\\"))
        var j = range.upperBound
        while j < bytes.count, bytes[j] == space || bytes[j] == tab { j += 1 }
        let closed = j == bytes.count || bytes[j] == newline || bytes[j] == cr || bytes[j] == pipe
        return opened && closed
    }

    /// Whether `bytes` (one cell's text) hold a `|` that is not escaped as `\|`, or a line break:
    /// text that cannot be one cell.
    static func hasCellDelimiter(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for b in bytes {
            if b == UInt8(ascii: "|") && previous != UInt8(ascii: "\\") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") { return true }
            previous = b
        }
        return false
    }

    /// The fix for a code sample's opening fence: the translation's info string replaced by the
    /// source's, keeping the translation's translated display attributes (`title="…"`).
    func infoString(rule: String, source a: CodeSample, target b: CodeSample) -> Fix? {
        guard hasText, a.fenced, b.fenced else { return nil }
        guard let (_, sInfo) = Self.fenceInfo(source.line(a.range.start.line)),
            let (tStart, tInfo) = Self.fenceInfo(target.line(b.range.start.line))
        else { return nil }
        var info = sInfo
        for key in ["title=", "caption=", "reason="] {
            if let theirs = Self.attribute(key, in: tInfo), let ours = Self.attribute(key, in: info) {
                info = info.replacingOccurrences(of: ours, with: theirs)
            }
        }
        let line = target.lineRange(b.range.start.line)
        let r = (line.lowerBound + tStart)..<line.upperBound
        return Fix(ruleID: rule, file: pair.target.path, description: "set the info string to '\(info)'",
                   edits: [target.edit(r, info, file: pair.target.path)])
    }

    /// A fence line's info string and the byte where it starts (after the fence characters).
    static func fenceInfo(_ line: String) -> (Int, String)? {
        let b = Array(line.utf8)
        var i = 0
        while i < b.count, b[i] == UInt8(ascii: " ") { i += 1 }
        guard i < b.count, b[i] == UInt8(ascii: "`") || b[i] == UInt8(ascii: "~") else { return nil }
        let fence = b[i]
        while i < b.count, b[i] == fence { i += 1 }
        return (i, String(decoding: b[i...], as: UTF8.self))
    }

    /// `key="…"` (or `key='…'`, or up to the next space) in an info string.
    static func attribute(_ key: String, in info: String) -> String? {
        guard let r = info.range(of: key) else { return nil }
        let rest = info[r.upperBound...]
        if let q = rest.first, q == "\"" || q == "'" {
            guard let close = rest.dropFirst().firstIndex(of: q) else { return nil }
            return String(info[r.lowerBound...close])
        }
        let end = rest.firstIndex(of: " ") ?? info.endIndex
        return String(info[r.lowerBound..<end])
    }

    /// The fix for a code sample whose code differs: each code line of the translation replaced
    /// by the source's, the translation's comments kept where the lines map one to one (same
    /// number of code lines and comment lines in the same places); otherwise the source's code,
    /// comments included, replaces the body (said in the description).
    func code(rule: String, source a: CodeSample, target b: CodeSample) -> Fix? {
        guard hasText, a.fenced, b.fenced, a.range.end.line > a.range.start.line, b.range.end.line > b.range.start.line else { return nil }
        let sLines = bodyLines(source, a)
        let tLines = bodyLines(target, b)
        guard let sBody = sLines, let tBody = tLines else { return nil }
        let nl = target.lineBreak
        let sNorm = CodeNormalizer.normalizedLines(a.code, language: a.language)
        let tNorm = CodeNormalizer.normalizedLines(b.code, language: b.language)
        let sText = sBody.lines.map { source.line($0) }
        let tText = tBody.lines.map { target.line($0) }
        var out: [String]
        var kept = false
        if sNorm.count == tNorm.count, sText.count == tText.count,
            zip(sNorm, tNorm).allSatisfy({ $0.index == $1.index })
        {
            // Lines map one to one: code lines come from the source, the others (comments,
            // blank lines) stay as translated; a translated trailing comment stays too.
            out = tText
            for (x, y) in zip(sNorm, tNorm) where x.index < sText.count && y.index < tText.count {
                let sl = sText[x.index]
                let tl = tText[y.index]
                if x.text == y.text { continue }
                out[y.index] = Self.withComment(sourceLine: sl, sourceCode: x.text, targetLine: tl, targetCode: y.text)
            }
            kept = true
        } else {
            out = sText
        }
        let replacement = out.joined(separator: nl)
        let r = target.lineRange(tBody.lines.lowerBound).lowerBound..<target.lineRange(tBody.lines.upperBound).upperBound
        let current = String(decoding: target.bytes[r], as: UTF8.self)
        guard replacement != current else { return nil }
        return Fix(ruleID: rule, file: pair.target.path,
                   description: kept ? "replace the sample's code with the source's, keeping the translated comments"
                       : "replace the sample's code with the source's (its comments could not be mapped: the source's comments are used; translate them again)",
                   edits: [target.edit(r, replacement, file: pair.target.path)])
    }

    /// The lines between a fenced sample's fences (`nil` for an empty sample or one never closed).
    func bodyLines(_ index: TextIndex, _ c: CodeSample) -> (lines: ClosedRange<Int>, closed: Bool)? {
        let first = c.range.start.line + 1
        let last = c.range.end.line - 1
        guard last >= first, FixBuilder.fenceInfo(index.line(c.range.end.line)) != nil else { return nil }
        return (first...last, true)
    }

    /// The source's code line with the translation's trailing comment, when the translation's
    /// line is its code followed by a comment: `foo(1) // コメント` for `foo(2) // комментарий`
    /// gives `foo(1) // комментарий`.
    static func withComment(sourceLine: String, sourceCode: String, targetLine: String, targetCode: String) -> String {
        guard targetLine.hasPrefix(targetCode) else { return sourceLine }
        let comment = targetLine.dropFirst(targetCode.count)
        return sourceCode + comment
    }

    /// The insertion of a missing section: the source's lines, untranslated, between marker
    /// comments, before the line of `before` (at the end of the page when `before` is its last
    /// line and holds no block). Applied only with `--insert-missing`.
    func insertion(rule: String, sourceLines: ClosedRange<Int>, before: SourceLocation) -> Fix? {
        guard hasText else { return nil }
        let nl = target.lineBreak
        let body = sourceLines.map { source.line($0) }.joined(separator: nl)
        let block = "<!-- docspec:untranslated from=\(pair.source.locale): translate this section, then remove these markers -->" + nl
            + body + nl + "<!-- /docspec:untranslated -->" + nl + nl
        let atEnd = before.line >= target.lineCount && target.line(before.line).trimmingSpaces.isEmpty
        let offset = atEnd ? target.bytes.count : target.lineRange(before.line).lowerBound
        let lead = atEnd && !(target.bytes.last.map { $0 == UInt8(ascii: "\n") } ?? true) ? nl + nl : (atEnd ? nl : "")
        var fix = Fix(ruleID: rule, file: pair.target.path, description: "insert the source's section, untranslated, marked for translation",
                      edits: [target.edit(offset..<offset, lead + block, file: pair.target.path)])
        fix.inserts = true
        return fix
    }
}
