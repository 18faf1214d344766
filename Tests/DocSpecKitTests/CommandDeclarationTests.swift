@testable import DocSpecKit
import Foundation
import Testing

/// Each command is one declaration with its own values type: it accepts exactly the options it
/// declares (another command's option is refused, naming that command), and its help lists
/// exactly those options.
@Suite("command declarations")
struct CommandDeclarationTests {
    /// A value an option accepts (its first choice, or a harmless word).
    static func sampleValue(_ o: OptionSummary) -> [String] {
        guard o.valueName != nil else { return [] }
        if let first = o.choices?.first { return [first] }
        return o.valueName == "code>=<dir" ? ["ja=docs-ja"] : ["x"]
    }

    @Test("every command refuses every option that only other commands declare, and names those commands")
    func othersOptionsRefused() throws {
        let ws = try Workspace(fixture: "clean")
        let before = ws.snapshot()
        let all = DocSpecCLI.commandDeclarations
        var checked = 0
        for command in all {
            let own = Set(command.options.flatMap(\.names))
            var seen: Set<String> = []
            for other in all where other.name != command.name {
                for option in other.options where !own.contains(option.name) && seen.insert(option.name).inserted {
                    let r = ws.run([command.name, option.name] + Self.sampleValue(option))
                    let owners = all.filter { $0.option(option.name) != nil }.map { "'docspec \($0.name)'" }.joined(separator: ", ")
                    #expect(r.status == 2, "\(command.name) \(option.name): \(r.transcript)")
                    // A near miss of the command's own option is suggested first (lint --locales: --locale).
                    let near = Suggestion.nearest(option.name, in: command.options.flatMap(\.names) + ["--help", "-h"])
                    let message = near.map { "unknown option '\(option.name)'; did you mean '\($0)'? ('\(option.name)' is an option of \(owners))" }
                        ?? "unknown option '\(option.name)' for \(command.name) (it is an option of \(owners))"
                    #expect(r.err.hasPrefix("docspec: error: \(message)\n"), "\(command.name) \(option.name): \(r.transcript)")
                    #expect(r.out.isEmpty)
                    checked += 1
                }
            }
        }
        #expect(checked > 50, "\(checked) refusals checked")
        #expect(ws.snapshot() == before, "a refused option writes nothing")
    }

    @Test("a near miss of another command's option is refused with that option and its command suggested", arguments: [
        (["lint", "--symbol"], "unknown option '--symbol' for lint; did you mean '--symbols' (an option of 'docspec check')?"),
        (["tables", "--wach"], "unknown option '--wach' for tables; did you mean '--watch' (an option of 'docspec lint')?"),
        (["rules", "--dry-rn"], "unknown option '--dry-rn' for rules; did you mean '--dry-run' (an option of 'docspec fix')?"),
        (["stamp", "--insert-missin"], "unknown option '--insert-missin' for stamp; did you mean '--insert-missing' (an option of 'docspec fix')?"),
        // A near miss of the command's own option wins over another command's exact option.
        (["lint", "--formt", "json"], "unknown option '--formt'; did you mean '--format'?"),
        (["lint", "--html", "out"], "unknown option '--html' for lint (it is an option of 'docspec report')"),
        (["lint", "--locales", "ja,ru"], "unknown option '--locales'; did you mean '--locale'? ('--locales' is an option of 'docspec tables')"),
    ])
    func nearMissOfAnotherCommand(_ arguments: [String], _ message: String) throws {
        let ws = try Workspace(fixture: "clean")
        let r = ws.run(arguments)
        #expect(r.status == 2, "\(r.transcript)")
        #expect(r.err == "docspec: error: \(message)\ndocspec: note: see 'docspec \(arguments[0]) --help'\n", "\(r.transcript)")
    }

    @Test("each command's help lists exactly the options its parser accepts")
    func helpIsTheDeclaration() throws {
        let ws = try Workspace(fixture: "clean")
        for command in DocSpecCLI.commandDeclarations {
            let help = ws.run([command.name, "--help"]).out
            let listed = help.components(separatedBy: "\nOPTIONS:\n")[1].split(separator: "\n")
                .filter { $0.hasPrefix("  -") }
                .map { line in line.trimmingCharacters(in: .whitespaces).split(separator: " ")[0].trimmingCharacters(in: [","]) }
            let declared = command.options.map { $0.short ?? $0.name } + ["-h"]
            #expect(listed == declared, "\(command.name): \(listed) vs \(declared)")
            for option in command.options {
                #expect(help.contains(option.synopsis), "\(command.name) help lists \(option.synopsis)")
                #expect(help.contains(option.help), "\(command.name) help has the help of \(option.name)")
            }
        }
    }

    @Test("parsing fills the command's own typed values: defaults, choices as cases, groups lifted")
    func typedValues() throws {
        let all = DocSpecCLI.commandDeclarations
        let lint = try DocSpecCLI.lintCommand.parse(
            ["--format", "sarif", "--locale", "ja=a", "--locale", "ru=b", "--severity", "cell-mismatch=off", "-q", "p.md", "--watch"], all: all)
        #expect(lint.run.format == .sarif)
        #expect(lint.run.docs.locales.map(\.code) == ["ja", "ru"])
        #expect(lint.run.policy.severities == ["cell-mismatch=off"])
        #expect(lint.run.progress == false)
        #expect(lint.run.pages == ["p.md"])
        #expect(lint.watch)
        #expect(try DocSpecCLI.tablesCommand.parse([], all: all).format == .md)
        #expect(try DocSpecCLI.tablesCommand.parse(["--format", "html"], all: all).format == .html)
        #expect(try DocSpecCLI.extractCommand.parse([], all: all).format == .json)
        let check = try DocSpecCLI.checkCommand.parse(["--symbol-graphs", "g"], all: all)
        #expect(check.symbols && check.symbolGraphs == "g")
        #expect(throws: DocSpecError.self) { try DocSpecCLI.checkCommand.parse(["--watch"], all: all) }
        #expect(throws: DocSpecError.self) { try DocSpecCLI.generateCommand.parse(["--format", "sarif"], all: all) }
    }
}
