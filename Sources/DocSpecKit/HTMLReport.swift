import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel

/// The static HTML report (`docspec report --html <dir>`): `index.html` with the counts per rule
/// and per page pair, and one page per page pair with the spec tables and code samples side by
/// side (source | translation), each finding marked at the cell or line its location names and
/// listed with its rule, message and `file:line:column` (a relative link to the Markdown file).
///
/// Pages are self-contained (inline style, one small inline script, no network: see `HTMLPage`);
/// every doc text is HTML-escaped. Output is deterministic (no dates), so it can be compared.
struct HTMLReport {
    /// One file of the report.
    struct File: Equatable {
        /// The file name inside the report folder.
        var name: String
        /// The page's HTML.
        var contents: String
    }

    /// The configuration the docs were read with (its root resolves the diagnostics' paths).
    var config: Config
    /// What `docspec lint` found.
    var lint: Pipeline.LintResult
    /// The report folder (absolute); links to Markdown files are relative to it.
    var directory: URL

    /// A page pair with the name of its report page.
    struct PairPage {
        var pair: PagePair
        var fileName: String
        var diagnostics: [Diagnostic]
    }

    /// The pairs of every target locale, in locale then source-path order, with their page names.
    func pairPages() -> [PairPage] {
        let source = lint.docSet.pages[config.source] ?? []
        var used: Set<String> = ["index.html"]
        var out: [PairPage] = []
        for target in config.targetLocales {
            let pairs = PageSetRule.pair(
                source: source, target: lint.docSet.pages[target.code] ?? [], sourceLocale: config.source, targetLocale: target.code,
                unreadableSource: lint.docSet.unreadable[config.source] ?? [], unreadableTarget: lint.docSet.unreadable[target.code] ?? []
            ).pairs
            for pair in pairs {
                let base = "\(Self.slug(target.code))-\(Self.slug(pair.source.id))"
                var name = "\(base).html"
                var n = 2
                while used.contains(name.lowercased()) {
                    name = "\(base)-\(n).html"
                    n += 1
                }
                used.insert(name.lowercased())
                // Findings in either file, except page pairing's (a source page missing in
                // another locale is not about this pair): those are listed on the index.
                let files: Set<String> = [pair.source.path, pair.target.path]
                out.append(PairPage(pair: pair, fileName: name, diagnostics: lint.diagnostics.filter { d in
                    !pairingRules.contains(d.ruleID) && (d.location.map { files.contains($0.file) } ?? false)
                }))
            }
        }
        return out
    }

    /// Rule ids of page pairing (`missing-page`, `orphan-page`, `duplicate-page-id`).
    let pairingRules = Set(PageSetRule.descriptors.map(\.id.rawValue))

    /// A file-name-safe form of a page id or locale code: ASCII letters, digits, `.`, `_` and
    /// `-`; anything else becomes `_`.
    static func slug(_ s: String) -> String {
        let mapped = String(s.unicodeScalars.map { c -> Character in
            c.isASCII && (CharacterSet.alphanumerics.contains(c) || c == "-" || c == "_" || c == ".") ? Character(c) : "_"
        })
        let trimmed = mapped.trimmingCharacters(in: CharacterSet(charactersIn: "."))
        return trimmed.isEmpty ? "page" : String(trimmed.prefix(80))
    }

    /// Every file of the report: `index.html` first, then the pair pages, then the shared
    /// stylesheet and script.
    func render() -> [File] {
        let pages = pairPages()
        return [File(name: "index.html", contents: index(pages))] + pages.map { File(name: $0.fileName, contents: pairPage($0)) } + Self.assets
    }

    /// The stylesheet and script the report's pages share.
    static let assets = [
        File(name: HTMLPage.reportStyleFile, contents: HTMLPage.assetMarker + "\n" + HTMLPage.baseStyle + style),
        File(name: HTMLPage.reportScriptFile, contents: HTMLPage.assetMarker + "\n" + HTMLPage.reportScript + "\n"),
    ]

    // MARK: links

