import DocDiagnostics
import Foundation
import SpecModel

/// Renders aligned spec tables (`docspec tables`) as Markdown, CSV, JSON or HTML.
///
/// With one locale, each table is shown as its page has it (the page's own headers). With two or
/// more, each table is one bilingual table: one row per key, the invariant columns (codes, keys,
/// raw values, types, URLs) once, and the translated (prose) columns once per locale, side by
/// side. An invariant cell whose value differs between locales (drift) shows every value.
struct TablesRenderer {
    /// The output formats, as given to `--format`.
    enum Format: String, CaseIterable {
        case md, csv, json, html
    }

    /// The aligned tables to render.
    var reference: ReferenceTables
    /// The configured source locale, when it differs from the locale rows are anchored on (the
    /// source is not among the locales shown); `nil` for `reference.base`.
    var source: String? = nil

    var locales: [String] { reference.locales }
    var anchorOrder: [String] { reference.anchorOrder }
    var bilingual: Bool { locales.count > 1 }

    /// The tables in `format`; text ending in a newline. Control characters from the pages never
    /// appear raw (the output may go to a terminal): Markdown and CSV write them as `\u{1B}`
    /// (`ControlCharacters.escaped`), JSON as `\u` escapes, HTML as U+FFFD (`HTMLPage.escape`).
    func render(_ format: Format) -> String {
        switch format {
        case .md: ControlCharacters.escaped(markdown(), keeping: ["\n"])
        case .csv: csv()
        case .json: ControlCharacters.jsonEscaped(json())
        case .html: html()
        }
    }

    // MARK: layout shared by the formats

    /// A column of the rendered table: an invariant column shown once, or a translated column of
    /// one locale.
    struct OutputColumn {
        var spec: ColumnSpec
        /// `nil` for an invariant column (or any column in a one-locale view).
        var locale: String?
    }

    func outputColumns(_ t: AlignedTable) -> [OutputColumn] {
        t.columns.flatMap { c -> [OutputColumn] in
            if bilingual && !c.type.isInvariant {
                return t.present(in: locales).map { OutputColumn(spec: c, locale: $0) }
            }
            return [OutputColumn(spec: c, locale: nil)]
        }
    }

    /// The header text of an output column: the page's own header with one locale; with several,
    /// the headers of every locale (`コード / Код`), or the locale's header and its code for a
    /// translated column (`説明 (ja)`).
    func headerText(_ c: OutputColumn, _ t: AlignedTable) -> String {
        if let locale = c.locale { return "\(t.header(c.spec.name, locale: locale) ?? c.spec.name) (\(locale))" }
        var seen: [String] = []
        for l in t.present(in: locales) {
            if let h = t.header(c.spec.name, locale: l), !seen.contains(h) { seen.append(h) }
        }
        return seen.isEmpty ? c.spec.name : seen.joined(separator: " / ")
    }

    /// What an output column shows in a row.
    enum Content {
        /// The row has no cell here (the locale lacks the row, or its table lacks the column).
        case missing
        /// A cell.
        case cell(CellText, conflicts: [(locale: String, text: CellText)])
    }

    func content(_ c: OutputColumn, _ row: AlignedRow, _ t: AlignedTable) -> Content {
        if let locale = c.locale {
            guard let cell = row.rows[locale]?.cell(c.spec.name) else { return .missing }
            return .cell(CellText(cell), conflicts: [])
        }
        if !bilingual || !c.spec.type.isInvariant {
            guard let cell = anchorOrder.lazy.compactMap({ row.rows[$0]?.cell(c.spec.name) }).first else { return .missing }
            return .cell(CellText(cell), conflicts: [])
        }
        guard let inv = InvariantCell(row, column: c.spec.name, locales: t.present(in: anchorOrder)) else { return .missing }
        return .cell(inv.shown, conflicts: inv.conflicts)
    }

    /// A page's title in every shown locale, distinct, joined by ` · `.
    func pageTitle(_ t: AlignedTable) -> String {
        distinct(locales.compactMap { t.pages[$0]?.title })
    }

