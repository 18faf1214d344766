import Foundation
import DocDiagnostics
import SpecModel

/// Compares code samples of a page pair in order. Comments may be translated, so code is
/// compared with comments and trailing whitespace removed (see `CodeNormalizer`). Samples are
/// aligned with a longest-common-subsequence match, so one missing sample yields one finding.
public struct CodeSampleDriftRule: DriftRule {
    /// The rules this rule emits.
    public static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "missing-code-sample", .error, layer: .drift, summary: "a code sample of the source locale is missing in the translation",
            help: """
                Fenced code blocks are aligned within matched sections; a source sample with no counterpart (or a run of \
                them in one section) is one finding. Copy the sample into the translation.
                """),
        RuleDescriptor(
            "extra-code-sample", .error, layer: .drift, summary: "the translation has a code sample the source locale does not",
            help: """
                A code block of the translation has no counterpart in the source. Remove it, or add it to the source too.
                """),
        RuleDescriptor(
            "code-sample-mismatch", .error, layer: .drift,
            summary: "a code sample differs once comments are removed, or its info string differs",
            help: """
                Samples are compared without comments and trailing whitespace (comments may be translated); in untyped \
                samples, UI text translated into another script is allowed, while typed samples and doc-tests must match \
                exactly. A difference means the translation shows other code than the source. Copy the source's code.
                """),
    ]

    /// Languages whose samples are doc-tests: compared exactly (comments aside), with no tolerance
    /// for translated string literals, because the tests are generated from the source locale.
    public var exactLanguages: Set<String>

    /// Creates the rule; `exactLanguages` are the doc-test languages (none by default).
    public init(exactLanguages: Set<String> = []) {
        self.exactLanguages = exactLanguages
    }

    /// Compares the pair's code samples in order. Diagnostics point into the target page, with a
    /// note at the source-locale sample.
    public func check(_ pair: PagePair) -> [Diagnostic] {
        let pair = pair.withAnalysis
        let s = pair.source.codeSamples
        let t = pair.target.codeSamples
        var out: [Diagnostic] = []
        // Samples missing from one section are one finding, not one per sample.
        var missing: [Int] = []
        func flushMissing() {
            guard let first = missing.first else { return }
            // Named as the translation names the section; the fingerprint stays the one of the
            // message that named it by the source's heading.
            let line = s[first].range.start.line
            func message(_ inSection: String) -> String {
                missing.count == 1
                    ? "\(describe(s[first])) code sample\(inSection) is missing in \(pair.target.locale)"
                    : "\(missing.count) code samples (\(missing.map { s[$0].language.isEmpty ? "plain" : s[$0].language }.joined(separator: ", ")))\(inSection) are missing in \(pair.target.locale)"
            }
            let d = Diagnostic.error(
                "missing-code-sample", message(pair.sourceSection(forLine: line).map { " in section '\($0)'" } ?? ""),
                at: pair.targetLocation(forSourceLine: line),
                notes: missing.map { DiagnosticNote("the sample in the source locale (\(pair.source.locale))", at: s[$0].range.start) })
            out.append(d.worded(message(pair.sectionName(forSourceLine: line).map { " in section \($0)" } ?? "")))
            missing = []
        }
        for entry in pair.analyzed.samples.entries {
            switch (entry.source, entry.target, entry.match) {
            case (let a?, let b?, .moved?):
                // A sample the translation has elsewhere on the page, unchanged (its section
                // moved), is not missing here and extra there.
                if let finding = metadataMismatch(s[a], t[b], pair) { out.append(finding) }
            case (let a?, let b?, .equal?):
                flushMissing()
                if let finding = metadataMismatch(s[a], t[b], pair) { out.append(finding) }
            case (let a?, nil, _):
                // Inside a section the translation lacks: the missing-section finding says it.
                if pair.isInMissingSection(sourceLine: s[a].range.start.line) { continue }
                if let previous = missing.last,
                    pair.sourceSection(forLine: s[previous].range.start.line) != pair.sourceSection(forLine: s[a].range.start.line)
                {
                    flushMissing()
                }
                missing.append(a)
            case (let a?, let b?, _):
                flushMissing()
                if let finding = mismatch(s[a], t[b], pair) { out.append(finding) }
            case (nil, let b?, _):
                flushMissing()
                if pair.isInExtraSection(targetLine: t[b].range.start.line) { continue }
                out.append(.error(
                    "extra-code-sample", "\(describe(t[b])) code sample is not in the source locale (\(pair.source.locale))",
                    at: t[b].range, notes: [DiagnosticNote("source page", at: SourceLocation(file: pair.source.path, line: 1))]))
            case (nil, nil, _):
                break
            }
        }
        flushMissing()
        return out
    }

    /// Whether two samples share at least a quarter of their words (identifiers, keywords,
    /// numbers), comments and words in non-Latin scripts (translated text) aside.
    static func similar(_ a: CodeSample, _ b: CodeSample) -> Bool {
        func words(_ c: CodeSample) -> [String] {
            CodeNormalizer.normalizedLines(c.code, language: c.language).flatMap {
                $0.text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
            }.filter { !TokenExtractor.isTranslatableCode($0) }  // UI text in Japanese or Russian is translation
        }
        let wa = words(a).sorted()
        let wb = words(b).sorted()
        if wa.isEmpty || wb.isEmpty { return true }
        return Alignment.jaccardSorted(wa, wb) >= 0.25
    }

    /// The info string as compared across locales: language and attributes, without display
    /// text such as `title="…"` and `caption="…"`, which is translated, and without site
    /// metadata for linters, highlighting and playgrounds: MDN's `-nolint` language suffix and
    /// everything from a `{…}` or `[…]` attribute on (React's `{expectedErrors: …}`, `{1,4-6}`
    /// and `[[1, 6, "name"]]` line marks).
    static func info(_ c: CodeSample) -> String {
        let language = c.language.hasSuffix("-nolint") ? String(c.language.dropLast(7)) : c.language
        let attributes = c.attributes.prefix { !($0.hasPrefix("{") || $0.hasPrefix("[")) }
        return ([language] + attributes.filter {
            !($0.hasPrefix("title=") || $0.hasPrefix("caption=") || $0.hasPrefix("reason="))
        }).joined(separator: " ")
    }

    /// The finding for two paired samples whose info strings differ in what the site's build
    /// reads (React's `{expectedErrors: …}`) or that lose the source's `title="…"` (a file
    /// name); `nil` when they agree. The text of a title may be translated.
    func metadataMismatch(_ a: CodeSample, _ b: CodeSample, _ pair: PagePair) -> Diagnostic? {
        let sl = pair.source.locale
        let tl = pair.target.locale
        let (ma, mb) = (Self.buildMetadata(a), Self.buildMetadata(b))
        let titled = (Self.hasTitle(a), Self.hasTitle(b))
        guard ma != mb || (titled.0 && !titled.1) else { return nil }
        let message = ma != mb
            ? "fence metadata differs: \(tl) has \(Self.writtenMetadata(b).map { "'\(MessageText.clip($0, 80))'" } ?? "none"), \(sl) has \(Self.writtenMetadata(a).map { "'\(MessageText.clip($0, 80))'" } ?? "none")"
            : "the fence's title (title=\"…\") of the source locale (\(sl)) is missing in \(tl)"
        var d = Diagnostic.error(
            "code-sample-mismatch", message, at: b.range, notes: [DiagnosticNote("the sample in the source locale (\(sl))", at: a.range.start)])
        d.fingerprintContent = "meta|\(mb ?? "")|\(ma ?? "")|\(titled.1)|" + Self.key(a)
        return d
    }

    /// Info-string metadata that a site's build reads, not display: a `{key: value}` object
    /// from the first `{…}` attribute on (React's `{expectedErrors: {'react-compiler': [13]}}`),
    /// blanks removed; `nil` when there is none. Line marks (`{1,4-6}`, `[[1, 6, "name"]]`) are
    /// display and not metadata.
    static func buildMetadata(_ c: CodeSample) -> String? {
        guard let k = c.attributes.firstIndex(where: { $0.hasPrefix("{") }) else { return nil }
        let text = c.attributes[k...].joined(separator: " ")
        guard text.hasBytes(":") else { return nil }
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != " " && $0 != "\t" }))
    }

    /// The metadata of `buildMetadata(_:)` as the info string writes it (from its first `{`),
    /// for messages.
    static func writtenMetadata(_ c: CodeSample) -> String? {
        guard buildMetadata(c) != nil, let open = c.info.firstIndex(of: "{") else { return buildMetadata(c) }
        return String(c.info[open...])
    }

    /// Whether the info string names a title (`title="src/App.js"`).
    static func hasTitle(_ c: CodeSample) -> Bool {
        c.attributes.contains { $0.hasPrefix("title=") }
    }

    func describe(_ c: CodeSample) -> String {
        c.language.isEmpty ? "a" : "a \(c.language)"
    }

    /// The finding for two paired samples that differ, or `nil` when they differ only in
    /// translated text (see `CodeNormalizer.differsOnlyInTranslatedText`).
    func mismatch(_ a: CodeSample, _ b: CodeSample, _ pair: PagePair) -> Diagnostic? {
        let sl = pair.source.locale
        let tl = pair.target.locale
        let note = DiagnosticNote("the sample in the source locale (\(sl))", at: a.range.start)
        if Self.info(a) != Self.info(b) {
            // Quoted as written (the compared form drops display text and blanks).
            let (theirs, ours) = MessageText.clipPair(b.info, a.info, 80)
            var d = Diagnostic.error(
                "code-sample-mismatch", "info string differs: \(tl) has '\(theirs)', \(sl) has '\(ours)'", at: b.range, notes: [note])
            d.fingerprintContent = "info|\(Self.info(b))|\(Self.info(a))|" + Self.key(a)
            d.fix = FixBuilder(pair).infoString(rule: d.ruleID, source: a, target: b)
            return d
        }
        if let d = metadataMismatch(a, b, pair) { return d }
        // A typed JSON sample that is not JSON in the source locale was reported there
        // (invalid-json-sample); the translation differing from it is that one mistake again.
        if a.symbol != nil, ["json", "jsonc", "json5"].contains(a.language), !Self.isJSON(a.code), Self.isJSON(b.code) {
            return nil
        }
        // Hidden doc-test setup is code too: it must agree, comments aside.
        let sa = CodeNormalizer.normalizedLines(a.setup ?? "", language: a.language).map(\.text)
        let sb = CodeNormalizer.normalizedLines(b.setup ?? "", language: b.language).map(\.text)
        if sa != sb {
            let what = a.setup == nil ? "has hidden setup code the source locale lacks"
                : b.setup == nil ? "lacks the hidden setup code (docspec:setup) of the source locale"
                : "has hidden setup code (docspec:setup) that differs from the source locale's"
            return .error(
                "code-sample-mismatch", "the \(tl) sample \(what)",
                at: SourceLocation(file: b.range.start.file, line: b.setupFirstLine ?? b.range.start.line),
                notes: [DiagnosticNote("the sample in the source locale (\(sl))", at: SourceLocation(file: a.range.start.file, line: a.setupFirstLine ?? a.range.start.line))])
        }
        var la = CodeNormalizer.normalizedLines(a.code, language: a.language)
        var lb = CodeNormalizer.normalizedLines(b.code, language: b.language)
        // Point at the first differing line of the translation.
        var line = b.firstCodeLine
        var sourceLine = a.firstCodeLine
        // In untyped samples (not spec data), UI text that was translated — string literals or
        // HTML/JSX text now in another script — is translation, not drift.
        let tolerant = a.symbol == nil && !exactLanguages.contains(a.language)
        // A translator's gloss in console output (a line of the program's message rendered in
        // the locale's own script) is not output the program prints.
        if tolerant, Self.outputLanguages.contains(a.language.lowercased()) {
            la.removeAll { Self.isGloss($0.text) }
            lb.removeAll { Self.isGloss($0.text) }
        }
        let language = a.language.lowercased()
        let firstDiff = (0..<min(la.count, lb.count)).first { i in
            la[i].text != lb[i].text && !Self.equivalentLines(la[i].text, lb[i].text, language: language)
                && !(tolerant && CodeNormalizer.differsOnlyInTranslatedText(la[i].text, lb[i].text, language: a.language))
        }
        if let i = firstDiff ?? (la.count != lb.count ? min(la.count, lb.count) : nil) {
            // Past the end of a sample: the line after its last code line (the closing fence;
            // the sample's last line when the fence is never closed).
            line = min(b.firstCodeLine + (i < lb.count ? lb[i].index : (lb.last?.index ?? -1) + 1), b.range.end.line)
            sourceLine = min(a.firstCodeLine + (i < la.count ? la[i].index : (la.last?.index ?? -1) + 1), a.range.end.line)
            let theirs = i < lb.count ? lb[i].text : "(end of sample)"
            let ours = i < la.count ? la[i].text : "(end of sample)"
            let (shownTheirs, shownOurs) = MessageText.clipPair(theirs, ours, 80)
            var d = Diagnostic.error(
                "code-sample-mismatch",
                "code differs from the source locale once comments are removed: \(tl) has '\(shownTheirs)', \(sl) has '\(shownOurs)'",
                at: SourceLocation(file: pair.target.path, line: line),
                notes: [DiagnosticNote("the line in the source locale (\(sl))", at: SourceLocation(file: pair.source.path, line: sourceLine))])
            // Setup code agrees (checked above): only the shown code differs.
            d.fix = FixBuilder(pair).code(rule: d.ruleID, source: a, target: b)
            // The whole lines and the sample they are in: two samples that differ the same way
            // are still two findings.
            d.fingerprintContent = "code|\(theirs)|\(ours)|" + Self.key(a)
            return d
        }
        return nil
    }

    /// Languages in which `'…'` and `"…"` are the same string literal when the text between the
    /// quotes holds neither quote, no backslash and no interpolation (`$`, `#{`).
    static let eitherQuoteLanguages: Set<String> = [
        "js", "javascript", "jsx", "mjs", "cjs", "ts", "typescript", "tsx", "python", "py", "php", "dart", "css", "scss",
        "less", "html", "xml", "svg", "vue", "svelte", "json5",
    ]
    /// Languages whose indentation carries meaning: re-indenting them changes the code.
    static let indentationLanguages: Set<String> = [
        "python", "py", "yaml", "yml", "haskell", "hs", "make", "makefile", "coffee", "coffeescript", "nim", "fsharp", "f#",
        "pug", "sass", "stylus", "text", "txt", "", "console", "output", "markdown", "md", "diff", "patch",
    ]

    /// Whether two normalised code lines are the same code written differently: re-indented
    /// (in languages where indentation is layout), or with the other quote around a plain
    /// string literal (`'UNSENT'` / `"UNSENT"` in JavaScript). Scans UTF-8 bytes.
    static func equivalentLines(_ a: String, _ b: String, language: String) -> Bool {
        let trim = !indentationLanguages.contains(language)
        let quotes = eitherQuoteLanguages.contains(language)
        guard trim || quotes else { return false }
        func canonical(_ line: String) -> [UInt8] {
            var bytes = Array(line.utf8)
            if trim, let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) { bytes.removeFirst(first) }
            guard quotes else { return bytes }
            var i = 0
            while i < bytes.count {
                let q = bytes[i]
                guard q == 0x27 || q == 0x22 else { i += 1; continue }
                var j = i + 1
                var plain = true
                while j < bytes.count, bytes[j] != q {
                    let c = bytes[j]
                    if c == 0x27 || c == 0x22 || c == 0x24 || c == 0x23 { plain = false }
                    j += c == 0x5C ? 2 : 1
                    if c == 0x5C { plain = false }
                }
                guard j < bytes.count else { break }
                if plain {
                    bytes[i] = 0x22
                    bytes[j] = 0x22
                }
                i = j + 1
            }
            return bytes
        }
        return canonical(a) == canonical(b)
    }

    /// Info strings of samples that show a terminal or a program's output.
    static let outputLanguages: Set<String> = ["", "console", "text", "txt", "output", "plaintext", "shell-session", "sh-session", "terminal"]

    /// A line whose letters are mostly of scripts beyond Latin (Japanese, Cyrillic, …): text a
    /// translator wrote, not what a program in these docs prints.
    static func isGloss(_ line: String) -> Bool {
        let counts = ScriptCounts(line)
        let latin = counts.count(in: [.latin])
        return counts.total - latin > latin
    }

    static func isJSON(_ code: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(code.utf8), options: [.fragmentsAllowed])) != nil
    }

    static func key(_ c: CodeSample) -> String {
        info(c) + "\n"
            + (c.setup.map { "setup:" + CodeNormalizer.normalizedLines($0, language: c.language).map(\.text).joined(separator: "\n") + "\n" } ?? "")
            + (c.normalizedCode ?? CodeNormalizer.normalized(c.code, language: c.language))
    }
}

