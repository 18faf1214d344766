@testable import DocSpecKit
import Foundation
import Testing

/// `generate --symbols` and `check --symbols` on the clean fixture with a `symbol=` typo on one
/// page: generation writes a failing test for the typo's table and the other page as before, and
/// `check`, `generate` and `generate --check` agree on what is generated.
@Suite("generate --symbols: one broken page does not stop the others")
struct SymbolGenerateTests {
    /// The fixture's library as a symbol graph (`swift package dump-symbol-graph`'s shape).
    static let graph = """
        {"metadata": {}, "module": {"name": "AppStoreServerAPI"}, "relationships": [], "symbols": [
        \(symbols.map { kind, path in
            #"{"kind": {"identifier": "\#(kind)", "displayName": ""}, "identifier": {"precise": "s:\#(path.joined())", "interfaceLanguage": "swift"}, "pathComponents": [\#(path.map { "\"\($0)\"" }.joined(separator: ", "))], "names": {"title": "\#(path.last ?? "")"}}"#
        }.joined(separator: ",\n"))
        ]}
        """

    static let symbols: [(String, [String])] = [
        ("swift.struct", ["FixtureRequest"]), ("swift.enum", ["FixtureStatus"]), ("swift.enum", ["FixtureError"]),
        ("swift.struct", ["SendFixtureV1"]), ("swift.enum", ["FixturePlayTime"]),
        ("swift.enum.case", ["FixturePlayTime", "undeclared"]), ("swift.enum.case", ["FixturePlayTime", "zeroToFiveMinutes"]),
        ("swift.enum.case", ["FixturePlayTime", "overSixteenDays"]),
    ]

    static func workspace(typo: Bool) throws -> Workspace {
        let ws = try Workspace(fixture: "clean")
        try ws.write("graphs/AppStoreServerAPI.symbols.json", graph)
        if typo {
            for locale in ["ja", "ru"] {
                try ws.edit("docs-\(locale)/request.md", replacing: "symbol=FixturePlayTime ", with: "symbol=FixturePlayTim ")
            }
        }
        return ws
    }

    @Test("with the docs clean, --symbols changes nothing: check --symbols is clean on what generate wrote")
    func cleanAgrees() throws {
        let ws = try Self.workspace(typo: false)
        #expect(ws.run(["generate"]).status == 0)
        let g = ws.run(["generate", "--check", "--symbol-graphs", "graphs"])
        #expect(g.status == 0, "\(g.transcript)")
        let c = ws.run(["check", "--symbol-graphs", "graphs"])
        #expect(c.status == 0, "\(c.transcript)")
    }

    @Test("a symbol= typo: generate --symbols writes a failing test for its table, the other page as before; check --symbols and generate --check agree")
    func typoAgrees() throws {
        let ws = try Self.workspace(typo: false)
        #expect(ws.run(["generate"]).status == 0)
        let errorsPage = try #require(ws.read("Generated/errors.swift"))
        let typoWs = try Self.workspace(typo: true)
        try typoWs.write("Generated/errors.swift", errorsPage)
        let g = typoWs.run(["generate", "--symbol-graphs", "graphs"])
        #expect(g.status == 1, "\(g.transcript)")
        #expect(g.err.contains("docs-ja/request.md:41:1: error: symbol=FixturePlayTim names no type of the library; did you mean 'FixturePlayTime'? [unknown-symbol]"), "\(g.err)")
        #expect(g.out.hasSuffix("; the symbol check found 1 error (a table whose tests would not compile is a test that fails at its doc line)\n"), "\(g.out)")
        // --format json fails as the text output does (the files are written all the same).
        let json = typoWs.run(["generate", "--format", "json", "--symbol-graphs", "graphs"])
        #expect(json.status == 1 && json.out.contains("\"rule\" : \"unknown-symbol\""), "\(json.transcript)")
        // The other page is as a run without the typo wrote it (so it was not rewritten).
        #expect(!g.out.contains("errors.swift"), "\(g.out)")
        #expect(typoWs.read("Generated/errors.swift") == errorsPage)
        let page = try #require(typoWs.read("Generated/request.swift"))
        #expect(page.contains(#"@Test("docs-ja/request.md:43 int-enum FixturePlayTim: not generated (symbol check)")"#), "\(page)")
        #expect(page.contains(#"DocSpecRef(file: "docs-ja/request.md", line: 41).fail("symbol=FixturePlayTim names no type of the library; did you mean 'FixturePlayTime'? [unknown-symbol]; "#))
        #expect(!page.contains("FixturePlayTim.self") && typoWs.read("Generated/data/request.table3.json") == nil)

        // generate --check and check --symbols: up to date, the one finding.
        let gc = typoWs.run(["generate", "--check", "--symbol-graphs", "graphs"])
        #expect(gc.out.hasSuffix("are up to date\n") && !gc.err.contains("stale-generated"), "\(gc.transcript)")
        let c = typoWs.run(["check", "--symbol-graphs", "graphs"])
        #expect(c.status == 1)
        #expect(c.err.contains("[unknown-symbol]") && !c.err.contains("stale-generated"), "\(c.transcript)")
        #expect(c.out.hasSuffix("files, up to date\n"), "\(c.out)")
        // Without the symbol graph, check expects the table generated as written: stale.
        let plain = typoWs.run(["check"])
        #expect(plain.err.contains("Generated/request.swift:1:1: error: generated file (generated from docs-ja/request.md) is stale"), "\(plain.transcript)")
    }

