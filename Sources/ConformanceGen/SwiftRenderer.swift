extension SwiftExpr {
    /// Literals that render on one short line.
    var isScalar: Bool {
        switch self {
        case .string(let s): s.count <= 40
        case .type(let t): t.count <= 40
        case .int, .bool, .nil: true
        default: false
        }
    }
}

/// Renders `SwiftFileDecl` values as Swift source text: deterministic, four-space indentation,
/// one array element per line.
public enum SwiftRenderer {
    /// Renders a whole file: `//` header comments, imports, then each suite as a `@Suite struct`
    /// with its `static let`s and `@Test` functions.
    public static func render(_ file: SwiftFileDecl) -> String {
        var out = ""
        for line in file.header { out += "// \(commentSafe(line))\n" }
        if !file.header.isEmpty { out += "\n" }
        for i in file.imports { out += "import \(i)\n" }
        for c in file.classes { out += "\n" + render(c, file: file.sourceFile) }
        for suite in file.suites {
            out += "\n@Suite(\(stringLiteral(suite.displayName)))\n"
            out += "struct \(suite.typeName) {\n"
            for s in suite.statics { out += render(s, file: suite.sourceFile) }
            for (i, test) in suite.tests.enumerated() {
                if i > 0 || !suite.statics.isEmpty { out += "\n" }
                for s in test.data { out += render(s) }
                out += render(test, file: suite.sourceFile)
            }
            out += "}\n"
        }
        return out
    }

    /// `static let name: Type = value`, or without the annotation when the type is `nil`.
    /// Under `#sourceLocation` of the suite's markdown file when the declaration has a `sourceLine`.
    static func render(_ s: StaticLet, file: String? = nil) -> String {
        let declaration = "    static let \(s.name)\(s.type.map { ": \($0)" } ?? "") = \(render(s.value, indent: 1))\n"
        guard let file, isPlainPath(file), let line = s.sourceLine, line > 0 else { return declaration }
        return "#sourceLocation(file: \(stringLiteral(file)), line: \(line))\n" + declaration + "#sourceLocation()\n"
    }

    static func render(_ t: TestDecl, file: String?) -> String {
        if let docTest = t.docTest { return render(docTest, t, file: file) }
        var out = "    @Test(\(stringLiteral(t.displayName))"
        if let args = t.arguments { out += ", arguments: \(render(args, indent: 1))" }
        out += ")\n"
        let param = t.parameterType.map { "_ row: \($0)" } ?? ""
        out += "    func \(t.name)(\(param)) {\n"
        // Compile errors and traps in the body point at the documented line.
        let remap = file.flatMap { f in t.sourceLine.map { (f, $0) } }.flatMap { f, line in
            isPlainPath(f) && line > 0 ? (f, line) : nil
        }
        if let (f, line) = remap { out += "#sourceLocation(file: \(stringLiteral(f)), line: \(line))\n" }
        for stmt in t.body { out += "        \(render(stmt, indent: 2))\n" }
        for stmt in t.linedStatements {
            if let (f, _) = remap { out += "#sourceLocation(file: \(stringLiteral(f)), line: \(stmt.line))\n" }
            out += "        \(stmt.text)\n"
        }
        if remap != nil { out += "#sourceLocation()\n" }
        out += "    }\n"
        return out
    }

