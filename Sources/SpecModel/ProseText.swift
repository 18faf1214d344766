import DocDiagnostics
import Foundation
import MarkdownSyntax

/// A piece of prose a reader sees on a page: a paragraph, a heading, a table cell; with where it
/// is and the section it belongs to. Its text is held by its page (`ProseText.Page.text(of:)`):
/// a page's unit texts are one byte buffer, not a string each.
public struct ProseUnit: Hashable, Sendable {
    /// What kind of block the text is.
    public enum Kind: String, Hashable, Sendable {
        /// A heading.
        case heading
        /// A paragraph (also inside lists, quotes and MDX components).
        case paragraph
        /// A table cell (header or body).
        case cell = "table cell"
    }

    /// What kind of block the text is.
    public var kind: Kind
    /// Where the unit's text is in its page's `ProseText.Page.textBytes`, in UTF-8 bytes: the
    /// text as a reader sees it (code spans, HTML and site syntax kept out), whitespace
    /// normalised to single spaces; never empty, without line breaks.
    public var textRange: Range<Int>
    /// The text consists of links to other sites only (a list of resources, "See also"): their
    /// titles name documents, often in their own language.
    public var externalLinksOnly: Bool = false
    /// Where the block (or the cell's content) starts.
    public var location: SourceLocation
    /// Index of the top-level section the unit is in: 0 before the first top-level heading, then
    /// 1 for the first heading's section, and so on.
    public var section: Int
    /// A unit whose text is `textRange` of its page's text.
    init(kind: Kind, textRange: Range<Int>, location: SourceLocation, section: Int) {
        self.kind = kind
        self.textRange = textRange
        self.location = location
        self.section = section
    }
}

/// A text as a dictionary key compared and hashed by its UTF-8 bytes: `String` hashing and
/// equality normalise to NFC first (Unicode canonical equivalence), which costs more than the
/// rest of a lookup for non-ASCII text. Two texts that differ only in normalisation form are
/// different keys.
public struct TextKey: Hashable, Sendable {
    /// The text.
    public var text: String

    /// The key of `text`.
    public init(_ text: String) { self.text = text }

    public static func == (a: TextKey, b: TextKey) -> Bool {
        guard a.text.utf8.count == b.text.utf8.count else { return false }
        var x = a.text
        var y = b.text
        return x.withUTF8 { p in
            y.withUTF8 { q in
                guard let pa = p.baseAddress, let qa = q.baseAddress else { return true }  // both empty
                return memcmp(pa, qa, p.count) == 0
            }
        }
    }

    /// Feeds the hasher one 64-bit digest of the bytes (`digest(_:)`) instead of the bytes: a
    /// section's text is kilobytes long, and the standard hasher's SipHash costs several times
    /// the digest's multiply per eight bytes. Equal texts have equal digests; `==` still
    /// compares every byte.
    public func hash(into hasher: inout Hasher) {
        var text = text
        hasher.combine(text.withUTF8 { Self.digest($0) })
    }

    /// A 64-bit digest of `b`: its length, then each eight-byte word (and the zero-padded rest)
    /// xored in and mixed by a multiply and a shift. Not a cryptographic hash: the standard
    /// hasher, seeded per process, hashes the digest.
    static func digest(_ b: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(b.count)
        guard let base = b.baseAddress else { return h }
        var i = 0
        while i + 8 <= b.count {
            h = (h ^ UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        var rest: UInt64 = 0
        var shift: UInt64 = 0
        while i < b.count {
            rest |= UInt64(base[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ rest) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 29)
    }
}

/// Turns blocks into prose units, leaving out what is not prose: code (blocks and spans), HTML
/// (blocks, inline tags, comments holding the original text), link destinations, images, and
/// site syntax (MDX comments `{/*…*/}`, heading anchors `{#id}`, Hugo shortcodes `{{< … >}}`,
/// `{{…}}` macros and placeholders, VitePress `:::` container lines).
public enum ProseText {
    /// A top-level section: its heading's text and location (`nil` for the part before the
    /// first heading).
    public struct Section: Hashable, Sendable {
        /// The heading's text, site syntax removed.
        public var title: String?
        /// Where the heading is.
        public var location: SourceLocation?
    }

    /// A page's prose: its units in order and its top-level sections (index 0: before the first
    /// heading).
    public struct Page: Hashable, Sendable {
        /// The prose units, in page order.
        public var units: [ProseUnit]
        /// The top-level sections.
        public var sections: [Section]
        /// For each top-level block of the page, the units made of it.
        public var blockUnits: [Range<Int>] = []
        /// The units' texts, one after another, as UTF-8 (valid: made of a page's strings by
        /// removing and adding ASCII bytes and white space scalars whole); each unit's
        /// `textRange` says where its text is.
        public var textBytes: [UInt8] = []

        /// The text of `unit` (one of `units`), as a reader sees it: whitespace normalised to
        /// single spaces, code spans, HTML and site syntax left out.
        public func text(of unit: ProseUnit) -> String {
            String(decoding: textBytes[unit.textRange], as: UTF8.self)
        }

        /// The words of `unit`'s text that count as prose (`ProseText.proseWords`): without URLs,
        /// placeholders and identifier-like tokens, joined by single spaces.
        public func prose(of unit: ProseUnit) -> String {
            textBytes.withUnsafeBufferPointer { proseWords(bytes: UnsafeBufferPointer(rebasing: $0[unit.textRange])) }
        }

        /// The letters per script and the number of words of `unit`'s prose words (`prose(of:)`),
        /// counted on its text's bytes without building them: counted when asked for, as a rule
        /// reads them of some units only (of a source page's, those of a section it compares).
        public func counts(of unit: ProseUnit) -> (scripts: ScriptCounts, words: Int) {
            withTextBytes(of: unit) { proseCounts(bytes: $0) }
        }

        /// Whether a prose word of `unit` (`prose(of:)`) has a letter of one of `scripts`:
        /// `counts(of: unit).scripts.count(in: scripts) > 0`, stopping at the first word that
        /// has one.
        public func hasProseLetter(of unit: ProseUnit, in scripts: Set<Script>) -> Bool {
            withTextBytes(of: unit) { proseWordsHaveLetters(bytes: $0, in: scripts) }
        }

        /// Calls `body` with the UTF-8 bytes of `unit`'s text (valid only during the call).
        public func withTextBytes<R>(of unit: ProseUnit, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            try textBytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[unit.textRange])) }
        }

        /// A 64-bit digest of `unit`'s text bytes (`TextKey`'s): equal texts have equal digests.
        public func textDigest(of unit: ProseUnit) -> UInt64 {
            withTextBytes(of: unit) { TextKey.digest($0) }
        }

        /// Whether the texts of `a` (a unit of this page) and `b` (a unit of `other`) are the same
        /// bytes.
        public func sameText(_ a: ProseUnit, as b: ProseUnit, of other: Page) -> Bool {
            a.textRange.count == b.textRange.count && textBytes[a.textRange].elementsEqual(other.textBytes[b.textRange])
        }
    }