    /// A relative link from the report folder to a file given as shown in diagnostics (relative
    /// to the project root, or absolute), each path component percent-encoded.
    func link(_ displayPath: String) -> String {
        let target = (displayPath.hasPrefix("/") ? URL(fileURLWithPath: displayPath) : config.root.appendingPathComponent(displayPath))
        let to = Self.components(target)
        let from = Self.components(directory)
        var common = 0
        while common < min(to.count, from.count), to[common] == from[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map {
            $0.addingPercentEncoding(withAllowedCharacters: Self.pathComponentAllowed) ?? $0
        }
        return parts.joined(separator: "/")
    }

    static let pathComponentAllowed: CharacterSet = {
        var s = CharacterSet.urlPathAllowed
        s.remove(charactersIn: "/;?#%")
        return s
    }()

    static func components(_ url: URL) -> [String] {
        url.standardizedFileURL.resolvingSymlinksInPath().path.split(separator: "/").map(String.init)
    }

    /// `file:line:column` as a link to the file (the line is in the text), or `docspec` for a
    /// finding about the whole run.
    /// A location in one of `plain` (file → locale: the files of the pair page it is on, linked in
    /// the page's header) is `locale:line:column` text, not a link: a report of 2,000 pairs would
    /// otherwise repeat each path thousands of times.
    func locationLink(_ location: SourceLocation?, plain: [String: String] = [:]) -> String {
        guard let l = location else { return "<span class=\"loc\">docspec</span>" }
        if let locale = plain[l.file] { return "<span class=\"loc\">\(e(locale)):\(l.line):\(l.column)</span>" }
        return "<a class=\"loc\" href=\"\(e(link(l.file)))\">\(e(l.file)):\(l.line):\(l.column)</a>"
    }

    func e(_ s: String) -> String { HTMLPage.escape(s) }

    // MARK: index

    func index(_ pages: [PairPage]) -> String {
        let all = lint.diagnostics
        var body = "<h1>DocSpec report</h1>\n"
        let perLocale = config.locales.map { "\($0.code) \(lint.docSet.pages[$0.code]?.count ?? 0)" }.joined(separator: ", ")
        body += "<p class=\"meta\">source locale <strong>\(e(config.source))</strong>; pages per locale: \(e(perLocale)); \(pages.count) page pair\(pages.count == 1 ? "" : "s"); "
        body += "<span class=\"\(all.errorCount > 0 ? "count-error" : "")\">\(Self.plural(all.errorCount, "error"))</span>, "
        body += "<span class=\"\(all.warningCount > 0 ? "count-warning" : "")\">\(Self.plural(all.warningCount, "warning"))</span></p>\n"

        body += "<h2>Findings per rule</h2>\n"
        let counted = all.filter { $0.severity != .note }
        if counted.isEmpty {
            body += "<p class=\"clean\">No drift and no problems found.</p>\n"
        } else {
            body += "<p class=\"meta\">Click a rule to show only the page pairs with its findings.</p>\n"
            body += "<div class=\"scroll\"><table class=\"counts\">\n<thead><tr><th>rule</th><th>errors</th><th>warnings</th><th>what it means</th></tr></thead>\n<tbody>\n"
            for rule in Self.worstFirst(counted) {
                let d = counted.filter { $0.ruleID == rule }
                body += "<tr><td><button type=\"button\" class=\"rule-filter\" data-rule=\"\(e(rule))\"><code>\(e(rule))</code></button></td><td class=\"num\">\(d.errorCount)</td><td class=\"num\">\(d.warningCount)</td><td>\(e(config.rules[rule]?.summary ?? ""))</td></tr>\n"
            }
            body += "</tbody>\n</table></div>\n"
        }

        body += "<h2>Page pairs</h2>\n"
        if pages.isEmpty {
            body += "<p>No page pairs.</p>\n"
        } else {
            // Worst first: errors, then warnings, then findings, then the source path.
            let sorted = pages.enumerated().sorted { a, b in
                let x = a.element.diagnostics, y = b.element.diagnostics
                if x.errorCount != y.errorCount { return x.errorCount > y.errorCount }
                if x.warningCount != y.warningCount { return x.warningCount > y.warningCount }
                if x.count != y.count { return x.count > y.count }
                return a.offset < b.offset
            }.map(\.element)
            let rules = Self.worstFirst(pages.flatMap(\.diagnostics).filter { $0.severity != .note })
            let locales = config.targetLocales.map(\.code)
            body += "<div class=\"filters\" role=\"search\">"
            body += "<label>rule <select id=\"f-rule\"><option value=\"\">any rule</option>"
            for r in rules { body += "<option value=\"\(e(r))\">\(e(r))</option>" }
            body += "</select></label> <label>translation <select id=\"f-locale\"><option value=\"\">any locale</option>"
            for l in locales { body += "<option value=\"\(e(l))\">\(e(l))</option>" }
            body += "</select></label> <label>search <input id=\"f-search\" type=\"search\" placeholder=\"title or path\" autocomplete=\"off\"></label> "
            body += "<span id=\"f-count\" class=\"muted\">\(Self.plural(pages.count, "page pair"))</span></div>\n"
            body += "<div class=\"scroll\"><table class=\"counts\" id=\"pairs\">\n<thead><tr><th>source</th><th>translation</th><th>tables</th><th>rows</th><th>code samples</th><th>errors</th><th>warnings</th><th>findings</th></tr></thead>\n<tbody>\n"
            for p in sorted {
                let d = p.diagnostics
                let ruleIDs = Self.worstFirst(d.filter { $0.severity != .note })
                let ruleList = ruleIDs.map { r in "<code>\(e(r))</code> ×\(d.filter { $0.ruleID == r }.count)" }.joined(separator: ", ")
                body += "<tr class=\"\(d.errorCount > 0 ? "row-error" : d.warningCount > 0 ? "row-warning" : "")\" data-rules=\" \(e(ruleIDs.joined(separator: " "))) \" data-locale=\"\(e(p.pair.target.locale))\">"
                body += "<td lang=\"\(e(p.pair.source.locale))\"><a href=\"\(e(p.fileName))\">\(e(p.pair.source.title))</a><br><span class=\"muted path\">\(Self.breakablePath(p.pair.source.path))</span></td>"
                body += "<td lang=\"\(e(p.pair.target.locale))\"><a href=\"\(e(p.fileName))\">\(e(p.pair.target.title))</a><br><span class=\"muted path\">\(Self.breakablePath(p.pair.target.path))</span></td>"
                body += "<td class=\"num\">\(p.pair.source.tables.count)</td><td class=\"num\">\(p.pair.source.rowCount)</td><td class=\"num\">\(p.pair.source.codeSamples.count)</td>"
                body += "<td class=\"num\">\(d.errorCount)</td><td class=\"num\">\(d.warningCount)</td><td>\(ruleList)</td></tr>\n"
            }
            body += "</tbody>\n</table></div>\n"
        }

        let onPairs = Set(pages.flatMap(\.diagnostics))
        let other = all.filter { !onPairs.contains($0) }
        if !other.isEmpty {
            body += "<h2>Other findings</h2>\n<p class=\"meta\">Findings on pages without a counterpart, or about the whole run.</p>\n<ol class=\"findings\">\n"
            for d in other { body += "<li class=\"\(d.severity.rawValue)\">\(findingText(d))</li>\n" }
            body += "</ol>\n"
        }
        return HTMLPage.reportDocument(title: "DocSpec report", body: body)
    }

    /// The rule ids of `diagnostics`, worst first: most errors, then most warnings, then by id.
    static func worstFirst(_ diagnostics: [Diagnostic]) -> [String] {
        var errors: [String: Int] = [:]
        var warnings: [String: Int] = [:]
        for d in diagnostics {
            errors[d.ruleID, default: 0] += d.severity == .error ? 1 : 0
            warnings[d.ruleID, default: 0] += d.severity == .warning ? 1 : 0
        }
        return errors.keys.sorted { a, b in
            (errors[a]!, warnings[a]!, b) > (errors[b]!, warnings[b]!, a)
        }
    }

    /// Rows of a code sample shown in full; a longer one shows `sampleContext` rows around each
    /// marked line.
    static let sampleRowLimit = 16
    static let sampleContext = 3

    /// A path, escaped, with a break opportunity after each `/` only (never inside a name).
    static func breakablePath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { HTMLPage.escape(String($0)) }.joined(separator: "/<wbr>")
    }

