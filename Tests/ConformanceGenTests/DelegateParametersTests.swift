import ConformanceGen
import DocDiagnostics
import Foundation
import SpecModel
import Testing

/// `delegate-parameters` tables: the generated class conforms to the protocol with exactly the
/// documented methods, and each row's method is referenced as a protocol requirement with the
/// documented parameter types, so a renamed, retyped or undocumented requirement fails the build
/// at the doc's line.
@Suite("delegate-parameters: conformance checked by the compiler at the doc's lines")
struct DelegateParametersTests {
    static let page = """
        # Delegate

        <!-- docspec:table kind=delegate-parameters symbol=SweepDelegate complete -->

        | メソッド | パラメータの型 | 呼び出されるとき |
        |---|---|---|
        | `coordinator(_:didFinishSweep:)` | `Coordinator`, `[String: Int]` | スイープの後。 |
        | `coordinator(_:didFail:)` | `Coordinator`, `any Error` | 失敗したとき。 |
        | `coordinatorDidReset()` | — | リセットの後。 |
        """

    static let goodLibrary = """
        final class Coordinator: Sendable {}
        protocol SweepDelegate: AnyObject, Sendable {
            func coordinator(_ coordinator: Coordinator, didFinishSweep counts: [String: Int]) async
            func coordinator(_ coordinator: Coordinator, didFail error: any Error) async throws
            func coordinatorDidReset() async
        }
        """

    func typecheck(library: String) throws -> (status: Int32, output: String) {
        let swiftc = try #require(LiteralCompileTests.swiftc(), "swiftc not found on PATH")
        let page = try #require(specPage(Self.page, relativePath: "delegate.md"))
        let (files, diagnostics) = ConformanceTranslator(options: GeneratorOptions(imports: [])).generate([page])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-delegate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        for f in files + [GeneratedFile(name: "Library.swift", contents: library)] {
            let url = dir.appendingPathComponent(f.name)
            try f.contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let modules = docSpecTestingModuleArguments()
        try #require(!modules.isEmpty, "the built DocSpecTesting module was not found")
        return try LiteralCompileTests.run(swiftc, ["-typecheck", "-swift-version", "6", "-parse-as-library"] + modules + paths)
    }

    @Test("the documented protocol type-checks")
    func matches() throws {
        let result = try typecheck(library: Self.goodLibrary)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("a renamed argument label fails at the row's line")
    func renamedLabel() throws {
        let result = try typecheck(library: Self.goodLibrary.replacingOccurrences(of: "didFinishSweep counts", with: "didCompleteSweep counts"))
        #expect(result.status != 0)
        #expect(result.output.contains("docs-ja/delegate.md:7:"), "\(result.output)")
    }

    @Test("a changed parameter type fails at the row's line")
    func retyped() throws {
        let result = try typecheck(library: Self.goodLibrary.replacingOccurrences(of: "didFail error: any Error", with: "didFail error: String"))
        #expect(result.status != 0)
        #expect(result.output.contains("docs-ja/delegate.md:8:"), "\(result.output)")
    }

    @Test("an undocumented requirement fails at the table (its first line)")
    func undocumentedRequirement() throws {
        let library = Self.goodLibrary.replacingOccurrences(
            of: "func coordinatorDidReset() async", with: "func coordinatorDidReset() async\n    func coordinatorWillStart() async")
        let result = try typecheck(library: library)
        #expect(result.status != 0)
        #expect(result.output.contains("docs-ja/delegate.md:5:"), "\(result.output)")
    }
}
