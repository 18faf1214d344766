import ConformanceGen
import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel

/// The operations behind the commands, without any printing.
public enum Pipeline {
    /// Result of `lint`: extraction diagnostics of every locale plus drift findings.
    public struct LintResult: Sendable {
        /// The pages of every locale. Unless `lint` was asked to keep documents, only each
        /// page's spec model is kept once its pair has been checked (see `compacted`): no block
        /// tree, page text, links or drift model.
        public var docSet: DocSet
        /// Every finding, sorted with `sortedForOutput()`.
        public var diagnostics: [Diagnostic]
        /// Number of source/target page pairs compared, over all target locales.
        public var pairCount: Int
        /// What generation produces from these pages (lint reports its diagnostics; `check`
        /// compares its files with the output folder). Without files when `lint` was asked for
        /// the generation diagnostics only.
        public var generated: GenerateResult
        /// Per page pair, the spec-table and code-sample pairing the findings were computed on
        /// (without the block alignment, which is released with the pages' block trees), for
        /// views that show what was paired.
        public var analyses: [PairKey: PairAnalysis] = [:]
    }

    /// A page pair by the display paths of its pages.
    public struct PairKey: Hashable, Sendable {
        /// The source page's path.
        public var source: String
        /// The target page's path.
        public var target: String
    }

    /// Parses every locale and checks each target locale against the source locale.
    ///
    /// Pages are paired first from their front matter and paths alone (no Markdown parsing).
    /// Then each source page is parsed together with its translations, the pairs are checked,
    /// and the parsed block trees are released; these groups run in parallel, as many at a time
    /// as there are cores, so the memory for block trees is bounded by the largest groups rather
    /// than by the doc set. Only each page's spec model is kept, for generation and reports.
    ///
    /// - Parameters:
    ///   - config: locales, source locale and generation options.
    ///   - keepingDocuments: keep every page's parsed block tree in `docSet` (memory then grows
    ///     with the doc set).
    ///   - retention: what else is kept of each page once its pairs are checked (ignored when
    ///     `keepingDocuments`): the spec model for views (`report`, `tables`), or only what
    ///     generation and the finding policy read, so memory stays bounded by the pages being
    ///     checked plus the source locale's spec tables (`lint`, `check`).
    public static func lint(_ config: Config, keepingDocuments: Bool = false, retention: Retention = .specModel) -> LintResult {
        lint(config, keepingDocuments: keepingDocuments, retention: retention, discovered: nil)
    }