    /// Notes shown per finding (a page left untranslated has one per block).
    static let noteLimit = 8

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// A finding's severity, rule, message and location, then its notes; `marked` is the id of
    /// the element the finding is marked at on this page (`nil`: not marked, or not a pair page).
    func findingText(_ d: Diagnostic, marked: String?? = nil, noteTargets: [String?] = [], plain: [String: String] = [:]) -> String {
        var s = "<span class=\"sev \(d.severity.rawValue)\">\(d.severity.rawValue)</span> <code class=\"rule\">\(e(d.ruleID))</code> \(HTMLPage.escapeText(d.message)) — \(locationLink(d.location, plain: plain))"
        switch marked {
        case .some(.some(let id)): s += " <a class=\"jump\" href=\"#\(id)\">show</a>"
        case .some(.none): s += " <span class=\"muted\">(no block of either page at this line)</span>"
        case .none: break
        }
        if !d.notes.isEmpty {
            s += "<ul class=\"notes\">"
            for (i, n) in d.notes.enumerated().prefix(Self.noteLimit) {
                s += "<li>note: \(HTMLPage.escapeText(n.message)) — \(locationLink(n.location, plain: plain))"
                if i < noteTargets.count, let id = noteTargets[i] { s += " <a class=\"jump\" href=\"#\(id)\">show</a>" }
                s += "</li>"
            }
            if d.notes.count > Self.noteLimit {
                s += "<li>… \(Self.plural(d.notes.count - Self.noteLimit, "more note")) (all of them in the text, JSON and SARIF output)</li>"
            }
            s += "</ul>"
        }
        return s
    }

    // MARK: pair pages

    /// A place on a pair page a finding can be marked at.
    struct Anchor {
        enum Kind: Int { case exact, cell, line, row, table }
        var id: String
        var kind: Kind
        var file: String
        /// Where the element starts (a diagnostic at exactly this location is marked here).
        var start: SourceLocation?
        /// The last character (cells) or last line (tables) it covers.
        var end: SourceLocation?
        /// The table or sample group the element belongs to.
        var group: String
    }

    /// The marks of a pair page: anchors, and per anchor the findings (numbers) marked there.
    struct Marks {
        var anchors: [Anchor] = []
        var primary: [String: [Int]] = [:]
        var notes: [String: [Int]] = [:]
        var severity: [Int: Severity] = [:]
        var titles: [Int: String] = [:]

        /// The anchor a location is marked at: an element starting exactly there (preferring one in
        /// `group`), else the cell containing it, else the code line, table row or table on its line.
        func resolve(_ location: SourceLocation, group: String? = nil) -> Anchor? {
            let exact = anchors.filter { $0.start == location }
            if let a = exact.first(where: { $0.group == group }) ?? exact.first { return a }
            let sameFile = anchors.filter { $0.file == location.file }
            if let a = sameFile.first(where: { a in
                guard a.kind == .cell, let s = a.start, let e = a.end else { return false }
                return (s.line, s.column) <= (location.line, location.column) && (location.line, location.column) <= (e.line, e.column)
            }) { return a }
            for kind in [Anchor.Kind.line, .row] {
                if let a = sameFile.first(where: { $0.kind == kind && $0.start?.line == location.line }) { return a }
            }
            return sameFile.first { a in
                guard a.kind == .table, let s = a.start, let e = a.end else { return false }
                return s.line <= location.line && location.line <= e.line
            }
        }

