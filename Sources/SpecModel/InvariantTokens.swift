import Foundation
import MarkdownSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parts of a block that must not change in translation, as translation QA tools check them
/// (numbers, inline code, link and image targets, placeholders, HTML attribute names), each a
/// multiset: order does not matter, counts do.
///
/// Site syntax never becomes a token: `{{…}}` macros (MDN/KumaScript), Hugo shortcodes
/// (`{{< … >}}`, `{{% … %}}`), MDX comments and `{/*id*/}` / `{#id}` heading anchors, VitePress
/// `:::` container lines and HTML comments (which often hold the untranslated original).
public struct InvariantTokens: Hashable, Sendable {
    /// The token lists, in one reference: a block's token set is copied into tables, rows,
    /// units and pair analyses many times, and one retain per copy is what copying costs
    /// (seven lists held inline were seven). Copied on write; its fields are changed only
    /// through a uniquely referenced storage, so they need no run-time exclusivity checks.
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var numbers: [String] = []
        @exclusivity(unchecked) var wordNumbers: [String] = []
        @exclusivity(unchecked) var code: [String] = []
        @exclusivity(unchecked) var links: [String] = []
        @exclusivity(unchecked) var placeholders: [String] = []
        @exclusivity(unchecked) var htmlAttributes: [String] = []
        @exclusivity(unchecked) var text: [UInt8] = []

        init() {}

        init(copying other: Storage) {
            numbers = other.numbers
            wordNumbers = other.wordNumbers
            code = other.code
            links = other.links
            placeholders = other.placeholders
            htmlAttributes = other.htmlAttributes
            text = other.text
        }

        /// The storage of every empty token set until it is first changed: never changed itself,
        /// since the empty sets share it (it is never uniquely referenced).
        static let empty = Storage()
    }

    private var storage: Storage

    /// Makes `storage` this value's own before a change.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    /// Numbers in prose, normalised: full-width digits become ASCII, thousands separators are
    /// dropped, a decimal comma becomes a point (`1 000,5` → `1000.5`).
    public var numbers: [String] {
        get { storage.numbers }
        _modify {
            makeUnique()
            yield &storage.numbers
        }
    }
    /// The numbers of `numbers` written as part of a word in ideographs (`16進数`, `3次元`,
    /// `2013以降`): a translation may say them in words (hexadecimal, three-dimensional), as it
    /// may spell out a small number.
    public var wordNumbers: [String] {
        get { storage.wordNumbers }
        _modify {
            makeUnique()
            yield &storage.wordNumbers
        }
    }
    /// Inline code spans, trimmed.
    public var code: [String] {
        get { storage.code }
        _modify {
            makeUnique()
            yield &storage.code
        }
    }
    /// Link and image targets, normalised with `LinkTarget.normalize(_:locales:)`.
    public var links: [String] {
        get { storage.links }
        _modify {
            makeUnique()
            yield &storage.links
        }
    }
    /// Placeholders in prose: `%s`, `%1$d`, `{name}`, `${name}`.
    public var placeholders: [String] {
        get { storage.placeholders }
        _modify {
            makeUnique()
            yield &storage.placeholders
        }
    }
    /// Attribute names of HTML elements written in the text (`<a href=… target=…>`: `a@href`,
    /// `a@target`).
    public var htmlAttributes: [String] {
        get { storage.htmlAttributes }
        _modify {
            makeUnique()
            yield &storage.htmlAttributes
        }
    }

    /// The reader-visible text the tokens were taken from, code spans included: a code token
    /// written as plain text in the other locale (`open()` vs `` `open()` ``) is formatting,
    /// not drift. Made from `textBytes` when asked for (a rule reads it only where a token
    /// is missing).
    public var text: String {
        get { String(decoding: storage.text, as: UTF8.self) }
        set { textBytes = Array(newValue.utf8) }
    }

    /// `text` as UTF-8 bytes, as the tokens are extracted: no string is made for each block.
    public var textBytes: [UInt8] {
        get { storage.text }
        _modify {
            makeUnique()
            yield &storage.text
        }
    }

    /// Creates an empty token set.
    public init() { storage = Storage.empty }

    public static func == (a: InvariantTokens, b: InvariantTokens) -> Bool {
        if a.storage === b.storage { return true }
        let x = a.storage
        let y = b.storage
        return x.numbers == y.numbers && x.wordNumbers == y.wordNumbers && x.code == y.code && x.links == y.links
            && x.placeholders == y.placeholders && x.htmlAttributes == y.htmlAttributes && x.text == y.text
    }

    public func hash(into h: inout Hasher) {
        let x = storage
        h.combine(x.numbers)
        h.combine(x.wordNumbers)
        h.combine(x.code)
        h.combine(x.links)
        h.combine(x.placeholders)
        h.combine(x.htmlAttributes)
        h.combine(x.text)
    }

    /// Number of tokens of every kind.
    public var count: Int { numbers.count + code.count + links.count + placeholders.count + htmlAttributes.count }

    /// Whether no token of any kind was found.
    public var isEmpty: Bool {
        numbers.isEmpty && code.isEmpty && links.isEmpty && placeholders.isEmpty && htmlAttributes.isEmpty
    }

    /// Appends every token of `other`.
    public mutating func formUnion(_ other: InvariantTokens) {
        let o = other.storage
        makeUnique()
        let x = storage
        // Most token lists of a cell or paragraph are empty: appending one still costs a call.
        if !o.numbers.isEmpty { x.numbers += o.numbers }
        if !o.wordNumbers.isEmpty { x.wordNumbers += o.wordNumbers }
        if !o.code.isEmpty { x.code += o.code }
        if !o.links.isEmpty { x.links += o.links }
        if !o.placeholders.isEmpty { x.placeholders += o.placeholders }
        if !o.htmlAttributes.isEmpty { x.htmlAttributes += o.htmlAttributes }
        x.text.append(0x20)
        x.text.append(contentsOf: o.text)
    }

    /// All tokens tagged by kind, for similarity measures (`n:42`, `c:useState`, …).
    public var tagged: [String] {
        numbers.map { "n:" + $0 } + code.map { "c:" + $0 } + links.map { "l:" + $0 } + placeholders.map { "p:" + $0 }
            + htmlAttributes.map { "h:" + $0 }
    }

    /// `tagged` as 64-bit hashes (`TagHash`), for similarity measures that compare multisets:
    /// equal tags have equal hashes, and integers compare faster than strings.
    public var taggedHashes: [UInt64] {
        var out: [UInt64] = []
        out.reserveCapacity(count)
        appendTaggedHashes(to: &out)
        return out
    }

    /// Appends `taggedHashes` to `out`.
    public func appendTaggedHashes(to out: inout [UInt64]) {
        let x = storage
        for t in x.numbers { out.append(TagHash.of(UInt8(ascii: "n"), t)) }
        for t in x.code { out.append(TagHash.of(UInt8(ascii: "c"), t)) }
        for t in x.links { out.append(TagHash.of(UInt8(ascii: "l"), t)) }
        for t in x.placeholders { out.append(TagHash.of(UInt8(ascii: "p"), t)) }
        for t in x.htmlAttributes { out.append(TagHash.of(UInt8(ascii: "h"), t)) }
    }

    /// `taggedHashes` plus the identifier parts of each code token (`Node.ELEMENT_NODE` also
    /// gives `i:Node` and `i:ELEMENT_NODE`), so a constant written with or without its qualifier
    /// still looks alike; `wholeWords` also tags a code token that is one identifier.
    public func taggedHashesWithIdentifierParts(wholeWords: Bool) -> [UInt64] {
        var out: [UInt64] = []
        // Room for the tags and a few parts of each code token.
        out.reserveCapacity(count + 4 * code.count)
        appendTaggedHashesWithIdentifierParts(wholeWords: wholeWords, to: &out)
        return out
    }

    /// Appends `taggedHashesWithIdentifierParts(wholeWords:)` to `out` (grown as appending
    /// grows it: a caller appends many sets).
    public func appendTaggedHashesWithIdentifierParts(wholeWords: Bool, to out: inout [UInt64]) {
        appendTaggedHashes(to: &out)
        appendIdentifierParts(wholeWords: wholeWords, to: &out)
    }

    /// Appends the identifier parts of each code token as `i:` tag hashes (what
    /// `taggedHashesWithIdentifierParts(wholeWords:)` adds to `taggedHashes`).
    public func appendIdentifierParts(wholeWords: Bool, to out: inout [UInt64]) {
        for c in code {
            // An ASCII token is split on its bytes, read once through its contiguous storage.
            var bytes = c
            if bytes.withUTF8({ Self.appendASCIIIdentifierParts(bytes: $0, wholeWords: wholeWords, to: &out) }) { continue }
            let parts = c.split { !($0.isLetter || $0.isNumber || $0 == "_") }
            if parts.count > 1 || (wholeWords && parts.count == 1) {
                for p in parts { out.append(TagHash.of(UInt8(ascii: "i"), p)) }
            }
        }
    }

    /// The identifier parts of a code token's UTF-8 bytes `b` as `i:` tag hashes, when they are
    /// all ASCII: ASCII letters, digits and `_` are what `Character.isLetter`/`isNumber` accept
    /// there (a CR LF pair, one `Character`, separates like its two bytes). One pass: each part
    /// is hashed as it is found, and a lone part taken back without `wholeWords`. Returns
    /// `false`, leaving `out` as it was, at a non-ASCII byte.
    @discardableResult
    static func appendASCIIIdentifierParts(bytes b: UnsafeBufferPointer<UInt8>, wholeWords: Bool, to out: inout [UInt64]) -> Bool {
        func inPart(_ x: UInt8) -> Bool {
            (x >= 0x30 && x <= 0x39) || (x >= 0x41 && x <= 0x5A) || (x >= 0x61 && x <= 0x7A) || x == 0x5F
        }
        // Each part is a maximal run of identifier bytes.
        var parts = 0
        var i = 0
        while i < b.count {
            let x = b[i]
            guard inPart(x) else {
                if x >= 0x80 {
                    out.removeLast(parts)
                    return false
                }
                i += 1
                continue
            }
            let start = i
            i += 1
            while i < b.count, inPart(b[i]) { i += 1 }
            out.append(TagHash.of(UInt8(ascii: "i"), bytes: UnsafeBufferPointer(rebasing: b[start..<i])))
            parts += 1
        }
        if parts == 1 && !wholeWords { out.removeLast() }
        return true
    }

    /// Rule id and message noun of each kind, in the order of `kinds`.
    public static let kindNames: [(rule: String, noun: String)] = [
        ("number-mismatch", "number"),
        ("inline-code-mismatch", "inline code"),
        ("link-mismatch", "link target"),
        ("placeholder-mismatch", "placeholder"),
        ("html-attribute-mismatch", "HTML attribute"),
    ]

    /// The noun for a token rule id (`inline-code-mismatch` → "inline code").
    public static func noun(of rule: String) -> String {
        kindNames.first { $0.rule == rule }?.noun ?? rule
    }

    /// The tokens of each kind, in the order of `kindNames`.
    public var kinds: [[String]] { [numbers, code, links, placeholders, htmlAttributes] }

    /// The tokens of one kind (an index into `kindNames`), without building `kinds`.
    public func tokens(ofKind kind: Int) -> [String] {
        switch kind {
        case 0: numbers
        case 1: code
        case 2: links
        case 3: placeholders
        default: htmlAttributes
        }
    }
}

