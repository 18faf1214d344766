import ConformanceGen
import DocDiagnostics
import Foundation
import SpecModel
import Testing

/// Swift code samples as tests (doc-tests): opted in per language, modes from the info string,
/// imports moved to the file, hidden setup from `<!-- docspec:setup … -->`, and every line mapped
/// back to the markdown file with `#sourceLocation`.
@Suite("Doc-tests: swift samples become tests")
struct DocTestGenerationTests {
    static let page = #"""
        # Samples

        ```swift
        import Foundation
        import AppStoreServerAPI
        let x = 1 + 1
        ```

        ```swift compile-only
        let never = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent"))
        ```

        ```swift throws
        _ = try JSONSerialization.jsonObject(with: Data("{".utf8))
        ```

        ```swift ignore reason="needs StoreKit on a device"
        let products = try await Product.products(for: ["coins"])
        ```

        <!-- docspec:setup
        let hidden = 41
        -->

        ```swift
        let answer = hidden + 1
        ```
        """#

    func files(_ markdown: String, languages: Set<String> = ["swift"]) throws -> (String, [Diagnostic]) {
        let page = try #require(specPage(markdown, relativePath: "samples.md"))
        let (files, diagnostics) = ConformanceTranslator(options: GeneratorOptions(imports: ["AppStoreServerAPI"], docTestLanguages: languages))
            .generate([page])
        return (files.first { $0.name == "samples.swift" }?.contents ?? "", diagnostics)
    }

    @Test("without the opt-in, samples never become code")
    func offByDefault() throws {
        let (file, diagnostics) = try files(Self.page, languages: [])
        #expect(file.isEmpty)
        #expect(diagnostics.isEmpty)
    }

    @Test("run, compile-only, throws and ignore render as a test, a plain method, an #expect(throws:) and a disabled test")
    func modes() throws {
        let (file, diagnostics) = try files(Self.page)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        // The sample is a nested function that records each statement's doc line before it
        // runs: an error it throws is caught and reported at that line, not at this file's line.
        #expect(file.contains("""
                @Test("docs-ja/samples.md:4 swift sample runs", .timeLimit(.minutes(1)))
                func sample1_swift() async {
                    let docSpecWatchdog = DocSpecWatchdog(DocSpecRef(file: "docs-ja/samples.md", line: 4), seconds: 90)
                    defer { docSpecWatchdog.cancel() }
                    var docSpecLine = 4
                    func docSpecSample() async throws {
            #sourceLocation(file: "docs-ja/samples.md", line: 4)


                    docSpecLine = 6
            #sourceLocation(file: "docs-ja/samples.md", line: 6)
            let x = 1 + 1
            #sourceLocation()
                    }
                    do {
                        try await docSpecSample()
                    } catch {
                        DocSpecDocTest.thrown(error, DocSpecRef(file: "docs-ja/samples.md", line: docSpecLine))
                    }
                }
            """))
        #expect(file.contains("""
                // docs-ja/samples.md:10 swift sample: compile-only, never run
                func sample2_swift() async throws {
            #sourceLocation(file: "docs-ja/samples.md", line: 10)
            let never = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent"))
            """))
        // A `throws` sample that returns is reported at the doc's line too.
        #expect(file.contains("""
                func sample3_swift() async {
                    let docSpecWatchdog = DocSpecWatchdog(DocSpecRef(file: "docs-ja/samples.md", line: 14), seconds: 90)
                    defer { docSpecWatchdog.cancel() }
                    func docSpecSample() async throws {
            #sourceLocation(file: "docs-ja/samples.md", line: 14)
            """))
        #expect(file.contains("""
                    do {
                        try await docSpecSample()
                        DocSpecDocTest.didNotThrow(DocSpecRef(file: "docs-ja/samples.md", line: 14))
                    } catch {}
            """))
        #expect(file.contains(#"@Test("docs-ja/samples.md:18 swift sample (ignored)", .disabled("needs StoreKit on a device"))"#))
        #expect(!file.contains("Product.products"), "an ignored sample is not compiled")
    }

    @Test("compile-fail: the code enters only as string literals, checked by DocSpecCheck.doesNotCompile; its imports stay out of the file")
    func compileFail() throws {
        let markdown = "# P\n\n```swift compile-fail\nimport NotARealModule\nlet x: Int = \"text\"\n```\n"
        let (file, diagnostics) = try files(markdown)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(file.contains(#"DocSpecCheck.doesNotCompile("#))
        #expect(file.contains(#"imports: ["AppStoreServerAPI", "NotARealModule"]"#))
        #expect(file.contains(#"code: "\nlet x: Int = \"text\"""#))
        #expect(!file.contains("import NotARealModule"))
        #expect(!file.contains("\nlet x: Int"), "the sample is never code in the generated file")
    }

    @Test("hidden setup runs first, mapped to its own lines")
    func setup() throws {
        let (file, _) = try files(Self.page)
        #expect(file.contains("""
                    docSpecLine = 22
            #sourceLocation(file: "docs-ja/samples.md", line: 22)
            let hidden = 41
            #sourceLocation()
                    docSpecLine = 26
            #sourceLocation(file: "docs-ja/samples.md", line: 26)
            let answer = hidden + 1
            #sourceLocation()
            """))
    }

    @Test("import lines move to the file's imports, once, after the configured ones")
    func imports() throws {
        let (file, _) = try files(Self.page)
        #expect(file.contains("import Foundation\nimport Testing\nimport DocSpecTesting\nimport AppStoreServerAPI\n\n@Suite"))
        let markdown = "# P\n\n```swift\nimport PurchaseFlow\nlet a = 1\n```\n\n```swift\nimport PurchaseFlow\nlet b = 2\n```\n"
        let (other, _) = try files(markdown)
        #expect(other.components(separatedBy: "import PurchaseFlow\n").count == 2)
    }

    @Test("an ignored sample without a reason, two modes, or an unknown attribute is diagnosed at the fence")
    func attributeDiagnostics() throws {
        let markdown = "# P\n\n```swift ignore\nlet a = 1\n```\n\n```swift throws compile-only\nlet b = 1\n```\n\n```swift no_run\nlet c = 1\n```\n"
        let (_, diagnostics) = try files(markdown)
        #expect(diagnostics.map(\.ruleID) == ["doc-test-attributes", "doc-test-attributes", "unknown-doc-test-attribute"])
        #expect(diagnostics.map(\.location?.line) == [3, 7, 11])
        #expect(diagnostics.map(\.severity) == [.error, .error, .warning])
        #expect(diagnostics[0].message.contains("needs a reason"))
    }

    @Test("the generated doc-tests compile with swiftc, and a broken sample fails at the doc's line")
    func compiles() throws {
        let swiftc = try #require(LiteralCompileTests.swiftc(), "swiftc not found on PATH")
        let good = "# P\n\n<!-- docspec:setup\nlet base = 40\n-->\n\n```swift\nlet total = base + 2\n_ = total\n```\n"
        let bad = "# P\n\n```swift\nlet total: Int = \"text\"\n_ = total\n```\n"
        for (markdown, expectError) in [(good, false), (bad, true)] {
            let page = try #require(specPage(markdown, relativePath: "p.md"))
            let (files, _) = ConformanceTranslator(options: GeneratorOptions(imports: [], docTestLanguages: ["swift"])).generate([page])
            let result = try Self.typecheck(files, swiftc)
            if expectError {
                #expect(result.status != 0)
                #expect(result.output.contains("docs-ja/p.md:4:"), "\(result.output)")
            } else {
                #expect(result.status == 0, "\(result.output)")
            }
        }
    }

    /// A sample with the shapes a statement scan can get wrong, each line marked `S` where a
    /// statement starts (the line's doc line is recorded before it) or `-` where it must not.
    static let shapes: [(String, Character)] = [
        ("let a = try f(1,", "S"),
        ("              2)", "-"),
        ("let b = [1, 2]", "S"),
        ("    .map { x in", "-"),
        ("        x * 2", "-"),
        ("    }", "-"),
        ("// a comment", "-"),
        ("", "-"),
        ("let text = \"\"\"", "S"),
        ("    try not code { \\(a) \" ", "-"),
        ("    \"\"\"", "-"),
        ("do {", "S"),
        ("    try g()", "S"),
        ("    let c = a +", "S"),
        ("        b.count", "-"),
        ("} catch let e as E {", "-"),
        ("    throw e", "S"),
        ("} catch {", "-"),
        ("    if a > 0 {", "S"),
        ("        throw error", "S"),
        ("    } else {", "-"),
        ("        print(\"}{\")", "S"),
        ("    }", "-"),
        ("}", "-"),
        ("try h { y in", "S"),
        ("    try y.run()", "-"),
        ("}", "-"),
        ("@MainActor", "-"),
        ("func local() throws {", "-"),
        ("    try g()", "-"),
        ("}", "-"),
        ("let raw = #\"a \" b\"#; let d = /* { */ 1", "S"),
        ("#if DEBUG", "-"),
        ("for i in 0..<2 where i > 0 {", "S"),
        ("    try g()", "S"),
        ("}", "-"),
        ("#endif", "-"),
        ("switch a {", "S"),
        ("case 1:", "-"),
        ("    try g()", "-"),
        ("default: break", "-"),
        ("}", "-"),
        ("let e = try", "S"),
        ("    g()", "-"),
        ("#expect(a == 1)", "S"),
    ]

    @Test("statements are found at the top level and in do/catch/if/for blocks, not in closures, functions, strings or continuation lines")
    func statementStarts() {
        let lines = Self.shapes.map(\.0)
        let starts = Set(DocTestCode.statementStarts(lines))
        for (i, (line, mark)) in Self.shapes.enumerated() {
            #expect(starts.contains(i) == (mark == "S"), "line \(i + 1): \(line)")
        }
    }

    @Test("a sample throwing from its second try, a rethrowing catch and a multi-line statement compiles with each statement's line recorded")
    func throwingSampleCompiles() throws {
        let swiftc = try #require(LiteralCompileTests.swiftc(), "swiftc not found on PATH")
        let markdown = """
            # P

            <!-- docspec:setup
            struct Boom: Error {}
            func check(_ n: Int) throws -> Int { if n == 0 { throw Boom() }; return n }
            -->

            ```swift
            let a = try check(1)
            let b = try [a, 0].map { n in
                try check(n)
            }
            do {
                _ = try check(b.count -
                    2)
            } catch {
                throw error
            }
            ```
            """
        let page = try #require(specPage(markdown, relativePath: "p.md"))
        let (files, _) = ConformanceTranslator(options: GeneratorOptions(imports: [], docTestLanguages: ["swift"])).generate([page])
        let file = try #require(files.first { $0.name == "p.swift" }).contents
        // Each statement records its doc line before it runs, then the sample's line follows
        // under its own #sourceLocation.
        for line in [9, 10, 13, 14, 17] {
            #expect(file.contains("        docSpecLine = \(line)\n#sourceLocation(file: \"docs-ja/p.md\", line: \(line))\n"), "line \(line)")
        }
        for line in [11, 12, 15, 16, 18] {
            #expect(!file.contains("docSpecLine = \(line)\n"), "line \(line)")
        }
        let result = try Self.typecheck(files, swiftc)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("a sample without a statement (only comments) declares its line with let: no warning")
    func commentOnlySample() throws {
        let (file, _) = try files("# P\n\n```swift\n// nothing to run\n```\n")
        #expect(file.contains("        let docSpecLine = 4\n"), "\(file)")
        #expect(!file.contains("docSpecLine = 4\n#sourceLocation"))
    }

    /// Type-checks generated files with `swiftc` against the built DocSpecTesting module.
    static func typecheck(_ files: [GeneratedFile], _ swiftc: URL) throws -> (status: Int32, output: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-doctest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for f in files {
            let url = dir.appendingPathComponent(f.name)
            try f.contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        return try LiteralCompileTests.run(
            swiftc, ["-typecheck", "-swift-version", "6", "-parse-as-library"] + docSpecTestingModuleArguments() + paths)
    }
}