        /// ` id="…" class="…"` and the badges for an element.
        func attributes(_ id: String, classes: [String] = []) -> (attributes: String, badges: String) {
            var cls = classes
            let p = primary[id] ?? []
            let n = notes[id] ?? []
            if p.contains(where: { severity[$0] == .error }) {
                cls.append("hit-error")
            } else if !p.isEmpty {
                cls.append("hit-warning")
            } else if !n.isEmpty {
                cls.append("hit-note")
            }
            var badges = ""
            for f in p {
                badges += " <a class=\"badge \(severity[f]?.rawValue ?? "error")\" href=\"#f\(f)\" title=\"\(HTMLPage.escape(titles[f] ?? ""))\">\(f)</a>"
            }
            for f in n where !p.contains(f) {
                badges += " <a class=\"badge note\" href=\"#f\(f)\" title=\"note for finding \(f)\">\(f)</a>"
            }
            return (" id=\"\(id)\"" + (cls.isEmpty ? "" : " class=\"\(cls.joined(separator: " "))\""), badges)
        }
    }

    /// The spec tables and code samples of a pair, laid out once: the anchors they register and
    /// the order they are rendered in.
    struct Layout {
        var tables: [AlignedTable]
        var samples: [(source: CodeSample?, target: CodeSample?)]
    }

    func layout(_ pair: PagePair) -> Layout {
        let s = pair.source.locale
        let t = pair.target.locale
        // The pairing the findings were computed on (lint's), else the same computation now.
        let analysis = lint.analyses[Pipeline.PairKey(source: pair.source.path, target: pair.target.path)]
            ?? PairAnalysis(pair, blocks: false)
        let tables = AlignedTable.align([s: pair.source, t: pair.target], locales: [s, t], pairings: [t: analysis.tables])
        let samples = analysis.samples.entries.map { e in
            (source: e.source.map { pair.source.codeSamples[$0] }, target: e.target.map { pair.target.codeSamples[$0] })
        }
        return Layout(tables: tables, samples: samples)
    }

    /// A code sample's lines as the page has them: hidden setup, opening fence, code, closing
    /// fence, each with its Markdown line number.
    static func sampleLines(_ c: CodeSample) -> [(line: Int, text: String, kind: String)] {
        var out: [(line: Int, text: String, kind: String)] = []
        func lines(_ text: String) -> [String] {
            var l = text.components(separatedBy: "\n")
            if l.last == "" { l.removeLast() }
            return l
        }
        if let setup = c.setup, let first = c.setupFirstLine {
            for (i, l) in lines(setup).enumerated() { out.append((first + i, l, "setup")) }
        }
        let code = lines(c.code)
        if c.fenced { out.append((c.range.start.line, "```" + ([c.language] + c.attributes).filter { !$0.isEmpty }.joined(separator: " "), "fence")) }
        for (i, l) in code.enumerated() { out.append((c.firstCodeLine + i, l, "code")) }
        if c.fenced, c.range.end.line > c.firstCodeLine + code.count - 1 { out.append((c.range.end.line, "```", "fence")) }
        return out
    }

    /// Registers every element of the layout that a finding can be marked at.
    func anchors(_ layout: Layout, _ pair: PagePair) -> [Anchor] {
        var out: [Anchor] = []
        let sides = [("s", pair.source), ("t", pair.target)]
        for (k, table) in layout.tables.enumerated() {
            let g = "t\(k + 1)"
            for (side, page) in sides {
                guard let st = table.tables[page.locale] else {
                    // A table missing in the translation is reported where it should be.
                    if side == "t", let source = table.tables[pair.source.locale] {
                        out.append(Anchor(id: "\(g)\(side)", kind: .exact, file: page.path, start: pair.targetAnchor(forSourceLine: source.range.start.line), group: g))
                    }
                    continue
                }
                out.append(Anchor(id: "\(g)\(side)", kind: .table, file: page.path, start: st.directive.range.start, end: st.range.end, group: g))
                for (r, row) in table.rows.enumerated() {
                    guard let sr = row.rows[page.locale] else { continue }
                    out.append(Anchor(id: "\(g)r\(r + 1)\(side)", kind: .row, file: page.path, start: sr.range.start, group: g))
                    for cell in sr.cells {
                        out.append(Anchor(id: "\(g)r\(r + 1)\(side)-\(Self.slug(cell.column))", kind: .cell, file: page.path, start: cell.range.start, end: cell.range.end, group: g))
                    }
                }
            }
        }
        for (k, sample) in layout.samples.enumerated() {
            let g = "s\(k + 1)"
            if sample.target == nil, let source = sample.source {
                out.append(Anchor(id: "\(g)t", kind: .exact, file: pair.target.path, start: pair.targetAnchor(forSourceLine: source.range.start.line), group: g))
            }
            for (side, page, c) in [("s", pair.source, sample.source), ("t", pair.target, sample.target)] {
                guard let c else { continue }
                for l in Self.sampleLines(c) {
                    out.append(Anchor(id: "\(g)\(side)L\(l.line)", kind: .line, file: page.path, start: SourceLocation(file: page.path, line: l.line), group: g))
                }
            }
        }
        return out
    }