    /// `lint(_:keepingDocuments:retention:)` on the files `discovered` lists (as
    /// `DocSet.discover`, `DocSet.requirePages` or `DocSet.select` listed them); `nil` walks the
    /// locale folders.
    ///
    /// - Parameter generationSource: when `discovered` is a selection, every source page (as
    ///   `DocSet.load` reads them without the drift model): generation reads all of them (error
    ///   codes and validated types span pages), and only its findings about the selected pages
    ///   are kept. `nil` generates from the pages checked.
    /// - Parameter cache: pages and pair findings kept from an earlier run with the same
    ///   `config` (`lint --watch`): unchanged pages are not re-parsed, unchanged pairs not
    ///   re-checked.
    /// - Parameter symbols: the library's symbol graph (`check --symbols`): generation runs the
    ///   symbol check, as `generate(_:docSet:symbols:)` does.
    /// - Parameter generatedFiles: render the generated files into `generated` (what `check`
    ///   compares with the output folder); when `false`, generation reports its diagnostics only.
    static func lint(
        _ config: Config, keepingDocuments: Bool = false, retention: Retention = .specModel, discovered: [DocSet.LocaleFiles]?,
        generationSource: DocSet? = nil, progress: LintProgress? = nil, cache: LintCache? = nil, symbols: LibrarySymbols? = nil,
        generatedFiles: Bool = true
    ) -> LintResult {
        let found = discovered ?? DocSet.discover(config, locales: config.locales)
        var diagnostics = found.flatMap(\.diagnostics)
        var pageDiagnostics = diagnostics

        // First pass: front matter only (each page's first bytes), to pair pages before parsing
        // them; every page is read whole and prepared once, by its parse. What pairing needs
        // (every page's front matter) is released before the pages are parsed.
        var (groups, pairCount, pairingDiagnostics, unreadable) = plan(config, found)

        // Second pass: parse, extract and check each group; keep the spec model only.
        let checker = driftChecker(config)
        func check(_ groups: [PageGroup], pairCount: Int) -> [GroupResult] {
            progress?.begin(pages: found.reduce(0) { $0 + $1.files.count }, pairs: pairCount)
            // The largest groups start first: a large page pair started last would leave the other
            // cores idle while it is checked.
            return ParallelMap.map(groups, costliestFirst: groups.map(\.byteCount)) { group -> GroupResult in
                func kept(_ page: SpecPage) -> SpecPage {
                    if keepingDocuments { return page }
                    var compact = compacted(page)
                    if retention == .prose { compact.document.text = page.document.text }
                    return retention == .generationInput ? generationInput(compact, isSource: page.locale == config.source, docTests: config.docTests) : compact
                }
                func parse(_ file: PageFile) -> (page: SpecPage?, diagnostics: [Diagnostic]) {
                    let read = { DocSet.parse(file.locale, file.url, file.relativePath, config) }
                    return cache?.page(file.url, parse: read) ?? read()
                }
                let (first, firstDiagnostics) = parse(group.page)
                progress?.pageParsed()
                var result = GroupResult(pages: first.map { [kept($0)] } ?? [], extraction: firstDiagnostics, drift: [])
                if first == nil { result.unparsed.append(group.page) }
                for file in group.targets {
                    let (target, targetDiagnostics) = parse(file)
                    progress?.pageParsed()
                    result.extraction += targetDiagnostics
                    guard let target else {
                        result.unparsed.append(file)
                        continue
                    }
                    if let first {
                        defer { progress?.pairChecked() }
                        let check = { checker.analyze(PagePair(source: first, target: target)) }
                        var (drift, analysis) = cache?.drift(source: group.page.url, target: file.url, analyze: check) ?? check()
                        result.drift += drift
                        if retention != .prose { analysis.blocks = nil }
                        if keepingDocuments || retention != .generationInput {
                            result.analyses[PairKey(source: first.path, target: target.path)] = analysis
                        }
                    }
                    result.pages.append(kept(target))
                }
                return result
            }
        }
        var results = check(groups, pairCount: pairCount)
        // A page its parse could not decode after the bytes pairing read was paired as if
        // readable: it may have taken a page id from a readable page or left its counterpart
        // unpaired. Pairing again without it, and checking again, gives what pairing on whole
        // pages gives (the rare case pays a second pass; pages are unchanged otherwise).
        var late: [String: Set<String>] = [:]
        for file in results.flatMap(\.unparsed) where !(unreadable[file.locale]?.contains(file.relativePath) ?? false) {
            late[file.locale, default: []].insert(file.relativePath)
        }
        if !late.isEmpty {
            (groups, pairCount, pairingDiagnostics, unreadable) = plan(config, found, knownUnreadable: late)
            results = check(groups, pairCount: pairCount)
        }
        diagnostics += pairingDiagnostics
        progress?.finish()
        pageDiagnostics += results.flatMap(\.extraction)
        diagnostics += results.flatMap { $0.extraction + $0.drift }
        var pages: [String: [SpecPage]] = [:]
        for f in found { pages[f.locale.code] = [] }
        for page in results.flatMap(\.pages) { pages[page.locale, default: []].append(page) }
        for code in pages.keys { pages[code]?.sort { $0.path < $1.path } }
        let docs = DocSet(pages: pages, diagnostics: pageDiagnostics, unreadable: unreadable)

        // What generation would refuse (an unknown error name, a fields table without a JSON
        // sample, invalid JSON) is wrong in the docs too: lint reports it, without writing.
        var generated = generate(config, docSet: generationSource ?? docs, symbols: symbols, rendering: generatedFiles)
        if generationSource != nil {
            let checked = Set(docs.pages.values.flatMap { $0.map(\.path) })
            generated.diagnostics = generated.diagnostics.filter { d in d.location.map { checked.contains($0.file) } ?? true }
            generated.files = generated.files.filter { f in f.sourcePath.map(checked.contains) ?? true }
        }
        diagnostics += generated.diagnostics
        var analyses: [PairKey: PairAnalysis] = [:]
        for r in results { analyses.merge(r.analyses, uniquingKeysWith: { a, _ in a }) }
        return LintResult(
            docSet: docs, diagnostics: diagnostics.sortedForOutput(), pairCount: pairCount, generated: generated, analyses: analyses)
    }

