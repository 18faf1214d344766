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

    struct Table: Encodable {
        var id: String
        var kind: String
        var symbol: String?
        var complete: Bool
        var line: Int
        var directiveLine: Int
        var headingPath: [String]
        var columns: [String]
        var rows: [Row]
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

    static func render(_ docs: DocSet, config: Config) -> String {
        let root = Root(source: config.source, locales: config.locales.map { l in
            LocaleEntry(locale: l.code, pages: (docs.pages[l.code] ?? []).map(page))
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(root) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func page(_ p: SpecPage) -> Page {
        Page(
            id: p.id, path: p.path, relativePath: p.relativePath, title: p.title,
            headings: p.headings.map { Heading(level: $0.level, text: $0.text, line: $0.range.start.line) },
            tables: p.tables.map { t in
                Table(
                    id: t.id, kind: t.kind.rawValue, symbol: t.symbol, complete: t.complete, line: t.range.start.line,
                    directiveLine: t.directive.range.start.line, headingPath: t.headingPath, columns: t.columns,
                    rows: t.rows.map { r in
                        Row(key: r.key, line: r.line, cells: Dictionary(uniqueKeysWithValues: r.cells.map {
                            ($0.column, Cell(text: $0.text, value: $0.value, column: $0.range.start.column))
                        }))
                    })
            },
            codeSamples: p.codeSamples.map {
                Sample(language: $0.language, attributes: $0.attributes, symbol: $0.symbol, line: $0.range.start.line, headingPath: $0.headingPath, code: $0.code)
            },
            links: p.links.map { Link(destination: $0.destination, image: $0.isImage, line: $0.range.start.line, headingPath: $0.headingPath) })
    }
}
