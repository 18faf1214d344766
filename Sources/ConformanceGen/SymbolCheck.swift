import DocDiagnostics
import Foundation
import SpecModel

/// The part of a Swift symbol graph (`*.symbols.json`, from `swift package dump-symbol-graph` or
/// `swift symbolgraph-extract`) that the symbol check reads.
public struct SymbolGraph: Decodable, Sendable {
    public struct Symbol: Decodable, Sendable {
        public struct Kind: Decodable, Sendable { public var identifier: String }
        public struct Identifier: Decodable, Sendable { public var precise: String }
        public struct Names: Decodable, Sendable { public var title: String }
        public struct Fragment: Decodable, Sendable {
            public var kind: String
            public var spelling: String
            /// The symbol a `typeIdentifier` fragment names (`s:6Shapes7CornersO`).
            public var preciseIdentifier: String?
        }
        public struct Parameter: Decodable, Sendable {
            public var name: String
            public var declarationFragments: [Fragment]?
        }
        public struct FunctionSignature: Decodable, Sendable { public var parameters: [Parameter]? }

        public var kind: Kind
        public var identifier: Identifier
        public var pathComponents: [String]
        public var names: Names
        public var functionSignature: FunctionSignature?
        /// The declaration (`typealias Sides = Corners`).
        public var declarationFragments: [Fragment]?
    }

    /// The graph's module (`{"name": "Shapes"}`).
    public struct Module: Decodable, Sendable { public var name: String }

    public var module: Module?
    public var symbols: [Symbol]
}

/// The library's types and their members, by qualified name (`Outer.Inner`), from its symbol graphs.
public struct LibrarySymbols: Sendable {
    /// A member: its title (`square`, `coordinator(_:didFinishSweep:)`), kind, and for functions
    /// the parameter types as written in the declaration.
    public struct Member: Sendable, Hashable {
        public var title: String
        public var kind: String
        public var parameterTypes: [String]
    }

    /// Qualified type name → its kind identifier (`swift.enum`, `swift.protocol`, …).
    public private(set) var types: [String: String] = [:]
    /// Qualified type name → its members.
    public private(set) var members: [String: [Member]] = [:]
    /// The graphs' modules (`Shapes`): a `symbol=` may name a type through its module (`Shapes.Corners`).
    public private(set) var modules: Set<String> = []
    /// A typealias → the qualified name of the library type it stands for (`Sides` → `Corners`),
    /// for aliases of one (possibly nested) type of the graphs.
    public private(set) var aliases: [String: String] = [:]

    /// The qualified name (a key of `types`) `symbol` names: itself, or without a leading module
    /// name of the graphs (`Shapes.Corners` → `Corners`, as Swift resolves it), a typealias
    /// replaced by the library type it stands for; `nil` for none.
    public func typeName(_ symbol: String) -> String? {
        var name: String
        if types[symbol] != nil {
            name = symbol
        } else {
            guard let dot = symbol.firstIndex(of: "."), modules.contains(String(symbol[..<dot])) else { return nil }
            name = String(symbol[symbol.index(after: dot)...])
            guard types[name] != nil else { return nil }
        }
        var seen: Set<String> = [name]
        while let target = aliases[name], seen.insert(target).inserted { name = target }
        return name
    }

    /// Reads the graphs' types and members.
    public init(_ graphs: [SymbolGraph]) {
        let typeKinds: Set<String> = ["swift.enum", "swift.struct", "swift.class", "swift.protocol", "swift.actor", "swift.typealias"]
        var paths: [String: String] = [:]
        var aliasTargets: [String: String] = [:]
        for graph in graphs {
            if let module = graph.module?.name { modules.insert(module) }
            for symbol in graph.symbols {
                let path = symbol.pathComponents.joined(separator: ".")
                if typeKinds.contains(symbol.kind.identifier) {
                    types[path] = symbol.kind.identifier
                    paths[symbol.identifier.precise] = path
                    if symbol.kind.identifier == "swift.typealias", let target = Self.aliasTarget(symbol.declarationFragments ?? []) {
                        aliasTargets[path] = target
                    }
                } else if symbol.pathComponents.count > 1 {
                    let owner = symbol.pathComponents.dropLast().joined(separator: ".")
                    let types = (symbol.functionSignature?.parameters ?? []).map { p in
                        Self.typeText(p.declarationFragments ?? [])
                    }
                    let member = Member(title: symbol.pathComponents.last ?? symbol.names.title, kind: symbol.kind.identifier, parameterTypes: types)
                    if !(members[owner]?.contains(member) ?? false) { members[owner, default: []].append(member) }
                }
            }
        }
        aliases = aliasTargets.compactMapValues { paths[$0] }
    }