    /// The first pass of `lint`: reads every page's front matter, pairs the pages and groups each
    /// source page with its translations; unpaired and unreadable pages form groups of their own.
    ///
    /// A page's front matter is read from its first bytes
    /// (`MarkdownParser.frontMatterHeader`); the pages of `knownUnreadable` (locale → relative
    /// paths: pages an earlier parse could not decode) are unreadable without being read.
    static func plan(
        _ config: Config, _ found: [DocSet.LocaleFiles], knownUnreadable: [String: Set<String>] = [:]
    ) -> (groups: [PageGroup], pairCount: Int, diagnostics: [Diagnostic], unreadable: [String: Set<String>]) {
        var diagnostics: [Diagnostic] = []
        // First pass: front matter only, to pair pages before parsing them.
        var stubs: [String: [SpecPage]] = [:]
        var unreadable: [String: Set<String>] = [:]
        var files: [String: [String: URL]] = [:]  // locale → relative path → file
        for f in found {
            let code = f.locale.code
            let known = knownUnreadable[code] ?? []
            let headers = ParallelMap.map(f.files) { rel -> SpecPage? in
                if known.contains(rel) { return nil }
                return PageReader.pairingStub(
                    fileAt: f.url(rel), displayPath: DocSet.displayPath(f.url(rel), root: config.root), locale: code, relativePath: rel,
                    frontMatterOnly: true)
            }
            stubs[code] = headers.compactMap { $0 }.sorted { $0.path < $1.path }
            unreadable[code] = Set(zip(f.files, headers).filter { $0.1 == nil }.map(\.0) + f.problems)
            files[code, default: [:]].merge(f.files.map { ($0, f.url($0)) }, uniquingKeysWith: { a, _ in a })
        }

        // Pair, then group each source page with its translations.
        let source = stubs[config.source] ?? []
        var targetsOf: [String: [PageFile]] = [:]  // source relative path → its translations
        var grouped: Set<PageFile> = []
        var pairCount = 0
        for target in config.targetLocales {
            let paired = PageSetRule.pair(
                source: source, target: stubs[target.code] ?? [], sourceLocale: config.source, targetLocale: target.code,
                unreadableSource: unreadable[config.source] ?? [], unreadableTarget: unreadable[target.code] ?? [])
            diagnostics += paired.diagnostics
            pairCount += paired.pairs.count
            for pair in paired.pairs {
                guard let url = files[target.code]?[pair.target.relativePath] else { continue }
                let file = PageFile(locale: target.code, relativePath: pair.target.relativePath, url: url)
                targetsOf[pair.source.relativePath, default: []].append(file)
                grouped.insert(file)
            }
        }
        // Every file is parsed once: in its pair group, or alone (unpaired and unreadable pages,
        // for their extraction diagnostics).
        var groups: [PageGroup] = []
        for f in found where f.locale.code == config.source {
            for rel in f.files {
                groups.append(PageGroup(page: PageFile(locale: f.locale.code, relativePath: rel, url: f.url(rel)), targets: targetsOf[rel] ?? []))
            }
        }
        for f in found where f.locale.code != config.source {
            for rel in f.files {
                let file = PageFile(locale: f.locale.code, relativePath: rel, url: f.url(rel))
                if !grouped.contains(file) { groups.append(PageGroup(page: file, targets: [])) }
            }
        }
        return (groups, pairCount, diagnostics, unreadable)
    }

    /// The drift rules `lint` runs on each page pair: those of `config.rules`.
    static func driftChecker(_ config: Config) -> DriftChecker {
        config.rules.driftChecker(DriftSettings(docTestLanguages: config.docTests))
    }

    /// The page without what only the drift rules read, which have run: its block tree, its
    /// text, its links and its drift model. What is kept (spec tables with their header texts,
    /// code samples, headings, directives, suppressions) is what generation, the policy and the
    /// views need.
    static func compacted(_ page: SpecPage) -> SpecPage {
        var page = page
        page.links = []
        page.structure = nil
        page.prose = nil
        page.document.blocks = []
        page.document.text = ""
        for i in page.codeSamples.indices { page.codeSamples[i].normalizedCode = nil }
        return page
    }

    /// What `lint` keeps of each page once its pairs are checked.
    public enum Retention: Sendable {
        /// The spec model (`compacted`): tables, code samples, headings, for views.
        case specModel
        /// Only what generation and the finding policy read (`generationInput`).
        case generationInput
        /// The spec model, each page's text and each pair's block alignment
        /// (`PairAnalysis.blocks`): what the HTML report's prose view renders.
        case prose
    }