/// A 64-bit FNV-1a hash of a kind-tagged token (`n:42`, `c:useState`) over its UTF-8 bytes:
/// block and section alignment compare multisets of these instead of strings.
public enum TagHash {
    /// The hash of `kind` + `:` + `token`.
    public static func of(_ kind: UInt8, _ token: some StringProtocol) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ b: UInt8) {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        add(kind)
        add(UInt8(ascii: ":"))
        for b in token.utf8 { add(b) }
        return h
    }

    /// The hash of `kind` + `:` + `token`, over the string's contiguous bytes (the same value
    /// as the generic `of(_:_:)`, without going through `StringProtocol`'s witnesses per byte).
    public static func of(_ kind: UInt8, _ token: String) -> UInt64 {
        var token = token
        return token.withUTF8 { of(kind, bytes: $0) }
    }

    /// The hash of `kind` + `:` + the token's UTF-8 `bytes` (the same value as `of(_:_:)`).
    public static func of(_ kind: UInt8, bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        h = (h ^ UInt64(kind)) &* 0x0000_0100_0000_01B3
        h = (h ^ UInt64(UInt8(ascii: ":"))) &* 0x0000_0100_0000_01B3
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }
}

/// Extracts invariant tokens from inlines and raw text.
public struct TokenExtractor: Sendable {
    /// Locale codes whose path segments are dropped from link targets (`/ru/docs/x` → `/docs/x`).
    public var locales: Set<String> {
        didSet { codes = LinkTarget.LocaleCodes(locales) }
    }
    /// `locales` as link normalisation compares them, made once.
    private(set) var codes: LinkTarget.LocaleCodes

    /// Creates an extractor that normalises link targets for `locales`.
    public init(locales: Set<String>) {
        self.locales = locales
        codes = LinkTarget.LocaleCodes(locales)
    }

    /// Tokens of inline content. Text of links and emphasis is searched too.
    public func tokens(_ inlines: [Inline]) -> InvariantTokens {
        var plainCount = 0
        return tokens(inlines, plainCount: &plainCount)
    }

    /// `tokens(_:)`, also setting `plainText` to the inlines' `plainText` (made by the same
    /// walk, so a caller that needs both does not walk the inlines twice).
    public func tokens(_ inlines: [Inline], plainText plainOut: inout String) -> InvariantTokens {
        var plainCount = 0
        let t = tokens(inlines, plainCount: &plainCount)
        plainOut = Self.plainText(inlines, t.textBytes[..<plainCount])
        return t
    }

