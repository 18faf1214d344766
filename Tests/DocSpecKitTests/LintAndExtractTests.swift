import DocSpecKit
import Foundation
import Testing

@Suite("lint without a config, broken folders, extract and help")
struct LintAndExtractTests {
    static let cliLocales = ["--locale", "ja=docs-ja", "--locale", "ru=docs-ru", "--source", "ja"]

    @Test("lint runs on folders without a config file")
    func withoutConfig() throws {
        let ws = try Workspace(fixture: "clean")
        try ws.remove("docspec.yml")
        let r = ws.run(["lint"] + Self.cliLocales)
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.out.contains("2 page pairs"))
        let inline = ws.run(["lint", "--locale=ja=docs-ja", "--locale=ru=docs-ru", "--source=ja"])
        #expect(inline.status == 0, "\(inline.transcript)")
        #expect(inline.out == r.out)
    }

    @Test("without a config, drift is reported with paths relative to the current folder")
    func withoutConfigDrift() throws {
        let ws = try Workspace(fixture: "drift")
        let withConfig = ws.run(["lint"])
        try ws.remove("docspec.yml")
        let r = ws.run(["lint"] + Self.cliLocales)
        #expect(r.status == 1)
        #expect(r.err == withConfig.err)
    }

    @Test("a missing locale folder is an I/O error: exit 2, the folder named as given")
    func missingLocaleFolder() throws {
        let ws = try Workspace(fixture: "clean")
        try ws.remove("docspec.yml")
        let r = ws.run(["lint", "--locale", "ja=docs-ja", "--locale", "ru=docs-xx", "--source", "ja"])
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.hasPrefix("docspec: error: folder 'docs-xx' of locale 'ru' does not exist\n"), "\(r.err)")
        #expect(!r.err.contains(ws.root.path), "the message names the folder as given, not an absolute path")
        #expect(r.out.isEmpty)
    }

    @Test("a missing locale folder named in docspec.yml is reported the same way")
    func missingLocaleFolderFromConfig() throws {
        let ws = try Workspace(fixture: "clean")
        try FileManager.default.moveItem(at: ws.url("docs-ru"), to: ws.url("docs-ru-old"))
        let r = ws.run(["lint"])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("docspec: error: folder 'docs-ru' of locale 'ru' does not exist\n"), "\(r.err)")
    }

    @Test("a locale 'folder' that is a file is an I/O error")
    func localeFolderIsAFile() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["lint", "--locale", "ja=docs-ja", "--locale", "ru=docspec.yml", "--source", "ja"])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("docspec: error: 'docspec.yml' of locale 'ru' is a file, not a folder\n"), "\(r.err)")
    }

    @Test("an invalid UTF-8 page is an error for that file while the other pages are still checked")
    func invalidUTF8() throws {
        let ws = try Workspace(fixture: "clean")
        var bytes = Array(try #require(ws.read("docs-ru/errors.md")).utf8)
        bytes.insert(0xFF, at: try #require(bytes.firstIndex(of: UInt8(ascii: "\n"))) + 1)
        try ws.write("docs-ru/errors.md", bytes: bytes)
        // Drift in the other page proves it is still checked.
        try ws.edit("docs-ru/request.md", replacing: "| `1` | `zeroToFiveMinutes` |", with: "| `2` | `zeroToFiveMinutes` |")
        let r = ws.run(["lint"])
        #expect(r.status == 1)
        #expect(r.err.contains("docs-ru/errors.md:2:1: error: file is not valid UTF-8 (byte 0xFF at byte offset 4); the page was skipped [invalid-utf8]"), "\(r.err)")
        let requestFindings = r.err.split(separator: "\n").filter { $0.hasPrefix("docs-ru/request.md:") }
        #expect(requestFindings.contains { $0.contains("'value' of row '1'") && $0.hasSuffix("[cell-mismatch]") }, "\(r.err)")
        // The unreadable ru page is reported once, as invalid UTF-8, not also as a missing translation.
        #expect(!r.err.contains("[missing-page]"), "\(r.err)")
        #expect(r.out.contains("pages per locale: ja 2, ru 1"))
    }

    /// A page's bytes after its front matter, far into the page, with a byte that is not UTF-8.
    static func undecodableLate(_ page: String) throws -> [UInt8] {
        var text = page
        let filler = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n", count: 200)
        let cut = try #require(text.range(of: "\n\n"))
        text.replaceSubrange(cut, with: "\n\n" + filler + "\n")
        var bytes = Array(text.utf8)
        let lineBreak = try #require(bytes.indices.first { $0 > 9_000 && bytes[$0] == UInt8(ascii: "\n") })
        bytes.insert(0xFF, at: lineBreak + 1)
        return bytes
    }

    @Test("a page undecodable only 9 KB into it is reported once, as invalid UTF-8, and its pair is not counted")
    func invalidUTF8FarIntoThePage() throws {
        for page in ["docs-ru/errors.md", "docs-ja/errors.md"] {
            let ws = try Workspace(fixture: "clean")
            try ws.write(page, bytes: Self.undecodableLate(try #require(ws.read(page))))
            let r = ws.run(["lint"])
            #expect(r.status == 1, "\(page): \(r.transcript)")
            #expect(r.err.contains("\(page):") && r.err.contains("file is not valid UTF-8 (byte 0xFF at byte offset"), "\(page): \(r.err)")
            // Its counterpart is neither missing nor orphaned, and the pair is not counted.
            #expect(!r.err.contains("[missing-page]") && !r.err.contains("[orphan-page]"), "\(page): \(r.err)")
            #expect(r.out.contains("; 1 page pairs;") || r.out.contains("; 1 page pair;"), "\(page): \(r.out)")
        }
    }

    @Test("an undecodable page sharing a page id does not take the id: the readable pair with that id is still checked")
    func undecodablePageDoesNotTakeAnID() throws {
        let ws = try Workspace(fixture: "clean")
        // `a.md` has the shorter path, which would win the id `request` if it were read.
        try ws.write("docs-ja/a.md", bytes: Self.undecodableLate(try #require(ws.read("docs-ja/request.md"))))
        try ws.edit("docs-ru/request.md", replacing: "| `1` | `zeroToFiveMinutes` |", with: "| `2` | `zeroToFiveMinutes` |")
        let r = ws.run(["lint"])
        #expect(r.status == 1, "\(r.transcript)")
        #expect(r.err.contains("docs-ja/a.md:") && r.err.contains("[invalid-utf8]"), "\(r.err)")
        #expect(r.err.split(separator: "\n").contains { $0.hasPrefix("docs-ru/request.md:") && $0.hasSuffix("[cell-mismatch]") }, "\(r.err)")
        #expect(!r.err.contains("[duplicate-page-id]"), "\(r.err)")
        #expect(r.out.contains("2 page pairs"), "\(r.out)")
    }

    @Test("front matter longer than the bytes pairing reads first is read whole: the page pairs by its id")
    func longFrontMatterPairsByID() throws {
        let ws = try Workspace(fixture: "clean")
        // The ru page moves to another file name and keeps its pair through `id`, written after
        // a description longer than the first 8 KB.
        let page = try #require(ws.read("docs-ru/request.md"))
        let description = String(repeating: "  Описание страницы запроса, строка за строкой.\n", count: 200)
        let header = "---\ndescription: |\n\(description)id: request\n---\n"
        try #require(Array(header.utf8).count > 9_000)
        let body = page.hasPrefix("---\n") ? String(page[page.range(of: "\n---\n", range: page.index(page.startIndex, offsetBy: 3)..<page.endIndex)!.upperBound...]) : page
        try ws.write("docs-ru/zapros.md", bytes: Array((header + body).utf8))
        try FileManager.default.removeItem(at: ws.root.appendingPathComponent("docs-ru/request.md"))
        let r = ws.run(["lint"])
        #expect(!r.err.contains("[missing-page]") && !r.err.contains("[orphan-page]"), "\(r.err)")
        #expect(r.out.contains("2 page pairs"), "\(r.out)")
    }

    @Test("extract --format json prints the spec model with the expected counts")
    func extractJSON() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["extract", "--format", "json"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.err.isEmpty)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        #expect(root["version"] as? Int == 1)
        #expect(root["source"] as? String == "ja")
        let locales = try #require(root["locales"] as? [[String: Any]])
        #expect(locales.compactMap { $0["locale"] as? String } == ["ja", "ru"])
        for locale in locales {
            let pages = try #require(locale["pages"] as? [[String: Any]])
            #expect(pages.compactMap { $0["path"] as? String } == ["docs-\(locale["locale"]!)/errors.md", "docs-\(locale["locale"]!)/request.md"])
            let tables = pages.flatMap { $0["tables"] as? [[String: Any]] ?? [] }
            #expect(tables.count == 5)
            #expect(tables.compactMap { $0["kind"] as? String }.sorted() == ["endpoint", "error-codes", "fields", "int-enum", "string-enum"])
            #expect(tables.reduce(0) { $0 + (($1["rows"] as? [Any])?.count ?? 0) } == 15)
            #expect(pages.reduce(0) { $0 + (($1["codeSamples"] as? [Any])?.count ?? 0) } == 1)
        }
        #expect(!r.out.contains(ws.root.path))
    }

    @Test("extract prints JSON by default; --format text is refused")
    func extractDefaultsToJSON() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["extract"])
        #expect(r.status == 0)
        #expect((try? JSONSerialization.jsonObject(with: Data(r.out.utf8))) != nil)
        let text = ws.run(["extract", "--format", "text"])
        #expect(text.status == 2)
        #expect(text.err.contains("extract supports --format json only"))
    }

    @Test("--help and -h for every command exit 0 and print OVERVIEW, USAGE and OPTIONS", arguments: ["check", "lint", "generate", "extract", "rules"])
    func help(_ command: String) throws {
        let ws = try Workspace()
        for flag in ["--help", "-h"] {
            let r = ws.run([command, flag])
            #expect(r.status == 0)
            #expect(r.err.isEmpty)
            #expect(r.out.hasPrefix("OVERVIEW: "), "\(command) \(flag)")
            #expect(r.out.contains("\nUSAGE: docspec \(command)"), "\(command) \(flag)")
            #expect(r.out.contains("\nOPTIONS:\n"), "\(command) \(flag)")
            #expect(r.out.contains("-h, --help"), "\(command) \(flag)")
        }
        // Option descriptions line up in one column.
        let help = ws.run([command, "--help"]).out
        let optionLines = help.split(separator: "\n").drop { $0 != "OPTIONS:" }.dropFirst().prefix { $0.hasPrefix("  ") }
        #expect(!optionLines.isEmpty)
        let columns = Set(optionLines.map { line in line.dropFirst(2).range(of: "  [A-Z]", options: .regularExpression).map { line.distance(from: line.startIndex, to: $0.upperBound) } ?? -1 })
        #expect(columns.count == 1, "\(command): \(optionLines)")
        let viaHelp = ws.run(["help", command])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.out == ws.run([command, "--help"]).out)
    }

    @Test("docspec --help lists every subcommand")
    func mainHelp() throws {
        let ws = try Workspace()
        let r = ws.run(["--help"])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("OVERVIEW: "))
        #expect(r.out.contains("\nUSAGE: docspec <command> [options]\n"))
        for command in ["check", "lint", "generate", "extract", "rules"] {
            #expect(r.out.contains("\n  \(command) "), "\(command)")
        }
        #expect(ws.run(["--version"]).out.hasPrefix("docspec "))
    }

    @Test("rules lists unique kebab-case ids, including the generation rules")
    func rules() throws {
        let ws = try Workspace()
        let r = ws.run(["rules"])
        #expect(r.status == 0)
        let ids = r.out.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(id.range(of: "^[a-z0-9]+(-[a-z0-9]+)*$", options: .regularExpression) != nil, "\(id)") }
        for id in ["cell-mismatch", "missing-table", "code-sample-mismatch", "missing-locale", "invalid-utf8", "stale-generated", "fields-without-sample", "unknown-error-name"] {
            #expect(ids.contains(id), "\(id)")
        }
    }
}