    @Test("symbols: true in docspec.yml turns the symbol check on for check and generate")
    func configKey() throws {
        let ws = try Self.workspace(typo: true)
        let config = try #require(ws.read("docspec.yml"))
        try ws.write("docspec.yml", config + "symbols: true\n")
        // Only the folder given on the command line decides where the graphs are read from.
        let g = ws.run(["generate", "--symbol-graphs", "graphs"])
        #expect(g.err.contains("[unknown-symbol]"), "\(g.transcript)")
        // Without --symbol-graphs the graphs come from `swift package dump-symbol-graph`, which
        // fails here (no Package.swift): the setting was read.
        for command in ["check", "generate"] {
            let r = ws.run([command])
            #expect(r.status == 2 && r.err.contains("dump-symbol-graph"), "\(command): \(r.transcript)")
        }
        try ws.write("docspec.yml", config + "symbols: maybe\n")
        let bad = ws.run(["check"])
        #expect(bad.status == 2 && bad.err.contains("'symbols' must be true or false"), "\(bad.transcript)")
    }
}

/// A `--symbol-graphs` folder that cannot give the library's symbols is an error naming the
/// folder and why (exit 2), never a finding per table as if the library had no types.
@Suite("check --symbol-graphs: a folder that holds no usable graph")
struct SymbolGraphFolderTests {
    func run(_ setUp: (Workspace) throws -> Void) throws -> (status: Int32, err: String, out: String) {
        let ws = try SymbolGenerateTests.workspace(typo: false)
        try setUp(ws)
        let r = ws.run(["check", "--symbol-graphs", "graphs"])
        #expect(!r.err.contains("[unknown-symbol]") && !r.err.contains("NSCocoaErrorDomain") && !r.err.contains("DecodingError"), "\(r.transcript)")
        return (r.status, r.err, r.out)
    }