    /// The plain text of `inlines` whose UTF-8 bytes are `bytes` (as `appendTokens` wrote them):
    /// a text or code span alone (most table cells) is its own plain text, else it is made of
    /// the bytes.
    public static func plainText(_ inlines: [Inline], _ bytes: ArraySlice<UInt8>) -> String {
        if inlines.count == 1, case .text(let s) = inlines[0] { return s }
        if inlines.count == 1, case .code(let s) = inlines[0] { return s }
        return bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// `tokens(_:plainText:)` where the plain text is the first `plainCount` bytes of the
    /// result's `textBytes` (UTF-8; the set's text starts with it), so a caller that reads the
    /// bytes makes no string.
    public func tokens(_ inlines: [Inline], plainCount: inout Int) -> InvariantTokens {
        var t = InvariantTokens()
        plainCount = appendTokens(inlines, to: &t, separated: false).count
        return t
    }

    /// Adds the tokens of `inlines` to `t`, as `t.formUnion(tokens(inlines))` does (each kind's
    /// list after `t`'s, the text after a space), without making a token set for them; without
    /// `separated`, no space goes before the text (for an empty `t`, that is `tokens(inlines)`).
    /// Returns where the inlines' plain text (`plainText`, UTF-8) is in `t.textBytes`.
    public func appendTokens(_ inlines: [Inline], to t: inout InvariantTokens, separated: Bool) -> Range<Int> {
        // One walk builds both texts: `text`, the prose the numbers and placeholders are read
        // from (code, links and HTML as spaces), and the inlines' `plainText`, written into the
        // set's text, then a space and the text inline HTML adds (`tokens(html:into:)`). Until an
        // inline other than text is met (many cells and paragraphs have none), the two are the
        // same bytes: `text` is only written from then on (`diverge()`), else the plain text is
        // scanned.
        var text: [UInt8] = []
        var diverged = false
        var html = InvariantTokens()
        var plain = t.textBytes
        t.textBytes = []
        // Room for a block's text, so it is not grown from a few bytes.
        if plain.capacity - plain.count < 128 { plain.reserveCapacity(plain.count + 256) }
        if separated { plain.append(0x20) }
        let plainStart = plain.count
        // Text between inline `<code>` and `</code>` tags: a code span written as HTML (in a
        // table cell, where a backtick span cannot hold `|`), compared as one.
        var htmlCode: String? = nil
        // Starts `text` as the plain text so far, before the two differ.
        func diverge() {
            guard !diverged else { return }
            diverged = true
            text.reserveCapacity(max(512, 2 * (plain.count - plainStart)))
            text.append(contentsOf: plain[plainStart...])
        }
        func walk(_ xs: [Inline]) {
            for x in xs {
                if htmlCode != nil {
                    switch x {
                    case .text(let s), .code(let s):
                        htmlCode! += s
                        plain.appendUTF8(s)
                        continue
                    case .softBreak, .lineBreak:
                        htmlCode! += " "
                        plain.append(0x20)
                        continue
                    default:
                        break
                    }
                }
                switch x {
                case .text(let s):
                    if diverged { text.appendUTF8(s) }
                    plain.appendUTF8(s)
                case .code(let s):
                    diverge()
                    text.append(0x20)
                    plain.appendUTF8(s)
                    let c = s.trimmingSpaces
                    if !c.isEmpty && !Self.isTranslatableCode(c) { Self.append(Self.normalizeCode(c), to: &t.code) }
                case .emphasis(let c), .strong(let c), .strikethrough(let c): walk(c)
                case .link(let d, _, let c):
                    diverge()
                    if let n = LinkTarget.normalize(d, codes: codes) { Self.append(n, to: &t.links) }
                    text.append(0x20)
                    walk(c)
                    text.append(0x20)
                case .image(let s, _, let alt):
                    diverge()
                    if let n = LinkTarget.normalize(s, codes: codes) { Self.append(n, to: &t.links) }
                    text.append(0x20)
                    plain.appendUTF8(alt.plainText)
                case .html(let h):
                    diverge()
                    text.append(0x20)
                    switch Self.codeTag(h) {
                    case true?:
                        htmlCode = htmlCode ?? ""
                    case false?:
                        if let c = htmlCode?.trimmingSpaces, !c.isEmpty, !Self.isTranslatableCode(c) { Self.append(Self.normalizeCode(c), to: &t.code) }
                        htmlCode = nil
                    case nil:
                        // Its tokens go to `t` in walk order; its text after the plain text.
                        tokens(html: h, into: &t)
                        html.textBytes.append(contentsOf: t.textBytes)
                        t.textBytes = []
                    }
                case .softBreak, .lineBreak:
                    diverge()
                    text.append(0x0A)
                    plain.append(0x20)
                case .footnoteReference(let label):
                    diverge()
                    text.append(0x20)
                    plain.append(contentsOf: "[^\(label)]".utf8)
                }
            }
        }
        walk(inlines)
        if let unclosed = htmlCode { text.appendUTF8(unclosed) }  // `<code>` never closed: prose after all
        if diverged {
            text.withUnsafeBufferPointer { tokens(proseBytes: $0, into: &t) }
        } else {
            plain.withUnsafeBufferPointer { tokens(proseBytes: UnsafeBufferPointer(rebasing: $0[plainStart...]), into: &t) }
        }
        let plainEnd = plain.count
        plain.append(0x20)
        plain.append(contentsOf: html.textBytes)
        t.textBytes = plain
        return plainStart..<plainEnd
    }

    /// Appends `token` to a token list, with room for four made at once while it holds fewer (a
    /// block's code spans and links often come several to a set: one allocation instead of
    /// growing to one, two, then four).
    @inline(__always)
    static func append(_ token: String, to list: inout [String]) {
        if list.count == list.capacity && list.count < 4 { list.reserveCapacity(4) }
        list.append(token)
    }

    /// `true` for an inline `<code>` (or `<code …>`) opening tag alone, `false` for `</code>`,
    /// `nil` for any other HTML.
    static func codeTag(_ h: String) -> Bool? {
        let lower = LinkTarget.asciiLowercased(h.trimmingSpaces)
        if lower == "</code>" { return false }
        if lower == "<code>" || (lower.hasPrefix("<code ") && lower.hasSuffix(">") && !lower.hasSuffix("/>")) { return true }
        return nil
    }

    /// `…` typed for `...` is the same code, and a string in other quotes is the same string
    /// (`"beforebegin"` / `'beforebegin'`): double quotes become single ones.
    public static func normalizeCode(_ c: String) -> String {
        // Most code has neither: one pass over the bytes for both (`…` is E2 80 A6; no other
        // character's bytes start with E2 80 A6 or hold 0x22).
        var c = c
        let (ellipsis, quote) = c.withUTF8 { b -> (Bool, Bool) in
            var ellipsis = false
            var quote = false
            var i = 0
            while i < b.count {
                if b[i] == 0x22 {
                    quote = true
                } else if b[i] == 0xE2, i + 2 < b.count, b[i + 1] == 0x80, b[i + 2] == 0xA6 {
                    ellipsis = true
                }
                i += 1
            }
            return (ellipsis, quote)
        }
        if ellipsis { c = c.replacingOccurrences(of: "…", with: "...") }
        if quote { c = c.replacingOccurrences(of: "\"", with: "'") }
        return c
    }

    /// Whether a code span holds translated text rather than code: letters beyond Latin
    /// (Japanese, Cyrillic, …), as in `<重大度>: [<コード>]` or a translator's `訳注`.
    public static func isTranslatableCode(_ s: String) -> Bool {
        // ASCII text (most code) holds no such letter: told from its bytes first.
        var bytes = s
        guard !bytes.withUTF8({ b in !b.contains { $0 >= 0x80 } }) else { return false }
        return s.unicodeScalars.contains { $0.value > 0x24F && $0.properties.isAlphabetic }
    }

    /// Tokens of raw HTML: attribute names, `href`/`src` targets, `<code>` contents and the
    /// numbers and placeholders of its text. Comments are skipped.
    public func tokens(html: String, into t: inout InvariantTokens) {
        tokens(scanned: HTMLScanner.scan(html), into: &t)
    }

    /// `tokens(html:into:)` of HTML already scanned (`HTMLScanner.scan`).
    func tokens(scanned: HTMLScanner.Result, into t: inout InvariantTokens) {
        for tag in scanned.tags where !tag.closing {
            for (name, value) in tag.attributes {
                t.htmlAttributes.append("\(tag.name)@\(name)")
                if name == "href" || name == "src", let v = value, let n = LinkTarget.normalize(v, codes: codes) {
                    t.links.append(n)
                }
            }
        }
        t.code += scanned.codeTexts.filter { !Self.isTranslatableCode($0) }.map(Self.normalizeCode)
        tokens(prose: scanned.text, into: &t)
        t.textBytes.append(0x20)
        t.textBytes.appendUTF8(scanned.text)
        t.textBytes.append(0x20)
        t.textBytes.append(contentsOf: scanned.codeTexts.joined(separator: " ").utf8)
    }

    /// Numbers and placeholders of plain prose, after removing site syntax. MDN's
    /// cross-reference macros (`{{domxref("Node")}}`, `{{HTMLElement("p")}}`, …) are the links
    /// they render, so a translation that writes an ordinary link instead still matches.
    public func tokens(prose raw: String, into t: inout InvariantTokens) {
        var raw = raw
        raw.withUTF8 { tokens(proseBytes: $0, into: &t) }
    }

    /// `tokens(prose:into:)` of UTF-8 bytes (valid UTF-8, as a `String`'s are): site syntax is
    /// removed from a copy of the bytes only when they hold some.
    func tokens(proseBytes raw: UnsafeBufferPointer<UInt8>, into t: inout InvariantTokens) {
        // Text with a `{{` macro holds site syntax: most text has neither, told by one search.
        if SiteSyntax.holdsSiteSyntax(raw) {
            if ByteSearch.contains(raw, "{{") {
                for link in SiteSyntax.macroLinks(String(decoding: raw, as: UTF8.self)) {
                    if let n = LinkTarget.normalize(link, codes: codes) { t.links.append(n) }
                }
            }
            SiteSyntax.strippedBytes(raw).withUnsafeBufferPointer { scanTokens($0, into: &t) }
        } else {
            scanTokens(raw, into: &t)
        }
    }

    /// The first index from `i` on (up to `b.count`, then `b.count`) whose byte may start a
    /// token of `scanProseBytes`: `%`, `{`, `$`, an ASCII digit, or EF (the first byte of a
    /// full-width digit). Each is ASCII or a scalar's first byte, so in valid UTF-8 the index is
    /// a scalar's start, and the scalars skipped start no token. Sixteen bytes at a time as one
    /// vector (lane-wise compares), then eight at a time: each test below sets the top bit of
    /// exactly the bytes that are one (a byte's zero test that borrows from no other byte).
    static func tokenCandidate(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        if let base = b.baseAddress {
            typealias Lanes = SIMD16<UInt8>
            while i + 16 <= b.count {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: Lanes.self)
                // `$` and `%` differ in the low bit only; a digit is below 10 after subtracting `0`.
                let hit = ((v | Lanes(repeating: 0x01)) .== Lanes(repeating: 0x25)) .| (v .== Lanes(repeating: 0x7B))
                    .| (v .== Lanes(repeating: 0xEF)) .| ((v &- Lanes(repeating: 0x30)) .< Lanes(repeating: 10))
                // The mask's lanes are all ones or all zeros: any set lane is a nonzero half.
                let halves = unsafeBitCast(hit, to: SIMD2<UInt64>.self)
                if halves[0] | halves[1] != 0 { break }
                i += 16
            }
            let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            func zeros(_ v: UInt64) -> UInt64 { ~(((v & lows) &+ lows) | v | lows) }
            func equal(_ w: UInt64, _ c: UInt64) -> UInt64 { zeros(w ^ (c &* 0x0101_0101_0101_0101)) }
            while i + 8 <= b.count {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                // A digit: high nibble 3 and low nibble below 10 (adding 6 does not carry).
                let highThree = zeros((w & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030)
                let lowBelowTen = (~((w & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0x1010_1010_1010_1010) << 3
                if (highThree & lowBelowTen) | equal(w, 0x25) | equal(w, 0x7B) | equal(w, 0x24) | equal(w, 0xEF) != 0 { break }
                i += 8
            }
        }
        while i < b.count {
            let c = b[i]
            if c == 0x25 || c == 0x7B || c == 0x24 || c == 0xEF || (c >= 0x30 && c <= 0x39) { return i }
            i += 1
        }
        return b.count
    }

    /// The numbers and placeholders of prose bytes `b` that site syntax was removed from.
    func scanTokens(_ b: UnsafeBufferPointer<UInt8>, into t: inout InvariantTokens) {
        // `scanProse` starts a token only at `%`, `{` or a digit (ASCII or full-width, U+FF10–
        // U+FF19: EF BC 90–99): text without any holds none, and its scalars are not copied out.
        // The first such byte, or `nil`.
        func firstTokenStart() -> Int? {
            var i = 0
            while true {
                i = Self.tokenCandidate(b, from: i)
                guard i < b.count else { return nil }
                let c = b[i]
                if c == 0x25 || c == 0x7B || (c >= 0x30 && c <= 0x39) { return i }
                if c == 0xEF, i + 2 < b.count, b[i + 1] == 0xBC, b[i + 2] >= 0x90 && b[i + 2] <= 0x99 { return i }
                i += 1
            }
        }
        guard var start = firstTokenStart() else { return }
        // Scanning from 0 only steps over the scalars before it (a `$` or EF starts a token there
        // only as the `$` of `${`, whose `{` is that byte).
        if start > 0, b[start] == 0x7B, b[start - 1] == 0x24 { start -= 1 }
        scanProseBytes(b, from: start) { kind, token, end in
            if kind == 0 {
                t.numbers.append(token)
                // Digits glued to a word of ideographs (`16進数`, `3次元`) may be part of the
                // word (hexadecimal, three-dimensional), which a translation says in words.
                if end < b.count {
                    let (first, width) = ProseText.scalar(b, at: end)
                    if end + width < b.count, Script(first) == .han, Script(ProseText.scalar(b, at: end + width).0) == .han {
                        t.wordNumbers.append(token)
                    }
                }
            } else {
                t.placeholders.append(token)
            }
        }
    }

    /// `scanProse` over valid UTF-8 `b`: the same tokens in the same order, each with the byte
    /// offset where it ends, with scalars decoded only where a token may start (`%`, `{`, `$`, a
    /// digit) instead of the whole text first. `ScanProseBytesTests` compares the two.
    /// Scanning starts at byte `start`, a scalar's start before which a scan from 0 emits nothing.
    func scanProseBytes(_ b: UnsafeBufferPointer<UInt8>, from start: Int = 0, _ emit: (_ kind: Int, _ token: String, _ end: Int) -> Void) {
        let n = b.count
        func at(_ k: Int) -> (Unicode.Scalar, Int) { ProseText.scalar(b, at: k) }
        func text(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self) }
        // An identifier scalar is ASCII (`isIdentifierScalar`): tested on its first byte.
        func isIdentifierByte(_ x: UInt8) -> Bool {
            x == 0x5F || (x >= 0x41 && x <= 0x5A) || (x >= 0x61 && x <= 0x7A) || (x >= 0x30 && x <= 0x39)
        }
        // The digit (ASCII byte) and width of the scalar at `k`, an ASCII or full-width digit.
        func digit(_ k: Int) -> (UInt8, Int)? {
            guard k < n else { return nil }
            let c = b[k]
            if c >= 0x30 && c <= 0x39 { return (c, 1) }
            if c == 0xEF, k + 2 < n, b[k + 1] == 0xBC, b[k + 2] >= 0x90, b[k + 2] <= 0x99 { return (b[k + 2] - 0x90 + 0x30, 3) }
            return nil
        }
        // `threeDigitsFollow` at byte `k`.
        func threeDigitsFollow(_ k: Int) -> Bool {
            var j = k
            for _ in 0..<3 {
                guard let (_, w) = digit(j) else { return false }
                j += w
            }
            return digit(j) == nil
        }
        var i = start
        while i < n {
            // A scalar whose first byte is none of `tokenCandidate`'s starts no token.
            i = Self.tokenCandidate(b, from: i)
            guard i < n else { break }
            let c = b[i]
            // Placeholders.
            if c == 0x25, i + 1 < n {  // %
                var j = i + 1
                while j < n {
                    let (u, w) = at(j)
                    guard (u.isASCII ? (u.value >= 0x30 && u.value <= 0x39) : u.properties.numericType != nil) || u == "$" else { break }
                    j += w
                }
                if j < n {
                    let (u, w) = at(j)
                    if "sd@fi".unicodeScalars.contains(u), j + w >= n || !isWordScalar(at(j + w).0) {
                        emit(3, text(i..<(j + w)), j + w)
                        i = j + w
                        continue
                    }
                }
            }
            if c == 0x7B || (c == 0x24 && i + 1 < n && b[i + 1] == 0x7B) {  // { or ${
                let open = c == 0x24 ? i + 1 : i
                var j = open + 1
                while j < n, isIdentifierByte(b[j]) { j += 1 }
                if j > open + 1, j < n, b[j] == 0x7D {
                    emit(3, text(i..<(j + 1)), j + 1)
                    i = j + 1
                    continue
                }
            }
            // Numbers: not part of an identifier such as `ES256` or `h2`.
            if let (d, w) = digit(i) {
                var previousIsIdentifier = false
                var previousIsDigit = false
                if i > 0 {
                    var p = i - 1
                    while p > 0, b[p] & 0xC0 == 0x80 { p -= 1 }
                    previousIsDigit = digit(p) != nil
                    previousIsIdentifier = isIdentifierByte(b[p])
                }
                if i == 0 || !previousIsIdentifier || previousIsDigit {
                    if i > 0, previousIsDigit {
                        i += w
                        continue
                    }
                    var digits: [UInt8] = [d]
                    var groupEnds: [Int] = []
                    var separators: [Unicode.Scalar] = []
                    var j = i + w
                    while j < n {
                        if let (d, w) = digit(j) {
                            digits.append(d)
                            j += w
                            continue
                        }
                        let (u, w) = at(j)
                        if isNumberSeparator(u) || (u == " " && digits.count - (groupEnds.last ?? 0) <= 3 && threeDigitsFollow(j + 1)),
                            digit(j + w) != nil
                        {
                            separators.append(u)
                            groupEnds.append(digits.count)
                            j += w
                        } else {
                            break
                        }
                    }
                    groupEnds.append(digits.count)
                    var number = Self.canonicalNumber(digits: digits, groupEnds: groupEnds, separators: separators)
                    // A Japanese or Chinese multiplier (`12 万件`, `3億`) is part of the quantity.
                    var k = j
                    if k < n {
                        let (u, w) = at(k)
                        if u == " " || u == "\u{3000}" { k += w }
                    }
                    if k < n {
                        let (u, w) = at(k)
                        if let zeros = Self.multiplierZeros[u.value], let scaled = Self.scaled(number, zeros: zeros) {
                            number = scaled
                            j = k + w
                        }
                    }
                    emit(0, number, j)
                    i = j
                    continue
                }
            }
            i += ProseText.scalarLength(c)
        }
    }

    /// The numbers (`kind` 0, canonical form) and placeholders (`kind` 3) of prose scalars `u`,
    /// each with its range in `u` (scalar indices), in order: what `tokens(prose:into:)` reads
    /// (after removing site syntax), and what `docspec fix` uses to find a token in a page.
    public func scanProse(_ u: [Unicode.Scalar], _ emit: (_ kind: Int, _ token: String, _ range: Range<Int>) -> Void) {
        var i = 0
        while i < u.count {
            let c = u[i]
            // Placeholders.
            if c == "%", i + 1 < u.count {
                var j = i + 1
                while j < u.count, u[j].properties.numericType != nil || u[j] == "$" { j += 1 }
                if j < u.count, "sd@fi".unicodeScalars.contains(u[j]), j + 1 >= u.count || !isWordScalar(u[j + 1]) {
                    emit(3, String(String.UnicodeScalarView(u[i...j])), i..<(j + 1))
                    i = j + 1
                    continue
                }
            }
            if c == "{" || (c == "$" && i + 1 < u.count && u[i + 1] == "{") {
                let open = c == "$" ? i + 1 : i
                var j = open + 1
                while j < u.count, isIdentifierScalar(u[j]) { j += 1 }
                if j > open + 1, j < u.count, u[j] == "}" {
                    emit(3, String(String.UnicodeScalarView(u[i...j])), i..<(j + 1))
                    i = j + 1
                    continue
                }
            }
            // Numbers: not part of an identifier such as `ES256` or `h2`.
            if let d = digitValue(c), i == 0 || !isIdentifierScalar(u[i - 1]) || digitValue(u[i - 1]) != nil {
                if i > 0, digitValue(u[i - 1]) != nil { i += 1; continue }
                // The digits (ASCII) of every group in one buffer, with where each group ends.
                var digits: [UInt8] = [d]
                var groupEnds: [Int] = []
                var separators: [Unicode.Scalar] = []
                var j = i + 1
                while j < u.count {
                    if let d = digitValue(u[j]) {
                        digits.append(d)
                        j += 1
                    } else if isNumberSeparator(u[j]) || (u[j] == " " && digits.count - (groupEnds.last ?? 0) <= 3 && threeDigitsFollow(u, j + 1)),
                        j + 1 < u.count, digitValue(u[j + 1]) != nil
                    {
                        separators.append(u[j])
                        groupEnds.append(digits.count)
                        j += 1
                    } else {
                        break
                    }
                }
                groupEnds.append(digits.count)
                var number = Self.canonicalNumber(digits: digits, groupEnds: groupEnds, separators: separators)
                // A Japanese or Chinese multiplier (`12 万件`, `3億`) is part of the quantity:
                // `12 万` is 120000, as a translation writes it out.
                var k = j
                if k < u.count, u[k] == " " || u[k] == "\u{3000}" { k += 1 }
                if k < u.count, let zeros = Self.multiplierZeros[u[k].value], let scaled = Self.scaled(number, zeros: zeros) {
                    number = scaled
                    j = k + 1
                }
                emit(0, number, i..<j)
                i = j
                continue
            }
            i += 1
        }
    }

    /// Zeros each Japanese / Chinese numeral multiplier adds: 万 (10⁴), 億 (10⁸), 兆 (10¹²).
    static let multiplierZeros: [UInt32: Int] = [0x4E07: 4, 0x5104: 8, 0x5146: 12]

    /// A canonical number (`12`, `1.5`) times 10^`zeros` (`120000`, `15000`), or `nil` for a
    /// version-like number (`1.2.3`).
    public static func scaled(_ number: String, zeros: Int) -> String? {
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= zeros else { return nil }
        var digits = String(parts[0]) + fraction + String(repeating: "0", count: zeros - fraction.count)
        while digits.count > 1, digits.hasPrefix("0") { digits.removeFirst() }
        return digits
    }

    /// `canonicalNumber(_:_:)` of a number read as ASCII `digits`, split into groups ending at
    /// `groupEnds` (digit counts, the last one `digits.count`), with the `separators` between
    /// them; one group is the digits as they are.
    static func canonicalNumber(digits: [UInt8], groupEnds: [Int], separators: [Unicode.Scalar]) -> String {
        if groupEnds.count == 1 { return String(decoding: digits, as: UTF8.self) }
        var groups: [String] = []
        groups.reserveCapacity(groupEnds.count)
        var groupStart = 0
        for end in groupEnds {
            groups.append(String(decoding: digits[groupStart..<end], as: UTF8.self))
            groupStart = end
        }
        return canonicalNumber(groups, separators)
    }

    /// `1,000` / `1 000` / `1.000.000` → thousands; `0,5` / `0.5` → `0.5`; `1.2.3` (a version)
    /// stays as written with points.
    static func canonicalNumber(_ groups: [String], _ separators: [Unicode.Scalar]) -> String {
        if groups.count == 1 { return groups[0] }
        let same = Set(separators).count == 1
        let grouped = groups[0].count <= 3 && groups.dropFirst().allSatisfy { $0.count == 3 }
        let point = separators[0] == "." || separators[0] == "．"
        if same && grouped && (!point || groups.count > 2) { return groups.joined() }
        if groups.count == 2, point || separators[0] == "," || separators[0] == "，" { return groups[0] + "." + groups[1] }
        return groups.joined(separator: ".")
    }

    /// The ASCII digit (byte `0`–`9`) that `s` is, an ASCII or a full-width one (U+FF10–U+FF19);
    /// `nil` for any other scalar.
    @inline(__always)
    func digitValue(_ s: Unicode.Scalar) -> UInt8? {
        let v = s.value
        if v >= 0x30 && v <= 0x39 { return UInt8(v) }
        if v >= 0xFF10 && v <= 0xFF19 { return UInt8(v - 0xFF10 + 0x30) }
        return nil
    }

    /// Exactly three digits start at `k` (a thousands group after a space: `1 000`).
    func threeDigitsFollow(_ u: [Unicode.Scalar], _ k: Int) -> Bool {
        guard k + 2 < u.count, digitValue(u[k]) != nil, digitValue(u[k + 1]) != nil, digitValue(u[k + 2]) != nil else { return false }
        return k + 3 >= u.count || digitValue(u[k + 3]) == nil
    }

    func isNumberSeparator(_ s: Unicode.Scalar) -> Bool {
        s == "," || s == "." || s == "\u{00A0}" || s == "\u{202F}" || s == "\u{2009}" || s == "，" || s == "．"
    }

    func isIdentifierScalar(_ s: Unicode.Scalar) -> Bool {
        // The ASCII scalars with Unicode's Alphabetic property are exactly `A`–`Z` and `a`–`z`.
        let v = s.value
        return v == 0x5F || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || (v >= 0x30 && v <= 0x39)
    }

    func isWordScalar(_ s: Unicode.Scalar) -> Bool { s.properties.isAlphabetic || s == "_" }
}

/// Normalises link targets so locale-specific URLs of the same resource compare equal.
public enum LinkTarget {
    /// The target normalised for comparison across locales, or `nil` for a fragment-only link,
    /// which stays on the page (`StructureDriftRule` checks it as `broken-anchor-link`):
    ///
    /// - lower-cased (MDN's paths are case-insensitive), `www.` dropped, trailing `/` dropped,
    ///   `x.md` / `x.mdx` / `x.html` the same page;
    /// - locale markers removed, configured in the run or not: a path segment that is a locale
    ///   code (`/ru/`, `/en-US/`, `pt_BR`, see `isLocale(_:_:)`), and a language subdomain
    ///   (`ja.wikipedia.org/wiki/マスク`), whose localised path cannot be compared, becomes the
    ///   site only (`https://wikipedia.org/…`);
    /// - the fragment dropped where it is generated from a translated heading (site-relative
    ///   links, localised URLs, non-ASCII fragments), kept on other absolute URLs
    ///   (`rfc9110#section-6` is another place than `#section-6.5.1`).
    public static func normalize(_ raw: String, locales: Set<String>) -> String? {
        normalize(raw, codes: LocaleCodes(locales))
    }

    /// Locale codes as `normalize` compares them with a path's segments: each code's UTF-8
    /// bytes, and whether every code is ASCII. Made once for many targets.
    struct LocaleCodes: Sendable {
        /// The codes.
        let set: Set<String>
        /// Every code is ASCII.
        let ascii: Bool
        /// Each code's UTF-8 bytes.
        let bytes: [[UInt8]]

        init(_ set: Set<String>) {
            self.set = set
            ascii = set.allSatisfy(ProseText.isASCII)
            bytes = set.map { Array($0.utf8) }
        }
    }

    /// `normalize(_:locales:)` with the codes made once.
    static func normalize(_ raw: String, codes: LocaleCodes) -> String? {
        // The common target (ASCII, no CR, ASCII locale codes) on bytes, with one output string;
        // `Character` and byte semantics agree there. Anything else takes the general path.
        if let fast = normalizedASCII(raw, codes: codes) { return fast }
        return normalizedGeneral(raw, locales: codes.set)
    }

    /// `normalize` for an ASCII target without CR bytes when every locale code is ASCII, on
    /// UTF-8 bytes; `nil` when that does not hold (then `normalizedGeneral` decides), else
    /// `.some(result)`.
    static func normalizedASCII(_ raw: String, locales: Set<String>) -> String?? {
        normalizedASCII(raw, codes: LocaleCodes(locales))
    }

    /// `normalizedASCII(_:locales:)` with the codes made once.
    static func normalizedASCII(_ raw: String, codes: LocaleCodes) -> String?? {
        guard codes.ascii else { return nil }
        var raw = raw
        return raw.withUTF8 { u -> String?? in
            // Refused at a non-ASCII byte or CR, eight bytes at a time (no top bit set, no byte
            // equal to CR), before anything is made.
            var i = 0
            if let base = u.baseAddress {
                while i + 8 <= u.count {
                    let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                    let cr = w ^ 0x0D0D_0D0D_0D0D_0D0D
                    // A zero byte of `cr` (a CR in `w`) sets its top bit in the second term.
                    if (w | ((cr &- 0x0101_0101_0101_0101) & ~cr)) & 0x8080_8080_8080_8080 != 0 { break }
                    i += 8
                }
            }
            while i < u.count {
                if u[i] >= 0x80 || u[i] == 0x0D { return nil }
                i += 1
            }
            return .some(normalizedASCIIBytes(u, codes: codes))
        }
    }

    /// `normalizedASCII` of the target's bytes `u` (ASCII, no CR), read as they are: every
    /// marker searched for is no letter, locale segments are compared case-insensitively, and
    /// the bytes are lower-cased as they are written out, straight into the result's storage.
    static func normalizedASCIIBytes(_ u: UnsafeBufferPointer<UInt8>, codes: LocaleCodes) -> String? {
        // Searched with plain loops over the bytes (the generic slice searches cost more than
        // the rest of a target's normalisation).
        func index(of x: UInt8, in r: Range<Int>) -> Int? {
            guard !r.isEmpty, let base = u.baseAddress, let p = memchr(base + r.lowerBound, Int32(x), r.count) else { return nil }
            return base.distance(to: p.assumingMemoryBound(to: UInt8.self))
        }
        func lower(_ x: UInt8) -> UInt8 { x >= 0x41 && x <= 0x5A ? x | 0x20 : x }
        func isSpace(_ x: UInt8) -> Bool { x == 0x20 || x == 0x09 || x == 0x0A }
        var lo = 0
        var hi = u.count
        while lo < hi, isSpace(u[lo]) { lo += 1 }
        while hi > lo, isSpace(u[hi - 1]) { hi -= 1 }
        if hi - lo >= 2, u[lo] == UInt8(ascii: "<"), u[hi - 1] == UInt8(ascii: ">") {
            lo += 1
            hi -= 1
        }
        var fragment = hi..<hi
        if let hash = index(of: UInt8(ascii: "#"), in: lo..<hi) {
            fragment = hash..<hi
            hi = hash
        }
        if lo == hi { return nil }
        // Read by the closure below as constants.
        let (start, end, tail) = (lo, hi, fragment)
        // At most the target's bytes, or a site and `/…` (four bytes) in place of a longer path.
        return String(unsafeUninitializedCapacity: end - start + tail.count + 4) { out in
            var count = 0
            var pathStart = start
            var hasScheme = false
            if let r = find(u, "://", in: start..<end) {
                hasScheme = true
                putLowered(u, start..<r.upperBound, into: out, at: &count)
                let rest = r.upperBound
                let hostEnd = index(of: UInt8(ascii: "/"), in: rest..<end) ?? end
                var hostStart = rest
                if let dot = index(of: UInt8(ascii: "."), in: rest..<hostEnd), index(of: UInt8(ascii: "."), in: (dot + 1)..<hostEnd) != nil,
                    isLocaleASCII(UnsafeBufferPointer(rebasing: u[rest..<dot]), codes)
                {
                    // A locale's own site: the site only (see `normalizedGeneral`).
                    putLowered(u, (dot + 1)..<hostEnd, into: out, at: &count)
                    for x in "/…".utf8 {
                        out[count] = x
                        count += 1
                    }
                    return count
                }
                if hostEnd - rest >= 4, lower(u[rest]) == UInt8(ascii: "w"), lower(u[rest + 1]) == UInt8(ascii: "w"),
                    lower(u[rest + 2]) == UInt8(ascii: "w"), u[rest + 3] == UInt8(ascii: ".")
                {
                    hostStart += 4
                }
                pathStart = hostStart
            }
            // Path segments without locale markers, joined by `/`.
            var localized = false
            var first = true
            var segStart = pathStart
            while true {
                let segEnd = index(of: UInt8(ascii: "/"), in: segStart..<end) ?? end
                if isLocaleASCII(UnsafeBufferPointer(rebasing: u[segStart..<segEnd]), codes) {
                    localized = true
                } else {
                    if !first {
                        out[count] = UInt8(ascii: "/")
                        count += 1
                    }
                    first = false
                    putLowered(u, segStart..<segEnd, into: out, at: &count)
                }
                if segEnd == end { break }
                segStart = segEnd + 1
            }
            while count > 1, out[count - 1] == UInt8(ascii: "/") { count -= 1 }
            count = withoutPageExtension(UnsafeMutableBufferPointer(rebasing: out[..<count]))
            if hasScheme, !localized, tail.count > 1, index(of: UInt8(ascii: "%"), in: tail) == nil {
                putLowered(u, tail, into: out, at: &count)
            }
            return count
        }
    }

    /// Writes `u[r]` (ASCII) lower-cased into `out` from `count` on, advancing `count`: eight
    /// bytes at a time, where adding 0x3F sets a byte's top bit from `A` (0x41) up and adding
    /// 0x25 from `[` (0x5B) up (no byte is above 0x7F, so no sum carries into the next byte):
    /// the bits that differ mark the capitals, and shifted down they are each one's 0x20.
    private static func putLowered(_ u: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, into out: UnsafeMutableBufferPointer<UInt8>, at count: inout Int) {
        precondition(count + r.count <= out.count && r.upperBound <= u.count)
        var k = count
        var i = r.lowerBound
        if let source = u.baseAddress, let target = out.baseAddress {
            while i + 8 <= r.upperBound {
                let w = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                let capitals = ((w &+ 0x3F3F_3F3F_3F3F_3F3F) ^ (w &+ 0x2525_2525_2525_2525)) & 0x8080_8080_8080_8080
                UnsafeMutableRawPointer(target + k).storeBytes(of: w | (capitals >> 2), as: UInt64.self)
                i += 8
                k += 8
            }
        }
        while i < r.upperBound {
            let x = u[i]
            out[k] = x >= 0x41 && x <= 0x5A ? x | 0x20 : x
            i += 1
            k += 1
        }
        count = k
    }

    /// The length of `out` without a page extension (`x.md` / `x.html` the same page) that is
    /// not a segment of its own: the first of `normalizedGeneral`'s list that applies.
    private static func withoutPageExtension(_ out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let n = out.count
        func dropped(_ e: StaticString) -> Int? {
            let m = e.utf8CodeUnitCount
            guard n >= m, !(n > m && out[n - m - 1] == UInt8(ascii: "/")) else { return nil }
            for k in 0..<m where out[n - m + k] != e.utf8Start[k] { return nil }
            return n - m
        }
        return dropped(".md") ?? dropped(".mdx") ?? dropped(".html") ?? dropped(".htm") ?? n
    }

    /// The first occurrence of ASCII `needle` in `u[range]`.
    static func find(_ u: UnsafeBufferPointer<UInt8>, _ needle: StaticString, in range: Range<Int>) -> Range<Int>? {
        let m = needle.utf8CodeUnitCount
        let p = needle.utf8Start
        var k = range.lowerBound
        while k + m <= range.upperBound {
            var j = 0
            while j < m, u[k + j] == p[j] { j += 1 }
            if j == m { return k..<(k + m) }
            k += 1
        }
        return nil
    }

    /// `isLocale(_:_:)` for an ASCII segment when every locale code is ASCII (so `String`
    /// equality is byte equality), without allocating for the segments a path is made of.
    static func isLocaleASCII(_ seg: UnsafeBufferPointer<UInt8>, _ locales: Set<String>) -> Bool {
        isLocaleASCII(seg, LocaleCodes(locales))
    }

    /// `isLocaleASCII(_:_:)` with the codes made once.
    static func isLocaleASCII(_ seg: UnsafeBufferPointer<UInt8>, _ codes: LocaleCodes) -> Bool {
        let n = seg.count
        func lower(_ x: UInt8) -> UInt8 { x >= 0x41 && x <= 0x5A ? x | 0x20 : x }
        func isLocaleCode(_ r: Range<Int>) -> Bool {
            for lu in codes.bytes where lu.count == r.count {
                var k = 0
                while k < lu.count, lu[k] == lower(seg[r.lowerBound + k]) { k += 1 }
                if k == lu.count { return true }
            }
            return false
        }
        if n == 0 || n > 16 { return isLocaleCode(0..<n) }
        for x in seg where x == UInt8(ascii: ".") { return isLocaleCode(0..<n) }
        if isLocaleCode(0..<n) { return true }
        // Subtags, split at `-` and `_` (empty ones kept); only the first four matter, and a
        // segment of more than three is no locale code.
        var subtags: (Range<Int>, Range<Int>, Range<Int>) = (0..<0, 0..<0, 0..<0)
        var subtagCount = 0
        var start = 0
        for i in 0...n where i == n || seg[i] == UInt8(ascii: "-") || seg[i] == UInt8(ascii: "_") {
            switch subtagCount {
            case 0: subtags.0 = start..<i
            case 1: subtags.1 = start..<i
            case 2: subtags.2 = start..<i
            default: break
            }
            subtagCount += 1
            start = i + 1
        }
        let base = subtags.0
        if subtagCount > 1, isLocaleCode(base), n <= 7 { return true }
        guard base.count == 2, subtagCount <= 3 else { return false }
        let a = lower(seg[base.lowerBound])
        let c = lower(seg[base.lowerBound + 1])
        guard a >= 0x61, a <= 0x7A, c >= 0x61, c <= 0x7A, iso639_1Letters[Int(a - 0x61) * 26 + Int(c - 0x61)] else { return false }
        func letters(_ r: Range<Int>, _ count: Int) -> Bool {
            r.count == count && seg[r].allSatisfy { lower($0) >= 0x61 && lower($0) <= 0x7A }
        }
        func subtag(_ k: Int) -> Range<Int> { k == 1 ? subtags.1 : subtags.2 }
        var k = 1
        if k < subtagCount, letters(subtag(k), 4) { k += 1 }
        if k < subtagCount, letters(subtag(k), 2) || (subtag(k).count == 3 && seg[subtag(k)].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }) {
            k += 1
        }
        return k == subtagCount
    }

    /// `iso639_1` as a 26 × 26 table of letter pairs.
    static let iso639_1Letters: [Bool] = {
        var t = [Bool](repeating: false, count: 26 * 26)
        for code in iso639_1 {
            let b = Array(code.utf8)
            t[Int(b[0] - 0x61) * 26 + Int(b[1] - 0x61)] = true
        }
        return t
    }()

    /// `normalize` for any target, on `String`s.
    static func normalizedGeneral(_ raw: String, locales: Set<String>) -> String? {
        // Lower-cased once (ASCII bytes; targets are compared lower-cased anyway); every marker
        // looked for below is ASCII.
        var s = asciiLowercased(raw.trimmingSpaces)
        if s.hasPrefix("<"), s.hasSuffix(">") { s = String(s.dropFirst().dropLast()) }
        var fragment = ""
        if let hash = s.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(s[hash...])
            s = String(s[..<hash])
        }
        if s.isEmpty { return nil }
        var scheme = ""
        if let r = s.firstRange(of: "://") {
            scheme = String(s[..<r.upperBound])
            s = String(s[r.upperBound...])
            // Host: drop a locale subdomain (`ja.react.dev`, `ru.vuejs.org`, `en.wikipedia.org`).
            let hostEnd = s.firstIndex(of: "/") ?? s.endIndex
            var host = String(s[..<hostEnd])
            if let dot = host.firstIndex(of: "."), host[host.index(after: dot)...].contains("."), isLocale(String(host[..<dot]), locales) {
                // A locale's own site (`ja.wikipedia.org/wiki/マスク`): the translation links to
                // the localised article, whose path cannot be compared; the site can.
                host = String(host[host.index(after: dot)...])
                return (scheme + host + "/…").lowercased()
            }
            if host.hasPrefix("www.") { host.removeFirst(4) }
            s = host + s[hostEnd...]
        }
        var localized = false
        let segments = s.split(separator: "/", omittingEmptySubsequences: false).filter {
            let marker = isLocale(String($0), locales)
            localized = localized || marker
            return !marker
        }
        var out = scheme + segments.joined(separator: "/")
        while out.utf8.count > 1, out.hasSuffix("/") { out.removeLast() }
        // A page's source and its built form are the same target (`x.md` / `x.html` in mdBook).
        for ext in [".md", ".mdx", ".html", ".htm"] where out.hasSuffix(ext) && !out.hasSuffix("/" + ext) {
            out.removeLast(ext.count)
            break
        }
        if !scheme.isEmpty, !localized, fragment.utf8.count > 1, fragment.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "%") }) {
            out += fragment
        }
        // ASCII is lower-cased already; only other letters still need it.
        return out.utf8.allSatisfy({ $0 < 0x80 }) ? out : out.lowercased()
    }

    /// `s` with ASCII capitals lower-cased (other characters as they are).
    public static func asciiLowercased(_ s: String) -> String {
        // On the string's contiguous bytes (the `UTF8View` iterator costs more per byte).
        var s = s
        return s.withUTF8 { b -> String? in
            var k = 0
            while k < b.count, !(b[k] >= 0x41 && b[k] <= 0x5A) { k += 1 }
            guard k < b.count else { return nil }
            return String(unsafeUninitializedCapacity: b.count) { out in
                for i in 0..<b.count {
                    let x = b[i]
                    out[i] = x >= 0x41 && x <= 0x5A ? x | 0x20 : x
                }
                return b.count
            }
        } ?? s
    }

    /// Whether a path segment or subdomain is a locale marker: a configured locale (or a region
    /// variant of one, `ja-JP`), or any BCP 47 tag built on a two-letter ISO 639-1 language —
    /// the language alone (`ru`, `ja`) or with a script and/or region subtag (`en-US`, `pt_BR`,
    /// `zh-Hans`, `zh-Hant-TW`, `es-419`). Ordinary path words (`docs`, `api`, `web`) are not
    /// languages; a two-letter word that is (`it`, `id`) would be removed from both sides alike.
    public static func isLocale(_ segment: String, _ locales: Set<String>) -> Bool {
        // Locale codes are short ASCII words: anything else is rejected before allocating.
        let n = segment.utf8.count
        if n == 0 || n > 16 || segment.utf8.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: ".") }) {
            return locales.contains(segment.lowercased())
        }
        let lower = asciiLowercased(segment)
        if locales.contains(lower) { return true }
        let subtags = lower.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        let base = String(subtags[0])
        if subtags.count > 1, locales.contains(base), lower.count <= 7 { return true }
        guard base.utf8.count == 2, iso639_1.contains(base), subtags.count <= 3 else { return false }
        // language [-script] [-region]
        var k = 1
        func letters(_ t: Substring, _ count: Int) -> Bool { t.utf8.count == count && t.utf8.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } }
        if k < subtags.count, letters(subtags[k], 4) { k += 1 }
        if k < subtags.count, letters(subtags[k], 2) || (subtags[k].utf8.count == 3 && subtags[k].utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }) {
            k += 1
        }
        return k == subtags.count
    }

    /// The two-letter language codes of ISO 639-1.
    static let iso639_1: Set<String> = Set(
        """
        aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en \
        eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv \
        ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne \
        ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st \
        su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu
        """.split(separator: " ").map(String.init))
}