    func pairPage(_ page: PairPage) -> String {
        let pair = page.pair
        let sl = pair.source.locale
        let tl = pair.target.locale
        let layout = layout(pair)
        var marks = Marks(anchors: anchors(layout, pair))
        var noteTargets: [Int: [String?]] = [:]
        var targets: [Int: String] = [:]
        for (i, d) in page.diagnostics.enumerated() {
            let n = i + 1
            marks.severity[n] = d.severity
            marks.titles[n] = d.ruleID
            var group: String?
            var resolvedNotes: [String?] = []
            for note in d.notes {
                let a = note.location.flatMap { marks.resolve($0) }
                if let a {
                    marks.notes[a.id, default: []].append(n)
                    group = group ?? a.group
                }
                resolvedNotes.append(a?.id)
            }
            noteTargets[n] = resolvedNotes
            if let loc = d.location, let a = marks.resolve(loc, group: group) {
                marks.primary[a.id, default: []].append(n)
                targets[n] = a.id
            }
        }

        // Findings outside the spec tables and code samples, shown in the prose view.
        let tableRules = Set(TableDriftRule.descriptors.map(\.id.rawValue) + CodeSampleDriftRule.descriptors.map(\.id.rawValue))
        let unplaced = page.diagnostics.enumerated().map { ($0.offset + 1, $0.element) }.filter { targets[$0.0] == nil && !tableRules.contains($0.1.ruleID) }
        let prose = proseEntries(pair, unplaced)
        for (k, entry) in prose.enumerated() {
            for n in entry.findings where targets[n] == nil { targets[n] = "p\(k + 1)" }
        }

        var body = "<p class=\"nav\"><a href=\"index.html\">← DocSpec report</a></p>\n"
        body += "<h1><span lang=\"\(e(sl))\">\(e(pair.source.title))</span> <span class=\"muted\">|</span> <span lang=\"\(e(tl))\">\(e(pair.target.title))</span></h1>\n"
        body += "<p class=\"meta\">\(e(sl)) (source): <a href=\"\(e(link(pair.source.path)))\">\(e(pair.source.path))</a> · \(e(tl)): <a href=\"\(e(link(pair.target.path)))\">\(e(pair.target.path))</a>; "
        body += "\(Self.plural(layout.tables.count, "spec table")), \(Self.plural(layout.samples.count, "code sample")); "
        body += "\(Self.plural(page.diagnostics.errorCount, "error")), \(Self.plural(page.diagnostics.warningCount, "warning"))</p>\n"

        body += "<h2>Findings</h2>\n"
        if page.diagnostics.isEmpty {
            body += "<p class=\"clean\">No drift found on this page pair.</p>\n"
        } else {
            body += "<ol class=\"findings\">\n"
            for (i, d) in page.diagnostics.enumerated() {
                let n = i + 1
                body += "<li id=\"f\(n)\" class=\"\(d.severity.rawValue)\">\(findingText(d, marked: .some(targets[n]), noteTargets: noteTargets[n] ?? [], plain: [pair.source.path: sl, pair.target.path: tl]))"
                body += "</li>\n"
            }
            body += "</ol>\n"
        }

        body += proseSection(pair, prose, page.diagnostics)

        body += "<h2>Spec tables</h2>\n"
        if layout.tables.isEmpty { body += "<p class=\"muted\">No spec tables.</p>\n" }
        for (k, table) in layout.tables.enumerated() {
            body += tableSection(table, number: k + 1, pair: pair, marks: marks)
        }
        body += "<h2>Code samples</h2>\n"
        if layout.samples.isEmpty { body += "<p class=\"muted\">No code samples.</p>\n" }
        // Samples with a finding are shown side by side; equal ones are listed in one line each
        // (a report of 2,000 pairs stays small, and what is shown is what drifted).
        let markedGroups = Set(marks.anchors.filter { marks.primary[$0.id] != nil || marks.notes[$0.id] != nil }.map(\.group))
        var equal: [(source: Int?, target: Int?)] = []
        for (k, sample) in layout.samples.enumerated() {
            if markedGroups.contains("s\(k + 1)") {
                body += sampleSection(sample, number: k + 1, pair: pair, marks: marks)
            } else {
                equal.append((sample.source?.range.start.line, sample.target?.range.start.line))
            }
        }
        if !equal.isEmpty {
            // One line per locale with the samples' first lines: a page of 2,000 pairs' report
            // lists thousands of equal samples.
            let lines = { (side: [Int?]) in side.compactMap { $0 }.map(String.init).joined(separator: ", ") }
            body += "<p class=\"meta equal\">\(Self.plural(equal.count, "code sample")) without findings, at lines "
            body += "\(lines(equal.map(\.source))) of \(e(pair.source.path)) and \(lines(equal.map(\.target))) of \(e(pair.target.path)).</p>\n"
        }
        return HTMLPage.reportDocument(title: "\(pair.source.title) | \(pair.target.title) — DocSpec report", body: body)
    }