    /// The prose of a page: its units in order and its top-level sections.
    ///
    /// With `previous`, the prose of the same page before an edit (`blockUnits` as many as the
    /// blocks of its document) and which of its top-level blocks the new parse kept
    /// (`IncrementalParse.splice`), the units of a kept block are the previous ones, moved by the
    /// lines the block moved and numbered with the block's section now: a unit is a function of
    /// its block and its section, so the prose is the one made without `previous`.
    public static func page(_ document: MarkdownDocument, previous: (page: Page, splice: IncrementalParse.Splice)? = nil) -> Page {
        var collector = Collector()
        var sections = [Section(title: nil, location: nil)]
        var blockUnits: [Range<Int>] = []
        blockUnits.reserveCapacity(document.blocks.count)
        for (b, block) in document.blocks.enumerated() {
            if case .heading(_, let inlines, let range) = block {
                sections.append(Section(title: normalisedSpaces(clean(inlines.plainText)), location: range.start))
            }
            let start = collector.units.count
            if let previous, let (ob, shift) = previous.splice.previous(b), ob < previous.page.blockUnits.count {
                for var u in previous.page.units[previous.page.blockUnits[ob]] {
                    u.location.line += shift
                    u.section = sections.count - 1
                    let at = collector.text.count
                    collector.text.append(contentsOf: previous.page.textBytes[u.textRange])
                    u.textRange = at..<collector.text.count
                    collector.units.append(u)
                }
            } else {
                collector.collect(block, section: sections.count - 1)
            }
            blockUnits.append(start..<collector.units.count)
        }
        return Page(units: collector.units, sections: sections, blockUnits: blockUnits, textBytes: collector.text)
    }

    /// Builds a page's units and their texts, with one scratch buffer for every block.
    struct Collector {
        var units: [ProseUnit] = []
        var text: [UInt8] = []
        var scratch: [UInt8] = []

        mutating func add(_ kind: ProseUnit.Kind, _ inlines: [Inline], _ location: SourceLocation, section: Int) {
            // The inlines' text is appended to the page's buffer, then cleaned and its spaces
            // normalised where it is (each pass writes no further than it has read).
            let start = text.count
            appendText(of: inlines, links: true, to: &text)
            let end = text.withUnsafeMutableBufferPointer { all in
                let raw = UnsafeMutableBufferPointer(rebasing: all[start...])
                let cleaned = UnsafeMutableBufferPointer(rebasing: raw[..<clean(inPlace: raw)])
                return start + normalisedSpaces(bytes: UnsafeBufferPointer(cleaned), into: cleaned)
            }
            text.removeLast(text.count - end)
            guard end > start else { return }
            var unit = ProseUnit(kind: kind, textRange: start..<end, location: location, section: section)
            // Only a block with an external link can be a list of resources (checked second:
            // it cleans the text again).
            if hasExternalLink(inlines) {
                scratch.removeAll(keepingCapacity: true)
                appendText(of: inlines, links: false, to: &scratch)
                unit.externalLinksOnly = !scratch.withUnsafeMutableBufferPointer { all in
                    proseWordsHaveLetters(bytes: UnsafeBufferPointer(rebasing: all[..<clean(inPlace: all)]), in: Script.every)
                }
            }
            units.append(unit)
        }

