import DocDiagnostics
import Foundation
import SpecModel

/// The spec model as JSON (`docspec extract --format json`), schema version 1. Keys are sorted
/// and paths are relative to the project root, so output is stable across machines.
enum SpecJSON {
    struct Root: Encodable {
        var version = 1
        var source: String
        var locales: [LocaleEntry]
    }

    struct LocaleEntry: Encodable {
        var locale: String
        var pages: [Page]
    }

    struct Page: Encodable {
        var id: String
        var path: String
        var relativePath: String
        var title: String
        var headings: [Heading]
        var tables: [Table]
        var codeSamples: [Sample]
        var links: [Link]
    }

    struct Heading: Encodable {
        var level: Int
        var text: String
        var line: Int
    }

    /// A table without its rows: `rows` is written as a placeholder that ``write(_:config:chunkRows:to:)``
    /// replaces with the rows, encoded a chunk at a time.
    struct Table: Encodable {
        var id: String
        var kind: String
        var symbol: String?
        var complete: Bool
        var line: Int
        var directiveLine: Int
        var headingPath: [String]
        var columns: [String]
        /// Index of the table in the writer's list of tables.
        var rowsPlaceholder: Int

        enum CodingKeys: String, CodingKey { case id, kind, symbol, complete, line, directiveLine, headingPath, columns, rows }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(kind, forKey: .kind)
            try c.encodeIfPresent(symbol, forKey: .symbol)
            try c.encode(complete, forKey: .complete)
            try c.encode(line, forKey: .line)
            try c.encode(directiveLine, forKey: .directiveLine)
            try c.encode(headingPath, forKey: .headingPath)
            try c.encode(columns, forKey: .columns)
            try c.encode(SpecJSON.placeholderPrefix + String(rowsPlaceholder), forKey: .rows)
        }
    }

    struct Row: Encodable {
        var key: String
        var line: Int
        var cells: [String: Cell]
    }

    struct Cell: Encodable {
        var text: String
        var value: String
        var column: Int
    }

    struct Sample: Encodable {
        var language: String
        var attributes: [String]
        var symbol: String?
        var line: Int
        var headingPath: [String]
        var code: String
    }

    struct Link: Encodable {
        var destination: String
        var image: Bool
        var line: Int
        var headingPath: [String]
    }

    /// The start of a table's rows placeholder, a string value the writer replaces.
    static let placeholderPrefix = "\u{1}docspec-rows:"

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The whole document as one string (for tests and small doc sets).
    static func render(_ docs: DocSet, config: Config) -> String {
        var out = ""
        write(docs, config: config) { out += $0 }
        return out
    }

    /// Writes the JSON document through `write` in pieces: first everything but the table rows
    /// (with a placeholder per table), then each table's rows encoded `chunkRows` at a time, so
    /// neither the whole text nor the encoder's tree for all rows is ever in memory (a
    /// 200,000-row page used to need 80 times its size). The bytes are exactly those of one
    /// pretty-printed, key-sorted `JSONEncoder` pass over the whole model.
    static func write(_ docs: DocSet, config: Config, chunkRows: Int = 2_000, to write: (String) -> Void) {
        var tables: [SpecTable] = []
        let root = Root(source: config.source, locales: config.locales.map { l in
            LocaleEntry(locale: l.code, pages: (docs.pages[l.code] ?? []).map { page($0, tables: &tables) })
        })
        guard let data = try? encoder().encode(root) else { return write("{}\n") }
        let skeleton = String(decoding: data, as: UTF8.self)
        // A placeholder is the value of a "rows" key, `"rows" : "\u0001docspec-rows:N"` (the
        // encoder escapes U+0001). Page text cannot produce that sequence: its quotes are
        // escaped, so `"rows" : "` with bare quotes is always a key and its value.
        let escapedPrefix = "\"\\u0001docspec-rows:"
        var rest = skeleton[...]
        while let marker = rest.range(of: "\"rows\" : " + escapedPrefix) {
            let valueStart = rest.index(marker.upperBound, offsetBy: -escapedPrefix.count)
            guard let close = rest[marker.upperBound...].firstIndex(of: "\""), let k = Int(rest[marker.upperBound..<close]) else { break }
            let lineStart = rest[..<marker.lowerBound].lastIndex(of: "\n").map { rest.index(after: $0) } ?? rest.startIndex
            let indent = String(repeating: " ", count: rest.distance(from: lineStart, to: marker.lowerBound))
            write(String(rest[..<valueStart]))
            writeRows(tables[k], indent: indent, chunkRows: chunkRows, to: write)
            rest = rest[rest.index(after: close)...]
        }
        write(String(rest) + "\n")
    }

    /// `[`, the rows as the encoder writes them inside a value indented by `indent`, `]`.
    static func writeRows(_ table: SpecTable, indent: String, chunkRows: Int, to write: (String) -> Void) {
        guard !table.rows.isEmpty else { return write("[\n\n\(indent)]") }
        write("[\n")
        let encoder = encoder()
        var first = true
        for start in stride(from: 0, to: table.rows.count, by: max(chunkRows, 1)) {
            let chunk = table.rows[start..<min(start + max(chunkRows, 1), table.rows.count)].map(row)
            guard let data = try? encoder.encode(chunk) else { continue }
            // "[\n  {…},\n  {…}\n]": drop the brackets' lines and indent the element lines.
            var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            lines.removeFirst()
            lines.removeLast()
            write((first ? "" : ",\n") + lines.map { indent + $0 }.joined(separator: "\n"))
            first = false
        }
        write("\n\(indent)]")
    }

    static func row(_ r: SpecRow) -> Row {
        Row(key: r.key, line: r.line, cells: Dictionary(uniqueKeysWithValues: r.cells.map {
            ($0.column, Cell(text: $0.text, value: $0.value, column: $0.range.start.column))
        }))
    }

    static func page(_ p: SpecPage, tables: inout [SpecTable]) -> Page {
        Page(
            id: p.id, path: p.path, relativePath: p.relativePath, title: p.title,
            headings: p.headings.map { Heading(level: $0.level, text: $0.text, line: $0.range.start.line) },
            tables: p.tables.map { t in
                tables.append(t)
                return Table(
                    id: t.id, kind: t.kind.rawValue, symbol: t.symbol, complete: t.complete, line: t.range.start.line,
                    directiveLine: t.directive.range.start.line, headingPath: t.headingPath, columns: t.columns,
                    rowsPlaceholder: tables.count - 1)
            },
            codeSamples: p.codeSamples.map {
                Sample(language: $0.language, attributes: $0.attributes, symbol: $0.symbol, line: $0.range.start.line, headingPath: $0.headingPath, code: $0.code)
            },
            links: p.links.map { Link(destination: $0.destination, image: $0.isImage, line: $0.range.start.line, headingPath: $0.headingPath) })
    }
}