/// Site syntax that is neither prose nor an invariant token.
public enum SiteSyntax {
    /// The text with `{{…}}` macros and Hugo shortcodes, `{/*…*/}` MDX comments, `{#id}`
    /// anchors, `<!-- … -->` comments and VitePress `:::` container lines removed.
    public static func strip(_ text: String) -> String {
        var text = text
        return text.withUTF8 { b in holdsSiteSyntax(b) ? String(decoding: strippedBytes(b), as: UTF8.self) : nil } ?? text
    }

    /// Whether UTF-8 `b` holds a byte sequence `strip` may remove (`{`, `:::` or `<!--`); text
    /// without one is returned as it is.
    /// One pass over the bytes for the three markers' first bytes (`{`, `:`, `<`).
    static func holdsSiteSyntax(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = b.count
        var i = 0
        while true {
            i = ByteSearch.firstIndex(in: b, from: i, of: 0x7B, 0x3A, 0x3C)
            guard i < n else { return false }
            switch b[i] {
            case 0x7B: return true
            case 0x3A: if i + 2 < n, b[i + 1] == 0x3A, b[i + 2] == 0x3A { return true }
            default: if i + 3 < n, b[i + 1] == 0x21, b[i + 2] == 0x2D, b[i + 3] == 0x2D { return true }
            }
            i += 1
        }
    }