    /// The precise identifier of the type a typealias declaration stands for, when that is one
    /// (possibly qualified) type: the last `typeIdentifier` of `typealias A = B` or `= B.C`;
    /// `nil` for generic arguments, compositions, tuples or functions.
    static func aliasTarget(_ fragments: [SymbolGraph.Symbol.Fragment]) -> String? {
        guard let equals = fragments.firstIndex(where: { $0.kind == "text" && $0.spelling.contains("=") }) else { return nil }
        let after = fragments[equals...].dropFirst()
        let rest = fragments[equals].spelling.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).last ?? ""
        guard rest.allSatisfy(\.isWhitespace) else { return nil }
        var target: String?
        for f in after {
            if f.kind == "typeIdentifier" {
                target = f.preciseIdentifier
            } else if !(f.kind == "text" && f.spelling.allSatisfy { $0 == "." || $0.isWhitespace }) {
                return nil
            }
        }
        return target
    }

    /// A parameter's type from its fragments (`coordinator: PurchaseCoordinator` → `PurchaseCoordinator`).
    static func typeText(_ fragments: [SymbolGraph.Symbol.Fragment]) -> String {
        let text = fragments.map(\.spelling).joined()
        guard let colon = text.firstIndex(of: ":") else { return text }
        return text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    /// Why a folder of symbol graphs could not be read; `description` says it in a sentence
    /// about the folder (`load` names the files).
    public enum LoadError: Error, Equatable, CustomStringConvertible {
        /// The folder does not exist.
        case noFolder
        /// The path names a file, not a folder.
        case notAFolder
        /// The folder cannot be listed (the system's reason).
        case unreadable(String)
        /// No `<module>.symbols.json` for these modules of `imports`; the modules the folder has graphs of.
        case missingModules([String], found: [String])
        /// `modules` is empty and the folder holds no `*.symbols.json`.
        case noGraphs
        /// A graph file that cannot be read or is no symbol graph: its name and why.
        case badGraph(String, reason: String)

        public var description: String {
            switch self {
            case .noFolder: return "there is no such folder"
            case .notAFolder: return "it is a file, not a folder of symbol graphs"
            case .unreadable(let reason): return "the folder cannot be read: \(reason)"
            case .missingModules(let modules, let found):
                let names = modules.map { "'\($0)' (\($0).symbols.json)" }.joined(separator: ", ")
                let has = found.isEmpty ? "it holds no symbol graph" : "it holds graphs of \(found.map { "'\($0)'" }.joined(separator: ", "))"
                return "no symbol graph of the module\(modules.count == 1 ? "" : "s") \(names) of docspec.yml's imports; \(has)"
            case .noGraphs: return "it holds no symbol graph (*.symbols.json)"
            case .badGraph(let name, let reason): return "'\(name)' is not a symbol graph: \(reason)"
            }
        }
    }

    /// Reads every `*.symbols.json` in `directory` whose module (the name before `.symbols` or
    /// `@`) is in `modules` (all when `modules` is empty).
    ///
    /// - Throws: `LoadError`: the folder is missing, a file or unreadable; a module of `modules`
    ///   has no `<module>.symbols.json` (or, with `modules` empty, there is no graph at all); a
    ///   graph file is unreadable or no symbol graph (named, with the decoder's reason).
    public static func load(directory: URL, modules: [String]) throws(LoadError) -> LibrarySymbols {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { throw .noFolder }
        guard isDirectory.boolValue else { throw .notAFolder }
        let names: [String]
        do {
            names = try fm.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".symbols.json") }.sorted()
        } catch {
            throw .unreadable(error.localizedDescription)
        }
        func module(_ name: String) -> String { String(name.prefix { $0 != "@" && $0 != "." }) }
        let found = Set(names.map(module))
        let missing = modules.filter { !found.contains($0) }
        guard missing.isEmpty else { throw .missingModules(missing, found: found.sorted()) }
        guard !names.isEmpty else { throw .noGraphs }
        var graphs: [SymbolGraph] = []
        for name in names where modules.isEmpty || modules.contains(module(name)) {
            let data: Data
            do {
                data = try Data(contentsOf: directory.appendingPathComponent(name))
            } catch {
                throw .badGraph(name, reason: error.localizedDescription)
            }
            do {
                graphs.append(try JSONDecoder().decode(SymbolGraph.self, from: data))
            } catch let error as DecodingError {
                throw .badGraph(name, reason: Self.reason(error))
            } catch {
                throw .badGraph(name, reason: "\(error)")
            }
        }
        return LibrarySymbols(graphs)
    }

    /// A decoding error in a sentence: the decoder's description and the JSON path it failed at.
    static func reason(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .dataCorrupted(let c), .keyNotFound(_, let c), .typeMismatch(_, let c), .valueNotFound(_, let c): context = c
        @unknown default: return "\(error)"
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        var text = context.debugDescription
        if let underlying = context.underlyingError as NSError?, let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
            text += " (\(detail))"
        }
        while text.hasSuffix(".") { text.removeLast() }
        return path.isEmpty ? text : "\(text), at '\(path.hasPrefix(".") ? String(path.dropFirst()) : path)'"
    }
}

