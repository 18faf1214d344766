/// A small structured description of the Swift that DocSpec generates. The translator
/// (`ConformanceTranslator`) builds these values from the spec; only `SwiftRenderer` writes text.
/// Doc text can enter only through `.string` literals, which the renderer escapes; type names
/// enter only through `.type`, which the translator validates as identifiers first.
public indirect enum SwiftExpr: Hashable, Sendable {
    /// A string literal (escaped when rendered).
    case string(String)
    /// An integer literal.
    case int(Int64)
    /// `true` or `false`.
    case bool(Bool)
    /// The `nil` literal.
    case `nil`
    /// An array literal, rendered one element per line when it has several.
    case array([SwiftExpr])
    /// A tuple literal.
    case tuple([SwiftExpr])
    /// A validated type or member path, e.g. `APIError` or `Self.sample1`.
    case type(String)
    /// `callee(label: arg, …)`; `callee` is a validated path.
    case call(String, [Argument])
    /// A trailing-closure-free closure `{ params in body }`; `body` is an expression.
    case closure(params: [String], body: SwiftExpr)
    /// `try expr`.
    case `try`(SwiftExpr)
    /// `expr.member` where member is a validated identifier, or a call without arguments the
    /// translator writes itself (e.g. `joined()`).
    case member(SwiftExpr, String)

    /// A call argument: `label: value`, or just `value` when unlabelled.
    public struct Argument: Hashable, Sendable {
        /// The argument label, or `nil` for an unlabelled argument.
        public var label: String?
        /// The argument's expression.
        public var value: SwiftExpr
        /// Creates an argument; pass `nil` as `label` for an unlabelled one.
        public init(_ label: String?, _ value: SwiftExpr) {
            self.label = label
            self.value = value
        }
    }
}

/// A `@Test` function.
public struct TestDecl: Hashable, Sendable {
    /// The function name, a Swift identifier (e.g. `table1_errorCodes`).
    public var name: String
    /// The markdown line the test checks: the body is rendered inside
    /// `#sourceLocation(file: <page>, line: <sourceLine>)`, so a compile error or a trap in it
    /// (a renamed type, a changed signature) is reported at the doc's file and line.
    public var sourceLine: Int?
    /// The name shown by Swift Testing, passed to `@Test("…")` (escaped when rendered).
    public var displayName: String
    /// For a parameterised test, the argument list passed to `@Test(…, arguments:)` (usually a
    /// reference to the typed row arrays in `data`); `nil` for a test without arguments. Its
    /// element type is `parameterType`.
    public var arguments: SwiftExpr?
    /// The type of the single `_ row:` parameter, or `nil` for a test without arguments.
    public var parameterType: String?
    /// Statements of the function body, one expression per line.
    public var body: [SwiftExpr]
    /// For a doc-test: the sample's code, rendered verbatim instead of `body`.
    public var docTest: DocTestCode? = nil
    /// Statements rendered after `body`, each under its own `#sourceLocation` line (so each
    /// documented row reports at its own markdown line). Built only from validated identifiers
    /// and type expressions.
    public var linedStatements: [LinedStatement] = []
    /// Typed `static let`s rendered just before the test: the table its rows come from
    /// (`static let table1: DocSpecTable<Row> = .load(<data variable>)`).
    public var data: [StaticLet] = []
}

/// One statement and the markdown line it checks.
public struct LinedStatement: Hashable, Sendable {
    /// The markdown line.
    public var line: Int
    /// The statement text, built from validated names and types.
    public var text: String
}

/// A class conforming to a documented protocol with exactly the documented methods (empty
/// bodies): a missing, renamed or retyped requirement fails the build at the table's lines.
public struct ConformanceClassDecl: Hashable, Sendable {
    /// One method stub.
    public struct Method: Hashable, Sendable {
        /// The base name.
        public var base: String
        /// Argument labels (`_` for none) and parameter types, pairwise.
        public var parameters: [(label: String, type: String)]
        /// The markdown line of the row.
        public var line: Int

        public static func == (a: Method, b: Method) -> Bool {
            a.base == b.base && a.line == b.line && a.parameters.map(\.label) == b.parameters.map(\.label)
                && a.parameters.map(\.type) == b.parameters.map(\.type)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(base)
            hasher.combine(line)
            for p in parameters {
                hasher.combine(p.label)
                hasher.combine(p.type)
            }
        }
    }

    /// The class name (a Swift identifier).
    public var name: String
    /// The protocol (a validated symbol).
    public var protocolName: String
    /// The table's markdown line.
    public var line: Int
    /// The documented methods.
    public var methods: [Method]
}

