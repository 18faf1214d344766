import DocDiagnostics
import Foundation
import LocaleDrift
import MarkdownSyntax
import SpecModel

/// The DocSpec language server's core, without I/O: it takes each JSON-RPC message body and
/// returns the messages to send (responses, `textDocument/publishDiagnostics`, `window/showMessage`).
/// `docspec lsp` (`LanguageServerLoop`) frames them over standard input and output and debounces
/// changes by calling `flush()`.
///
/// An open translation page is checked against its source page (same path relative to the
/// source locale's folder; the open text where the source page is open too, else the file) with
/// the drift rules `docspec lint` runs, on the pair's `PairAnalysis`; the findings located in the
/// page become LSP diagnostics, their fixes code actions. An open source page publishes the
/// findings of its translations. Positions are UTF-16, as LSP requires.
public final class LanguageServer: @unchecked Sendable {
    /// One open document.
    struct Document {
        var uri: String
        var path: String
        var version: Int?
        var text: String
    }

    /// What the last check of a translation found, and on which texts.
    struct Checked {
        var version: Int?
        var text: String
        var index: TextIndex
        var findings: [Diagnostic]
        var analysis: PairAnalysis?
        var sourcePath: String
        var sourceText: String
        var sourceIndex: TextIndex
    }

    var root: URL? = nil
    var config: Config? = nil
    var configProblem: String? = nil
    var documents: [String: Document] = [:]
    var checked: [String: Checked] = [:]
    /// Documents whose diagnostics must be (re)published at the next `flush()`.
    public private(set) var pending: Set<String> = []
    var initialized = false
    /// Set by `shutdown`; `exit` then ends with status 0.
    public private(set) var shutdownRequested = false
    /// Set by `exit`.
    public private(set) var exited = false
    /// The last parse of each source page, by path: a translator's edits leave the source page
    /// as it is, so each check parses only the translation.
    var sourcePages: [String: (text: String, page: SpecPage?)] = [:]
    /// The source locale's pages read for pairing only (front matter, no Markdown parse), read
    /// when first needed and again after `docspec.yml` or a source-locale page is saved: a
    /// translation finds its source page as `docspec lint` pairs them (front matter `id` first,
    /// so file names may differ).
    var sourceStubs: [SpecPage]? = nil
    /// Requests cancelled before they were handled.
    var cancelled: Set<RPCID> = []
    /// The last parse of each open document, by URI: after an edit only the top-level blocks
    /// around the change are parsed again (`IncrementalParse`, the same blocks as a full parse).
    var parses: [String: IncrementalParse] = [:]
    /// The section scores of each open translation's last alignment, by URI: an edit re-scores
    /// only the sections it changed (`SectionScoreCache`, the same alignment).
    var scoreCaches: [String: SectionScoreCache] = [:]
    /// The page extracted from each open document's last parse (`parses`), by URI, with the
    /// locales removed from its link targets: the next extraction reuses what it made of the
    /// blocks an edit kept.
    var extracted: [String: (page: SpecPage, locales: Set<String>)] = [:]

    public init() {}

    // MARK: messages

    /// Handles one message body; returns what to send. Never throws: a body that is not JSON, not
    /// a JSON-RPC message or has invalid params gets an error response (id `null` when unknown).
    public func handle(_ body: [UInt8]) -> [RPCMessage] {
        let message: RPCMessage
        do {
            message = try JSONDecoder().decode(RPCMessage.self, from: Data(body))
        } catch {
            let json = (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) != nil
            return [RPCMessage(error: RPCError(
                code: json ? RPCError.invalidRequest : RPCError.parseError,
                message: json ? "not a JSON-RPC 2.0 message: \(Self.describe(error))" : "the message is not valid JSON (\(body.count) bytes)"))]
        }
        guard let method = message.method else { return [] }  // a response to us: nothing asked
        if method == "$/cancelRequest" {
            if let p = try? message.params?.decode(LSP.CancelParams.self) { cancelled.insert(p.id) }
            return []
        }
        if let id = message.id, cancelled.remove(id) != nil {
            return [RPCMessage(id: id, error: RPCError(code: RPCError.requestCancelled, message: "request \(id) was cancelled"))]
        }
        do {
            if !initialized && method != "initialize" && method != "exit" {
                if message.id != nil { throw RPCError(code: RPCError.serverNotInitialized, message: "the server is not initialized yet") }
                return []
            }
            var out: [RPCMessage] = []
            let result = try dispatch(method, message.params ?? .null, &out)
            if let id = message.id { out.insert(RPCMessage(id: id, result: result ?? .null), at: 0) }
            return out
        } catch let error as RPCError {
            return message.id.map { [RPCMessage(id: $0, error: error)] } ?? []
        } catch {
            let e = RPCError(code: RPCError.invalidParams, message: "invalid params for \(method): \(Self.describe(error))")
            return message.id.map { [RPCMessage(id: $0, error: e)] } ?? [RPCMessage(method: "window/logMessage", params: .from(LSP.ShowMessageParams(type: 1, message: e.message)))]
        }
    }

