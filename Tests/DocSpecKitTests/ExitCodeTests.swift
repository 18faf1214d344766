import DocSpecKit
import Foundation
import Testing

/// Exit codes: 0 clean, 1 findings, 2 usage, config or I/O error.
@Suite("exit codes and usage errors")
struct ExitCodeTests {
    @Test("lint on the clean fixture exits 0 and prints only the summary")
    func clean() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["lint"])
        #expect(r.status == 0, "\(r.transcript)")
        #expect(r.err.isEmpty)
        #expect(r.out == "docspec lint: pages per locale: ja 2, ru 2; source (ja): 5 spec tables, 15 rows, 1 code samples; 2 page pairs; 0 errors, 0 warnings\n")
    }

    @Test("lint with findings exits 1")
    func findings() throws {
        let ws = try Workspace(fixture: "drift")
        #expect(ws.run(["lint"]).status == 1)
        #expect(ws.run(["lint", "--format", "json"]).status == 1)
    }

    @Test("an unknown command exits 2 with an error and the usage line")
    func unknownCommand() throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(["frobnicate"])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("docspec: error: unknown command 'frobnicate'"))
        #expect(r.err.contains("USAGE: docspec <command>"))
        #expect(r.out.isEmpty)
    }

    @Test("an unknown option exits 2 and points at the command's help", arguments: [
        ["lint", "--bogus"], ["check", "-x"], ["lint", "--output", "Out"], ["extract", "--check"],
    ])
    func unknownOption(_ arguments: [String]) throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(arguments)
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.hasPrefix("docspec: error: unknown option '\(arguments[1])'"))
        #expect(r.err.contains("\ndocspec: note: see 'docspec \(arguments[0]) --help'\n"))
    }

    @Test("--locale without code=folder exits 2", arguments: [
        ["--locale", "ja"], ["--locale=ja"], ["--locale", "=docs-ja"], ["--locale", "ja="], ["--locale"],
    ])
    func malformedLocale(_ locale: [String]) throws {
        let ws = try Workspace(fixture: "clean")
        // A bare trailing `--locale` has no value at all; the others have a malformed one.
        let rest = locale == ["--locale"] ? [] : ["--locale", "ru=docs-ru", "--source", "ja"]
        let r = ws.run(["lint"] + locale + rest)
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.hasPrefix("docspec: error: "))
        #expect(r.err.contains("--locale"))
    }

    @Test("no source locale, or one that is not among the locales, exits 2")
    func missingSource() throws {
        let ws = try Workspace(fixture: "clean")
        try ws.remove("docspec.yml")
        let none = ws.run(["lint", "--locale", "ja=docs-ja", "--locale", "ru=docs-ru"])
        #expect(none.status == 2)
        #expect(none.err.contains("no source locale"))
        let other = ws.run(["lint", "--locale", "ja=docs-ja", "--locale", "ru=docs-ru", "--source", "en"])
        #expect(other.status == 2)
        #expect(other.err.contains("source locale 'en' is not one of the locales (ja, ru)"))
        let noLocales = ws.run(["lint"])
        #expect(noLocales.status == 2)
        #expect(noLocales.err.contains("no locales"))
    }

    @Test("a malformed docspec.yml exits 2 and names the file and line")
    func malformedConfig() throws {
        let ws = try Workspace(fixture: "clean")
        try ws.write("docspec.yml", "source: ja\nlocales:\n  ja: docs-ja\n  ru: [docs-ru\noutput: Generated\n")
        let r = ws.run(["lint"])
        #expect(r.status == 2)
        #expect(r.err.range(of: #"^docspec\.yml:[45]:\d+: error: malformed YAML: "#, options: .regularExpression) != nil, "\(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test("a config with an unknown key exits 2 and names the file, line and key")
    func unknownConfigKey() throws {
        let ws = try Workspace(fixture: "clean")
        try ws.write("docspec.yml", "source: ja\nlocales:\n  ja: docs-ja\n  ru: docs-ru\noutptu: Generated\n")
        let r = ws.run(["lint"])
        #expect(r.status == 2)
        #expect(r.err.hasPrefix("docspec.yml:5:1: error: unknown setting 'outptu'; did you mean 'output'?"), "\(r.err)")
    }

    @Test("--config names another config file; a missing one exits 2")
    func configOption() throws {
        let ws = try Workspace(fixture: "clean")
        try FileManager.default.moveItem(at: ws.url("docspec.yml"), to: ws.url("other.yml"))
        #expect(ws.run(["lint", "--config", "other.yml"]).status == 0)
        #expect(ws.run(["lint", "--config=other.yml"]).status == 0)
        let missing = ws.run(["lint", "--config", "nope.yml"])
        #expect(missing.status == 2)
        #expect(missing.err.contains("nope.yml: cannot read the config file"))
        #expect(ws.run(["lint", "--config"]).status == 2)
    }

    @Test("bad option values exit 2", arguments: [
        ["lint", "--format", "xml"], ["lint", "--locale", "ja=docs-ja", "--locale", "ja=docs-ru", "--source", "ja"],
    ])
    func badValues(_ arguments: [String]) throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(arguments)
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err.hasPrefix("docspec: error: "))
    }

    @Test("--warnings-as-errors turns a warning into exit 1")
    func warningsAsErrors() throws {
        let ws = try Workspace(fixture: "clean")
        for locale in ["ja", "ru"] {
            try ws.edit("docs-\(locale)/errors.md", replacing: "symbol=SendFixtureV1 -->", with: "symbol=SendFixtureV1 colour=blue -->")
        }
        let plain = ws.run(["lint"])
        #expect(plain.status == 0, "\(plain.transcript)")
        #expect(plain.err.contains("warning: unknown attribute 'colour'"))
        #expect(ws.run(["lint", "--warnings-as-errors"]).status == 1)
    }

    @Test("no arguments prints the overview and exits 2")
    func noArguments() throws {
        let ws = try Workspace()
        let r = ws.run([])
        #expect(r.status == 2)
        #expect(r.out.hasPrefix("OVERVIEW: "))
    }
}