/// Sequence alignment helpers.
public enum Alignment {
    /// Index pairs of a longest common subsequence of `a` and `b`, in increasing order.
    /// O(n·m) time and memory up to `limit` cells; pages have tens of blocks, not thousands.
    public static func lcs<T: Hashable>(_ a: [T], _ b: [T], limit: Int = 4_000_000) -> [(Int, Int)] {
        // Equal heads and tails are matched directly (most translations are mostly in step);
        // only the middle needs the quadratic table. A very large middle is cut at the elements
        // found once on each side and in the same order (patience diff), and each stretch between
        // them too large for the table is matched by position.
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let midA = Array(a[head..<(a.count - tail)])
        let midB = Array(b[head..<(b.count - tail)])
        var middle: [(Int, Int)] = []
        func stretch(_ ra: Range<Int>, _ rb: Range<Int>) {
            if ra.count * rb.count > limit {
                middle += (0..<min(ra.count, rb.count)).filter { midA[ra.lowerBound + $0] == midB[rb.lowerBound + $0] }
                    .map { (ra.lowerBound + $0, rb.lowerBound + $0) }
            } else {
                middle += table(Array(midA[ra]), Array(midB[rb])).map { ($0.0 + ra.lowerBound, $0.1 + rb.lowerBound) }
            }
        }
        if midA.count * midB.count > limit {
            var i0 = 0
            var j0 = 0
            for (i, j) in uniqueAnchors(midA.map { $0 as T? }, midB.map { $0 as T? }) + [(midA.count, midB.count)] {
                stretch(i0..<i, j0..<j)
                if i < midA.count { middle.append((i, j)) }
                i0 = i + 1
                j0 = j + 1
            }
        } else {
            stretch(0..<midA.count, 0..<midB.count)
        }
        return (0..<head).map { ($0, $0) } + middle.map { ($0.0 + head, $0.1 + head) }
            + (0..<tail).reversed().map { (a.count - 1 - $0, b.count - 1 - $0) }
    }

    /// The classic dynamic-programming LCS.
    static func table<T: Equatable>(_ a: [T], _ b: [T]) -> [(Int, Int)] {
        let n = a.count
        let m = b.count
        if n == 0 || m == 0 { return [] }
        var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var out: [(Int, Int)] = []
        var i = 0
        var j = 0
        while i < n && j < m {
            if a[i] == b[j] {
                out.append((i, j))
                i += 1
                j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return out
    }
}
