import ConformanceGen
import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel

/// The operations behind the commands, without any printing.
public enum Pipeline {
    /// Result of `lint`: extraction diagnostics of every locale plus drift findings.
    public struct LintResult: Sendable {
        /// The parsed pages of every locale.
        public var docSet: DocSet
        /// Every finding, sorted with `sortedForOutput()`.
        public var diagnostics: [Diagnostic]
        /// Number of source/target page pairs compared, over all target locales.
        public var pairCount: Int
    }

    /// Parses every locale and checks each target locale against the source locale.
    public static func lint(_ config: Config) -> LintResult {
        let docs = DocSet.load(config)
        var diagnostics = docs.diagnostics
        var pairCount = 0
        let source = docs.pages[config.source] ?? []
        let checker = DriftChecker()
        for target in config.targetLocales {
            let paired = PageSetRule.pair(
                source: source, target: docs.pages[target.code] ?? [], sourceLocale: config.source, targetLocale: target.code,
                unreadableSource: docs.unreadable[config.source] ?? [], unreadableTarget: docs.unreadable[target.code] ?? [])
            diagnostics += paired.diagnostics
            pairCount += paired.pairs.count
            diagnostics += ParallelMap.map(paired.pairs) { checker.check($0) }.flatMap { $0 }
        }
        // What generation would refuse (an unknown error name, a fields table without a JSON
        // sample, invalid JSON) is wrong in the docs too: lint reports it, without writing.
        diagnostics += generate(config, docSet: docs).diagnostics
        return LintResult(docSet: docs, diagnostics: diagnostics.sortedForOutput(), pairCount: pairCount)
    }

    /// Result of generation.
    public struct GenerateResult: Sendable {
        /// The generated files sorted by name, the support file included.
        public var files: [GeneratedFile]
        /// Generation diagnostics, sorted with `sortedForOutput()`.
        public var diagnostics: [Diagnostic]
    }

    /// Generates conformance tests from the source locale's pages.
    public static func generate(_ config: Config, docSet: DocSet? = nil) -> GenerateResult {
        let docs = docSet ?? DocSet.load(config, locales: config.sourceLocale.map { [$0] } ?? [])
        let pages = docs.pages[config.source] ?? []
        let translator = ConformanceTranslator(options: GeneratorOptions(imports: config.imports))
        let (files, diagnostics) = translator.generate(pages)
        return GenerateResult(files: files, diagnostics: diagnostics.sortedForOutput())
    }

    /// Stale-file findings: one `stale-generated` error per missing, outdated or extra file.
    public static func staleness(_ files: [GeneratedFile], config: Config) -> [Diagnostic] {
        let sources = Dictionary(files.map { ($0.name, $0.sourcePath) }, uniquingKeysWith: { a, _ in a })
        return GenerationCheck.stale(files, in: config.outputURL).map { s in
            let path = "\(config.output)/\(s.fileName)"
            let from = (sources[s.fileName] ?? nil).map { " (generated from \($0))" } ?? ""
            let message: String
            switch s {
            case .missing: message = "generated file\(from) is missing; run 'docspec generate'"
            case .outdated: message = "generated file\(from) is stale: the docs changed since it was generated; run 'docspec generate'"
            case .extra: message = "file is not generated from any page any more; run 'docspec generate' to remove it"
            }
            return .error("stale-generated", message, at: SourceLocation(file: path, line: 1))
        }
    }
}