@Suite("Odd files and options")
struct OddInputTests {
    @Test("a folder named x.md is skipped; a broken symbolic link is reported and the rest is checked")
    func oddFiles() throws {
        let ws = try Workspace(fixture: "clean")
        try FileManager.default.createDirectory(at: ws.url("docs-ru/folder.md"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: ws.url("docs-ru/loop.md").path, withDestinationPath: ws.url("docs-ru/loop.md").path)
        let r = ws.run(["lint"])
        #expect(r.status == 1, "\(r.transcript)")
        #expect(r.err.contains("docs-ru/loop.md:1:1: error: 'loop.md' is not a readable regular file"), "\(r.err)")
        #expect(!r.err.contains("folder.md"))
        #expect(r.out.contains("ja 2, ru 2"))
        // A FIFO named *.md would block a read forever: it is skipped and reported.
        #expect(mkfifo(ws.url("docs-ru/pipe.md").path, 0o600) == 0)
        let withFIFO = ws.run(["lint"])
        #expect(withFIFO.err.contains("docs-ru/pipe.md:1:1: error: 'pipe.md' is not a readable regular file"), "\(withFIFO.err)")
    }

    @Test("flags without a value refuse one", arguments: [["lint", "--warnings-as-errors=no"], ["generate", "--check=yes"]])
    func flagWithValue(arguments: [String]) throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(arguments)
        #expect(r.status == 2)
        #expect(r.err.contains("takes no value"))
    }