    func sectionTitle(_ items: [String?], fallback: String) -> String {
        var seen: [String] = []
        for case let i? in items where !seen.contains(i) { seen.append(i) }
        return seen.isEmpty ? e(fallback) : seen.map(e).joined(separator: " <span class=\"muted\">|</span> ")
    }

    /// A spec table of the pair as one bilingual table: the line of each locale's row, the
    /// invariant columns once (both values, marked, where they differ) and the translated columns
    /// of the source and the translation side by side.
    func tableSection(_ table: AlignedTable, number k: Int, pair: PagePair, marks: Marks) -> String {
        let g = "t\(k)"
        let all = [("s", pair.source), ("t", pair.target)]
        let sides = all.filter { table.tables[$0.1.locale] != nil }
        var html = "<section class=\"block\">\n<h3>\(sectionTitle(all.map { table.section($0.1.locale).last }, fallback: table.id)) <code>\(e(table.id))</code></h3>\n"
        html += "<p class=\"meta\">"
        html += all.map { side, page -> String in
            let (attrs, badges) = marks.attributes("\(g)\(side)", classes: ["where"])
            let label = "\(e(page.locale))\(side == "s" ? " (source)" : "")"
            guard let st = table.tables[page.locale] else {
                return "<span\(attrs)>\(label): <span class=\"missing-label\">no such table</span>\(badges)</span>"
            }
            return "<span\(attrs)>\(label): <a href=\"\(e(link(page.path)))\">\(e(page.path)):\(st.range.start.line)</a>\(badges)</span>"
        }.joined(separator: " · ")
        html += "</p>\n<div class=\"scroll\">\n<table class=\"pair\">\n<thead><tr>"
        for (_, page) in sides { html += "<th class=\"ln\" title=\"line in \(e(page.path))\">\(e(page.locale))</th>" }
        for c in table.columns {
            if c.type.isInvariant {
                var headers: [String] = []
                for (_, page) in sides {
                    if let h = table.header(c.name, locale: page.locale), !headers.contains(h) { headers.append(h) }
                }
                html += "<th>\(headers.map(e).joined(separator: " / "))</th>"
            } else {
                for (side, page) in sides {
                    html += "<th lang=\"\(e(page.locale))\" class=\"translated\(side == "t" ? " split" : "")\">\(e(table.header(c.name, locale: page.locale) ?? c.name)) (\(e(page.locale)))</th>"
                }
            }
        }
        html += "</tr></thead>\n<tbody>\n"
        if table.rows.isEmpty {
            html += "<tr><td colspan=\"\(sides.count + table.columns.count)\" class=\"missing\">no rows</td></tr>\n"
        }
        for (r, row) in table.rows.enumerated() {
            html += "<tr>"
            for (side, page) in sides {
                guard let sr = row.rows[page.locale] else {
                    html += "<td class=\"ln missing\" title=\"no row in \(e(page.locale))\">—</td>"
                    continue
                }
                let (attrs, badges) = marks.attributes("\(g)r\(r + 1)\(side)", classes: ["ln"])
                html += "<td\(attrs)>\(sr.line)\(badges)</td>"
            }
            for c in table.columns {
                let cells = sides.compactMap { side, page in row.rows[page.locale]?.cell(c.name).map { (side, page.locale, $0) } }
                let id = { (side: String) in "\(g)r\(r + 1)\(side)-\(Self.slug(c.name))" }
                if !c.type.isInvariant {
                    for (side, page) in sides {
                        let split = side == "t" ? ["split"] : []
                        guard let cell = row.rows[page.locale]?.cell(c.name) else {
                            html += "<td class=\"\((["missing"] + split).joined(separator: " "))\">\(row.rows[page.locale] == nil ? "no row in \(e(page.locale))" : "")</td>"
                            continue
                        }
                        let (attrs, badges) = marks.attributes(id(side), classes: split)
                        html += "<td\(attrs) lang=\"\(e(page.locale))\">\(TablesRenderer.htmlCell(CellText(cell)))\(badges)</td>"
                    }
                    continue
                }
                guard let last = cells.last else {
                    html += "<td class=\"missing\"></td>"
                    continue
                }
                // The translation's cell is the <td> (findings point at it); the source's is a span inside.
                let differs = cells.contains { $0.2.value != last.2.value }
                let (attrs, badges) = marks.attributes(id(last.0), classes: differs ? ["conflict"] : [])
                html += "<td\(attrs)>"
                if cells.count == 1 || cells.allSatisfy({ $0.2.text == last.2.text }) {
                    if cells.count > 1 {
                        let (inner, innerBadges) = marks.attributes(id(cells[0].0))
                        html += "<span\(inner)>\(TablesRenderer.htmlCell(CellText(last.2)))</span>\(innerBadges)"
                    } else {
                        html += TablesRenderer.htmlCell(CellText(last.2))
                    }
                } else {
                    let (inner, innerBadges) = marks.attributes(id(cells[0].0))
                    html += "<span\(inner)><span class=\"lc\">\(e(cells[0].1)):</span> \(TablesRenderer.htmlCell(CellText(cells[0].2)))</span>\(innerBadges)"
                    html += "<br><span class=\"\(differs ? "other" : "")\"><span class=\"lc\">\(e(last.1)):</span> \(TablesRenderer.htmlCell(CellText(last.2)))</span>"
                }
                html += "\(badges)</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n</div>\n</section>\n"
        return html
    }

    func sampleSection(_ sample: (source: CodeSample?, target: CodeSample?), number k: Int, pair: PagePair, marks: Marks) -> String {
        let g = "s\(k)"
        let sides: [(String, SpecPage, CodeSample?)] = [("s", pair.source, sample.source), ("t", pair.target, sample.target)]
        let title = sectionTitle(sides.map { $0.2?.headingPath.last }, fallback: "code sample \(k)")
        let language = (sample.source ?? sample.target)?.language ?? ""
        var html = "<section class=\"block\">\n<h3>\(title) <code>\(e(language.isEmpty ? "code" : language))</code></h3>\n"
        html += "<div class=\"scroll\"><table class=\"code\">\n<colgroup><col class=\"lnc\"><col><col class=\"lnc\"><col></colgroup>\n<thead><tr>"
        for (side, page, c) in sides {
            let split = side == "t" ? " split" : ""
            if let c {
                html += "<th colspan=\"2\" class=\"side\(split)\" lang=\"\(e(page.locale))\">\(e(page.locale))\(side == "s" ? " (source)" : "") — <a href=\"\(e(link(page.path)))\">\(e(page.path)):\(c.range.start.line)</a></th>"
            } else {
                let (attrs, badges) = marks.attributes("\(g)\(side)", classes: ["side"] + (side == "t" ? ["split"] : []))
                html += "<th colspan=\"2\"\(attrs) lang=\"\(e(page.locale))\">\(e(page.locale)) — <span class=\"missing-label\">no such sample</span>\(badges)</th>"
            }
        }
        html += "</tr></thead>\n<tbody>\n"
        let lines = sides.map { $0.2.map(Self.sampleLines) ?? [] }
        let total = max(lines.map(\.count).max() ?? 0, 1)
        // A long sample shows the rows near its marked lines (a missing one its first rows), as a
        // diff shows context: what drifted, not every line of every sample.
        var shown = Array(repeating: true, count: total)
        var count = total
        if total > Self.sampleRowLimit {
            if sample.source != nil, sample.target != nil {
                let marked = (0..<total).filter { i in
                    zip(sides, lines).contains { side, l in
                        i < l.count && (marks.primary["s\(k)\(side.0)L\(l[i].line)"] != nil || marks.notes["s\(k)\(side.0)L\(l[i].line)"] != nil)
                    }
                }
                shown = (0..<total).map { i in marked.contains { abs($0 - i) <= Self.sampleContext } }
                if marked.isEmpty { shown = (0..<total).map { $0 < Self.sampleRowLimit } }
            } else {
                shown = (0..<total).map { $0 < Self.sampleRowLimit }
                count = Self.sampleRowLimit
            }
        }
        var hidden = 0
        for i in 0..<total {
            guard shown[i] else {
                hidden += 1
                continue
            }
            if hidden > 0 {
                html += "<tr><td colspan=\"4\" class=\"gap\">⋯ \(Self.plural(hidden, "line")) not shown</td></tr>\n"
                hidden = 0
            }
            html += "<tr>"
            for ((side, page, c), l) in zip(sides, lines) {
                let split = side == "t" ? " split" : ""
                guard c != nil else {
                    if i == 0 { html += "<td colspan=\"2\" rowspan=\"\(count)\" class=\"missing\(split)\">sample missing in \(e(page.locale))</td>" }
                    continue
                }
                guard i < l.count else {
                    html += "<td class=\"ln\(split)\"></td><td class=\"src\"></td>"
                    continue
                }
                let id = "\(g)\(side)L\(l[i].line)"
                guard marks.primary[id] != nil || marks.notes[id] != nil else {
                    // Unmarked lines carry no id (nothing links to them) and code is the default kind.
                    html += "<td class=\"ln\(split)\">\(l[i].line)</td><td\(l[i].kind == "code" ? "" : " class=\"\(l[i].kind)\"")>\(e(l[i].text))</td>"
                    continue
                }
                let (attrs, badges) = marks.attributes(id, classes: ["src", l[i].kind])
                html += "<td class=\"ln\(split)\">\(l[i].line)</td><td\(attrs)>\(e(l[i].text))\(badges)</td>"
            }
            html += "</tr>\n"
        }
        if hidden > 0 { html += "<tr><td colspan=\"4\" class=\"gap\">⋯ \(Self.plural(hidden, "more line")) not shown</td></tr>\n" }
        html += "</tbody>\n</table></div>\n</section>\n"
        return html
    }

    static let style = """
        .count-error, .sev.error { color: var(--error); font-weight: bold; } .count-warning, .sev.warning { color: var(--warning); font-weight: bold; }
        .sev.note { color: var(--muted); } .clean { color: #1a7f37; font-weight: bold; }
        td.num { text-align: right; } tr.row-error td:first-child { box-shadow: inset 4px 0 var(--error); } tr.row-warning td:first-child { box-shadow: inset 4px 0 var(--warning); }
        ol.findings li { margin: 4px 0; } ol.findings li.error::marker { color: var(--error); } ul.notes { margin: 2px 0; padding-left: 20px; list-style: none; color: var(--muted); }
        .loc { font-family: "DejaVu Sans Mono", monospace; font-size: 12.5px; } .jump { font-size: 12px; }
        .block { margin-bottom: 18px; }
        table.pair th.side, table.code th.side { background: #eaeef2; }
        .split { border-left: 3px solid #8c959f !important; }
        td.ln, th.ln { color: var(--muted); text-align: right; font-size: 12px; white-space: nowrap; }
        table.code col.lnc { width: 44px; }
        table.pair { width: 100%; } .scroll { overflow-x: auto; max-width: 100%; }
        table.code { min-width: 100%; } table.code td:not(.ln) { font-family: "DejaVu Sans Mono", "Liberation Mono", "IPAGothic", monospace; font-size: 12.5px; white-space: pre; border-top: none; border-bottom: none; }
        code, pre, table.code td { word-break: normal; overflow-wrap: normal; }
        table.pair code { white-space: nowrap; }
        .filters { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: 6px 0; } .filters input { width: 18em; }
        button.rule-filter { border: 1px solid var(--line); background: #fff; border-radius: 4px; padding: 0 4px; cursor: pointer; }
        button.rule-filter[aria-pressed="true"] { background: #ddf4ff; border-color: #0969da; }
        table.code td.fence, table.code td.setup, table.code td.gap { color: var(--muted); } table.code td.gap { font-style: italic; background: var(--head); } table.code td.setup { font-style: italic; }
        .hit-error { background: var(--error-bg) !important; outline: 2px solid var(--error); outline-offset: -2px; }
        .hit-warning { background: var(--warning-bg) !important; outline: 2px solid var(--warning); outline-offset: -2px; }
        .hit-note { background: var(--note-bg) !important; outline: 1px dashed #0969da; outline-offset: -2px; }
        .badge { display: inline-block; font: bold 11px/16px "DejaVu Sans", sans-serif; min-width: 16px; text-align: center; border-radius: 8px; padding: 0 4px; margin-left: 4px; color: #fff; background: var(--error); white-space: nowrap; }
        .badge.warning { background: var(--warning); } .badge.note { background: #0969da; }
        .missing-label { color: var(--muted); font-style: italic; }
        .lc { color: var(--muted); font-size: 11px; } table.pair th.translated { background: #eef6ff; min-width: 11em; } .where { padding: 1px 3px; }

        """ + proseStyle
}

// MARK: writing

extension HTMLReport {
    /// Why the report could not be written.
    struct WriteError: Error, CustomStringConvertible {
        /// The message, naming the file or folder.
        var description: String
    }