    /// `strip` over UTF-8 bytes: every marker is ASCII, and no byte of a multi-byte scalar is, so
    /// the kept bytes are whole scalars; the search limits of `{/…/}` and `{#…}` count scalars.
    static func strippedBytes(_ u: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let n = u.count
        var out: [UInt8] = []
        out.reserveCapacity(n)
        var i = 0
        var lineStart = true
        // A closer that is not found from one position is not found from any later one: each
        // unclosed opener would otherwise rescan the rest of the page (quadratic time).
        var unclosed: [StaticString] = []
        func close(_ from: Int, _ needle: StaticString) -> Int? {
            if unclosed.contains(where: { $0.utf8Start == needle.utf8Start }) { return nil }
            if let end = find(u, from: from, needle) { return end }
            unclosed.append(needle)
            return nil
        }
        while i < n {
            if lineStart {
                // `::: tip Title` / `:::` container lines.
                var j = i
                while j < n, u[j] == 0x20 || u[j] == 0x09 { j += 1 }
                if j + 2 < n, u[j] == 0x3A, u[j + 1] == 0x3A, u[j + 2] == 0x3A {
                    while j < n, u[j] != 0x0A { j += 1 }
                    i = j
                    continue
                }
            }
            let c = u[i]
            lineStart = c == 0x0A
            if c == 0x7B, i + 1 < n {  // {
                let next = u[i + 1]
                if next == 0x7B, let end = close(i + 2, "}}") { i = end + 2; continue }
                if next == 0x2F, i + 2 < n, u[i + 2] == 0x2A, let end = close(i + 3, "*/}") { i = end + 3; continue }
                if next == 0x2F, let end = find(u, from: i + 2, "/}", scalarLimit: 200) {
                    // `{/*id*/}` after Markdown read `*id*` as emphasis.
                    i = end + 2
                    continue
                }
                if next == 0x23, let end = find(u, from: i + 2, "}", scalarLimit: 200) { i = end + 1; continue }
            }
            if c == 0x3C, i + 3 < n, u[i + 1] == 0x21, u[i + 2] == 0x2D, u[i + 3] == 0x2D {  // <!--
                if let end = close(i + 4, "-->") { i = end + 3; continue }
            }
            out.append(c)
            i += 1
        }
        return out
    }

