// The second file that imports cmark-gfm: it renders Markdown to HTML with cmark-gfm's own HTML
// renderer (`cmark_render_html`), for views that show a page's blocks (`docspec report --html`).
import CCmarkGFM
import DocDiagnostics
import Foundation

/// Renders Markdown blocks to HTML with cmark-gfm's own HTML renderer and the GFM extensions
/// (tables, strikethrough, autolinks, tag filter, task lists, footnotes), in cmark-gfm's safe
/// mode: raw HTML (blocks and inline) is replaced by `<!-- raw HTML omitted -->` and links or
/// images with `javascript:`, `vbscript:`, `file:` or (non-image) `data:` URLs lose their URL.
/// Text and attributes are escaped by cmark-gfm; control characters other than tab and line
/// feed become U+FFFD in the output. The result is an HTML fragment safe to embed in a page.
public enum MarkdownHTML {
    /// Text to mark in the rendered HTML: each occurrence in a text node (ASCII case-insensitive),
    /// an inline code span whose code contains it, or a link or image whose URL contains it, is
    /// wrapped in `<mark class="<cssClass>">`.
    public struct Mark: Hashable, Sendable {
        /// The text to find (at least one character; empty marks are ignored).
        public var text: String
        /// The `class` of the `<mark>` element: ASCII letters, digits, `-` and `_` (anything else
        /// is dropped).
        public var cssClass: String

        public init(_ text: String, cssClass: String) {
            self.text = text
            self.cssClass = cssClass
        }
    }

    /// What `render` produced.
    public struct Rendered: Hashable, Sendable {
        /// The HTML fragment.
        public var html: String
        /// How many `<mark>` elements it contains.
        public var markCount: Int
    }

