import Foundation
import Testing

@testable import DocSpecKit

/// `docspec extract` writes its JSON in pieces (the model without rows, then rows a chunk at a
/// time) so a page with hundreds of thousands of rows is never encoded in one piece.
@Suite("extract streams its JSON")
struct ExtractStreamingTests {
    @Test("the bytes do not depend on the chunk size, and the document is valid JSON with every row")
    func chunkSizeDoesNotMatter() throws {
        let ws = try Workspace(fixture: "clean")
        let config = try DocSpecCLI.DocOptions().config(currentDirectory: ws.root, rules: .standard)
        let docs = DocSet.load(config)
        var outputs: [String] = []
        for chunk in [1, 2, 3, 10_000] {
            var pieces: [String] = []
            SpecJSON.write(docs, config: config, chunkRows: chunk) { pieces.append($0) }
            outputs.append(pieces.joined())
        }
        #expect(Set(outputs).count == 1)
        let text = try #require(outputs.first)
        #expect(text.hasSuffix("}\n") && !text.contains("docspec-rows:"))
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let pages = (root["locales"] as? [[String: Any]] ?? []).flatMap { $0["pages"] as? [[String: Any]] ?? [] }
        let rows = pages.flatMap { $0["tables"] as? [[String: Any]] ?? [] }.reduce(0) { $0 + (($1["rows"] as? [Any])?.count ?? 0) }
        #expect(rows == 30)
        #expect(text.contains("\"rows\" : [\n                {\n"), "rows are indented as one encoder pass writes them")
    }
}