    /// A compacted page reduced to what generation (source pages: spec tables, and the code of
    /// the samples it reads) and the finding policy (directives, suppressions) need; a target
    /// page keeps no tables, samples or headings.
    static func generationInput(_ page: SpecPage, isSource: Bool, docTests: Set<String>) -> SpecPage {
        var page = page
        page.headings = []
        guard isSource else {
            page.tables = []
            page.codeSamples = []
            return page
        }
        for i in page.codeSamples.indices where !ConformanceTranslator.reads(page.codeSamples[i], docTestLanguages: docTests) {
            page.codeSamples[i].code = ""
            page.codeSamples[i].setup = nil
        }
        return page
    }

    /// A page file of one locale.
    struct PageFile: Hashable, Sendable {
        var locale: String
        var relativePath: String
        var url: URL
    }

    /// A page and the translations paired with it, parsed and checked together.
    struct PageGroup: Sendable {
        var page: PageFile
        var targets: [PageFile]

        /// The size of the group's files in bytes (0 for a file that cannot be read): the
        /// schedule's estimate of the work.
        var byteCount: Int {
            ([page] + targets).reduce(0) { sum, file in
                var info = stat()
                return sum + (stat(file.url.path, &info) == 0 ? Int(info.st_size) : 0)
            }
        }
    }

    struct GroupResult: Sendable {
        var pages: [SpecPage]
        var extraction: [Diagnostic]
        var drift: [Diagnostic]
        var analyses: [PairKey: PairAnalysis] = [:]
        /// The group's files whose parse gave no page (unreadable, not UTF-8).
        var unparsed: [PageFile] = []
    }

    /// Result of generation.
    public struct GenerateResult: Sendable {
        /// The generated files sorted by name, the support file included.
        public var files: [GeneratedFile]
        /// Generation diagnostics, sorted with `sortedForOutput()`.
        public var diagnostics: [Diagnostic]
    }

    /// Generates conformance tests from the source locale's pages.
    ///
    /// With `symbols` (the library's symbol graph, `LibrarySymbols.load`), the symbol check's
    /// findings are among the diagnostics, and a table they show would not compile is generated
    /// as a test that fails at the finding's doc line (`ConformanceTranslator.generate`). With
    /// `rendering` false, the result has the diagnostics and no file.
    public static func generate(_ config: Config, docSet: DocSet? = nil, symbols: LibrarySymbols? = nil, rendering: Bool = true) -> GenerateResult {
        let docs = docSet ?? DocSet.load(config, locales: config.sourceLocale.map { [$0] } ?? [], driftModel: false)
        let pages = docs.pages[config.source] ?? []
        let translator = ConformanceTranslator(
            options: GeneratorOptions(imports: config.imports, docTestLanguages: config.docTests))
        let (files, diagnostics) = translator.generate(pages, symbols: symbols, rendering: rendering)
        return GenerateResult(files: files, diagnostics: diagnostics.sortedForOutput())
    }

    /// The files `docspec generate` writes: `result`'s, or the support file alone when the docs
    /// have nothing to test (so the test target's folder exists before SwiftPM needs it).
    public static func written(_ result: GenerateResult, config: Config) -> [GeneratedFile] {
        guard result.files.isEmpty else { return result.files }
        return [ConformanceTranslator(options: GeneratorOptions(imports: config.imports, docTestLanguages: config.docTests)).supportFile]
    }

    /// What `check` and `generate --check` compare the output folder with: the generated files;
    /// when the docs generate nothing, nothing if the folder does not exist, else the support
    /// file `docspec generate` writes then.
    public static func expected(_ result: GenerateResult, config: Config) -> [GeneratedFile] {
        guard result.files.isEmpty else { return result.files }
        return FileManager.default.fileExists(atPath: config.outputURL.path) ? written(result, config: config) : []
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
            case .foreign:
                message = "file exists but was not generated by DocSpec (or cannot be read), and generation\(from) needs its name; move it out of \(config.output)/ (docspec generate will not overwrite it)"
            case .outdated: message = "generated file\(from) is stale: it no longer matches what the docs generate; run 'docspec generate'"
            case .extra: message = "file is not generated from any page any more; run 'docspec generate' to remove it"
            }
            return .error("stale-generated", message, at: SourceLocation(file: path, line: 1))
        }
    }
}