    /// What `write(_:to:)` did, by file name.
    struct WriteResult {
        /// Files created or replaced.
        var written: [String] = []
        /// Files that already had this content (left untouched).
        var unchanged: [String] = []
        /// Pages of an earlier report that this report no longer has.
        var removed: [String] = []
    }

    /// Creates the report folder (and its parents) unless it exists; a file in its place is an error.
    static func prepare(_ directory: URL) throws(WriteError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { throw WriteError(description: "it is a file, not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(description: "cannot create the folder: \(error.localizedDescription)")
        }
    }

    /// Whether the file at `url` is a page DocSpec wrote (it carries `HTMLPage.generatorMeta` near
    /// its start) or its stylesheet or script (they start with `HTMLPage.assetMarker`).
    static func isOwned(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 1024)) ?? nil
        return head.map { String(decoding: $0, as: UTF8.self) }.map { $0.contains(HTMLPage.generatorMeta) || $0.hasPrefix(HTMLPage.assetMarker) } ?? false
    }

    /// Writes the report's files into `directory`, each atomically (a temporary file renamed over
    /// the old one). Only files DocSpec wrote are replaced: when a file of the same name exists
    /// that DocSpec did not write, nothing is written. Pages of an earlier report that this one no
    /// longer has are removed; no other file in the folder is touched.
    static func write(_ files: [File], to directory: URL) throws(WriteError) -> WriteResult {
        let fm = FileManager.default
        for f in files {
            let url = directory.appendingPathComponent(f.name)
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue || !isOwned(url) {
                throw WriteError(description: "'\(f.name)' exists and was not written by DocSpec; move it away (nothing was written)")
            }
        }
        var result = WriteResult()
        for f in files {
            let url = directory.appendingPathComponent(f.name)
            let data = Data(f.contents.utf8)
            if fm.contents(atPath: url.path) == data {
                result.unchanged.append(f.name)
                continue
            }
            do {
                try AtomicFile.write(data, to: url)
            } catch {
                throw WriteError(description: "cannot write '\(f.name)': \(error.localizedDescription)")
            }
            result.written.append(f.name)
        }
        let names = Set(files.map(\.name))
        let existing = (try? fm.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in existing.sorted() where name.hasSuffix(".html") && !names.contains(name) {
            let url = directory.appendingPathComponent(name)
            if isOwned(url), (try? fm.removeItem(at: url)) != nil { result.removed.append(name) }
        }
        return result
    }
}
