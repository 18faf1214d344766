import DocDiagnostics
import SpecModel

/// Finds text a translation left in the source language.
///
/// - `untranslated-text`: a block of the target page (paragraph, heading, list item, table cell,
///   quote, footnote) with no letter of the target locale's script: judged against the target,
///   whatever the source is. Its letters are in the source's script (still in `ja`), or in a third
///   one (a `ru` page of a `ja` → `ru` run still in English) unless the source page has the same
///   text (kept on purpose in both). Found by Unicode script, not by word lists or ratios. Code, HTML, link
///   destinations, placeholders, site syntax and identifier-like words (`useState`, `HTTP`,
///   `file.md`) are left out first, so a Japanese page naming an English product is not flagged.
/// - `identical-to-source`: the whole page, or a top-level section with real prose, reads the
///   same as the source (whitespace normalised, code blocks ignored). One finding per page or
///   section: the blocks inside are not reported again as untranslated.
///
/// Blocks need a target script that tells the locales apart: en → fr is checked only for
/// identical text.
public struct UntranslatedTextRule: DriftRule {
    /// The rules this rule emits.
    public static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "untranslated-text", .warning, layer: .drift,
            summary: "a block of the translation is not in the target locale's script (still in the source language, or in a third one)",
            help: """
                A paragraph, heading, list item, table cell or quote of the translation is mostly in the source locale's \
                script (a page left mostly untranslated is one finding with each block as a note). Translate it, or \
                suppress the finding for text that is meant to stay as it is.
                """),
        RuleDescriptor(
            "identical-to-source", .warning, layer: .drift, summary: "a page or section of the translation reads the same as the source",
            help: """
                A page, or a section with real prose, is a copy of the source: it was never translated. Translate it.
                """),
    ]

    /// Letters of an alphabetic source script (Latin, Cyrillic, …) a block needs to be flagged.
    public var minimumLetters: Int
    /// Characters of a syllabic or ideographic source script (kana, kanji, hangul) a block needs.
    public var minimumSyllabicLetters: Int
    /// Prose letters a section needs before an identical copy of it is a finding.
    public var minimumSectionLetters: Int

    /// Creates the rule with its thresholds.
    public init(minimumLetters: Int = 12, minimumSyllabicLetters: Int = 4, minimumSectionLetters: Int = 20) {
        self.minimumLetters = minimumLetters
        self.minimumSyllabicLetters = minimumSyllabicLetters
        self.minimumSectionLetters = minimumSectionLetters
    }

    /// Checks the target page of `pair` against its source page.
    public func check(_ pair: PagePair) -> [Diagnostic] {
        let sl = pair.source.locale
        let tl = pair.target.locale
        let source = pair.source.prose ?? ProseText.page(pair.source.document)
        let target = pair.target.prose ?? ProseText.page(pair.target.document)
        var out: [Diagnostic] = []
        // Letters and words of a unit, counted when first needed: a source page's only for a
        // section whose text a target section has.
        var sourceCounts = UnitCounts(source)
        var targetCounts = UnitCounts(target)

        // Identical page, then identical sections.
        func hasRealProse(_ units: ArraySlice<ProseUnit>, _ counts: inout UnitCounts) -> Bool {
            var letters = 0
            var words = 0
            for i in units.indices where units[i].kind != .heading {
                let c = counts.of(i)
                letters += c.scripts.total
                words += c.words
            }
            return letters >= minimumSectionLetters && words >= 4
        }
        func text(_ units: ArraySlice<ProseUnit>) -> String { units.map { target.text(of: $0) }.joined(separator: "\n") }
        // Unit by unit, stopping at the first difference (texts hold no line break, so this is
        // the joined texts' equality without joining the pages): equal strings, canonically
        // equivalent ones included. Equal bytes are; different ASCII bytes are not; else the
        // strings are compared.
        func sameTexts() -> Bool {
            target.units.count == source.units.count && zip(target.units, source.units).allSatisfy { t, s in
                if target.sameText(t, as: s, of: source) { return true }
                let ascii = target.withTextBytes(of: t) { !$0.contains { $0 >= 0x80 } } && source.withTextBytes(of: s) { !$0.contains { $0 >= 0x80 } }
                return !ascii && target.text(of: t) == source.text(of: s)
            }
        }
        if !target.units.isEmpty, sameTexts(), hasRealProse(target.units[...], &targetCounts) {
            return [
                Diagnostic(
                    "identical-to-source", .warning,
                    "the page reads the same as its source page (\(sl)): it has not been translated into \(tl)",
                    at: SourceLocation(file: pair.target.path, line: target.units[0].location.line),
                    notes: [DiagnosticNote("the source page (\(sl))", at: SourceLocation(file: pair.source.path, line: source.units[0].location.line))])
            ]
        }
        // Texts are compared byte for byte (`SectionText`): hashing a `String` normalises it to
        // NFC first, which for Japanese and Russian text was most of this rule's time.
        // Every section of the source by its text, in page order; the first one with real prose
        // is the one a target section is a copy of.
        let sourceSectionList = SectionText.sections(source.units)
        var sourceSections: [SectionText: [Int]] = [:]
        sourceSections.reserveCapacity(sourceSectionList.count)
        for (k, section) in sourceSectionList.enumerated() {
            sourceSections[SectionText(page: source, units: section.units), default: []].append(k)
        }
        var identicalSections: Set<Int> = []
        for (index, units) in SectionText.sections(target.units) {
            guard let candidates = sourceSections[SectionText(page: target, units: units)],
                let k = candidates.first(where: { hasRealProse(sourceSectionList[$0].units, &sourceCounts) }),
                hasRealProse(units, &targetCounts)
            else { continue }
            let sourceIndex = sourceSectionList[k].index
            identicalSections.insert(index)
            let title = target.sections[index].title.map { "section '\($0)'" } ?? "the text before the first heading"
            let sourceLocation = source.sections[sourceIndex].location
                ?? source.units.first { $0.section == sourceIndex }?.location
            var d = Diagnostic(
                "identical-to-source", .warning, "\(title) reads the same as in the source (\(sl)): it has not been translated into \(tl)",
                at: target.sections[index].location ?? units[units.startIndex].location,
                notes: [DiagnosticNote("the section in the source locale (\(sl))", at: sourceLocation)])
            d.fingerprintContent = text(units)
            out.append(d)
        }

        // Blocks in the source language, or in a third one: judged by the target locale's
        // script, whatever the source is (a ja → ru page still in English has no kana, but no
        // Cyrillic either).
        guard let scripts = Self.scripts(pair) else { return out }
        let sourceForeign = scripts.source.expected.subtracting(scripts.target.expected)
        let thirdScripts = Set(Script.allCases).subtracting(scripts.target.expected).subtracting(sourceForeign)
        var untranslatedUnits = 0
        var thirdScriptUnits = 0
        var untranslatedProse = 0
        var thirdScriptNames = Set<String>()
        var flagged: [(unit: ProseUnit, text: String, message: String)] = []
        // Where the source page has a text (its first unit with it), built when first asked:
        // only a block without the target's script asks.
        var sourceTexts: [UnitText: SourceLocation]?
        func sourceLocation(ofTextOf unit: ProseUnit) -> SourceLocation? {
            if sourceTexts == nil {
                var byText: [UnitText: SourceLocation] = [:]
                byText.reserveCapacity(source.units.count)
                for u in source.units.reversed() { byText[UnitText(page: source, unit: u)] = u.location }
                sourceTexts = byText
            }
            return sourceTexts?[UnitText(page: target, unit: unit)]
        }
        for (i, unit) in target.units.enumerated() where !identicalSections.contains(unit.section) && !unit.externalLinksOnly {
            // A block with a letter of the target's script is translated (checked first: most
            // blocks are, and `isQuoted` reads the text's first and last characters).
            guard !target.hasProseLetter(of: unit, in: scripts.target.expected) else { continue }
            let counts = targetCounts.of(i).scripts
            let text = target.text(of: unit)
            guard !Self.isQuoted(text) else { continue }
            let inSource = sourceForeign.isEmpty ? nil : foreignScript(unit, of: target, counts, sourceForeign)
            // A third script: text the source page has as it is was kept on purpose in both
            // translations (a citation, a name); otherwise the block was never translated.
            let other = inSource == nil && sourceLocation(ofTextOf: unit) == nil
                ? foreignScript(unit, of: target, counts, thirdScripts) : nil
            guard let script = inSource ?? other else { continue }
            let section = pair.target.headings.last { $0.range.start.line <= unit.location.line }
            let place: String
            switch unit.kind {
            case .heading: place = "heading"
            case .paragraph: place = section.map { "paragraph in section '\($0.text)'" } ?? "paragraph"
            case .cell: place = section.map { "table cell in section '\($0.text)'" } ?? "table cell"
            }
            let what = inSource != nil
                ? "is still in \(sl), not translated into \(tl)"
                : "is in \(script.rawValue.capitalized) script, not translated into \(tl)"
            flagged.append((unit, text, "\(place) \(what)"))
            untranslatedUnits += 1
            if unit.kind != .heading { untranslatedProse += 1 }
            if inSource == nil {
                thirdScriptUnits += 1
                thirdScriptNames.insert(script.rawValue.capitalized)
            }
        }
        // The blocks quoted as the reader sees them, code spans included (one walk of the page).
        let quoted = flagged.isEmpty ? [:] : ProseText.quotedTexts(pair.target.document, at: Set(flagged.map(\.unit.location)))
        for (unit, text, message) in flagged {
            var d = Diagnostic(
                "untranslated-text", .warning, "\(message): \"\(Self.excerpt(quoted[unit.location] ?? text))\"",
                at: unit.location,
                notes: sourceLocation(ofTextOf: unit).map { [DiagnosticNote("the same text in the source locale (\(sl))", at: $0)] } ?? [])
            d.fingerprintContent = text
            out.append(d)
        }
        // A page mostly left in the source language is one finding, not one per block and
        // section: each of them becomes a note, so nothing is lost.
        let proseUnits = target.units.filter { $0.kind != .heading }.count
        let flaggedUnits = untranslatedProse + target.units.filter { $0.kind != .heading && identicalSections.contains($0.section) }.count
        if out.count >= 4, proseUnits > 0, flaggedUnits * 2 >= proseUnits, let first = out.compactMap(\.location).min() {
            let sections = out.filter { $0.ruleID == "identical-to-source" }.count
            // One count of blocks (headings apart), and why they are untranslated.
            let headings = untranslatedUnits - untranslatedProse
            var parts: [String] = []
            if untranslatedUnits > 0 {
                let third = thirdScriptNames.sorted().joined(separator: " or ") + " script"
                parts.append(thirdScriptUnits == 0 ? "still in \(sl)" : thirdScriptUnits == untranslatedUnits ? "in \(third)" : "still in \(sl) or in \(third)")
            }
            if sections > 0 { parts.append("\(sections) section\(sections == 1 ? "" : "s") read\(sections == 1 ? "s" : "") the same as in the source (\(sl))") }
            let headingCount = headings > 0 ? " and \(headings) heading\(headings == 1 ? "" : "s")" : ""
            var d = Diagnostic(
                "untranslated-text", .warning,
                "most of the page is not translated into \(tl): \(flaggedUnits) of its \(proseUnits) blocks\(headingCount) are not translated (\(parts.joined(separator: "; "))); each is listed below",
                at: first,
                notes: out.sortedForOutput().compactMap { f in f.location.map { DiagnosticNote(f.message, at: $0) } })
            d.fingerprintContent = "page mostly untranslated"
            return [d]
        }
        return out
    }

    /// The script of `foreign` most letters of `unit` are in, when it has enough of them to be
    /// prose rather than a name: a few syllables or ideographs, or (in an alphabet) two words of
    /// which not every one is capitalised (`Web Content Accessibility Guidelines` is a title).
    func foreignScript(_ unit: ProseUnit, of page: ProseText.Page, _ counts: ScriptCounts, _ foreign: Set<Script>) -> Script? {
        guard let (script, _) = foreign.map({ ($0, counts.count(of: $0)) }).filter({ $0.1 > 0 }).max(by: { ($0.1, $1.0) < ($1.1, $0.0) })
        else { return nil }
        if script.isIdeographicOrSyllabic {
            let syllabic = foreign.filter(\.isIdeographicOrSyllabic)
            return counts.count(in: syllabic) >= minimumSyllabicLetters ? script : nil
        }
        // Too few letters decides before the words are made.
        guard counts.count(of: script) >= minimumLetters else { return nil }
        let words = Self.words(page.prose(of: unit)).filter { ScriptCounts($0).count(of: script) >= 2 }
        return words.count >= 2 && !Self.isTitleCased(words) ? script : nil
    }

    /// `prose.split(separator: " ")`, split at its space bytes when that is the same: when the
    /// scalars on both sides of every space are ASCII or letters that never join a space into
    /// one `Character` (Latin, Cyrillic, kana, ideographs, Hangul). Next to another scalar (a
    /// combining mark after it, a prepended one before it) the space may be part of a
    /// `Character`, so the text is then split by `Character`s.
    static func words(_ prose: String) -> [Substring] {
        func plain(_ u: Unicode.Scalar) -> Bool {
            switch u.value {
            case 0x00C0...0x024F, 0x0400...0x0481, 0x048A...0x04FF, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
                true
            default:
                false
            }
        }
        var copy = prose
        let bytesSplit = copy.withUTF8 { b -> Bool in
            for i in 0..<b.count where b[i] == 0x20 {
                if i + 1 < b.count, b[i + 1] >= 0x80, !plain(ProseText.scalar(b, at: i + 1).0) { return false }
                if i > 0, b[i - 1] >= 0x80 {
                    var k = i - 1
                    while k > 0, b[k] & 0xC0 == 0x80 { k -= 1 }
                    if !plain(ProseText.scalar(b, at: k).0) { return false }
                }
            }
            return true
        }
        guard bytesSplit else { return prose.split(separator: " ") }
        // Words of the string cut at space bytes: their bounds are scalar (and here `Character`)
        // boundaries.
        var out: [Substring] = []
        let u = prose.utf8
        var start = u.startIndex
        var k = u.startIndex
        while k < u.endIndex {
            if u[k] == 0x20 {
                if start < k { out.append(prose[start..<k]) }
                start = u.index(after: k)
            }
            k = u.index(after: k)
        }
        if start < u.endIndex { out.append(prose[start..<u.endIndex]) }
        return out
    }

    /// The scripts of the pair's two locales: from the table of known locales, else inferred from
    /// the pages' letters; `nil` when a locale's script cannot be told.
    static func scripts(_ pair: PagePair) -> (source: LocaleScripts, target: LocaleScripts)? {
        func letters(_ page: SpecPage) -> ScriptCounts {
            var c = ScriptCounts("")
            let prose = page.prose ?? ProseText.page(page.document)
            for u in prose.units { c.add(prose.counts(of: u).scripts) }
            return c
        }
        guard let source = LocaleScripts.known(pair.source.locale) ?? LocaleScripts.inferred(from: letters(pair.source), excluding: [])
        else { return nil }
        guard let target = LocaleScripts.known(pair.target.locale)
            ?? LocaleScripts.inferred(from: letters(pair.target), excluding: source.expected)
        else { return nil }
        return (source, target)
    }

    /// Text wholly in quotation marks: a UI label or a citation, kept as the reader sees it.
    static func isQuoted(_ text: String) -> Bool {
        let pairs: [(Character, Character)] = [("\"", "\""), ("“", "”"), ("«", "»"), ("「", "」"), ("『", "』"), ("'", "'"), ("‘", "’")]
        guard let f = text.first, let l = text.last, text.unicodeScalars.dropFirst(2).first != nil else { return false }
        return pairs.contains { $0.0 == f && $0.1 == l }
    }

    /// Words that name something rather than say something: every word but short function words
    /// starts with a capital ("Web Content Accessibility Guidelines", "Stories of Web Users").
    static func isTitleCased(_ words: [Substring]) -> Bool {
        words.allSatisfy { w in titleSmallWords.contains(w.lowercased()) || (w.first?.isUppercase ?? false) }
    }

    /// Short function words a title leaves in lower case.
    static let titleSmallWords: Set<String> = [
        "a", "an", "and", "as", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "vs", "with", "und", "de", "la", "le", "et",
    ]

    /// A section's prose units as a dictionary key: equal when the texts of their units, joined
    /// by line breaks, are equal byte for byte, without joining them. A unit's text is never
    /// empty and holds no line break (`ProseText` normalises white space), so that is the same
    /// number of units with pairwise equal texts. Hashed from each unit's byte digest.
    struct SectionText: Hashable {
        var page: ProseText.Page
        var units: ArraySlice<ProseUnit>

        static func == (a: SectionText, b: SectionText) -> Bool {
            a.units.count == b.units.count && zip(a.units, b.units).allSatisfy { a.page.sameText($0, as: $1, of: b.page) }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(units.count)
            for u in units { hasher.combine(page.textDigest(of: u)) }
        }

        /// The units of each section, in section order: a page's units are in page order, so
        /// each section's units are one run.
        static func sections(_ units: [ProseUnit]) -> [(index: Int, units: ArraySlice<ProseUnit>)] {
            var out: [(index: Int, units: ArraySlice<ProseUnit>)] = []
            var start = 0
            while start < units.count {
                let section = units[start].section
                var end = start + 1
                while end < units.count, units[end].section == section { end += 1 }
                out.append((section, units[start..<end]))
                start = end
            }
            return out
        }
    }

    /// The letters per script and prose words of each unit of a page (`ProseText.Page.counts`),
    /// counted when first asked for.
    struct UnitCounts {
        let page: ProseText.Page
        var counts: [(scripts: ScriptCounts, words: Int)?]

        init(_ page: ProseText.Page) {
            self.page = page
            counts = Array(repeating: nil, count: page.units.count)
        }

        /// The counts of unit `i`.
        mutating func of(_ i: Int) -> (scripts: ScriptCounts, words: Int) {
            if let c = counts[i] { return c }
            let c = page.counts(of: page.units[i])
            counts[i] = c
            return c
        }
    }

    /// A unit's text as a dictionary key: equal when the bytes are, hashed from their digest.
    struct UnitText: Hashable {
        var page: ProseText.Page
        var unit: ProseUnit

        static func == (a: UnitText, b: UnitText) -> Bool { a.page.sameText(a.unit, as: b.unit, of: b.page) }

        func hash(into hasher: inout Hasher) { hasher.combine(page.textDigest(of: unit)) }
    }

    /// The first 80 characters of `text`, with an ellipsis when cut.
    static func excerpt(_ text: String) -> String {
        text.count <= 80 ? text : String(text.prefix(80)) + "…"
    }
}