    /// The table's section (its nearest heading) in every locale that has it, distinct.
    func sectionTitle(_ t: AlignedTable) -> String {
        let s = distinct(t.present(in: locales).compactMap { t.section($0).last })
        return s.isEmpty ? t.id : s
    }

    func distinct(_ items: [String]) -> String {
        var seen: [String] = []
        for i in items where !seen.contains(i) { seen.append(i) }
        return seen.joined(separator: " · ")
    }

    /// Where the table is in each locale (`ja: docs-ja/errors.md:14`), or that it is missing.
    func locations(_ t: AlignedTable) -> [(locale: String, text: String, present: Bool)] {
        locales.compactMap { l in
            if let table = t.tables[l], let page = t.pages[l] { return (l, "\(page.path):\(table.range.start.line)", true) }
            if bilingual { return (l, "missing", false) }
            return nil
        }
    }

    func plain(_ text: CellText) -> String { text.text }

    /// Tables grouped by page, in order.
    var pageGroups: [[AlignedTable]] {
        var groups: [[AlignedTable]] = []
        var last: [String: String]?
        for t in reference.tables {
            let key = t.pages.mapValues(\.path)
            if key == last, !groups.isEmpty { groups[groups.count - 1].append(t) } else { groups.append([t]) }
            last = key
        }
        return groups
    }

    // MARK: Markdown

    func markdown() -> String {
        var out = "# Spec tables: \(locales.joined(separator: ", "))\n"
        if reference.tables.isEmpty { out += "\nNo spec tables.\n" }
        for group in pageGroups {
            guard let first = group.first else { continue }
            out += "\n## \(md(pageTitle(first)))\n\n"
            out += "Page \(mdCodeSpan(first.pageID)): " + locales.compactMap { first.pages[$0].map { md($0.path) } }.joined(separator: ", ") + "\n"
            for t in group {
                out += "\n### \(md(sectionTitle(t)))\n\n"
                var meta = "\(mdCodeSpan(t.id)) — kind \(mdCodeSpan(t.kind.rawValue))"
                if let s = t.symbol { meta += ", symbol \(mdCodeSpan(s))" }
                if t.tables.values.contains(where: \.complete) { meta += ", complete" }
                meta += "; " + locations(t).map { "\($0.locale): \($0.present ? md($0.text) : "*\($0.text)*")" }.joined(separator: ", ")
                out += meta + "\n\n"
                let columns = outputColumns(t)
                out += "| " + columns.map { md(headerText($0, t)) }.joined(separator: " | ") + " |\n"
                out += "|" + String(repeating: "---|", count: columns.count) + "\n"
                for row in t.rows {
                    out += "| " + columns.map { c -> String in
                        switch content(c, row, t) {
                        case .missing: return c.locale != nil || bilingual ? "*(missing)*" : ""
                        case .cell(let text, let conflicts):
                            return mdCell(text) + conflicts.map { " **≠ \(md($0.locale)):** \(mdCell($0.text))" }.joined()
                        }
                    }.joined(separator: " | ") + " |\n"
                }
            }
        }
        return out
    }

    /// A cell as Markdown: its code spans as code spans, the rest escaped text.
    func mdCell(_ t: CellText) -> String {
        t.segments.map { segment in
            switch segment {
            case .text(let s): md(s)
            case .code(let s): mdCodeSpan(s)
            }
        }.joined()
    }

    /// Escapes Markdown punctuation (and the table's `|`) so text reads as written.
    func md(_ text: String) -> String {
        var out = ""
        for ch in text {
            if "\\`*_[]<>|#~&!".contains(ch) { out.append("\\") }
            out.append(ch == "\n" || ch == "\r" ? " " : ch)
        }
        return out
    }