/// Divergence between the docs and the library found before compiling: reads the symbol graph
/// and reports at the directive's or the row's doc line.
public enum SymbolCheck {
    /// The rules the symbol check emits.
    public static let descriptors: [RuleDescriptor] = [
        RuleDescriptor(
            "unknown-symbol", .error, layer: .generation, summary: "a table's symbol= names no type of the library",
            help: """
                `docspec check --symbols` found no type of that name in the library's symbol graph (the modules of \
                `imports`), or a type of the wrong sort for the table's kind: a protocol for any kind but \
                `delegate-parameters`, which needs one. The generated tests would not compile. Fix the name (the \
                message suggests a near miss) or the imports.
                """, example: "<!-- docspec:table kind=int-enum symbol=Corners -->"),
        RuleDescriptor(
            "missing-member", .error, layer: .generation, summary: "a documented case or method is not in the library",
            help: """
                A row names an enum case or a protocol method (with its argument labels) that the symbol graph of the \
                table's type does not have: renamed, removed, or misspelled in the docs. Fix the row or the library.
                """),
        RuleDescriptor(
            "member-signature", .error, layer: .generation, summary: "a documented method's parameter types differ from the library's",
            help: """
                A delegate-parameters row lists parameter types that differ from the method's declaration in the \
                library. Fix the row or the library.
                """),
        RuleDescriptor(
            "unknown-error-name", .error, layer: .generation, summary: "a fields table names an error the docs and the library do not know",
            help: """
                A row's error column names an error that no error-codes table of the source locale lists and that is \
                neither a type nor an enum case of the library (found by `docspec check --symbols`), so the test \
                cannot expect it. Fix the name, or add the error to an error-codes table or the library.
                """),
        RuleDescriptor(
            "undocumented-member", .error, layer: .generation, summary: "a complete table leaves out a case or requirement of the library",
            help: """
                The table is marked `complete`, but the library's type has a case (or a protocol requirement) that no \
                row lists. Add the row, or drop `complete`.
                """),
    ]

    /// The ids of the rules the symbol check emits.
    public static let ruleIDs: Set<String> = Set(descriptors.map(\.id.rawValue))

    /// A finding of the symbol check and the table it is about.
    public struct Finding: Sendable, Hashable {
        /// The finding, at the directive's or the row's doc line.
        public var diagnostic: Diagnostic
        /// The page's display path.
        public var page: String
        /// The table's index in the page's `tables` (0-based); `nil` for a finding about a typed
        /// JSON sample (then `sample` is set).
        public var table: Int?
        /// The typed JSON sample's index in the page's `codeSamples` (0-based), for a finding
        /// about a ```` ```json Type ```` sample whose type is not one the library has: its decode
        /// test would not compile. `nil` for a table's finding.
        public var sample: Int? = nil
        /// Whether the table's generated code would not compile: a `symbol=` that names no type
        /// (any kind; the tests name the type) or a protocol where the kind needs a concrete type
        /// (and the reverse for `delegate-parameters`), or any finding on a `delegate-parameters` table (its
        /// conformance class must match the protocol exactly). Other findings fail only at run time.
        public var breaksBuild: Bool
    }

    /// Checks each source page's tables against `library`.
    public static func check(_ pages: [SpecPage], _ library: LibrarySymbols) -> [Diagnostic] {
        findings(pages, library).map(\.diagnostic)
    }