    static func describe(_ error: any Error) -> String {
        if case DecodingError.keyNotFound(let key, let context) = error {
            return "missing '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'"
        }
        if case DecodingError.typeMismatch(_, let context) = error {
            return "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        }
        return "\(error)"
    }

    func dispatch(_ method: String, _ params: JSONValue, _ out: inout [RPCMessage]) throws -> JSONValue? {
        switch method {
        case "initialize":
            let p = try params.decode(LSP.InitializeParams.self)
            let rootURI = p.workspaceFolders?.first?.uri ?? p.rootUri
            if let path = rootURI.flatMap(LSP.path(fromURI:)) ?? p.rootPath { root = URL(fileURLWithPath: path) }
            loadConfig()
            sourcePages = [:]
            sourceStubs = nil
            initialized = true
            return .object([
                "capabilities": .object([
                    "positionEncoding": .string("utf-16"),
                    "textDocumentSync": .object(["openClose": .bool(true), "change": .number(2), "save": .object(["includeText": .bool(false)])]),
                    "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix"), .string(Self.fixAllKind)])]),
                    "hoverProvider": .bool(true),
                    "definitionProvider": .bool(true),
                ]),
                "serverInfo": .object(["name": .string("docspec"), "version": .string(DocSpecCLI.version)]),
            ])
        case "initialized":
            if let problem = configProblem {
                out.append(RPCMessage(method: "window/showMessage", params: .from(LSP.ShowMessageParams(type: 1, message: problem))))
            }
            return nil
        case "shutdown":
            shutdownRequested = true
            return nil
        case "exit":
            exited = true
            return nil
        case "textDocument/didOpen":
            let p = try params.decode(LSP.DidOpenParams.self)
            guard let path = LSP.path(fromURI: p.textDocument.uri) else { return nil }
            documents[p.textDocument.uri] = Document(uri: p.textDocument.uri, path: path, version: p.textDocument.version, text: p.textDocument.text)
            touch(p.textDocument.uri)
            out += flush()
            return nil
        case "textDocument/didChange":
            let p = try params.decode(LSP.DidChangeParams.self)
            guard var doc = documents[p.textDocument.uri] else { return nil }
            for change in p.contentChanges { doc.text = Self.apply(change, to: doc.text) }
            doc.version = p.textDocument.version
            documents[p.textDocument.uri] = doc
            touch(p.textDocument.uri)  // published at the next flush (debounced)
            return nil
        case "textDocument/didSave":
            let p = try params.decode(LSP.DidSaveParams.self)
            if let text = p.text { documents[p.textDocument.uri]?.text = text }
            if let root, p.textDocument.uri == LSP.uri(forPath: root.appendingPathComponent(Config.fileName).path) {
                loadConfig()
                sourcePages = [:]
                sourceStubs = nil
                for uri in documents.keys { touch(uri) }
            } else {
                if let config, let doc = documents[p.textDocument.uri], place(doc.path)?.locale == config.source { sourceStubs = nil }
                touch(p.textDocument.uri)
            }
            out += flush()
            return nil
        case "textDocument/didClose":
            let p = try params.decode(LSP.DidCloseParams.self)
            documents[p.textDocument.uri] = nil
            checked[p.textDocument.uri] = nil
            parses[p.textDocument.uri] = nil
            scoreCaches[p.textDocument.uri] = nil
            extracted[p.textDocument.uri] = nil
            pending.remove(p.textDocument.uri)
            out.append(publish(p.textDocument.uri, version: nil, []))
            return nil
        case "textDocument/codeAction":
            let p = try params.decode(LSP.CodeActionParams.self)
            return .from(codeActions(p))
        case "textDocument/hover":
            let p = try params.decode(LSP.TextDocumentPositionParams.self)
            return hover(p).map { .from($0) } ?? .null
        case "textDocument/definition":
            let p = try params.decode(LSP.TextDocumentPositionParams.self)
            return definition(p).map { .from($0) } ?? .null
        default:
            if method.hasPrefix("$/") { return nil }
            throw RPCError(code: RPCError.methodNotFound, message: "method '\(method)' is not supported")
        }
    }

    static let fixAllKind = "source.fixAll.docspec"

    func loadConfig() {
        configProblem = nil
        guard let root else {
            config = nil
            configProblem = "docspec: no workspace folder; open the folder that holds docspec.yml"
            return
        }
        let file = root.appendingPathComponent(Config.fileName)
        do throws(DocSpecError) {
            guard FileManager.default.fileExists(atPath: file.path) else {
                throw .config("no \(Config.fileName) in the workspace root \(root.path)")
            }
            var c = try Config.load(from: file)
            c.rules = .standard
            try c.validate()
            config = c
        } catch {
            config = nil
            configProblem = "docspec: \(error.description)"
        }
    }

    /// Applies one change of `textDocument/didChange` (a range in UTF-16 positions, or the whole text).
    static func apply(_ change: LSP.ContentChange, to text: String) -> String {
        guard let r = change.range else { return change.text }
        let index = TextIndex(text)
        let a = index.offset(lspLine: r.start.line, utf16Column: r.start.character)
        let b = max(a, index.offset(lspLine: r.end.line, utf16Column: r.end.character))
        var bytes = index.bytes
        bytes.replaceSubrange(a..<b, with: Array(change.text.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: checking

    /// Where a file is in the configuration: its locale and path relative to the locale folder.
    func place(_ path: String) -> (locale: String, relativePath: String)? {
        guard let config else { return nil }
        for l in config.locales {
            let dir = config.resolve(l.directory).standardizedFileURL.path
            let prefix = dir.hasSuffix("/") ? dir : dir + "/"
            if path.hasPrefix(prefix) { return (l.code, String(path.dropFirst(prefix.count))) }
        }
        return nil
    }

    /// Marks `uri` for publishing; for a source page, its open translations too.
    func touch(_ uri: String) {
        pending.insert(uri)
        checked[uri] = nil
        guard let config, let doc = documents[uri], let p = place(doc.path), p.locale == config.source else { return }
        for (other, d) in documents where other != uri {
            if let q = place(d.path), q.locale != config.source, q.relativePath == p.relativePath || checked[other]?.sourcePath == doc.path {
                pending.insert(other)
                checked[other] = nil
            }
        }
    }

    /// Publishes the diagnostics of every pending document.
    public func flush() -> [RPCMessage] {
        let uris = pending.sorted()
        pending.removeAll()
        return uris.compactMap { uri in
            guard let doc = documents[uri] else { return nil }
            let (diagnostics, _) = lspDiagnostics(uri)
            return publish(uri, version: doc.version, diagnostics)
        }
    }

    func publish(_ uri: String, version: Int?, _ diagnostics: [LSP.Diagnostic]) -> RPCMessage {
        RPCMessage(method: "textDocument/publishDiagnostics", params: .from(LSP.PublishDiagnosticsParams(uri: uri, version: version, diagnostics: diagnostics)))
    }

    func text(ofPath path: String) -> String? {
        if let d = documents.values.first(where: { $0.path == path }) { return d.text }
        return FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Parses a page from text; `nil` with the parse findings when it cannot be read.
    ///
    /// With `uri`, the parse is that of the open document's last parse updated for the new text
    /// (`parses`), which re-parses only the blocks an edit touched.
    func page(_ text: String, path: String, locale: String, relativePath: String, config: Config, uri: String? = nil) -> (SpecPage?, [Diagnostic]) {
        let display = DocSet.displayPath(URL(fileURLWithPath: path), root: config.root)
        let locales = Set(config.locales.map { $0.code.lowercased() })
        let parsed: ParseResult
        var previous: (page: SpecPage, splice: IncrementalParse.Splice)? = nil
        if let uri {
            if var kept = parses[uri], kept.path == display {
                kept.update(text)
                parses[uri] = kept
                if let splice = kept.splice, let last = extracted[uri], last.locales == locales { previous = (last.page, splice) }
            } else {
                parses[uri] = IncrementalParse(text, path: display)
            }
            extracted[uri] = nil
            parsed = parses[uri]!.result
        } else {
            parsed = MarkdownParser.parse(text, path: display)
        }
        guard let doc = parsed.document else { return (nil, parsed.diagnostics) }
        let (page, extraction) = SpecExtractor.extract(doc, locale: locale, relativePath: relativePath, linkLocales: locales, previous: previous)
        if let uri { extracted[uri] = (page, locales) }
        return (page, parsed.diagnostics + extraction)
    }

    /// The check of an open translation, computed now when its text changed since the last one.
    func check(_ uri: String) -> Checked? {
        if let c = checked[uri], c.version == documents[uri]?.version, c.text == documents[uri]?.text { return c }
        guard let config, let doc = documents[uri], let p = place(doc.path), p.locale != config.source else { return nil }
        let (target, targetFindings) = page(doc.text, path: doc.path, locale: p.locale, relativePath: p.relativePath, config: config, uri: uri)
        let (sourcePath, sourceRelativePath) = self.sourcePath(of: target, relativePath: p.relativePath, config: config)
        var findings = targetFindings
        let sourceText = text(ofPath: sourcePath) ?? ""
        var analysis: PairAnalysis? = nil
        if let target, FileManager.default.fileExists(atPath: sourcePath) || documents.values.contains(where: { $0.path == sourcePath }) {
            let source: SpecPage?
            if let cached = sourcePages[sourcePath], cached.text == sourceText {
                source = cached.page
            } else {
                source = page(sourceText, path: sourcePath, locale: config.source, relativePath: sourceRelativePath, config: config).0
                sourcePages[sourcePath] = (sourceText, source)
            }
            if let source {
                var pair = PagePair(source: source, target: target)
                pair.scoreCache = scoreCaches[uri] ?? SectionScoreCache()
                scoreCaches[uri] = pair.scoreCache
                let result = Pipeline.driftChecker(config).analyze(pair)
                findings += result.diagnostics
                analysis = result.analysis
                let docs = DocSet(pages: [config.source: [source], p.locale: [target]], diagnostics: [], unreadable: [:])
                let levels = (try? DocSpecCLI.ruleLevels(config, DocSpecCLI.PolicyOptions())) ?? [:]
                findings = DocSpecCLI.policyFindings(findings, docSet: docs, levels: levels, rules: config.rules).diagnostics
            }
        }
        let c = Checked(
            version: doc.version, text: doc.text, index: TextIndex(doc.text), findings: findings, analysis: analysis,
            sourcePath: sourcePath, sourceText: sourceText, sourceIndex: TextIndex(sourceText))
        checked[uri] = c
        return c
    }

    /// The file of the source page `target` (a translation at `relativePath`) is paired with, as
    /// `docspec lint` pairs pages (`PageSetRule.pair`: front matter `id`, else the same path, else
    /// the path ignoring case, else the `slug`); the same path in the source folder when no page
    /// pairs with it. Returns the file's path and its path relative to the source folder.
    func sourcePath(of target: SpecPage?, relativePath: String, config: Config) -> (path: String, relativePath: String) {
        let folder = config.resolve(config.sourceLocale?.directory ?? "")
        let samePath = (folder.appendingPathComponent(relativePath).standardizedFileURL.path, relativePath)
        guard let target, let sourceLocale = config.sourceLocale else { return samePath }
        if sourceStubs == nil {
            sourceStubs = DocSet.discover(config, locales: [sourceLocale]).flatMap { f in
                f.files.compactMap { rel in
                    PageReader.pairingStub(
                        fileAt: f.url(rel), displayPath: DocSet.displayPath(f.url(rel), root: config.root), locale: sourceLocale.code, relativePath: rel)
                }
            }
        }
        let paired = PageSetRule.pair(source: sourceStubs ?? [], target: [target], sourceLocale: config.source, targetLocale: target.locale)
        guard let source = paired.pairs.first?.source else { return samePath }
        return (folder.appendingPathComponent(source.relativePath).standardizedFileURL.path, source.relativePath)
    }

    /// The LSP diagnostics of an open document, with the findings they stand for.
    func lspDiagnostics(_ uri: String) -> ([LSP.Diagnostic], [Diagnostic]) {
        guard let config, let doc = documents[uri] else { return ([], []) }
        let display = DocSet.displayPath(URL(fileURLWithPath: doc.path), root: config.root)
        if let c = check(uri) {
            let mine = c.findings.filter { $0.location?.file == display }.sortedForOutput()
            return (mine.map { lspDiagnostic($0, c.index) }, mine)
        }
        // A source page (or a page outside the locales): its own parse and extraction findings.
        guard let p = place(doc.path) else { return ([], []) }
        let (_, findings) = page(doc.text, path: doc.path, locale: p.locale, relativePath: p.relativePath, config: config)
        let index = TextIndex(doc.text)
        let mine = findings.filter { $0.location?.file == display }.sortedForOutput()
        return (mine.map { lspDiagnostic($0, index) }, mine)
    }

    func uri(forDisplayPath file: String) -> String {
        guard let config else { return LSP.uri(forPath: file) }
        return LSP.uri(forPath: file.hasPrefix("/") ? file : config.root.appendingPathComponent(file).path)
    }

    /// The range of a finding: its fix's first edit when that starts on the finding's line (the
    /// drifted token itself), else from its column to the end of its line.
    func range(_ d: Diagnostic, _ index: TextIndex) -> LSP.Range {
        let line = d.location?.line ?? 1
        if let e = d.fix?.edits.first, index.lineOf(e.range.lowerBound) == line || d.fix?.edits.count == 1 {
            return lspRange(e.range, index)
        }
        let start = index.offset(line: line, column: d.location?.column ?? 1)
        return lspRange(start..<max(start, index.lineRange(line).upperBound), index)
    }

    func lspRange(_ r: Range<Int>, _ index: TextIndex) -> LSP.Range {
        let a = index.lspPosition(r.lowerBound)
        let b = index.lspPosition(r.upperBound)
        return LSP.Range(start: LSP.Position(line: a.line, character: a.character), end: LSP.Position(line: b.line, character: b.character))
    }

    func lspDiagnostic(_ d: Diagnostic, _ index: TextIndex) -> LSP.Diagnostic {
        let related = d.notes.compactMap { n -> LSP.DiagnosticRelatedInformation? in
            guard let at = n.location else { return nil }
            let p = LSP.Position(line: max(at.line - 1, 0), character: max(at.column - 1, 0))
            return LSP.DiagnosticRelatedInformation(location: LSP.Location(uri: uri(forDisplayPath: at.file), range: LSP.Range(start: p, end: p)), message: n.message)
        }
        let severity = d.severity == .error ? 1 : d.severity == .warning ? 2 : 3
        return LSP.Diagnostic(range: range(d, index), severity: severity, code: d.ruleID, message: d.message, relatedInformation: related.isEmpty ? nil : related)
    }

    // MARK: requests

    func edits(_ fix: Fix, _ index: TextIndex) -> [LSP.TextEdit] {
        fix.edits.map { LSP.TextEdit(range: lspRange($0.range, index), newText: $0.replacement) }
    }

    func codeActions(_ p: LSP.CodeActionParams) -> [LSP.CodeAction] {
        guard let c = check(p.textDocument.uri) else { return [] }
        let uri = p.textDocument.uri
        let (lsp, findings) = lspDiagnostics(uri)
        var out: [LSP.CodeAction] = []
        let wantsQuickFix = p.context?.only.map { $0.contains { "quickfix".hasPrefix($0) } } ?? true
        let wantsFixAll = p.context?.only.map { $0.contains { Self.fixAllKind.hasPrefix($0) } } ?? true
        if wantsQuickFix {
            for (l, d) in zip(lsp, findings) {
                guard let fix = d.fix, !fix.inserts, l.range.start.line <= p.range.end.line, l.range.end.line >= p.range.start.line else { continue }
                out.append(LSP.CodeAction(
                    title: "DocSpec: \(fix.description)", kind: "quickfix", diagnostics: [l], isPreferred: true,
                    edit: LSP.WorkspaceEdit(changes: [uri: edits(fix, c.index)])))
            }
        }
        let all = findings.compactMap(\.fix).filter { !$0.inserts }
        if wantsFixAll, !all.isEmpty {
            let chosen = FixApplier.apply(all, to: c.index.bytes).applied
            if !chosen.isEmpty {
                out.append(LSP.CodeAction(
                    title: "DocSpec: fix all mechanical drift in this file (\(chosen.count))", kind: Self.fixAllKind, diagnostics: nil, isPreferred: nil,
                    edit: LSP.WorkspaceEdit(changes: [uri: chosen.flatMap { edits($0, c.index) }])))
            }
        }
        return out
    }

    /// The source block of the unit holding 1-based `line` of the source page, as text.
    func sourceBlock(_ c: Checked, line: Int) -> (lines: ClosedRange<Int>, text: String)? {
        guard let units = c.analysis?.blocks?.source.units,
            let u = units.first(where: { $0.range.start.line <= line && line <= max($0.range.start.line, $0.range.end.line) })
        else { return nil }
        let lines = u.range.start.line...max(u.range.start.line, u.range.end.line)
        return (lines, lines.map { c.sourceIndex.line($0) }.joined(separator: "\n"))
    }

    func hover(_ p: LSP.TextDocumentPositionParams) -> LSP.Hover? {
        guard let c = check(p.textDocument.uri), let config else { return nil }
        let (lsp, findings) = lspDiagnostics(p.textDocument.uri)
        func contains(_ r: LSP.Range) -> Bool {
            (r.start.line, r.start.character) <= (p.position.line, p.position.character) && (p.position.line, p.position.character) <= (r.end.line, r.end.character)
        }
        let hits = zip(lsp, findings).filter { contains($0.0.range) }
        guard let first = hits.first else { return nil }
        var text = hits.map { "**\($0.1.ruleID)**: \($0.1.message)" }.joined(separator: "\n\n")
        let sourceDisplay = DocSet.displayPath(URL(fileURLWithPath: c.sourcePath), root: config.root)
        if let note = first.1.notes.compactMap(\.location).first(where: { $0.file == sourceDisplay }), let block = sourceBlock(c, line: note.line) {
            text += "\n\nIn the source locale (\(config.source)), \(sourceDisplay):\(block.lines.lowerBound):\n\n```markdown\n\(block.text)\n```"
        }
        return LSP.Hover(contents: LSP.MarkupContent(kind: "markdown", value: text), range: first.0.range)
    }

    /// The source block matched to the translated block at the position (block alignment), else
    /// the heading of the matched section.
    func definition(_ p: LSP.TextDocumentPositionParams) -> LSP.Location? {
        guard let c = check(p.textDocument.uri), let al = c.analysis?.blocks else { return nil }
        let line = p.position.line + 1
        guard let t = al.target.units.firstIndex(where: { $0.range.start.line <= line && line <= max($0.range.start.line, $0.range.end.line) })
            ?? al.target.units.lastIndex(where: { $0.range.start.line <= line })
        else { return nil }
        var source: Int? = nil
        for region in al.regions { if let (s, _) = region.matches.first(where: { $0.value == t }) { source = s; break } }
        if source == nil, let section = al.target.sections.lastIndex(where: { ($0.headingIndex ?? -1) <= t && $0.headingIndex != nil }),
            let s = al.targetToSource[section] ?? al.moved.first(where: { $0.1 == section })?.0
        {
            source = al.source.sections[s].headingIndex
        }
        guard let s = source else { return nil }
        let u = al.source.units[s]
        let start = c.sourceIndex.lineRange(u.range.start.line).lowerBound
        let end = c.sourceIndex.lineRange(max(u.range.start.line, u.range.end.line)).upperBound
        return LSP.Location(uri: LSP.uri(forPath: c.sourcePath), range: lspRange(start..<end, c.sourceIndex))
    }

    /// Parses and extracts a source page and its translation from text, as a check does before
    /// the rules run: the baseline of `lsp-bench`. Returns the number of blocks parsed.
    public static func parseForBenchmark(_ source: String, _ target: String, root: URL) -> Int {
        let server = LanguageServer()
        let config = Config(root: root, locales: [Config.Locale(code: "ja", directory: "ja"), Config.Locale(code: "ru", directory: "ru")], source: "ja")
        let a = server.page(source, path: root.appendingPathComponent("ja/big.md").path, locale: "ja", relativePath: "big.md", config: config).0
        let b = server.page(target, path: root.appendingPathComponent("ru/big.md").path, locale: "ru", relativePath: "big.md", config: config).0
        return (a?.document.blocks.count ?? 0) + (b?.document.blocks.count ?? 0)
    }
}
