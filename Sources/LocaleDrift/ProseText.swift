import DocDiagnostics
import MarkdownSyntax

/// A piece of prose a reader sees on a page: a paragraph, a heading, a table cell; with where it
/// is and the section it belongs to.
struct ProseUnit: Sendable {
    enum Kind: String, Sendable {
        case heading, paragraph, cell = "table cell"
    }

    var kind: Kind
    /// The text as a reader sees it (code spans, HTML and site syntax kept out), for messages and
    /// comparison; whitespace normalised to single spaces.
    var text: String
    /// The words that count as prose: `text` without URLs, placeholders and identifier-like
    /// tokens (see `ProseText.proseWords`).
    var prose: String
    /// The text consists of links to other sites only (a list of resources, "See also"): their
    /// titles name documents, often in their own language.
    var externalLinksOnly: Bool = false
    /// Where the block (or the cell's content) starts.
    var location: SourceLocation
    /// Index of the top-level section the unit is in: 0 before the first top-level heading, then
    /// 1 for the first heading's section, and so on.
    var section: Int
}

/// Turns blocks into prose units, leaving out what is not prose: code (blocks and spans), HTML
/// (blocks, inline tags, comments holding the original text), link destinations, images, and
/// site syntax (MDX comments `{/*…*/}`, heading anchors `{#id}`, Hugo shortcodes `{{< … >}}`,
/// `{{…}}` macros and placeholders, VitePress `:::` container lines).
enum ProseText {
    /// A top-level section: its heading's text and location (`nil` for the part before the
    /// first heading).
    struct Section: Sendable {
        var title: String?
        var location: SourceLocation?
    }

    /// The prose units of a page in order, and its top-level sections (index 0: before the first
    /// heading).
    static func units(_ document: MarkdownDocument) -> (units: [ProseUnit], sections: [Section]) {
        var out: [ProseUnit] = []
        var sections = [Section(title: nil, location: nil)]
        for block in document.blocks {
            if case .heading(_, let inlines, let range) = block {
                sections.append(Section(title: normalisedSpaces(clean(inlines.plainText)), location: range.start))
            }
            collect(block, section: sections.count - 1, into: &out)
        }
        return (out, sections)
    }

    static func collect(_ block: Block, section: Int, into out: inout [ProseUnit]) {
        func add(_ kind: ProseUnit.Kind, _ inlines: [Inline], _ location: SourceLocation) {
            let raw = clean(text(of: inlines))
            let text = normalisedSpaces(raw)
            guard !text.isEmpty else { return }
            var unit = ProseUnit(kind: kind, text: text, prose: proseWords(raw), location: location, section: section)
            // Only a block with an external link can be a list of resources (checked second:
            // it cleans the text again).
            unit.externalLinksOnly = inlines.links.contains { link in
                !link.isImage && (link.destination.hasPrefix("http://") || link.destination.hasPrefix("https://"))
            } && ScriptCounts(proseWords(clean(self.text(of: inlines, links: false)))).total == 0
            out.append(unit)
        }
        switch block {
        case .heading(_, let inlines, let range): add(.heading, inlines, range.start)
        case .paragraph(let inlines, let range): add(.paragraph, inlines, range.start)
        case .table(let table):
            for row in [table.header] + table.rows {
                for cell in row.cells where !cell.isPadding { add(.cell, cell.inlines, cell.contentRange.start) }
            }
        case .list(_, _, let items, _):
            for item in items { for b in item.blocks { collect(b, section: section, into: &out) } }
        case .blockQuote(let blocks, _), .footnoteDefinition(_, let blocks, _):
            for b in blocks { collect(b, section: section, into: &out) }
        case .htmlBlock(let literal, let range):
            // An MDX component whose opening tag is not followed by a blank line (`<Intro>` then
            // text) swallows its content into one HTML block: read the lines between the tags as
            // Markdown, on their own line numbers. Other HTML (comments holding the original
            // text, `<div>`s, scripts) is not prose.
            guard let inner = mdxContent(literal) else { break }
            let parsed = MarkdownParser.parse(String(repeating: "\n", count: range.start.line) + inner, path: range.file)
            for b in parsed.document?.blocks ?? [] { collect(b, section: section, into: &out) }
        case .codeBlock, .thematicBreak:
            break
        }
    }

