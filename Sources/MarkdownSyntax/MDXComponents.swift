import DocDiagnostics

/// MDX components that CommonMark reads as HTML blocks: `<Intro>` followed by text on the next
/// line (no blank line) makes cmark-gfm swallow the whole component, content included, into one
/// HTML block. The content is Markdown the reader sees, so it is parsed here, once, while
/// converting, and kept as the component's blocks (`Block.component`). A component that shows
/// code (`<TerminalBlock>` with a command written straight inside) is a code block: its lines
/// are the code the reader copies, compared across locales like any fenced sample.
enum MDXComponents {
    /// `blocks` with every MDX component HTML block (at any depth) turned into a
    /// `Block.component` holding its parsed content.
    /// A code component holding Markdown code fences with no blank line after its opening tag
    /// (`<Sandpack>` then ```` ```js ````) becomes what the same component written with blank
    /// lines parses to: its opening tag, its content's blocks (the fenced samples), its closing
    /// tag.
    static func expand(_ blocks: [Block], path: String) -> [Block] {
        // Only an HTML block can be a component: blocks without one (most pages) are returned
        // as they are, not rebuilt.
        guard blocks.contains(where: holdsHTML) else { return blocks }
        var out: [Block] = []
        out.reserveCapacity(blocks.count)
        for block in blocks {
            if case .htmlBlock(let literal, let range) = block, let parts = fencedCodeContent(literal, range: range, path: path) {
                out += parts
            } else {
                out.append(expand(block, path: path))
            }
        }
        return out
    }

    /// Whether `block` is, or holds (in a list, quote or footnote), an HTML block.
    static func holdsHTML(_ block: Block) -> Bool {
        switch block {
        case .htmlBlock: true
        case .list(_, _, let items, _): items.contains { $0.blocks.contains(where: holdsHTML) }
        case .blockQuote(let blocks, _), .footnoteDefinition(_, let blocks, _): blocks.contains(where: holdsHTML)
        default: false
        }
    }

    static func expand(_ block: Block, path: String) -> Block {
        switch block {
        case .htmlBlock(let literal, let range):
            if let code = codeContent(literal) {
                // Fenced like a code block: the first code line is the one after the opening tag.
                return .codeBlock(info: "", literal: code, fenced: true, range: range)
            }
            guard let (name, inner) = content(literal) else { return block }
            // The content on its own line numbers: the line after the opening tag.
            let text = String(repeating: "\n", count: range.start.line) + inner
            let parsed = CmarkConverter.parse(Array(text.utf8), path: path).blocks
            return .component(name: name, literal: literal, content: expand(parsed, path: path), range: range)
        case .list(let ordered, let start, let items, let range):
            return .list(
                ordered: ordered, start: start,
                items: items.map { ListItem(blocks: expand($0.blocks, path: path), range: $0.range, taskChecked: $0.taskChecked) },
                range: range)
        case .blockQuote(let blocks, let range):
            return .blockQuote(blocks: expand(blocks, path: path), range: range)
        case .footnoteDefinition(let label, let blocks, let range):
            return .footnoteDefinition(label: label, blocks: expand(blocks, path: path), range: range)
        default:
            return block
        }
    }

    /// The component's name and the lines inside it (`<Name …>` alone on the first line, a
    /// capitalised name), without the closing `</Name>` line; `nil` for any other HTML and for
    /// components that show code (`<TerminalBlock>`, `<Sandpack>`, …), which hold commands, not
    /// prose.
    static func content(_ literal: String) -> (name: String, inner: String)? {
        guard let (name, all) = opening(literal), !isCodeComponent(name) else { return nil }
        var lines = all
        if normalisedSpaces(String(lines.last!)) == "</\(name)>" { lines.removeLast() }
        return (name, lines.dropFirst().joined(separator: "\n"))
    }

    /// The code lines of a component that shows code (`<TerminalBlock>` … `</TerminalBlock>`,
    /// the opening and closing tags alone on their lines, nothing after the closing tag), with a
    /// final newline as a fenced block's literal has; `nil` when it holds Markdown code fences
    /// (those are code blocks of their own), no code, or is any other HTML.
    static func codeContent(_ literal: String) -> String? {
        guard let (name, lines) = opening(literal), lines.count > 2 else { return nil }
        let lower = name.lowercased()
        // `CodeStep` and the like mark code inside prose; these name a block of code.
        guard ["terminal", "console", "shell", "codeblock", "snippet", "sandpack"].contains(where: { lower.contains($0) }),
            normalisedSpaces(String(lines.last!)) == "</\(name)>" else { return nil }
        let inner = lines.dropFirst().dropLast()
        let fence = inner.contains { line in
            let t = line.drop { $0 == " " }
            return t.hasPrefix("```") || t.hasPrefix("~~~")
        }
        guard !fence, inner.contains(where: { !normalisedSpaces(String($0)).isEmpty }) else { return nil }
        return inner.joined(separator: "\n") + "\n"
    }

