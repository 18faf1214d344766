import DocSpecKit
import DocSpecTestSupport
import Foundation
import Testing

/// The user guide in `docs/` cannot go stale: the rules reference is generated from the registry,
/// shell examples marked `docspec-example` are run against a fixture with their output compared,
/// and every relative link of the README and the guide points at a file that exists.
@Suite("User guide")
struct UserGuideTests {
    static let root = RuleRegistryTests.packageRoot
    static func read(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    static var guidePages: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    @Test("docs/rules.md is the registry's reference: one section per rule, headed by its id")
    func rulesReference() throws {
        let url = Self.root.appendingPathComponent("docs/rules.md")
        let expected = RuleRegistry.standard.markdownReference()
        if let failure = GoldenCheck.check(expected, bundled: url, source: url, displayName: "docs/rules.md") {
            Issue.record(Comment(rawValue: failure))
        }
        let headings = expected.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
        #expect(headings == DocSpecCLI.ruleIDs, "a section per rule, in registry order")
    }

    /// A fenced block ```` ```sh docspec-example fixture=<name> ````: `$ docspec …` lines are
    /// commands (run with the fixture's copy as the current folder); the lines after each, up to the
    /// next command, are its output (standard error, then standard output).
    struct Example {
        var page: String
        var line: Int
        var fixture: String
        var commands: [(arguments: [String], output: String)]
    }

    static func examples() throws -> [Example] {
        var out: [Example] = []
        for page in guidePages + ["README.md"] {
            let lines = try read(page).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var i = 0
            while i < lines.count {
                let line = lines[i]
                guard line.hasPrefix("```sh docspec-example") else {
                    i += 1
                    continue
                }
                let fixture = line.split(separator: " ").first { $0.hasPrefix("fixture=") }.map { String($0.dropFirst("fixture=".count)) } ?? ""
                var example = Example(page: page, line: i + 1, fixture: fixture, commands: [])
                i += 1
                while i < lines.count, lines[i] != "```" {
                    if lines[i].hasPrefix("$ docspec") {
                        let arguments = lines[i].dropFirst("$ docspec".count).split(separator: " ").map(String.init)
                        example.commands.append((arguments, ""))
                    } else if !example.commands.isEmpty {
                        example.commands[example.commands.count - 1].output += lines[i] + "\n"
                    }
                    i += 1
                }
                out.append(example)
                i += 1
            }
        }
        return out
    }

    @Test("every docspec-example block prints what the guide says it prints")
    func examplesRun() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 2, "the guide's examples are found (a vacuous scan would pass)")
        for example in examples {
            #expect(!example.commands.isEmpty, "\(example.page):\(example.line): an example without '$ docspec' lines")
            let ws = try Workspace(fixture: example.fixture)
            for c in example.commands {
                let r = ws.run(c.arguments)
                #expect(
                    r.err + r.out == c.output,
                    "\(example.page):\(example.line): 'docspec \(c.arguments.joined(separator: " "))' printed\n\(r.err + r.out)\nbut the guide says\n\(c.output)")
            }
        }
    }

    @Test("relative links of the README and the guide point at files that exist")
    func links() throws {
        for page in ["README.md"] + Self.guidePages {
            let text = try Self.read(page)
            let base = Self.root.appendingPathComponent(page).deletingLastPathComponent()
            for m in RuleRegistryTests.matches(#"\]\(([^)\s#]+)(#[^)]*)?\)"#, in: text) {
                let target = m[1]
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let path = base.appendingPathComponent(target).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: path), "\(page): the link '\(target)' points at nothing")
            }
        }
    }

    @Test("the README is a front door: short, with install, quick start, the two commands and the guide")
    func readme() throws {
        let text = try Self.read("README.md")
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count < 120, "the manual lives in docs/")
        for needle in ["## Quick start", "## Install", "make test", "make check", "docs/README.md", "docs/rules.md"] {
            #expect(text.contains(needle), "README lacks \(needle)")
        }
    }
}