    /// Renders `markdown` (a whole page or a piece of one) with `marks` marked. With `images`
    /// false, each image is replaced by its alt text in `<span class="image">` (a page that may
    /// load nothing shows no broken image).
    public static func render(_ markdown: String, marks: [Mark] = [], images: Bool = true) -> Rendered {
        _ = CmarkConverter.registration
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES) else { return Rendered(html: "", markCount: 0) }
        defer { cmark_parser_free(parser) }
        for name in CmarkConverter.extensionNames {
            if let ext = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, ext) }
        }
        CmarkConverter.parseLock.lock()
        let bytes = Array(markdown.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
            }
        }
        let finished = cmark_parser_finish(parser)
        CmarkConverter.parseLock.unlock()
        guard let root = finished else { return Rendered(html: "", markCount: 0) }
        defer { cmark_node_free(root) }
        if !images { replaceImages(root) }
        let usable = marks.filter { !$0.text.isEmpty }
        let count = usable.isEmpty ? 0 : Marker(usable).apply(root)
        guard let out = cmark_render_html(root, CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES, cmark_parser_get_syntax_extensions(parser)) else {
            return Rendered(html: "", markCount: count)
        }
        defer { free(out) }
        return Rendered(html: sanitized(String(cString: out)), markCount: count)
    }

    /// Renders the part of `document` that `range` covers: its lines (of `document.text`), with
    /// the container prefix before `range.start.column` (list indentation, `>` of a block quote)
    /// removed from every line, so a block nested in a list renders as that block.
    public static func render(_ document: MarkdownDocument, range: SourceRange, marks: [Mark] = [], images: Bool = true) -> Rendered {
        render(source(of: range, in: document.text), marks: marks, images: images)
    }

    /// Replaces every image below `root` by a `<span class="image">` holding its alt text.
    static func replaceImages(_ root: OpaquePointer) {
        var images: [OpaquePointer] = []
        if let iter = cmark_iter_new(root) {
            while true {
                let event = cmark_iter_next(iter)
                if event == CMARK_EVENT_DONE { break }
                if event == CMARK_EVENT_ENTER, let n = cmark_iter_get_node(iter), cmark_node_get_type(n) == CMARK_NODE_IMAGE { images.append(n) }
            }
            cmark_iter_free(iter)
        }
        for image in images {
            guard let span = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(span, "<span class=\"image\">")
            cmark_node_set_on_exit(span, "</span>")
            guard cmark_node_insert_before(image, span) != 0 else {
                cmark_node_free(span)
                continue
            }
            while let child = cmark_node_first_child(image) {
                cmark_node_unlink(child)
                cmark_node_append_child(span, child)
            }
            cmark_node_unlink(image)
            cmark_node_free(image)
        }
    }

    /// The Markdown of lines `range.start.line...range.end.line` of `text`, each line without its
    /// first `range.start.column - 1` characters when those are spaces, tabs or `>`.
    public static func source(of range: SourceRange, in text: String) -> String {
        let first = max(range.start.line, 1)
        let last = max(range.end.line, first)
        var out: [Substring] = []
        var line = 1
        var start = text.startIndex
        let prefix = max(range.start.column - 1, 0)
        while line <= last, start <= text.endIndex {
            let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
            if line >= first {
                var l = text[start..<end]
                if l.hasSuffix("\r") { l = l.dropLast() }
                var dropped = 0
                while dropped < prefix, let c = l.first, c == " " || c == "\t" || c == ">" {
                    l = l.dropFirst()
                    dropped += 1
                }
                out.append(l)
            }
            if end == text.endIndex { break }
            start = text.index(after: end)
            line += 1
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// `text` as a fenced code block with info string `info`: the fence is one backtick longer
    /// than the longest run of backticks in `text` (at least three).
    public static func fenced(_ text: String, info: String) -> String {
        var longest = 0
        var run = 0
        for b in text.utf8 {
            run = b == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + info + "\n" + text + (text.hasSuffix("\n") ? "" : "\n") + fence + "\n"
    }

    /// `html` with control characters (other than tab, line feed and carriage return) replaced
    /// by U+FFFD: cmark-gfm passes them through, and they have no place in a page.
    static func sanitized(_ html: String) -> String {
        guard html.unicodeScalars.contains(where: isControl) else { return html }
        var out = String.UnicodeScalarView()
        for s in html.unicodeScalars { out.append(isControl(s) ? "\u{FFFD}" : s) }
        return String(out)
    }

    static func isControl(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s != "\t" && s != "\n" && s != "\r") || s.value == 0x7F || (0x80...0x9F).contains(s.value)
    }

    /// Wraps the marked text of a parsed tree in custom inline nodes that render as `<mark>`.
    struct Marker {
        let marks: [(needle: [UInt8], open: String)]

        init(_ marks: [Mark]) {
            self.marks = marks.map { m in
                let cls = String(m.cssClass.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }.map(Character.init))
                return (Array(m.text.utf8).map(Self.lower), "<mark class=\"\(cls)\">")
            }
        }

        static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 32 : b }

        static func isWordByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "_")
        }

        /// The first mark found in `bytes` at or after `from`: its range and opening tag. With
        /// `wholeWords`, a match must not continue a word (ASCII letter, digit or `_`) on either
        /// side where the mark itself starts or ends with one (`30` is not marked in `300`).
        func firstMatch(_ bytes: [UInt8], from: Int, wholeWords: Bool = false) -> (range: Range<Int>, open: String)? {
            var best: (range: Range<Int>, open: String)?
            for m in marks where m.needle.count <= bytes.count - from {
                var i = from
                while i + m.needle.count <= bytes.count {
                    if best.map({ i >= $0.range.lowerBound }) ?? false { break }
                    var k = 0
                    while k < m.needle.count, Self.lower(bytes[i + k]) == m.needle[k] { k += 1 }
                    if k == m.needle.count, wholeWords,
                        (i > 0 && Self.isWordByte(bytes[i - 1]) && Self.isWordByte(m.needle[0]))
                            || (i + k < bytes.count && Self.isWordByte(bytes[i + k]) && Self.isWordByte(m.needle[k - 1]))
                    {
                        k = 0
                    }
                    if k == m.needle.count {
                        // Prefer the earliest match, then the longest.
                        if best == nil || i < best!.range.lowerBound || (i == best!.range.lowerBound && m.needle.count > best!.range.count) {
                            best = (i..<(i + m.needle.count), m.open)
                        }
                        break
                    }
                    i += 1
                }
            }
            return best
        }

        func contains(_ text: String) -> String? {
            let bytes = Array(text.utf8)
            return firstMatch(bytes, from: 0)?.open
        }

        func literal(_ node: OpaquePointer) -> String {
            cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
        }

        /// Marks the tree below `root`; returns the number of marks made.
        func apply(_ root: OpaquePointer) -> Int {
            var nodes: [OpaquePointer] = []
            if let iter = cmark_iter_new(root) {
                while true {
                    let event = cmark_iter_next(iter)
                    if event == CMARK_EVENT_DONE { break }
                    if event == CMARK_EVENT_ENTER, let n = cmark_iter_get_node(iter) { nodes.append(n) }
                }
                cmark_iter_free(iter)
            }
            var count = 0
            for node in nodes {
                switch cmark_node_get_type(node) {
                case CMARK_NODE_TEXT:
                    count += split(node)
                case CMARK_NODE_CODE:
                    if let open = contains(literal(node)), wrap(node, open) { count += 1 }
                case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                    let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                    if let open = contains(url), wrap(node, open) { count += 1 }
                default:
                    break
                }
            }
            return count
        }

        /// Puts `node` inside a new `<mark>` node at its place.
        func wrap(_ node: OpaquePointer, _ open: String) -> Bool {
            // Already inside a mark (a link's text was marked): do not nest.
            var p = cmark_node_parent(node)
            while let q = p {
                if cmark_node_get_type(q) == CMARK_NODE_CUSTOM_INLINE { return false }
                p = cmark_node_parent(q)
            }
            guard let mark = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { return false }
            cmark_node_set_on_enter(mark, open)
            cmark_node_set_on_exit(mark, "</mark>")
            guard cmark_node_insert_before(node, mark) != 0 else {
                cmark_node_free(mark)
                return false
            }
            cmark_node_unlink(node)
            return cmark_node_append_child(mark, node) != 0
        }

        /// Splits a text node around its marked pieces; returns the number of marks made.
        func split(_ node: OpaquePointer) -> Int {
            var p = cmark_node_parent(node)
            while let q = p {
                if cmark_node_get_type(q) == CMARK_NODE_CUSTOM_INLINE { return 0 }
                p = cmark_node_parent(q)
            }
            let bytes = Array(literal(node).utf8)
            var pieces: [(text: String, open: String?)] = []
            var at = 0
            while let m = firstMatch(bytes, from: at, wholeWords: true) {
                if m.range.lowerBound > at { pieces.append((String(decoding: bytes[at..<m.range.lowerBound], as: UTF8.self), nil)) }
                pieces.append((String(decoding: bytes[m.range], as: UTF8.self), m.open))
                at = m.range.upperBound
            }
            guard !pieces.isEmpty else { return 0 }
            if at < bytes.count { pieces.append((String(decoding: bytes[at...], as: UTF8.self), nil)) }
            var count = 0
            for piece in pieces {
                guard let text = cmark_node_new(CMARK_NODE_TEXT) else { continue }
                cmark_node_set_literal(text, piece.text)
                if let open = piece.open, let mark = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) {
                    cmark_node_set_on_enter(mark, open)
                    cmark_node_set_on_exit(mark, "</mark>")
                    cmark_node_append_child(mark, text)
                    cmark_node_insert_before(node, mark)
                    count += 1
                } else {
                    cmark_node_insert_before(node, text)
                }
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
            return count
        }
    }
}