    /// A code component (`<Sandpack>`, `<CodeBlock>`, …) swallowed whole into one HTML block
    /// with Markdown code fences inside: the opening tag's line and the closing tag's line as
    /// HTML blocks, the lines between parsed as Markdown on their own line numbers; `nil` when
    /// the block holds no fence, is not a whole code component, or is any other HTML.
    static func fencedCodeContent(_ literal: String, range: SourceRange, path: String) -> [Block]? {
        guard let (name, lines) = opening(literal), lines.count > 2, isCodeComponent(name),
            normalisedSpaces(String(lines.last!)) == "</\(name)>" else { return nil }
        let inner = lines.dropFirst().dropLast()
        guard inner.contains(where: { line in
            let t = line.drop { $0 == " " }
            return t.hasPrefix("```") || t.hasPrefix("~~~")
        }) else { return nil }
        let text = String(repeating: "\n", count: range.start.line) + inner.joined(separator: "\n")
        let parsed = expand(CmarkConverter.parse(Array(text.utf8), path: path).blocks, path: path)
        let open = SourceRange(
            start: range.start, end: SourceLocation(file: range.start.file, line: range.start.line, column: lines[0].utf8.count))
        let closeLine = range.start.line + lines.count - 1
        let close = SourceRange(
            start: SourceLocation(file: range.start.file, line: closeLine, column: 1),
            end: SourceLocation(file: range.start.file, line: closeLine, column: max(lines.last!.utf8.count, 1)))
        return [.htmlBlock(literal: String(lines[0]) + "\n", range: open)] + parsed
            + [.htmlBlock(literal: String(lines.last!) + "\n", range: close)]
    }

    /// The name of a component whose opening tag (`<Name …>`, a capitalised name) is alone on
    /// the block's first line, and the block's lines without trailing blank ones; `nil` for a
    /// one-line block and any other HTML.
    static func opening(_ literal: String) -> (name: String, lines: [Substring])? {
        // The first line decides, read first: most HTML blocks are no component, and splitting a
        // long one (a table of thousands of lines) into `Character` lines costs more than the
        // rest of its conversion. Its end is the first LF not after a CR (a CR LF pair is one
        // `Character`, which the split below does not cut), so it is the split's first line.
        var copy = literal
        guard let firstEnd = copy.withUTF8({ b -> Int? in
            var i = 0
            while i < b.count {
                if b[i] == 0x0A, i == 0 || b[i - 1] != 0x0D { return i }
                i += 1
            }
            return nil
        }) else { return nil }
        let head = normalisedSpaces(String(decoding: literal.utf8.prefix(firstEnd), as: UTF8.self))
        guard head.hasPrefix("<"), head.hasSuffix(">"), !head.hasSuffix("/>"), head.dropFirst().first?.isUppercase == true else { return nil }
        var lines = literal.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) == true { lines.removeLast() }
        guard lines.count > 1, let first = lines.first.map({ normalisedSpaces(String($0)) }), first.hasPrefix("<"), first.hasSuffix(">"),
            !first.hasSuffix("/>"), first.dropFirst().first?.isUppercase == true
        else { return nil }
        return (String(first.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "." }), lines)
    }

    /// Whether a component's name says it shows code (`TerminalBlock`, `CodeStep`, `Sandpack`).
    static func isCodeComponent(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["terminal", "code", "console", "shell", "sandpack", "snippet"].contains { lower.contains($0) }
    }

    static func normalisedSpaces(_ s: String) -> String {
        // ASCII without a CR LF pair (a tag line, almost always): every byte is a `Character`,
        // so the split is made on the bytes (comparing `Character`s cost hundreds of
        // instructions each).
        var copy = s
        if let fast = copy.withUTF8({ b -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(b.count)
            var pending = false
            for i in 0..<b.count {
                let x = b[i]
                if x >= 0x80 || (x == 0x0D && i + 1 < b.count && b[i + 1] == 0x0A) { return nil }
                if x == 0x20 || x == 0x0A || x == 0x09 || x == 0x0D {
                    pending = !out.isEmpty
                    continue
                }
                if pending {
                    out.append(0x20)
                    pending = false
                }
                out.append(x)
            }
            return String(decoding: out, as: UTF8.self)
        }) {
            return fast
        }
        return s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{3000}" }).joined(separator: " ")
    }
}