    @Test("missing, a file, empty, without the imported module: exit 2 with the reason")
    func unusableFolders() throws {
        let missing = try run { ws in try FileManager.default.removeItem(at: ws.root.appendingPathComponent("graphs")) }
        #expect(missing.status == 2 && missing.err.hasSuffix("graphs': there is no such folder\n"), "\(missing.err)")
        let file = try run { ws in
            try FileManager.default.removeItem(at: ws.root.appendingPathComponent("graphs"))
            try ws.write("graphs", "{}")
        }
        #expect(file.status == 2 && file.err.hasSuffix("graphs': it is a file, not a folder of symbol graphs\n"), "\(file.err)")
        let empty = try run { ws in try FileManager.default.removeItem(at: ws.root.appendingPathComponent("graphs/AppStoreServerAPI.symbols.json")) }
        #expect(
            empty.status == 2
                && empty.err.hasSuffix("graphs': no symbol graph of the module 'AppStoreServerAPI' (AppStoreServerAPI.symbols.json) of docspec.yml's imports; it holds no symbol graph\n"),
            "\(empty.err)")
        let other = try run { ws in
            try FileManager.default.moveItem(
                at: ws.root.appendingPathComponent("graphs/AppStoreServerAPI.symbols.json"), to: ws.root.appendingPathComponent("graphs/Other.symbols.json"))
        }
        #expect(other.status == 2 && other.err.hasSuffix("of docspec.yml's imports; it holds graphs of 'Other'\n"), "\(other.err)")
    }

    @Test("a graph file that is not JSON, or not a symbol graph: exit 2 naming the file")
    func badGraphs() throws {
        let garbage = try run { ws in try ws.write("graphs/AppStoreServerAPI.symbols.json", "{not json") }
        #expect(garbage.status == 2 && garbage.err.contains("graphs': 'AppStoreServerAPI.symbols.json' is not a symbol graph: "), "\(garbage.err)")
        let shape = try run { ws in try ws.write("graphs/AppStoreServerAPI.symbols.json", #"{"symbols": 3}"#) }
        #expect(shape.status == 2 && shape.err.contains("'AppStoreServerAPI.symbols.json' is not a symbol graph: ") && shape.err.hasSuffix("but found number instead, at 'symbols'\n"), "\(shape.err)")
    }
}

/// Reading what `swift package dump-symbol-graph` printed.
@Suite("the folder swift package dump-symbol-graph wrote")
struct DumpedSymbolGraphTests {
    static let output = "-- Emitting symbol graph for Shapes\n-- Emitting symbol graph for ShapesPackageTests\nFiles written to /p/.build/symbolgraph\n"

    @Test("exit 0: the folder of the last 'Files written to' line; no such line: failed")
    func written() {
        #expect(DocSpecCLI.dumpedSymbolGraphs(Self.output, status: 0, modules: ["Shapes"], exists: { _ in false })?.path == "/p/.build/symbolgraph")
        #expect(DocSpecCLI.dumpedSymbolGraphs("error: no Package.swift\n", status: 1, modules: ["Shapes"], exists: { _ in true }) == nil)
    }

    @Test("a failed dump in one line: the compiler's errors (relative to the root, once each), else its error: lines")
    func failure() {
        let root = URL(fileURLWithPath: "/p")
        let build = """
            Building for debugging...
            error: emit-module command failed with exit code 1 (use -v to see invocation)
            [5/6] Emitting module Shapes
            /p/Sources/Shapes/Shapes.swift:20:26: error: cannot convert value of type 'String' to specified type 'Int'
            18 |
            20 | public let broken: Int = "x"
               |                          `- error: cannot convert value of type 'String' to specified type 'Int'
            [6/6] Compiling Shapes Shapes.swift
            /p/Sources/Shapes/Shapes.swift:20:26: error: cannot convert value of type 'String' to specified type 'Int'
            error: fatalError

            """
        #expect(DocSpecCLI.dumpFailure(build, root: root)
            == "the library does not build: Sources/Shapes/Shapes.swift:20:26: error: cannot convert value of type 'String' to specified type 'Int'")
        #expect(DocSpecCLI.dumpFailure("error: Could not find Package.swift in this directory or any of its parent directories.\n", root: root)
            == "error: Could not find Package.swift in this directory or any of its parent directories.")
        #expect(DocSpecCLI.dumpFailure("", root: root) == "it printed nothing")
    }

    @Test("a failing exit (test modules not built) is accepted only when every imported module's graph was written")
    func failedTestModules() {
        let folder = DocSpecCLI.dumpedSymbolGraphs(Self.output, status: 1, modules: ["Shapes"], exists: { $0.path == "/p/.build/symbolgraph/Shapes.symbols.json" })
        #expect(folder?.path == "/p/.build/symbolgraph")
        #expect(DocSpecCLI.dumpedSymbolGraphs(Self.output, status: 1, modules: ["Shapes", "Other"], exists: { $0.lastPathComponent == "Shapes.symbols.json" }) == nil)
        #expect(DocSpecCLI.dumpedSymbolGraphs(Self.output, status: 1, modules: [], exists: { _ in true }) == nil)
    }
}