/// The code of a fenced block the docs mark as a test (a doc-test). It is the one place where doc
/// text becomes code: only for languages the configuration opts in (`doc-tests: [swift]`).
public struct DocTestCode: Hashable, Sendable {
    /// How the sample is used.
    public enum Mode: Hashable, Sendable {
        /// A `@Test` that runs the code; any thrown error fails it.
        case run
        /// A `@Test` that runs the code and expects it to throw.
        case expectError
        /// A method that is compiled but never called.
        case compileOnly
        /// A disabled `@Test` carrying the reason; the code is not compiled.
        case ignored(reason: String)
        /// A `@Test` that type-checks the sample in a separate `swiftc` run and expects it to
        /// fail inside the sample's lines; the code enters the generated file only as string
        /// literals, so it cannot break the build. `imports` are the modules it is checked with.
        case compileFail(imports: [String])
    }

    /// The sample's lines (`import` lines blanked; they move to the file's imports).
    public var lines: [String]
    /// The markdown line of the first code line.
    public var firstLine: Int
    /// How the sample is used.
    public var mode: Mode
    /// Hidden setup lines (from `<!-- docspec:setup … -->`), run first; `import` lines blanked.
    public var setupLines: [String] = []
    /// The markdown line of the first setup line.
    public var setupFirstLine: Int = 0

    /// Indices (0-based) of the lines of `lines` where a statement of the sample's body begins:
    /// at the sample's top level, or directly inside the block of a `do`, `catch`, `if`, `else`,
    /// `guard`, `for`, `while` or `repeat` statement that stands at such a place (so the statement
    /// a `catch` block rethrows from is found too). Closure, function, type and `switch` bodies
    /// are not entered. A lexical scan — brackets, string literals (raw, multi-line,
    /// interpolated), comments, and lines that continue the previous one (a leading `.`,
    /// operator, `else`/`catch`/`where`, or a previous line ending in an operator, `,` `try`
    /// `await`) — not a parse: where it cannot tell, a line counts as a continuation, which only
    /// makes the reported line coarser, never the code different.
    public static func statementStarts(_ lines: [String]) -> [Int] {
        enum Frame: Equatable {
            case paren, bracket, interpolation, blockComment
            case brace(statement: Bool)
            case string(hashes: Int, multiline: Bool)
        }
        let blockKeywords: Set<String> = ["do", "catch", "if", "else", "guard", "for", "while", "repeat"]
        let continuationWords: Set<String> = ["else", "catch", "where", "in", "as", "is"]
        let trailingContinuationWords: Set<String> = ["try", "await", "as", "is", "in", "where"]
        let operatorScalars = Set("=+-*/%&|^<>?:.,!~".unicodeScalars)
        func isWord(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c) }
        func firstWord(_ text: Substring.UnicodeScalarView) -> String {
            var word = String.UnicodeScalarView()
            for c in text { if isWord(c) { word.append(c) } else { break } }
            return String(word)
        }
        func isSingleLineString(_ frame: Frame) -> Bool {
            if case .string(_, false) = frame { return true }
            return false
        }
        var stack: [Frame] = []
        var starts: [Int] = []
        var continues = false
        var afterAttribute = false
        var statementWord = ""
        for (index, line) in lines.enumerated() {
            let scalars = Array(line.unicodeScalars)
            let trimmed = Substring(line).drop { $0 == " " || $0 == "\t" }
            let atStatementLevel = stack.isEmpty || stack.last == .brace(statement: true)
            if atStatementLevel, let first = trimmed.unicodeScalars.first {
                // `#expect(…)` starts a statement; `#if`, `#else`, `#endif` and a raw string do not.
                let word = firstWord((first == "#" ? trimmed.dropFirst() : trimmed).unicodeScalars)
                let directives: Set<String> = ["if", "else", "elseif", "endif", "sourceLocation", "warning", "error"]
                let leadsOn = operatorScalars.contains(first) || "})]{([@\"'\\".unicodeScalars.contains(first)
                    || continuationWords.contains(word) || (first == "#" && directives.contains(word))
                let comment = trimmed.hasPrefix("//") || trimmed.hasPrefix("/*")
                if !continues && !leadsOn && !comment && !word.isEmpty {
                    starts.append(index)
                    statementWord = word
                } else if afterAttribute || first == "@" {
                    statementWord = word  // the declaration an attribute line belongs to
                } else if first == "}" {
                    statementWord = firstWord(trimmed.dropFirst().drop { $0 == " " }.unicodeScalars)
                }
            }
            var lastCode: Unicode.Scalar?
            var lastWord = ""
            var word = String.UnicodeScalarView()
            var j = 0
            func at(_ k: Int) -> Unicode.Scalar? { k < scalars.count ? scalars[k] : nil }
            func hashes(from k: Int) -> Int {
                var n = 0
                while at(k + n) == "#" { n += 1 }
                return n
            }
            func endWord() {
                if !word.isEmpty { lastWord = String(word) }
                word = String.UnicodeScalarView()
            }
            scan: while j < scalars.count {
                let c = scalars[j]
                switch stack.last {
                case .blockComment:
                    if c == "*" && at(j + 1) == "/" { stack.removeLast(); j += 2 } else if c == "/" && at(j + 1) == "*" { stack.append(.blockComment); j += 2 } else { j += 1 }
                case .string(let h, let multiline):
                    if c == "\\" {
                        if hashes(from: j + 1) >= h {
                            if at(j + 1 + h) == "(" { stack.append(.interpolation); j += h + 2 } else { j += h + 2 }
                        } else {
                            j += 1
                        }
                    } else if c == "\"" {
                        let quotes = multiline ? (at(j + 1) == "\"" && at(j + 2) == "\"" ? 3 : 0) : 1
                        if quotes > 0 && hashes(from: j + quotes) >= h {
                            stack.removeLast()
                            j += quotes + h
                            lastCode = "\""
                            lastWord = ""
                        } else {
                            j += 1
                        }
                    } else {
                        j += 1
                    }
                default:
                    if isWord(c) {
                        word.append(c)
                        lastCode = c
                        j += 1
                        continue scan
                    }
                    endWord()
                    if c == " " || c == "\t" { j += 1; continue scan }
                    if c == "/" && at(j + 1) == "/" { break scan }
                    if c == "/" && at(j + 1) == "*" { stack.append(.blockComment); j += 2; continue scan }
                    let h = c == "#" ? hashes(from: j) : 0
                    if c == "\"" || (h > 0 && at(j + h) == "\"") {
                        let q = j + h
                        let multiline = at(q + 1) == "\"" && at(q + 2) == "\""
                        stack.append(.string(hashes: h, multiline: multiline))
                        j = q + (multiline ? 3 : 1)
                        continue scan
                    }
                    switch c {
                    case "(": stack.append(.paren)
                    case "[": stack.append(.bracket)
                    case ")": if stack.last == .paren || stack.last == .interpolation { stack.removeLast() }
                    case "]": if stack.last == .bracket { stack.removeLast() }
                    case "{":
                        let level = stack.isEmpty || stack.last == .brace(statement: true)
                        stack.append(.brace(statement: level && blockKeywords.contains(statementWord)))
                    case "}": if case .brace = stack.last { stack.removeLast() }
                    default: break
                    }
                    lastCode = c
                    lastWord = ""
                    j += 1
                }
            }
            endWord()
            // A single-line string cannot span lines; whatever is still open is an error the
            // compiler reports, not a reason to stop scanning.
            if let open = stack.firstIndex(where: isSingleLineString) {
                stack.removeSubrange(open...)
            }
            // An attribute line belongs to the declaration on the next line; comment-only and
            // blank lines keep the state of the line before.
            afterAttribute = trimmed.hasPrefix("@")
            if afterAttribute {
                continues = true
            } else if let last = lastCode {
                continues = (operatorScalars.contains(last) && last != "!" && last != "?") || trailingContinuationWords.contains(lastWord)
            }
        }
        return starts
    }
}