    /// The byte offset of the first `needle` (ASCII) at or after byte `from`; with a
    /// `scalarLimit`, only a match ending within that many scalars of `from` counts.
    static func find(_ u: UnsafeBufferPointer<UInt8>, from: Int, _ needle: StaticString, scalarLimit: Int = Int.max) -> Int? {
        let m = needle.utf8CodeUnitCount
        let p = needle.utf8Start
        var k = from
        var scalars = 0
        while k + m <= u.count {
            if scalarLimit != Int.max {
                if u[k] & 0xC0 == 0x80 { k += 1; continue }
                if scalars + m > scalarLimit { return nil }
                scalars += 1
            }
            if u[k] == p[0] {
                var j = 1
                while j < m, u[k + j] == p[j] { j += 1 }
                if j == m { return k }
            }
            k += 1
        }
        return nil
    }

    /// The label MDN's macros show for `text`: each macro's last quoted argument when it has
    /// several (`{{HTTPStatus(100, "100 Continue")}}` → `100 Continue`), else its first
    /// (`{{domxref("Node")}}` → `Node`); macros without arguments show nothing. Space-separated.
    public static func macroLabel(_ text: String) -> String {
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else { break }
            let body = rest[open.upperBound..<close.lowerBound]
            rest = rest[close.upperBound...]
            guard let paren = body.firstIndex(of: "("), let end = body.lastIndex(of: ")"), paren < end else { continue }
            let args = body[body.index(after: paren)..<end].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let quoted = args.filter { $0.count >= 2 && ($0.first == "\"" || $0.first == "'") }
            let label = args.count > 1 ? (quoted.count > 1 ? quoted.last! : args[1]) : (args.first ?? "")
            let bare = label.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            if !bare.isEmpty { out.append(bare) }
        }
        return out.joined(separator: " ")
    }

    /// The pages MDN's cross-reference macros link to, e.g. `{{domxref("Node.nodeType")}}` →
    /// `/docs/Web/API/Node/nodeType`, `{{HTMLElement("p")}}` → `/docs/Web/HTML/Element/p`.
    public static func macroLinks(_ text: String) -> [String] {
        var out: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            guard let close = rest.range(of: "}}", range: open.upperBound..<rest.endIndex) else { break }
            let body = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            rest = rest[close.upperBound...]
            guard let paren = body.firstIndex(of: "(") else { continue }
            let name = body[..<paren].trimmingCharacters(in: .whitespaces).lowercased()
            let args = body[body.index(after: paren)...].split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"')"))
            }
            guard let first = args.first, !first.isEmpty else { continue }
            let path = first.replacingOccurrences(of: "(", with: "").replacingOccurrences(of: ")", with: "")
            switch name {
            case "domxref": out.append("/docs/Web/API/" + path.replacingOccurrences(of: ".", with: "/"))
            case "jsxref": out.append("/docs/Web/JavaScript/Reference/Global_Objects/" + path.replacingOccurrences(of: ".", with: "/"))
            case "cssxref": out.append("/docs/Web/CSS/" + path)
            case "htmlelement": out.append("/docs/Web/HTML/Element/" + path)
            case "htmlattrxref": if args.count > 1 { out.append("/docs/Web/HTML/Element/" + args[1]) }
            case "httpheader": out.append("/docs/Web/HTTP/Headers/" + path)
            case "httpstatus": out.append("/docs/Web/HTTP/Status/" + path)
            case "glossary": out.append("/docs/Glossary/" + path.replacingOccurrences(of: " ", with: "_"))
            default: break
            }
        }
        return out
    }

    /// The heading anchor written as `{/*id*/}` (React) or `{#id}` (Vue, Hugo, Pandoc) at the end
    /// of a heading's text, if any.
    public static func headingAnchor(_ text: String) -> String? {
        let t = text.trimmingSpaces
        // Every form ends in `}`: a heading whose last byte is another (most of them) has none.
        guard t.utf8.last == UInt8(ascii: "}") else { return nil }
        // Each form: the opening is searched for in the text before the closing, so the two never
        // overlap (`{/}` holds no anchor; in `{/*/}` only `{/` … `/}` fits, around `*`).
        func anchor(open: String, close: String) -> String? {
            guard t.hasSuffix(close) else { return nil }
            let body = t[..<t.index(t.endIndex, offsetBy: -close.count)]
            guard let r = body.range(of: open, options: .backwards) else { return nil }
            return String(body[r.upperBound...]).trimmingSpaces
        }
        if let id = anchor(open: "{/*", close: "*/}") { return id }
        // `{/*id*/}` whose asterisks Markdown took as emphasis.
        if let id = anchor(open: "{/", close: "/}") { return id }
        return anchor(open: "{#", close: "}")
    }

    static func find(_ u: [Unicode.Scalar], from: Int, _ needle: String, limit: Int = Int.max) -> Int? {
        let n = Array(needle.unicodeScalars)
        var k = from
        let end = limit == Int.max ? u.count : min(u.count, from + limit)
        while k + n.count <= end {
            if u[k] == n[0] {
                var ok = true
                for m in 1..<n.count where u[k + m] != n[m] {
                    ok = false
                    break
                }
                if ok { return k }
            }
            k += 1
        }
        return nil
    }
}