    /// A code span fenced with more backticks than the text contains, `|` escaped for tables.
    func mdCodeSpan(_ text: String) -> String {
        var longest = 0
        var run = 0
        for ch in text {
            run = ch == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let body = text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
        let pad = body.hasPrefix("`") || body.hasSuffix("`") || body.hasPrefix(" ") && body.hasSuffix(" ") && !body.allSatisfy({ $0 == " " }) ? " " : ""
        return fence + pad + body + pad + fence
    }

    // MARK: CSV

    /// RFC 4180: one header record, one record per row (`page`, `table`, then the union of the
    /// tables' output columns, empty where a table lacks one), CRLF line ends, fields with a
    /// comma, quote, CR or LF quoted and quotes doubled. UTF-8 without a byte order mark.
    func csv() -> String {
        var names: [String] = []
        for t in reference.tables {
            for c in outputColumns(t) where !names.contains(csvName(c)) { names.append(csvName(c)) }
        }
        var out = Self.csvRecord(["page", "table"] + names)
        for t in reference.tables {
            let columns = outputColumns(t)
            for row in t.rows {
                var fields = Array(repeating: "", count: names.count)
                for c in columns {
                    guard let i = names.firstIndex(of: csvName(c)) else { continue }
                    if case .cell(let text, let conflicts) = content(c, row, t) {
                        fields[i] = text.text + conflicts.map { " (≠ \($0.locale): \($0.text.text))" }.joined()
                    }
                }
                out += Self.csvRecord([t.pageID, t.id] + fields)
            }
        }
        return out
    }

    /// One CSV per table (CSV holds one sheet): file name and text, in table order. Names are
    /// `<page>--<table>.csv`, every character but ASCII letters, digits, `.`, `_` and `-` written
    /// as `-` (`errors--error-codes-APIError.csv`); a name taken twice gets `-2`, `-3`, ….
    func csvFiles() -> [(name: String, text: String)] {
        var used: Set<String> = []
        return reference.tables.map { t in
            let stem = "\(Self.fileNamePart(t.pageID))--\(Self.fileNamePart(t.id))"
            var name = stem + ".csv"
            var n = 1
            while used.contains(name) {
                n += 1
                name = "\(stem)-\(n).csv"
            }
            used.insert(name)
            var one = self
            one.reference.tables = [t]
            return (name, one.csv())
        }
    }

    static func fileNamePart(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) ? Character($0) : "-" })
    }

    func csvName(_ c: OutputColumn) -> String { c.locale.map { "\(c.spec.name) (\($0))" } ?? c.spec.name }

    /// One CSV record ending in CRLF.
    static func csvRecord(_ fields: [String]) -> String {
        fields.map(csvField).joined(separator: ",") + "\r\n"
    }

    /// A CSV field, quoted when it holds a comma, a quote, CR or LF (quotes doubled); control
    /// characters from the page escaped (records end in CRLF, so a page's CR would be ambiguous).
    static func csvField(_ field: String) -> String {
        let s = ControlCharacters.escaped(field, keeping: ["\n", "\r"])
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: JSON

    struct JSONRoot: Encodable {
        var version = 1
        var source: String
        var anchor: String
        var locales: [String]
        var tables: [JSONTable]
    }

    struct JSONTable: Encodable {
        var id: String
        var kind: String
        var symbol: String?
        var complete: Bool
        var page: String
        var locations: [String: JSONLocation]
        var columns: [JSONColumn]
        var rows: [JSONRow]
    }

    struct JSONLocation: Encodable {
        var file: String
        var line: Int
        var section: [String]
    }

    struct JSONColumn: Encodable {
        var name: String
        var translated: Bool
        var headers: [String: String]
    }

    struct JSONRow: Encodable {
        var key: String
        var lines: [String: Int]
        var invariant: [String: String]
        var translated: [String: [String: String]]
        var conflicts: [String: [String: String]]?
        var markdown: JSONMarkdown?
    }

    /// The cells of a row that hold inline code, as Markdown.
    struct JSONMarkdown: Encodable {
        var invariant: [String: String]?
        var translated: [String: [String: String]]?
    }

    /// Schema version 1: `version`, `source` (the configured source locale, shown or not),
    /// `anchor` (the locale rows are anchored on: the source locale when it is shown, else the
    /// first shown), `locales`, and `tables`, each with `id`, `kind`,
    /// `symbol`, `complete`, `page`, `locations` (per locale: `file`, `line`, `section`), `columns`
    /// (`name`, `translated`, `headers` per locale) and `rows` (`key`, `lines` per locale,
    /// `invariant` column → text, `translated` column → locale → text, and `conflicts` column →
    /// locale → text when an invariant cell differs between locales, and `markdown` when some cell
    /// holds inline code: `invariant` column → Markdown and `translated` column → locale →
    /// Markdown, for those cells only, code spans in backticks and the rest escaped as in
    /// `--format md`). Keys are sorted.
    func json() -> String {
        let root = JSONRoot(source: source ?? reference.base, anchor: reference.base, locales: locales, tables: reference.tables.map { t in
            let present = t.present(in: locales)
            return JSONTable(
                id: t.id, kind: t.kind.rawValue, symbol: t.symbol, complete: t.tables.values.contains(where: \.complete), page: t.pageID,
                locations: Dictionary(uniqueKeysWithValues: present.map { l in
                    (l, JSONLocation(file: t.pages[l]!.path, line: t.tables[l]!.range.start.line, section: t.section(l)))
                }),
                columns: t.columns.map { c in
                    JSONColumn(name: c.name, translated: !c.type.isInvariant, headers: Dictionary(uniqueKeysWithValues: present.compactMap { l in
                        t.header(c.name, locale: l).map { (l, $0) }
                    }))
                },
                rows: t.rows.map { row in
                    var invariant: [String: String] = [:]
                    var translated: [String: [String: String]] = [:]
                    var conflicts: [String: [String: String]] = [:]
                    var invariantMarkdown: [String: String] = [:]
                    var translatedMarkdown: [String: [String: String]] = [:]
                    for c in t.columns {
                        if c.type.isInvariant {
                            let anchored = t.present(in: anchorOrder)
                            guard let inv = InvariantCell(row, column: c.name, locales: anchored) else { continue }
                            invariant[c.name] = inv.shown.text
                            if inv.shown.hasCode { invariantMarkdown[c.name] = mdCell(inv.shown) }
                            if !inv.conflicts.isEmpty {
                                let first = anchored.first { row.rows[$0]?.cell(c.name) != nil }!
                                conflicts[c.name] = Dictionary(uniqueKeysWithValues: [(first, row.rows[first]!.cell(c.name)!.text)] + inv.conflicts.map { ($0.locale, $0.text.text) })
                            }
                        } else {
                            let texts = present.compactMap { l in row.rows[l]?.cell(c.name).map { (l, $0.text) } }
                            if !texts.isEmpty { translated[c.name] = Dictionary(uniqueKeysWithValues: texts) }
                            let marked = present.compactMap { l in
                                row.rows[l]?.cell(c.name).map(CellText.init).flatMap { $0.hasCode ? (l, mdCell($0)) : nil }
                            }
                            if !marked.isEmpty { translatedMarkdown[c.name] = Dictionary(uniqueKeysWithValues: marked) }
                        }
                    }
                    return JSONRow(
                        key: row.key(anchorOrder), lines: row.rows.mapValues(\.line), invariant: invariant, translated: translated,
                        conflicts: conflicts.isEmpty ? nil : conflicts,
                        markdown: invariantMarkdown.isEmpty && translatedMarkdown.isEmpty
                            ? nil
                            : JSONMarkdown(
                                invariant: invariantMarkdown.isEmpty ? nil : invariantMarkdown,
                                translated: translatedMarkdown.isEmpty ? nil : translatedMarkdown))
                })
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(root) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: HTML

    /// One self-contained page: a table of contents, then each page's tables.
    func html() -> String {
        let e = HTMLPage.escape
        var body = "<h1>Spec tables: \(e(locales.joined(separator: ", ")))</h1>\n"
        body += "<p class=\"meta\">\(reference.tables.count) spec table\(reference.tables.count == 1 ? "" : "s")"
        body += bilingual ? "; invariant columns once, translated columns per locale side by side" : ""
        body += ".</p>\n"
        let groups = pageGroups
        if !groups.isEmpty {
            body += "<nav><ul class=\"toc\">\n"
            var n = 0
            for group in groups {
                body += "<li>\(e(pageTitle(group[0])))<ul>"
                for t in group {
                    n += 1
                    body += "<li><a href=\"#t\(n)\">\(e(sectionTitle(t)))</a> <code>\(e(t.id))</code></li>"
                }
                body += "</ul></li>\n"
            }
            body += "</ul></nav>\n"
        }
        var n = 0
        for group in groups {
            let first = group[0]
            body += "<h2>\(e(pageTitle(first)))</h2>\n<p class=\"meta\">page <code>\(e(first.pageID))</code>: "
            body += locales.compactMap { first.pages[$0].map { "<span lang=\"\(e($0.locale))\">\(e($0.path))</span>" } }.joined(separator: ", ") + "</p>\n"
            for t in group {
                n += 1
                body += "<section id=\"t\(n)\">\n<h3>\(e(sectionTitle(t)))</h3>\n"
                var meta = "<code>\(e(t.id))</code> — kind <code>\(e(t.kind.rawValue))</code>"
                if let s = t.symbol { meta += ", symbol <code>\(e(s))</code>" }
                if t.tables.values.contains(where: \.complete) { meta += ", complete" }
                meta += "; " + locations(t).map { "\(e($0.locale)): \($0.present ? e($0.text) : "<span class=\"missing\">\(e($0.text))</span>")" }.joined(separator: ", ")
                body += "<p class=\"meta\">\(meta)</p>\n"
                let columns = outputColumns(t)
                body += "<div class=\"scroll\"><table class=\"spec\">\n<thead><tr>"
                for c in columns {
                    let lang = c.locale ?? (bilingual ? nil : locales.first)
                    body += "<th\(lang.map { " lang=\"\(e($0))\" class=\"translated\"" } ?? "")>\(e(headerText(c, t)))</th>"
                }
                body += "</tr></thead>\n<tbody>\n"
                for row in t.rows {
                    body += "<tr>"
                    for c in columns {
                        switch content(c, row, t) {
                        case .missing:
                            body += c.locale != nil || bilingual ? "<td class=\"missing\">missing</td>" : "<td></td>"
                        case .cell(let text, let conflicts):
                            let lang = c.locale.map { " lang=\"\(e($0))\"" } ?? (c.spec.type.isInvariant || bilingual ? "" : " lang=\"\(e(locales[0]))\"")
                            body += "<td\(lang)\(conflicts.isEmpty ? "" : " class=\"conflict\"")>\(Self.htmlCell(text))"
                            for other in conflicts {
                                body += " <span class=\"other\">≠ \(e(other.locale)): \(Self.htmlCell(other.text))</span>"
                            }
                            body += "</td>"
                        }
                    }
                    body += "</tr>\n"
                }
                body += "</tbody>\n</table></div>\n</section>\n"
            }
        }
        if groups.isEmpty { body += "<p>No spec tables.</p>\n" }
        return HTMLPage.document(title: "Spec tables: \(locales.joined(separator: ", "))", style: Self.style, body: body)
    }

    /// A cell as HTML: its code spans as `<code>`, the rest escaped text. Code is written as it is
    /// (no `<wbr>` or other markup inside it, so copying or searching finds the identifier); the
    /// style keeps it from breaking and a wide table scrolls in its box instead.
    static func htmlCell(_ t: CellText) -> String {
        t.segments.map { segment in
            switch segment {
            case .text(let s): HTMLPage.escape(s)
            case .code(let s): "<code>\(HTMLPage.escape(s))</code>"
            }
        }.joined()
    }

    /// As the report's: identifiers never break mid-word (`word-break: keep-all` also keeps CJK
    /// text in code together, `overflow-wrap: normal` forbids emergency breaks), code in a table
    /// cell stays on one line, and a table wider than the window scrolls in its own box.
    static let style = """
        .toc { columns: 2; font-size: 13px; } .toc ul { margin: 0; padding-left: 18px; } .toc > li { break-inside: avoid; }
        table.spec th.translated { background: #eef6ff; }
        code { word-break: keep-all; overflow-wrap: normal; } table.spec code { white-space: nowrap; }
        .scroll { overflow-x: auto; max-width: 100%; }

        """
}