    /// The lines inside an MDX component's HTML block (`<Name …>` alone on the first line, a
    /// capitalised name), without the closing `</Name>` line; `nil` for any other HTML and for
    /// components that show code (`<TerminalBlock>`, `<Sandpack>`, …).
    static func mdxContent(_ literal: String) -> String? {
        var lines = literal.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) == true { lines.removeLast() }
        guard lines.count > 1, let first = lines.first.map({ normalisedSpaces(String($0)) }), first.hasPrefix("<"), first.hasSuffix(">"),
            !first.hasSuffix("/>"), first.dropFirst().first?.isUppercase == true
        else { return nil }
        let name = first.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "." }
        // Components that show code or a terminal hold commands, not prose.
        let lower = name.lowercased()
        if ["terminal", "code", "console", "shell", "sandpack", "snippet"].contains(where: { lower.contains($0) }) { return nil }
        if normalisedSpaces(String(lines.last!)) == "</\(name)>" { lines.removeLast() }
        return lines.dropFirst().joined(separator: "\n")
    }

    /// The reader-visible text of inlines without code spans, HTML (and the text inside inline
    /// `<code>`, `<kbd>`, `<samp>`, `<var>` and `<pre>`) and images; soft breaks are newlines (so
    /// line-based site syntax like `:::` can be dropped). `links: false` leaves link text out too.
    static func text(of inlines: [Inline], links: Bool = true) -> String {
        var s = ""
        var codeTag: String?
        for inline in inlines {
            if let tag = codeTag {
                if case .html(let h) = inline, h.lowercased().hasPrefix("</\(tag)") { codeTag = nil }
                continue
            }
            switch inline {
            case .text(let t): s += t
            case .html(let h):
                let lower = h.lowercased()
                codeTag = ["code", "kbd", "samp", "var", "pre"].first { lower.hasPrefix("<\($0)>") || lower.hasPrefix("<\($0) ") }
                s += " "
            case .code, .image, .footnoteReference: s += " "
            case .emphasis(let c), .strong(let c), .strikethrough(let c): s += text(of: c, links: links)
            case .link(let destination, _, let c):
                let t = text(of: c)
                // An autolink's text is its destination.
                s += !links || t == destination || t == "mailto:" + destination ? " " : t
            case .softBreak: s += "\n"
            case .lineBreak: s += "\n"
            }
        }
        return s
    }

    /// Removes site syntax and placeholders from text: `{{…}}` (Hugo shortcodes, MDN macros,
    /// Vue interpolation), `{…}` (MDX expressions and comments, heading anchors, ICU
    /// placeholders), `:::` container lines, printf-style placeholders, URLs and e-mail addresses.
    static func clean(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(":::") { continue }
            lines.append(line)
        }
        let scalars = Array(lines.joined(separator: "\n").unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        let n = scalars.count
        while i < n {
            let c = scalars[i]
            if c == "{" {
                // Skip a balanced `{…}` (nested braces included, as in `{{< x >}}`).
                var depth = 0
                var j = i
                // Macros and shortcodes are short: an unclosed `{` must not rescan the page.
                while j < n, j - i < 1_000 {
                    if scalars[j] == "{" { depth += 1 } else if scalars[j] == "}" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    j += 1
                }
                if j < n, scalars[j] == "}", depth == 0 {
                    out.append(" ")
                    i = j + 1
                    continue
                }
            }
            if c == "%", i + 1 < n, "sdifxXu@".unicodeScalars.contains(scalars[i + 1]) {
                out.append(" ")
                i += 2
                continue
            }
            out.append(c)
            i += 1
        }
        // URLs and addresses, word by word (only when the text has any).
        let joined = String(out)
        guard joined.hasBytes("://") || joined.hasBytes("www.") || joined.hasBytes("WWW.") || joined.hasBytes("@") else { return joined }
        let words = joined.split(separator: " ", omittingEmptySubsequences: false).map { word -> Substring in
            let w = word.lowercased()
            if w.hasBytes("://") || w.hasPrefix("www.") || (w.hasBytes("@") && w.hasBytes(".")) { return "" }
            return word
        }
        return words.joined(separator: " ")
    }

    /// Collapses runs of whitespace to one space and trims.
    static func normalisedSpaces(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{3000}" })
            .joined(separator: " ")
    }

    /// The words of `text` that read as prose, joined by spaces: tokens that look like code or
    /// names of things are left out — those with `_`, `::`, `/`, `\`, `=`, `$`, a `.` or digit
    /// inside, two hyphens (`create-react-app`), a capital after a lower-case letter
    /// (`camelCase`, `iPhone`), or written all in capitals (`HTTP`, `JSX`).
    static let sentencePunctuation = Set("\"'`“”‘’«»()[]<>,;:!?.…—–-*、。，：；！？「」『』（）")

    static func proseWords(_ text: String) -> String {
        var kept: [Substring] = []
        for token in text.split(whereSeparator: { $0.isWhitespace }) {
            // Sentence punctuation around a word does not make it code.
            let word = token.trimmingCharacters(in: sentencePunctuation)
            guard !word.isEmpty else { continue }
            if looksLikeCode(word) { continue }
            kept.append(word)
        }
        return kept.joined(separator: " ")
    }

    static let codeCharacters = Set("_/\\=$#@<>{}|~^")

    static func looksLikeCode(_ word: Substring) -> Bool {
        // A run of Japanese, Chinese, Cyrillic, … text is prose whatever it holds.
        if word.unicodeScalars.contains(where: { Script($0).map { $0 != .latin } ?? false }) { return false }
        var previousLower = false
        var hyphens = 0
        var letters = 0
        var upper = 0
        for ch in word {
            if codeCharacters.contains(ch) { return true }
            if ch.isNumber && ch.isASCII { return true }
            if ch == "." || ch == ":" { return true }  // `file.md`, `std::io`, `obj.prop` (sentence dots were trimmed)
            if ch == "-" {
                hyphens += 1
                if hyphens >= 2 { return true }  // `create-expo-app`, `no-listing-15`
            }
            if ch.isLetter {
                letters += 1
                if ch.isUppercase {
                    upper += 1
                    if previousLower { return true }
                }
                previousLower = ch.isLowercase
            } else {
                previousLower = false
            }
        }
        return letters >= 2 && upper == letters
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> Substring {
        var s = self
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return s
    }
}