        mutating func collect(_ block: Block, section: Int) {
            switch block {
            case .heading(_, let inlines, let range): add(.heading, inlines, range.start, section: section)
            case .paragraph(let inlines, let range): add(.paragraph, inlines, range.start, section: section)
            case .table(let table):
                for row in [table.header] + table.rows {
                    for cell in row.cells where !cell.isPadding { add(.cell, cell.inlines, cell.contentRange.start, section: section) }
                }
            case .list(_, _, let items, _):
                for item in items { for b in item.blocks { collect(b, section: section) } }
            case .blockQuote(let blocks, _), .footnoteDefinition(_, let blocks, _):
                for b in blocks { collect(b, section: section) }
            case .component(_, _, let content, _):
                // An MDX component's content (`<Intro>` followed by text) is prose, parsed by
                // MarkdownSyntax on its own line numbers. Other HTML (comments holding the original
                // text, `<div>`s, scripts) is not prose.
                for b in content { collect(b, section: section) }
            case .htmlBlock:
                break
            case .codeBlock, .thematicBreak:
                break
            }
        }
    }

    /// The text of the prose units that start at `locations` (paragraphs, headings, table
    /// cells, as `page(_:)` finds them), with their code spans kept in backticks, whitespace
    /// normalised: what a message quotes of a block. One walk of the document.
    public static func quotedTexts(_ document: MarkdownDocument, at locations: Set<SourceLocation>) -> [SourceLocation: String] {
        var out: [SourceLocation: String] = [:]
        func add(_ inlines: [Inline], _ at: SourceLocation) {
            if locations.contains(at) { out[at] = normalisedSpaces(clean(text(of: inlines, code: true))) }
        }
        func walk(_ block: Block) {
            switch block {
            case .heading(_, let inlines, let range), .paragraph(let inlines, let range): add(inlines, range.start)
            case .table(let table):
                for row in [table.header] + table.rows {
                    for cell in row.cells where !cell.isPadding { add(cell.inlines, cell.contentRange.start) }
                }
            case .list(_, _, let items, _):
                for item in items { item.blocks.forEach(walk) }
            case .blockQuote(let blocks, _), .footnoteDefinition(_, let blocks, _), .component(_, _, let blocks, _):
                blocks.forEach(walk)
            case .htmlBlock, .codeBlock, .thematicBreak:
                break
            }
        }
        document.blocks.forEach(walk)
        return out
    }

    /// Whether the inlines hold a link (not an image) to another site (`http://`, `https://`),
    /// searching emphasis and link texts too; no list of links is built.
    static func hasExternalLink(_ inlines: [Inline]) -> Bool {
        for inline in inlines {
            switch inline {
            case .link(let d, _, let c):
                if d.hasPrefix("http://") || d.hasPrefix("https://") || hasExternalLink(c) { return true }
            case .emphasis(let c), .strong(let c), .strikethrough(let c):
                if hasExternalLink(c) { return true }
            default:
                break
            }
        }
        return false
    }