    /// `check`'s findings with the table each is about, pages in path order, tables in page order.
    public static func findings(_ pages: [SpecPage], _ library: LibrarySymbols) -> [Finding] {
        var out: [Finding] = []
        let documentedErrors = Set(pages.flatMap(\.tables).filter { $0.kind == .errorCodes }.flatMap(\.rows).compactMap { $0.value("name") })
        let libraryNames = Set(library.types.keys.map { String($0.split(separator: ".").last ?? "") })
            .union(library.members.values.flatMap { $0 }.filter { $0.kind == "swift.enum.case" }.map(\.title))
        for page in pages.sorted(by: { $0.path < $1.path }) {
            for (index, table) in page.tables.enumerated() {
                func add(_ found: [Diagnostic], breaksBuild: Bool) {
                    out += found.map { Finding(diagnostic: $0, page: page.path, table: index, breaksBuild: breaksBuild) }
                }
                if table.kind == .fields {
                    for row in table.rows {
                        guard let name = row.value("error"), !name.isEmpty, !["—", "-", "–"].contains(name), !documentedErrors.contains(name)
                        else { continue }
                        if libraryNames.isDisjoint(with: errorSpellings(name)) {
                            add([.error(
                                "unknown-error-name",
                                "error '\(name)' is in no error-codes table of the source locale and is no type or enum case of the library",
                                at: location(page, row.cell("error"), row))], breaksBuild: false)
                        }
                    }
                }
                guard let written = table.symbol else { continue }
                let at = table.directive.range.start
                guard let symbol = library.typeName(written) else {
                    add([.error(
                        "unknown-symbol", "symbol=\(written) names no type of the library\(suggestion(written, library))",
                        at: SourceLocation(file: page.path, line: at.line, column: at.column))], breaksBuild: true)
                    continue
                }
                let sort = library.types[symbol] ?? ""
                // An alias of something the graphs do not hold (another module's type, a generic
                // application): its sort and members are not known.
                if sort == "swift.typealias" { continue }
                let wantsProtocol = table.kind == .delegateParameters
                if (sort == "swift.protocol") != wantsProtocol {
                    let named = sortNames[sort].map { "names \($0)" } ?? "is a '\(sort)'"
                    let needs = wantsProtocol ? "a protocol" : "the enum, struct or class it tests, not a protocol"
                    add([.error(
                        "unknown-symbol", "symbol=\(written) \(named) of the library; a table of kind \(table.kind.rawValue) needs \(needs)",
                        at: SourceLocation(file: page.path, line: at.line, column: at.column))], breaksBuild: true)
                    continue
                }
                let members = library.members[symbol] ?? []
                switch table.kind {
                case .intEnum:
                    add(cases(table, page, symbol, members, names: table.rows.compactMap { row in row.value("case").map { ($0, row) } }, exact: true), breaksBuild: false)
                case .errorCodes where !table.columns.contains("code"):
                    add(cases(table, page, symbol, members, names: table.rows.compactMap { row in row.value("name").map { ($0, row) } }, exact: false), breaksBuild: false)
                case .delegateParameters:
                    add(methods(table, page, symbol, members), breaksBuild: true)
                default:
                    break
                }
            }
            // Typed JSON samples: their decode test names the type (`Type.self`), so a sample whose
            // type the library lacks, or that is a protocol, would stop the build like a table's.
            for (index, sample) in page.codeSamples.enumerated() where sample.language == "json" {
                guard let written = sample.symbol else { continue }
                let at = SourceLocation(file: page.path, line: sample.range.start.line, column: sample.range.start.column)
                let message: String
                if let symbol = library.typeName(written) {
                    guard library.types[symbol] == "swift.protocol" else { continue }
                    message = "the ```json \(written) sample names a protocol of the library; a typed sample needs the type it decodes"
                } else {
                    message = "the ```json \(written) sample names no type of the library\(suggestion(written, library))"
                }
                out.append(Finding(diagnostic: .error("unknown-symbol", message, at: at), page: page.path, table: nil, sample: index, breaksBuild: true))
            }
        }
        return out
    }