    /// A doc-test: the sample's lines verbatim (never re-indented, so columns match the doc)
    /// between `#sourceLocation` lines that point at the markdown file.
    static func render(_ d: DocTestCode, _ t: TestDecl, file: String?) -> String {
        var out = ""
        let remap = file.flatMap { isPlainPath($0) && d.firstLine > 0 ? $0 : nil }
        // With `track`, each statement start (`DocTestCode.statementStarts`) first records its doc
        // line in `docSpecLine`, so a thrown error is reported at the statement that threw.
        func segment(_ lines: [String], _ line: Int, track: Bool) -> String {
            var text = ""
            let starts = track ? Set(DocTestCode.statementStarts(lines)) : []
            func location(_ n: Int) -> String {
                remap.map { "#sourceLocation(file: \(stringLiteral($0)), line: \(n))\n" } ?? ""
            }
            if line > 0, !starts.contains(0) { text += location(line) }
            for (i, code) in lines.enumerated() {
                if starts.contains(i) { text += "        docSpecLine = \(line + i)\n" + location(line + i) }
                text += code + "\n"
            }
            if remap != nil, line > 0 { text += "#sourceLocation()\n" }
            return text
        }
        func setup(track: Bool) -> String { d.setupLines.isEmpty ? "" : segment(d.setupLines, d.setupFirstLine, track: track) }
        // `.timeLimit` cannot stop a busy loop; the watchdog ends the process a little later.
        func watchdog() -> String {
            "        let docSpecWatchdog = DocSpecWatchdog(DocSpecRef(file: \(stringLiteral(file ?? "")), line: \(d.firstLine)), seconds: 90)\n"
                + "        defer { docSpecWatchdog.cancel() }\n"
        }
        func code(track: Bool = false) -> String { setup(track: track) + segment(d.lines, d.firstLine, track: track) }
        // The sample runs as a nested function so that a thrown error is caught here and reported
        // at the doc's line (Swift Testing would report it at this generated file's line).
        let ref = "DocSpecRef(file: \(stringLiteral(file ?? "")), line: \(d.firstLine))"
        func sample(track: Bool = false) -> String { "        func docSpecSample() async throws {\n" + code(track: track) + "        }\n" }
        switch d.mode {
        case .run:
            // A sample that waits forever fails after the limit instead of stalling the run.
            out += "    @Test(\(stringLiteral(t.displayName)), .timeLimit(.minutes(1)))\n"
            let first = d.setupFirstLine > 0 ? d.setupFirstLine : d.firstLine
            // `let` when no line starts a statement (a sample of comments), so the build stays warning-free.
            let tracked = !DocTestCode.statementStarts(d.setupLines).isEmpty || !DocTestCode.statementStarts(d.lines).isEmpty
            out += "    func \(t.name)() async {\n" + watchdog() + "        \(tracked ? "var" : "let") docSpecLine = \(first)\n" + sample(track: true)
            out += "        do {\n            try await docSpecSample()\n        } catch {\n"
            out += "            DocSpecDocTest.thrown(error, DocSpecRef(file: \(stringLiteral(file ?? "")), line: docSpecLine))\n"
            out += "        }\n    }\n"
        case .expectError:
            out += "    @Test(\(stringLiteral(t.displayName)), .timeLimit(.minutes(1)))\n"
            out += "    func \(t.name)() async {\n" + watchdog() + sample()
            out += "        do {\n            try await docSpecSample()\n            DocSpecDocTest.didNotThrow(\(ref))\n        } catch {}\n"
            out += "    }\n"
        case .compileOnly:
            out += "    // \(commentSafe(t.displayName))\n"
            out += "    func \(t.name)() async throws {\n" + code() + "    }\n"
        case .ignored(let reason):
            out += "    @Test(\(stringLiteral(t.displayName)), .disabled(\(stringLiteral(reason))))\n"
            out += "    func \(t.name)() {}\n"
        case .compileFail(let imports):
            let page = file ?? ""
            out += "    @Test(\(stringLiteral(t.displayName)), .timeLimit(.minutes(1)))\n"
            out += "    func \(t.name)() {\n"
            out += "        DocSpecCheck.doesNotCompile(\n"
            out += "            DocSpecRef(file: \(stringLiteral(page)), line: \(d.firstLine)), imports: [\(imports.map(stringLiteral).joined(separator: ", "))],\n"
            out += "            setupLine: \(d.setupFirstLine), setup: \(stringLiteral(d.setupLines.joined(separator: "\n"))),\n"
            out += "            code: \(stringLiteral(d.lines.joined(separator: "\n"))), generatedFile: #filePath)\n"
            out += "    }\n"
        }
        return out
    }

    /// A conformance class: each method stub under the `#sourceLocation` of its row.
    static func render(_ c: ConformanceClassDecl, file: String?) -> String {
        let f = file.flatMap { isPlainPath($0) ? $0 : nil }
        func location(_ line: Int) -> String {
            f.map { "#sourceLocation(file: \(stringLiteral($0)), line: \(line))\n" } ?? ""
        }
        var out = "/// Conforms to \(c.protocolName) with exactly the documented methods.\n"
        out += location(c.line)
        out += "final class \(c.name): \(c.protocolName) {\n"
        for m in c.methods {
            out += location(m.line)
            let params = m.parameters.enumerated().map { i, p in "\(p.label) p\(i): \(p.type)" }.joined(separator: ", ")
            out += "    func \(m.base)(\(params)) {}\n"
        }
        if f != nil { out += "#sourceLocation()\n" }
        out += "}\n"
        return out
    }

    /// Whether a path can stand in `#sourceLocation(file:)`, which takes a plain literal.
    static func isPlainPath(_ s: String) -> Bool {
        !s.isEmpty && !s.unicodeScalars.contains { $0 == "\"" || $0 == "\\" || needsEscape($0) || $0 == "\n" }
    }

    static func render(_ e: SwiftExpr, indent: Int) -> String {
        let pad = String(repeating: "    ", count: indent)
        switch e {
        case .string(let s): return stringLiteral(s)
        case .int(let n): return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .nil: return "nil"
        case .type(let t): return t
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.count == 1 { return "[\(render(items[0], indent: indent))]" }
            // Short lists of scalars stay on one line.
            if items.allSatisfy(\.isScalar) {
                let inline = "[" + items.map { render($0, indent: indent) }.joined(separator: ", ") + "]"
                if inline.count <= 80 { return inline }
            }
            return "[\n" + items.map { "\(pad)    \(render($0, indent: indent + 1)),\n" }.joined() + "\(pad)]"
        case .tuple(let items):
            return "(" + items.map { render($0, indent: indent) }.joined(separator: ", ") + ")"
        case .call(let callee, let args):
            return callee + "(" + args.map { a in
                (a.label.map { "\($0): " } ?? "") + render(a.value, indent: indent)
            }.joined(separator: ", ") + ")"
        case .closure(let params, let body):
            let head = params.isEmpty ? "" : params.joined(separator: ", ") + " in "
            return "{ \(head)\(render(body, indent: indent)) }"
        case .try(let inner): return "try \(render(inner, indent: indent))"
        case .member(let base, let name): return "\(render(base, indent: indent)).\(name)"
        }
    }

    /// A Swift string literal for any text: `\`, `"`, control characters, line/paragraph
    /// separators, bidirectional and other format characters are escaped, so the literal's
    /// run-time value is exactly `s` and the text can never end the literal or form code
    /// (`"""`, `\(`, `#` are all inert inside an escaped ordinary literal).
    public static func stringLiteral(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if needsEscape(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }

    /// Text safe inside a `//` comment: no line breaks or other control/format characters.
    static func commentSafe(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            if needsEscape(scalar) || scalar == "\n" || scalar == "\r" {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