    @Test("config values of the wrong shape are errors with file and line", arguments: [
        ("source: ja\nsource: ru\n", "docspec.yml:2:1: error: 'source' is set twice (first at line 1)"),
        ("source: [ja]\n", "docspec.yml:1:9: error: 'source' must be a single value"),
        ("source: ja\noutput: [a]\n", "docspec.yml:2:9: error: 'output' must be a single value"),
        ("source: ja\nimports: {a: b}\n", "docspec.yml:2:10: error: 'imports' must be a list, not a mapping"),
        ("source: ja\nimports: AppStoreServerAPI\n", "docspec.yml:2:10: error: 'imports' must be a list, not a single value ('AppStoreServerAPI')"),
        ("source: ja\noutput: 42\n", "docspec.yml:2:9: error: 'output' must be a name, e.g. 'output: Generated'; 42 reads as a number"),
        ("source: ja\nexclude: drafts/**\n", "docspec.yml:2:10: error: 'exclude' must be a list, not a single value"),
    ])
    func configShapes(yaml: String, message: String) throws {
        let ws = try Workspace(fixture: "clean")
        try ws.write("docspec.yml", yaml + "locales:\n  ja: docs-ja\n  ru: docs-ru\n")
        let r = ws.run(["lint"])
        #expect(r.status == 2)
        #expect(r.err.contains(message), "\(r.err)")
    }

