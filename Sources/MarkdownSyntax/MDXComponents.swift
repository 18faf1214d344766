/// MDX components that CommonMark reads as HTML blocks: `<Intro>` followed by text on the next
/// line (no blank line) makes cmark-gfm swallow the whole component, content included, into one
/// HTML block. The content is Markdown the reader sees, so it is parsed here, once, while
/// converting, and kept as the component's blocks (`Block.component`).
enum MDXComponents {
    /// `blocks` with every MDX component HTML block (at any depth) turned into a
    /// `Block.component` holding its parsed content.
    static func expand(_ blocks: [Block], path: String) -> [Block] {
        blocks.map { expand($0, path: path) }
    }

    static func expand(_ block: Block, path: String) -> Block {
        switch block {
        case .htmlBlock(let literal, let range):
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
        var lines = literal.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) == true { lines.removeLast() }
        guard lines.count > 1, let first = lines.first.map({ normalisedSpaces(String($0)) }), first.hasPrefix("<"), first.hasSuffix(">"),
            !first.hasSuffix("/>"), first.dropFirst().first?.isUppercase == true
        else { return nil }
        let name = first.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "." }
        let lower = name.lowercased()
        if ["terminal", "code", "console", "shell", "sandpack", "snippet"].contains(where: { lower.contains($0) }) { return nil }
        if normalisedSpaces(String(lines.last!)) == "</\(name)>" { lines.removeLast() }
        return (String(name), lines.dropFirst().joined(separator: "\n"))
    }

    static func normalisedSpaces(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\u{3000}" }).joined(separator: " ")
    }
}