    /// The near-miss suggestion for a name that is no type of `library` (`; did you mean 'Corners'?`),
    /// qualified by its module when it is (`Shapes.Corner` → `Shapes.Corners`), or `""`.
    static func suggestion(_ written: String, _ library: LibrarySymbols) -> String {
        let names = Array(library.types.keys)
        var near = nearMiss(written, names)
        if near == nil, let dot = written.firstIndex(of: "."), library.modules.contains(String(written[..<dot])) {
            // Qualified by its module (`Shapes.Corner`): the near miss of the rest, qualified alike.
            near = nearMiss(String(written[written.index(after: dot)...]), names).map { written[...dot] + $0 }
        }
        return near.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// A type's sort in a message, by its symbol-graph kind.
    static let sortNames = [
        "swift.protocol": "a protocol", "swift.enum": "an enum", "swift.struct": "a struct", "swift.class": "a class",
        "swift.actor": "an actor",
    ]

    static func location(_ page: SpecPage, _ cell: SpecCell?, _ row: SpecRow) -> SourceLocation {
        let start = cell?.range.start ?? row.range.start
        return SourceLocation(file: page.path, line: start.line, column: start.column)
    }

    static func cases(
        _ table: SpecTable, _ page: SpecPage, _ symbol: String, _ members: [LibrarySymbols.Member],
        names: [(String, SpecRow)], exact: Bool
    ) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let cases = members.filter { $0.kind == "swift.enum.case" }.map(\.title)
        func spellings(_ name: String) -> Set<String> { exact ? [name] : errorSpellings(name) }
        var matched: Set<String> = []
        for (name, row) in names {
            let found = cases.filter { spellings(name).contains($0) }
            matched.formUnion(found)
            if found.isEmpty {
                let hint = nearMiss(exact ? name : lowerFirst(name), cases).map { "; did you mean '\($0)'?" } ?? ""
                out.append(.error(
                    "missing-member", "\(symbol) has no case '\(name)'\(hint)",
                    at: location(page, row.cell(exact ? "case" : "name"), row)))
            }
        }
        if table.complete {
            let at = table.directive.range.start
            for c in cases where !matched.contains(c) {
                out.append(.error(
                    "undocumented-member", "\(symbol) has the case '\(c)', which this table (marked complete) does not list",
                    at: SourceLocation(file: page.path, line: at.line, column: at.column)))
            }
        }
        return out
    }

    static func methods(_ table: SpecTable, _ page: SpecPage, _ symbol: String, _ members: [LibrarySymbols.Member]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let methods = members.filter { $0.kind == "swift.method" || $0.kind == "swift.func" }
        var matched: Set<String> = []
        for row in table.rows {
            guard let title = row.value("method") else { continue }
            guard let method = methods.first(where: { $0.title == title }) else {
                let base = title.prefix { $0 != "(" }
                let sameBase = methods.map(\.title).filter { $0.hasPrefix(base + "(") }
                let hint = (nearMiss(title, sameBase) ?? sameBase.first).map { "; the library has '\($0)'" } ?? ""
                out.append(.error("missing-member", "\(symbol) has no method '\(title)'\(hint)", at: location(page, row.cell("method"), row)))
                continue
            }
            matched.insert(method.title)
            let documented = row.cell("parameters")?.codeSpans ?? []
            func normal(_ s: String) -> String { s.filter { !$0.isWhitespace } }
            if documented.count == method.parameterTypes.count, zip(documented, method.parameterTypes).contains(where: { normal($0) != normal($1) }) {
                out.append(.error(
                    "member-signature",
                    "the parameters of \(symbol).\(title) are (\(method.parameterTypes.joined(separator: ", "))) in the library, the docs say (\(documented.joined(separator: ", ")))",
                    at: location(page, row.cell("parameters"), row)))
            }
        }
        if table.complete {
            let at = table.directive.range.start
            for m in methods where !matched.contains(m.title) {
                out.append(.error(
                    "undocumented-member", "\(symbol) requires '\(m.title)', which this table (marked complete) does not list",
                    at: SourceLocation(file: page.path, line: at.line, column: at.column)))
            }
        }
        return out
    }

    /// The case names a documented error name stands for, as DocSpecTesting matches them:
    /// `TooSmallError`, `TooSmall` and `tooSmall` all name `case tooSmall`.
    static func errorSpellings(_ name: String) -> Set<String> {
        var out: Set<String> = [name, lowerFirst(name)]
        if name.hasSuffix("Error"), name.count > 5 { out.formUnion([String(name.dropLast(5)), lowerFirst(String(name.dropLast(5)))]) }
        return out
    }

    static func lowerFirst(_ s: String) -> String {
        guard let first = s.first else { return s }
        return first.lowercased() + s.dropFirst()
    }

    /// The candidate closest to `name` when it is a near miss: equal ignoring case, or at most
    /// 2 edits (1 for names of up to 4 characters) away; ties go to the alphabetically first.
    static func nearMiss(_ name: String, _ candidates: [String]) -> String? {
        if let same = candidates.sorted().first(where: { $0.lowercased() == name.lowercased() }) { return same }
        let limit = name.count <= 4 ? 1 : 2
        let scored = candidates.map { ($0, distance(Array(name.unicodeScalars), Array($0.unicodeScalars))) }
            .filter { $0.1 <= limit }
        return scored.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
    }

    /// Levenshtein distance over Unicode scalars.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