    @Test("a config given by path is named by that path in errors")
    func configPathInErrors() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["lint", "--config", "conf/missing.yml"])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("docspec: error: conf/missing.yml: cannot read the config file"), "\(r.err)")
    }
}

@Suite("generate options")
struct GenerateOptionTests {
    @Test("--output is relative to the current folder, like --locale; an empty --output is refused")
    func outputRelativeToCurrentFolder() throws {
        let ws = try Workspace(fixture: "clean")
        let sub = ws.url("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let r = DocSpecCLIRunner.run(["generate", "--config", "../docspec.yml", "--output", "out"], in: sub)
        #expect(r.status == 0, "\(r.err)")
        #expect(FileManager.default.fileExists(atPath: sub.appendingPathComponent("out/errors.swift").path))
        #expect(!FileManager.default.fileExists(atPath: ws.url("out").path))
        #expect(ws.run(["generate", "--output", ""]).status == 2)
    }

    @Test("generate --format json prints only JSON on standard output")
    func generateJSON() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["generate", "--format", "json"])
        #expect(r.status == 0)
        #expect((try? JSONSerialization.jsonObject(with: Data(r.out.utf8))) != nil, "\(r.out)")
    }
}

/// Runs the CLI in a given folder, capturing its output.
enum DocSpecCLIRunner {
    static func run(_ arguments: [String], in folder: URL) -> (status: Int32, out: String, err: String) {
        let out = LockedText()
        let err = LockedText()
        let status = DocSpecCLI.run(arguments, output: CLIOutput(out: { out.append($0) }, err: { err.append($0) }), currentDirectory: folder)
        return (status, out.text, err.text)
    }
}

@Suite("Spec consistency in lint")
struct SpecConsistencyTests {
    @Test("invalid JSON in a typed sample is found by lint (not only at test time), at the sample's first line")
    func invalidJSONSample() throws {
        let ws = try Workspace(fixture: "clean")
        try ws.edit("docs-ja/request.md", replacing: "\"playTime\": 3,", with: "\"playTime\": 3,,")
        let r = ws.run(["lint"])
        #expect(r.status == 1)
        #expect(r.err.contains("docs-ja/request.md:11:1: error: the ```json FixtureRequest sample is not valid JSON"), "\(r.err)")
        #expect(r.err.contains("[invalid-json-sample]"))
        #expect(!r.err.contains("[fields-without-sample]"), "the sample exists; its JSON is the one problem")
    }
}

@Suite("Usage errors")
struct UsageErrorTests {
    @Test("lint and check need two locales; --source may be given once", arguments: [
        ["lint", "--locale", "ja=docs-ja", "--source", "ja"],
        ["check", "--locale", "ja=docs-ja", "--source", "ja"],
        ["lint", "--source", "ja", "--source", "ru"],
    ])
    func usage(arguments: [String]) throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(arguments)
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.hasPrefix("docspec: error: "))
    }
}