extension StringProtocol {
    /// Whether `needle` occurs in the string, compared byte for byte in UTF-8: a fast check for
    /// ASCII markers (`://`, `{{`, `<!--`) in hot paths, without Foundation's locale-aware search.
    public func hasBytes(_ needle: String) -> Bool {
        // The needle's bytes without an allocation (the markers are small strings, stored inline).
        var needle = needle
        return needle.withUTF8 { n -> Bool in
            if let found = utf8.withContiguousStorageIfAvailable({ ByteSearch.contains($0, n) }) { return found }
            return Array(utf8).withUnsafeBufferPointer { ByteSearch.contains($0, n) }
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 bytes of `s`, copied at once from the string's contiguous storage
    /// (`append(contentsOf: s.utf8)` goes through the UTF-8 view's generic iteration, about
    /// three times the instructions for the texts of a page's inlines).
    mutating func appendUTF8(_ s: String) {
        var s = s
        s.withUTF8 { append(contentsOf: $0) }
    }
}

/// Searching UTF-8 bytes for a byte sequence.
enum ByteSearch {
    /// Whether `needle` occurs in `h` (an empty needle occurs everywhere): candidates for its
    /// first byte are found by `memchr` (vectorised in libc), then compared.
    static func contains(_ h: UnsafeBufferPointer<UInt8>, _ n: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = n.first else { return true }
        guard h.count >= n.count, let base = h.baseAddress else { return false }
        var i = 0
        let last = h.count - n.count
        while i <= last {
            guard let p = memchr(base + i, Int32(first), last - i + 1) else { return false }
            i = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            var k = 1
            while k < n.count && h[i + k] == n[k] { k += 1 }
            if k == n.count { return true }
            i += 1
        }
        return false
    }

    /// Whether the ASCII `needle` occurs in `h`.
    static func contains(_ h: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        contains(h, UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount))
    }

    /// The first index from `start` on (up to `h.count`, then `h.count`) whose byte is `a`, `b`
    /// or `c`: sixteen bytes at a time as one vector (lane-wise compares), then byte by byte.
    static func firstIndex(in h: UnsafeBufferPointer<UInt8>, from start: Int, of a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        var i = start
        if let base = h.baseAddress {
            typealias Lanes = SIMD16<UInt8>
            let (va, vb, vc) = (Lanes(repeating: a), Lanes(repeating: b), Lanes(repeating: c))
            while i + 16 <= h.count {
                let v = UnsafeRawPointer(base + i).loadUnaligned(as: Lanes.self)
                // The mask's lanes are all ones or all zeros: any set lane is a nonzero half.
                let halves = unsafeBitCast((v .== va) .| (v .== vb) .| (v .== vc), to: SIMD2<UInt64>.self)
                if halves[0] | halves[1] != 0 { break }
                i += 16
            }
        }
        while i < h.count {
            let x = h[i]
            if x == a || x == b || x == c { return i }
            i += 1
        }
        return h.count
    }
}