    /// The reader-visible text of inlines without code spans, HTML (and the text inside inline
    /// `<code>`, `<kbd>`, `<samp>`, `<var>` and `<pre>`) and images; soft breaks are newlines (so
    /// line-based site syntax like `:::` can be dropped). `links: false` leaves link text out too.
    /// With `code`, code spans and the text of inline `<code>` are kept, in backticks: the text
    /// as messages quote it.
    static func text(of inlines: [Inline], links: Bool = true, code: Bool = false) -> String {
        var bytes: [UInt8] = []
        appendText(of: inlines, links: links, code: code, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text(of:links:code:)`'s UTF-8 bytes, appended to `out`.
    static func appendText(of inlines: [Inline], links: Bool, code: Bool = false, to out: inout [UInt8]) {
        var codeTag: StaticString?
        for inline in inlines {
            if let tag = codeTag {
                if case .html(let h) = inline, hasTagPrefix(h, closing: true, tag) {
                    codeTag = nil
                    if code { out.append(UInt8(ascii: "`")) }
                } else if code, case .text(let t) = inline {
                    out.append(contentsOf: t.utf8)
                }
                continue
            }
            switch inline {
            case .text(let t): out.appendUTF8(t)
            case .html(let h):
                codeTag = nil
                for tag: StaticString in ["code", "kbd", "samp", "var", "pre"] where hasTagPrefix(h, closing: false, tag) {
                    codeTag = tag
                    break
                }
                out.append(0x20)
                if code, codeTag != nil { out.append(UInt8(ascii: "`")) }
            case .code(let c):
                if code {
                    out.append(UInt8(ascii: "`"))
                    out.append(contentsOf: c.utf8)
                    out.append(UInt8(ascii: "`"))
                } else {
                    out.append(0x20)
                }
            case .image, .footnoteReference: out.append(0x20)
            case .emphasis(let c), .strong(let c), .strikethrough(let c): appendText(of: c, links: links, code: code, to: &out)
            case .link(let destination, _, let c):
                guard links else {
                    out.append(0x20)
                    continue
                }
                let start = out.count
                appendText(of: c, links: true, to: &out)
                // An autolink's text is its destination: compared byte for byte, and, when the
                // bytes differ and either side is not ASCII, as strings (canonically equivalent
                // spellings, `é` and `e` with a combining accent, are the same text) unless the
                // destination is ASCII and the text cannot be equivalent to an ASCII text (a
                // link's translated title).
                let t = out[start...]
                var autolink = t.elementsEqual(destination.utf8) || (t.starts(with: "mailto:".utf8) && t.dropFirst(7).elementsEqual(destination.utf8))
                if !autolink, !isASCII(destination) || (t.contains(where: { $0 >= 0x80 }) && mayEqualASCII(t)) {
                    let text = String(decoding: t, as: UTF8.self)
                    autolink = text == destination || text == "mailto:" + destination
                }
                if autolink {
                    out.removeSubrange(start...)
                    out.append(0x20)
                }
            case .softBreak, .lineBreak: out.append(0x0A)
            }
        }
    }

    /// Whether `s` is ASCII, read from its UTF-8 storage eight bytes at a time (not index by
    /// index).
    static func isASCII(_ s: String) -> Bool {
        s.utf8.withContiguousStorageIfAvailable { b in
            guard let p = b.baseAddress else { return true }
            var i = 0
            var any: UInt64 = 0
            while i + 8 <= b.count {
                any |= UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                i += 8
            }
            while i < b.count {
                any |= UInt64(p[i])
                i += 1
            }
            return any & 0x8080_8080_8080_8080 == 0
        } ?? !s.utf8.contains { $0 >= 0x80 }
    }

    /// Whether UTF-8 `t` can be canonically equivalent to an ASCII text (`String` equality):
    /// each of its non-ASCII scalars is one of the three whose canonical decomposition is ASCII
    /// (U+037E `;`, U+1FEF `` ` ``, U+212A `K`). Any other keeps a non-ASCII scalar in every
    /// normalisation form (no composition makes an ASCII character).
    static func mayEqualASCII(_ t: ArraySlice<UInt8>) -> Bool {
        var i = t.startIndex
        while i < t.endIndex {
            let c = t[i]
            if c < 0x80 {
                i += 1
            } else if c == 0xCD, i + 1 < t.endIndex, t[i + 1] == 0xBE {
                i += 2
            } else if c == 0xE1 || c == 0xE2, i + 2 < t.endIndex,
                (c == 0xE1 && t[i + 1] == 0xBF && t[i + 2] == 0xAF) || (c == 0xE2 && t[i + 1] == 0x84 && t[i + 2] == 0xAA)
            {
                i += 3
            } else {
                return false
            }
        }
        return true
    }

    /// Whether raw inline HTML `h` starts with the tag `<tag>` or `<tag ` (`closing`: with
    /// `</tag`), ASCII letters compared without case as HTML tag names are; no string is made.
    static func hasTagPrefix(_ h: String, closing: Bool, _ tag: StaticString) -> Bool {
        var h = h
        return h.withUTF8 { b in
            let n = tag.utf8CodeUnitCount
            var i = 0
            guard b.count > i, b[i] == 0x3C else { return false }  // <
            i += 1
            if closing {
                guard b.count > i, b[i] == 0x2F else { return false }  // /
                i += 1
            }
            guard b.count >= i + n else { return false }
            for k in 0..<n where b[i + k] | 0x20 != tag.utf8Start[k] { return false }
            i += n
            if closing { return true }
            return b.count > i && (b[i] == 0x3E || b[i] == 0x20)  // > or space
        }
    }

    /// Removes site syntax and placeholders from text: `{{…}}` (Hugo shortcodes, MDN macros,
    /// Vue interpolation), `{…}` (MDX expressions and comments, heading anchors, ICU
    /// placeholders), `:::` container lines, printf-style placeholders, URLs and e-mail addresses.
    /// Scans UTF-8 bytes (every marker is ASCII; lengths are counted in scalars).
    static func clean(_ text: String) -> String {
        var text = text
        return text.withUTF8 { clean(bytes: $0) }
    }

    static func clean(bytes b: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: cleanedBytes(b), as: UTF8.self)
    }

    /// `clean(bytes:)`'s UTF-8 bytes.
    static func cleanedBytes(_ b: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out = Array(b)
        let kept = out.withUnsafeMutableBufferPointer { clean(inPlace: $0) }
        out.removeLast(out.count - kept)
        return out
    }

    /// Cleans the UTF-8 text in `buffer` where it is (`clean(bytes:)`) and returns the length
    /// of the result, which is `buffer`'s first bytes (never longer than the text): no byte is
    /// written before it has been read.
    static func clean(inPlace buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard let p = buffer.baseAddress else { return 0 }
        let b = UnsafeBufferPointer(buffer)
        let n = buffer.count
        let classes = cleanClasses.utf8Start
        var urlBytes: UInt8 = 0  // the kinds of the bytes copied, or-ed
        var k = 0
        var i = 0
        var lineStart = true
        while i < n {
            if lineStart {
                lineStart = false
                // A `::: tip` / `:::` container line is left out with its line break.
                var j = i
                while j < n, p[j] == 0x20 || p[j] == 0x09 { j += 1 }
                if j + 2 < n, p[j] == 0x3A, p[j + 1] == 0x3A, p[j + 2] == 0x3A {
                    while j < n, p[j] != 0x0A { j += 1 }
                    if j < n {
                        i = j + 1
                        lineStart = true
                    } else {
                        // The last line: drop the line break before it too.
                        if k > 0, p[k - 1] == 0x0A { k -= 1 }
                        i = n
                    }
                    continue
                }
            }
            // A run kept as it is: multibyte text (every marker is ASCII, a run of Japanese or
            // Russian is passed over a word at a time) and ASCII bytes other than a line break,
            // `{` and `%`. Moved only once something before it was left out.
            var j = i
            while j < n {
                let c = p[j]
                if c >= 0x80 {
                    j = asciiByteOffset(b, from: j + 1)
                    continue
                }
                let kind = classes[Int(c)]
                if kind == UInt8(ascii: "1") { break }
                urlBytes |= kind
                j += 1
            }
            if j > i {
                if k != i { (p + k).update(from: p + i, count: j - i) }
                k += j - i
                i = j
                continue
            }
            let c = p[i]
            if c == 0x0A { lineStart = true }
            if c == 0x7B {  // {
                // Skip a balanced `{…}` (nested braces included, as in `{{< x >}}`).
                var depth = 0
                var j = i
                var scalars = 0
                // Macros and shortcodes are short: an unclosed `{` must not rescan the page.
                while j < n, scalars < 1_000 {
                    let x = p[j]
                    if x == 0x7B { depth += 1 } else if x == 0x7D {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    if x & 0xC0 != 0x80 { scalars += 1 }
                    j += 1
                }
                if j < n, p[j] == 0x7D, depth == 0 {
                    p[k] = 0x20
                    k += 1
                    i = j + 1
                    continue
                }
            }
            if c == 0x25, i + 1 < n, isPrintfConversion(p[i + 1]) {  // %s
                p[k] = 0x20
                k += 1
                i += 2
                continue
            }
            p[k] = c
            k += 1
            i += 1
        }
        // Only text with `@`, `/`, `w` or `W` can hold a URL or an address (the markers
        // looked at copy none of them).
        guard urlBytes & 2 != 0 else { return k }
        // URLs and addresses, word by word (words are separated by single spaces here), left
        // out in place: the bytes kept are moved towards the front.
        let out = UnsafeMutableBufferPointer(rebasing: buffer[..<k])
        var w = 0
        var start = 0
        func word(_ end: Int) {
            guard !isAddress(out[start..<end]) else { return }
            // Forward, byte by byte: the kept bytes move towards the front (`w <= start`).
            for k in start..<end {
                out[w] = out[k]
                w += 1
            }
        }
        for k in 0..<out.count where out[k] == 0x20 {
            word(k)
            out[w] = 0x20
            w += 1
            start = k + 1
        }
        word(out.count)
        return w
    }

    static func isPrintfConversion(_ u: UInt8) -> Bool {
        switch u {
        case UInt8(ascii: "s"), UInt8(ascii: "d"), UInt8(ascii: "i"), UInt8(ascii: "f"), UInt8(ascii: "x"), UInt8(ascii: "X"),
            UInt8(ascii: "u"), UInt8(ascii: "@"):
            true
        default: false
        }
    }

    /// A URL (`…://…`, `www.…`) or an e-mail address (`…@….…`).
    static func isAddress<C: RandomAccessCollection>(_ w: C) -> Bool where C.Element == UInt8, C.Index == Int {
        var at = false
        var dot = false
        var k = w.startIndex
        while k < w.endIndex {
            let u = w[k]
            if u == 0x3A, k + 2 < w.endIndex, w[k + 1] == 0x2F, w[k + 2] == 0x2F { return true }
            if u == 0x40 { at = true } else if u == 0x2E { dot = true }
            k += 1
        }
        if at && dot { return true }
        guard w.count >= 4 else { return false }
        let s = w.startIndex
        return w[s] | 0x20 == 0x77 && w[s + 1] | 0x20 == 0x77 && w[s + 2] | 0x20 == 0x77 && w[s + 3] == 0x2E
    }

    /// Collapses runs of whitespace (space, tab, line breaks, the ideographic space) to one space
    /// and trims.
    static func normalisedSpaces(_ s: String) -> String {
        var s = s
        return s.withUTF8 { normalisedSpaces(bytes: $0) }
    }

    /// `normalisedSpaces(_:)` of UTF-8 bytes.
    static func normalisedSpaces(bytes b: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: b.count) { normalisedSpaces(bytes: b, into: $0) }
    }

    /// What `clean(inPlace:)` makes of each ASCII byte (indexed by the byte): `0` copies it,
    /// `1` is a marker it looks at (line break, `%`, `{`), `2` a byte it copies that a URL or
    /// an address needs (`/`, `@`, `W`, `w`).
    static var cleanClasses: StaticString {
        """
        0000000000100000000000000000000000000100000000020000000000000000\
        2000000000000000000000020000000000000000000000000000000200010000
        """
    }

    /// The offset of the first ASCII byte of `b` at or after `from`, or `b.count`: a run of
    /// Japanese or Cyrillic text is passed over eight bytes at a time, the word that ends the
    /// text too (its bytes before the run's are not looked at).
    @inline(__always)
    static func asciiByteOffset(_ b: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        guard let base = b.baseAddress else { return from }
        let n = b.count
        let high: UInt64 = 0x8080_8080_8080_8080
        var j = from
        while j + 8 <= n {
            // The top bit of each ASCII byte, the first byte lowest.
            let ascii = ~UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self)) & high
            if ascii != 0 { return j + ascii.trailingZeroBitCount >> 3 }
            j += 8
        }
        guard j < n else { return n }
        if n >= 8 {
            let last = n - 8
            let ascii = (~UInt64(littleEndian: UnsafeRawPointer(base + last).loadUnaligned(as: UInt64.self)) & high) >> UInt64(8 * (j - last))
            return ascii == 0 ? n : j + ascii.trailingZeroBitCount >> 3
        }
        while j < n, base[j] >= 0x80 { j += 1 }
        return j
    }

    /// Writes the bytes of `normalisedSpaces(bytes:)` into `out` (at least `b.count` bytes, the
    /// result is never longer) and returns how many it wrote. `out` may start where `b` does
    /// (normalising in place): no byte is written before it has been read.
    static func normalisedSpaces(bytes b: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard let p = b.baseAddress, let o = out.baseAddress else { return 0 }
        let n = b.count
        var k = 0
        var i = 0
        while i < n {
            // White space (space, tab, line breaks, U+3000): one space between two words.
            var s = i
            while s < n, isSpaceToNormalise(b, at: s) { s += p[s] == 0xE3 ? 3 : 1 }
            if s == n { break }
            if s > i, k > 0 {
                o[k] = 0x20
                k += 1
            }
            // The words, up to white space other than one space before a word, copied as they
            // are (one space between two words is what normalising makes of it; moved only when
            // `out` is behind them).
            var j = s
            while j < n {
                let c = p[j]
                if c < 0x80 {
                    if c <= 0x20, c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D {
                        guard c == 0x20, j + 1 < n, !isSpaceToNormalise(b, at: j + 1) else { break }
                    }
                    j += 1
                } else if c == 0xE3, j + 2 < n, p[j + 1] == 0x80, p[j + 2] == 0x80 {
                    break
                } else {
                    j = multibyteWordEnd(b, from: j)
                }
            }
            if o + k != p + s { (o + k).update(from: p + s, count: j - s) }
            k += j - s
            i = j
        }
        return k
    }

    /// Whether white space `normalisedSpaces` collapses starts at byte `i` of `b`: a space,
    /// tab, line break or U+3000 (E3 80 80).
    @inline(__always)
    static func isSpaceToNormalise(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let c = b[i]
        if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D { return true }
        return c == 0xE3 && i + 2 < b.count && b[i + 1] == 0x80 && b[i + 2] == 0x80
    }

    /// The end of the run of non-ASCII bytes of UTF-8 `b` that starts at `from` (a non-ASCII
    /// scalar other than U+3000): the offset of the next ASCII byte or U+3000 (E3 80 80), or
    /// `b.count`. Passes eight bytes at a time over words that are all non-ASCII and hold no
    /// 0x80 byte after another (U+3000's second and third bytes; the pair may straddle two
    /// words), stopping at the first ASCII byte or such pair in a word (a pair whose first byte
    /// is not after an E3 is passed too); the bytes after the last whole word, from two bytes
    /// before them (a U+3000's E3 may end that word), one by one.
    @inline(__always)
    static func multibyteWordEnd(_ b: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
        guard let p = b.baseAddress else { return i }
        let n = b.count
        let high: UInt64 = 0x8080_8080_8080_8080
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var j = i + 1
        var carry: UInt64 = 0  // the top bit of the last byte passed when it was 0x80, at byte 0
        while j + 8 <= n {
            let w = UInt64(littleEndian: UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self))
            // The bytes equal to 0x80: the top bit of each one's zero test (exact per byte).
            let v = w ^ high
            let is80 = ~(((v & lows) &+ lows) | v | lows)
            let stop = (~w & high) | (is80 & ((is80 << 8) | carry))
            if stop == 0 {
                carry = is80 >> 56
                j += 8
                continue
            }
            let x = j + stop.trailingZeroBitCount >> 3
            if p[x] < 0x80 { return x }
            // The second byte 0x80 of a pair: a U+3000 when an E3 is before the first.
            if x - 2 > i, p[x - 2] == 0xE3 { return x - 2 }
            j = x + 1
            carry = 0x80
        }
        j = max(j - 2, i + 1)
        while j < n, p[j] >= 0x80 {
            if p[j] == 0xE3, j + 2 < n, p[j + 1] == 0x80, p[j + 2] == 0x80 { break }
            j += 1
        }
        return j
    }

    /// The words of `text` that read as prose, joined by spaces: tokens that look like code or
    /// names of things are left out — those with `_`, `::`, `/`, `\`, `=`, `$`, a `.` or digit
    /// inside, two hyphens (`create-react-app`), a capital after a lower-case letter
    /// (`camelCase`, `iPhone`), or written all in capitals (`HTTP`, `JSX`).
    static func proseWords(_ text: String) -> String {
        var text = text
        return text.withUTF8 { proseWords(bytes: $0) }
    }

    /// `proseWords(_:)` of UTF-8 bytes.
    static func proseWords(bytes b: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: b.count) { out in
            var k = 0
            forEachProseWord(b) { r in
                if k > 0 {
                    out[k] = 0x20
                    k += 1
                }
                for j in r {
                    out[k] = b[j]
                    k += 1
                }
                return true
            }
            return k
        }
    }

    /// The letters per script and the number of words of `proseWords(bytes:)`, counted in one
    /// pass over the prose words copied into a scratch buffer (no string is made). The words
    /// of `b` and of `normalisedSpaces(bytes: b)` are the same: only whitespace runs differ.
    static func proseCounts(bytes b: UnsafeBufferPointer<UInt8>) -> (scripts: ScriptCounts, words: Int) {
        guard let base = b.baseAddress, b.count > 0 else { return (ScriptCounts(""), 0) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: b.count) { out in
            var k = 0
            var words = 0
            forEachProseWord(b) { r in
                // Words are whole scalars and spaces are no letters: the words are counted
                // back to back.
                (out.baseAddress! + k).update(from: base + r.lowerBound, count: r.count)
                k += r.count
                words += 1
                return true
            }
            return (ScriptCounts(utf8: UnsafeBufferPointer(rebasing: out[..<k])), words)
        }
    }

    /// Whether `proseWords(text)` has a letter (`ScriptCounts(proseWords(text)).total > 0`),
    /// stopping at the first word that has one, without building the words' string.
    static func proseWordsHaveLetters(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { proseWordsHaveLetters(bytes: $0) }
    }

    /// `proseWordsHaveLetters(_:)` of UTF-8 bytes.
    /// With `counted`, whether a prose word's letters pass it (any letter without it), stopping
    /// at the first that does.
    static func proseWordsHaveLetters(bytes b: UnsafeBufferPointer<UInt8>, _ counted: (ScriptCounts) -> Bool = { $0.total > 0 }) -> Bool {
        var found = false
        forEachProseWord(b) { r in
            found = counted(ScriptCounts(utf8: UnsafeBufferPointer(rebasing: b[r])))
            return !found
        }
        return found
    }

    /// Whether a prose word of UTF-8 `b` has a letter of one of `scripts`
    /// (`proseWordsHaveLetters(bytes:_:)` counting them), answered from the letters alone where
    /// they decide: a letter of a script other than Latin makes the word it is in prose
    /// (`looksLikeCode`, and sentence punctuation trimmed off a word is no letter), so one of
    /// `scripts` anywhere in `b` answers yes; without one, and without Latin in `scripts`, no
    /// word has one. Only Latin letters need the words.
    static func proseWordsHaveLetters(bytes b: UnsafeBufferPointer<UInt8>, in scripts: Set<Script>) -> Bool {
        var mask: UInt16 = 0
        for s in scripts { mask |= 1 << UInt16(s.index) }
        let latin: UInt16 = 1 << UInt16(Script.latin.index)
        if mask & ~latin != 0, ScriptCounts.holdsLetter(b, ofScripts: mask & ~latin) { return true }
        guard mask & latin != 0 else { return false }
        return proseWordsHaveLetters(bytes: b) { $0.count(in: scripts) > 0 }
    }

    /// Calls `body` with the byte range of each word of `b` (UTF-8) that reads as prose (see
    /// `proseWords`), in order, until it returns `false`. Scans the bytes in place: scalars are
    /// decoded where they are looked at, no word is copied.
    static func forEachProseWord(_ b: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Bool) {
        let n = b.count
        var i = 0
        while i < n {
            let space = whitespaceLength(b, at: i)
            if space > 0 {
                i += space
                continue
            }
            var end = i + scalarLength(b[i])
            while end < n, whitespaceLength(b, at: end) == 0 { end += scalarLength(b[end]) }
            // Sentence punctuation around a word does not make it code.
            var lo = i
            while lo < end {
                let (u, w) = scalar(b, at: lo)
                guard isSentencePunctuation(u) else { break }
                lo += w
            }
            var hi = end
            while hi > lo {
                var s = hi - 1
                while s > lo, b[s] & 0xC0 == 0x80 { s -= 1 }
                guard isSentencePunctuation(scalar(b, at: s).0) else { break }
                hi = s
            }
            i = end
            if lo < hi, !looksLikeCode(b, lo..<hi) {
                if !body(lo..<hi) { return }
            }
        }
    }

    /// The scalar starting at byte `k` of `b` and its length in bytes (1–4). `b` must hold a
    /// `String`'s bytes (valid UTF-8) and `k` the first byte of one of its scalars: the bytes
    /// are not checked (a truncated sequence would be read past the end).
    @inline(__always)
    public static func scalar(_ b: UnsafeBufferPointer<UInt8>, at k: Int) -> (Unicode.Scalar, Int) {
        let c = UInt32(b[k])
        if c < 0x80 { return (Unicode.Scalar(UInt8(c)), 1) }
        let length = scalarLength(b[k])
        var v = c & (0xFF >> (length + 1))
        for j in 1..<length { v = v << 6 | UInt32(b[k + j] & 0x3F) }
        return (Unicode.Scalar(v) ?? "\u{FFFD}", length)
    }

    /// The length in bytes of the UTF-8 sequence lead byte `c` starts (`c` is not a
    /// continuation byte: the text is valid UTF-8).
    @inline(__always)
    static func scalarLength(_ c: UInt8) -> Int {
        c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2
    }

    /// The byte length of the White_Space scalar (`Unicode.Scalar.Properties.isWhitespace`)
    /// starting at byte `i` of valid UTF-8 `b`, or 0 when the scalar there is not one. Read off
    /// the bytes: only the lead bytes C2, E1, E2 and E3 begin a non-ASCII White_Space scalar, so
    /// Cyrillic letters and ideographs are passed over without being decoded.
    @inline(__always)
    static func whitespaceLength(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let c = b[i]
        if c < 0x80 { return c == 0x20 || (c >= 0x09 && c <= 0x0D) ? 1 : 0 }
        switch c {
        case 0xC2:  // U+0085, U+00A0
            return i + 1 < b.count && (b[i + 1] == 0x85 || b[i + 1] == 0xA0) ? 2 : 0
        case 0xE1:  // U+1680
            return i + 2 < b.count && b[i + 1] == 0x9A && b[i + 2] == 0x80 ? 3 : 0
        case 0xE2:  // U+2000–U+200A, U+2028, U+2029, U+202F, U+205F
            guard i + 2 < b.count else { return 0 }
            let c1 = b[i + 1], c2 = b[i + 2]
            if c1 == 0x80 { return c2 <= 0x8A || c2 == 0xA8 || c2 == 0xA9 || c2 == 0xAF ? 3 : 0 }
            return c1 == 0x81 && c2 == 0x9F ? 3 : 0
        case 0xE3:  // U+3000
            return i + 2 < b.count && b[i + 1] == 0x80 && b[i + 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }

    /// Quotation marks, brackets and sentence punctuation of the scripts DocSpec knows.
    static func isSentencePunctuation(_ u: Unicode.Scalar) -> Bool {
        switch u {
        case "\"", "'", "`", "“", "”", "‘", "’", "«", "»", "(", ")", "[", "]", "<", ">", ",", ";", ":", "!", "?", ".", "…", "—", "–",
            "-", "*", "、", "。", "，", "：", "；", "！", "？", "「", "」", "『", "』", "（", "）":
            true
        default: false
        }
    }

    static func isCodeCharacter(_ u: Unicode.Scalar) -> Bool {
        switch u {
        case "_", "/", "\\", "=", "$", "#", "@", "<", ">", "{", "}", "|", "~", "^": true
        default: false
        }
    }

    /// Whether the word at bytes `r` of `b` (UTF-8, sentence punctuation trimmed) looks like
    /// code or the name of a thing (see `proseWords`).
    static func looksLikeCode(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Bool {
        // A run of Japanese, Chinese, Cyrillic, … text is prose whatever it holds.
        var k = r.lowerBound
        while k < r.upperBound {
            if b[k] < 0x80 {
                k += 1
                continue
            }
            let (u, w) = scalar(b, at: k)
            if let s = Script(u), s != .latin { return false }
            k += w
        }
        var previousLower = false
        var hyphens = 0
        var letters = 0
        var upper = 0
        k = r.lowerBound
        while k < r.upperBound {
            let (u, w) = scalar(b, at: k)
            k += w
            if isCodeCharacter(u) { return true }
            let v = u.value
            if v >= 0x30 && v <= 0x39 { return true }
            if u == "." || u == ":" { return true }  // `file.md`, `std::io`, `obj.prop` (sentence dots were trimmed)
            if u == "-" {
                hyphens += 1
                if hyphens >= 2 { return true }  // `create-expo-app`, `no-listing-15`
            }
            // Combining marks belong to the letter before them.
            if (0x300...0x36F).contains(v) { continue }
            let isUpper: Bool
            let isLower: Bool
            let isLetter: Bool
            if v < 0x80 {
                isUpper = v >= 0x41 && v <= 0x5A
                isLower = v >= 0x61 && v <= 0x7A
                isLetter = isUpper || isLower
            } else {
                isLetter = Script.isLetter(u)
                isUpper = isLetter && u.properties.isUppercase
                isLower = isLetter && u.properties.isLowercase
            }
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
}
