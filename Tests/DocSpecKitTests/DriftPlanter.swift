import Foundation

/// Plants invariant drift into copies of translated pages and records what it planted, for the
/// `docspec fix` acceptance test: a number of a paragraph changed, an inline code span renamed, a
/// link target changed, a fence's info string changed, a spec-table code cell changed. Each plant
/// changes one token on one line of the translation, in a place where the token is also on the
/// source page (so the drift rules can see it), and is deterministic for a given seed.
///
/// It scans the Markdown with its own small rules (fences, table rows, front matter), not with
/// DocSpec's parser: the planted drift does not depend on the code under test.
struct DriftPlanter {
    enum Kind: String, CaseIterable, Sendable {
        case number, inlineCode, link, infoString, code
    }

    /// One planted drift.
    struct Plant: Sendable, CustomStringConvertible {
        var file: String
        /// 1-based line.
        var line: Int
        var kind: Kind
        /// The line before and after planting.
        var original: String
        var planted: String
        /// The token written in place of the original (what a finding names).
        var token: String
        var description: String { "\(file):\(line) [\(kind.rawValue)] '\(original)' → '\(planted)'" }
    }

    var seed: UInt64

    /// A small deterministic generator (SplitMix64).
    mutating func next() -> UInt64 {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Lines of a page with what each is: prose paragraph, table row, fence opener, code, other.
    enum LineKind { case prose, tableRow, fence, code, other }

    static func classify(_ lines: [String]) -> [LineKind] {
        var out: [LineKind] = []
        var inFence: String? = nil
        var inFront = lines.first == "---"
        var inComment = false
        for (i, raw) in lines.enumerated() {
            let l = raw.trimmingCharacters(in: .whitespaces)
            if inFront {
                out.append(.other)
                if i > 0 && l == "---" { inFront = false }
                continue
            }
            if let f = inFence {
                out.append(l.hasPrefix(f) && l.allSatisfy({ $0 == f.first }) ? .other : .code)
                if l.hasPrefix(f) && l.allSatisfy({ $0 == f.first }) { inFence = nil }
                continue
            }
            if inComment || l.hasPrefix("<!--") {
                out.append(.other)
                inComment = !l.contains("-->")
                continue
            }
            if l.hasPrefix("```") || l.hasPrefix("~~~") {
                inFence = String(l.prefix { $0 == l.first })
                out.append(.fence)
                continue
            }
            if l.hasPrefix("|") { out.append(.tableRow); continue }
            if l.isEmpty || l.hasPrefix("#") || l.hasPrefix("<") || l.hasPrefix(":::") || l.hasPrefix("{%") || l.hasPrefix(">") { out.append(.other); continue }
            out.append(.prose)
        }
        return out
    }

    static func matches(_ pattern: String, _ s: String) -> [(range: Range<String.Index>, group: Range<String.Index>)] {
        let re = try! NSRegularExpression(pattern: pattern)
        return re.matches(in: s, range: NSRange(s.startIndex..., in: s)).compactMap { m in
            guard let r = Range(m.range, in: s), let g = Range(m.range(at: 1), in: s) else { return nil }
            return (r, g)
        }
    }

    /// Plants up to `limit` drifts in the translation `target` of `source` (page texts), at most
    /// one per line and one per paragraph kind and heading section; returns the new text and the plants.
    /// `busy`: lines (1-based) that already have a finding of a fixed rule; nothing is planted
    /// there (two drifts of one kind in one block are ambiguous, and a translator's job).
    mutating func plant(file: String, source: String, target: String, limit: Int, busy: Set<Int> = []) -> (String, [Plant]) {
        var lines = target.components(separatedBy: "\n")
        let kinds = Self.classify(lines)
        let sourceText = source
        let targetText = target
        func count(_ needle: String, _ hay: String) -> Int { hay.components(separatedBy: needle).count - 1 }
        var candidates: [(line: Int, kind: Kind, range: Range<String.Index>, replacement: String)] = []
        // The source page's prose with code spans removed: a number the source writes as code
        // (`599`) is code there, and the translation writing it as plain text is formatting.
        let sourceLines = source.components(separatedBy: "\n")
        let sourceKinds = Self.classify(sourceLines)
        let sourceProse = zip(sourceLines, sourceKinds).filter { $0.1 == .prose }.map {
            $0.0.replacingOccurrences(of: #"`[^`]*`"#, with: " ", options: .regularExpression)
        }.joined(separator: "\n")
        var section = 0
        var sectionOf: [Int] = []
        for (i, l) in lines.enumerated() {
            if l.hasPrefix("#"), kinds[i] == .other { section += 1 }
            sectionOf.append(section)
        }
        for (i, l) in lines.enumerated() {
            switch kinds[i] {
            case .prose:
                // Numbers of 2 to 6 ASCII digits, standing alone, once on the translated page and
                // present on the source page.
                for m in Self.matches(#"(?<![\w.,:/#\-`%{$])(\d{2,6})(?![\w.,:/\-`%}])"#, l) {
                    let n = String(l[m.group])
                    guard Int(n).map({ $0 > 10 }) ?? false, count(n, targetText) == 1, sourceProse.contains(n) else { continue }
                    var planted = String(Int(n)! + 7)
                    while sourceText.contains(planted) || targetText.contains(planted) { planted = String(Int(planted)! + 7) }
                    candidates.append((i, .number, m.group, planted))
                }
                // Inline code: an identifier-like span found once on the translated page.
                for m in Self.matches(#"`([A-Za-z_][A-Za-z0-9_]{2,})`"#, l) {
                    let c = String(l[m.group])
                    guard count(c, targetText) == 1, sourceText.contains("`\(c)`") else { continue }
                    // The last letter changed: the new span must not contain the old one (code written
                    // as plain text elsewhere is not drift), nor be on either page.
                    let last = c.last!
                    let other: Character = last == "Z" ? "Y" : last == "z" ? "y" : last.isUppercase ? "Z" : last.isNumber ? "x" : "z"
                    let planted = String(c.dropLast()) + String(other)
                    guard !sourceText.contains(planted), !targetText.contains(planted) else { continue }
                    candidates.append((i, .inlineCode, m.group, planted))
                }
                // A link target that the source page has too, once on the translated page.
                for m in Self.matches(#"\]\(([A-Za-z0-9_./:\-]+)\)"#, l) {
                    let t = String(l[m.group])
                    guard count(t, targetText) == 1, sourceText.contains("(\(t))"), t.contains(where: \.isLetter) else { continue }
                    let last = t.lastIndex(of: "/").map { t.index(after: $0) } ?? t.startIndex
                    candidates.append((i, .link, m.group, String(t[..<last]) + "planted-" + String(t[last...])))
                }
            case .fence:
                for m in Self.matches(#"^\s*(?:```|~~~)([a-z]+)"#, l) {
                    let lang = String(l[m.group])
                    candidates.append((i, .infoString, m.group, lang == "text" ? "plaintext" : "text"))
                }
            case .tableRow:
                // A seven-digit error code in a spec table cell (`| 4040010 |`).
                for m in Self.matches(#"\|\s*`?(\d{7})`?\s*\|"#, l) {
                    let n = String(l[m.group])
                    guard count(n, targetText) == 1, sourceText.contains(n) else { continue }
                    let planted = String(n.dropLast()) + String((Int(String(n.last!))! + 5) % 10)
                    guard !sourceText.contains(planted), !targetText.contains(planted) else { continue }
                    candidates.append((i, .code, m.group, planted))
                }
            default: break
            }
        }
        // Shuffle deterministically, then take at most one per line and per (section, kind).
        var order = Array(candidates.indices)
        for k in order.indices.reversed() where k > 0 {
            order.swapAt(k, Int(next() % UInt64(k + 1)))
        }
        var usedLines = Set<Int>()
        var usedSections = Set<String>()
        var plants: [Plant] = []
        for k in order where plants.count < limit {
            let c = candidates[k]
            // One info string per page: two neighbouring samples that both changed their info
            // string are paired by info string, which pairs them wrongly (a missing and an
            // extra sample, which need a translator).
            let scope = c.kind == .infoString ? "page" : "\(sectionOf[c.line])"
            guard !busy.contains(c.line + 1), !usedLines.contains(c.line), usedSections.insert("\(scope)|\(c.kind)").inserted else { continue }
            usedLines.insert(c.line)
            let before = lines[c.line]
            var after = before
            after.replaceSubrange(c.range, with: c.replacement)
            lines[c.line] = after
            plants.append(Plant(file: file, line: c.line + 1, kind: c.kind, original: before, planted: after, token: c.replacement))
        }
        return (lines.joined(separator: "\n"), plants.sorted { $0.line < $1.line })
    }
}