/// A `static let` stored in a suite (e.g. a JSON sample).
public struct StaticLet: Hashable, Sendable {
    /// The property name, a Swift identifier.
    public var name: String
    /// The property's type, written as an annotation (`static let name: Type = …`), or `nil` to
    /// let the compiler infer it.
    public var type: String? = nil
    /// The property's initial value.
    public var value: SwiftExpr
    /// The markdown line the declaration stands under (`#sourceLocation`), so a compile error in
    /// it names the doc line; `nil` for none.
    public var sourceLine: Int? = nil
}

/// A `@Suite struct` holding one page's tests.
public struct SuiteDecl: Hashable, Sendable {
    /// The markdown file the tests come from, for `#sourceLocation` (nil: no remapping).
    public var sourceFile: String?
    /// The struct's name, a Swift identifier.
    public var typeName: String
    /// The name shown by Swift Testing, passed to `@Suite("…")` (escaped when rendered).
    public var displayName: String
    /// `static let`s, rendered before the tests.
    public var statics: [StaticLet]
    /// The suite's `@Test` functions, in order.
    public var tests: [TestDecl]
}

/// One generated Swift file.
public struct SwiftFileDecl: Hashable, Sendable {
    /// Comment lines at the top (escaped when rendered).
    public var header: [String]
    /// Module names, one `import` line each, in order.
    public var imports: [String]
    /// The file's suites, in order.
    public var suites: [SuiteDecl]
    /// File-scope conformance classes, rendered before the suites.
    public var classes: [ConformanceClassDecl] = []
    /// The markdown file classes point at with `#sourceLocation`.
    public var sourceFile: String? = nil
}
