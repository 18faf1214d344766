import DocSpecKit
import Foundation
import Testing

/// Runs `docspec lint` on the real translated docs in `../shared/corpus/` (React, Vue, the Rust
/// book, MDN, Kubernetes; en source, ja and ru translations) when that folder is next to the
/// repository: no crash, exit 0 or 1 (never a usage or I/O error), every finding has a file,
/// a line, a column and a rule id, and the output equals the reviewed golden file
/// (`Fixtures/Golden/corpus-lint/<project>.txt`; re-record with `DOCSPEC_RECORD_GOLDEN=1`).
@Suite("Real-world corpus")
struct CorpusSmokeTests {
    static var corpus: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // DocSpecKitTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    static var projects: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { name in
            ["en", "ja", "ru"].allSatisfy { FileManager.default.fileExists(atPath: corpus.appendingPathComponent("\(name)/\($0)").path) }
        }.sorted()
    }

    @Test("lint on each corpus project finishes with well-formed findings", .enabled(if: !projects.isEmpty, "../shared/corpus is not next to the repository"), arguments: projects)
    func lintProject(name: String) throws {
        let root = Self.corpus.appendingPathComponent(name)
        let buffer = LockedText()
        let errBuffer = LockedText()
        let status = DocSpecCLI.run(
            ["lint", "--locale", "en=en", "--locale", "ja=ja", "--locale", "ru=ru", "--source", "en"],
            output: CLIOutput(out: { buffer.append($0) }, err: { errBuffer.append($0) }), currentDirectory: root)
        #expect(status == 0 || status == 1, "\(errBuffer.text)")
        let lines = errBuffer.text.split(separator: "\n").map(String.init)
        for line in lines {
            let shape = line.range(of: #"^(en|ja|ru)/.+\.md:\d+:\d+: (error|warning|note): .+"#, options: .regularExpression)
            #expect(shape != nil, "\(line)")
            if !line.contains(": note: ") {
                #expect(line.range(of: #" \[[a-z0-9-]+\]$"#, options: .regularExpression) != nil, "\(line)")
            }
        }
        #expect(buffer.text.hasPrefix("docspec lint: pages per locale: en "))
        // The findings themselves, reviewed one by one (docs/drift-rules.md, "Corpus review"): a change in
        // what DocSpec reports on real docs shows up here as a diff to review.
        GoldenFile.assertMatches(errBuffer.text + buffer.text, golden: "corpus-lint/\(name).txt")
    }

    /// The product's own configuration: a Japanese source and its Russian translation, no English
    /// in the run (`Fixtures/Golden/corpus-lint-ja-ru/<project>.txt`).
    @Test("lint ja → ru on each corpus project: the findings a translator of a Japanese source sees", .enabled(if: !projects.isEmpty, "../shared/corpus is not next to the repository"), arguments: projects)
    func lintProjectJapaneseSource(name: String) throws {
        let root = Self.corpus.appendingPathComponent(name)
        let buffer = LockedText()
        let errBuffer = LockedText()
        let status = DocSpecCLI.run(
            ["lint", "--locale", "ja=ja", "--locale", "ru=ru", "--source", "ja"],
            output: CLIOutput(out: { buffer.append($0) }, err: { errBuffer.append($0) }), currentDirectory: root)
        #expect(status == 0 || status == 1, "\(errBuffer.text)")
        for line in errBuffer.text.split(separator: "\n") {
            #expect(line.range(of: #"^(ja|ru)/.+\.md:[1-9]\d*:\d+: (error|warning|note): .+"#, options: .regularExpression) != nil, "\(line)")
        }
        #expect(buffer.text.hasPrefix("docspec lint: pages per locale: ja "))
        GoldenFile.assertMatches(errBuffer.text + buffer.text, golden: "corpus-lint-ja-ru/\(name).txt")
    }
}

/// Text appended from several threads.
final class LockedText: @unchecked Sendable {
    private var storage = ""
    private let lock = NSLock()
    func append(_ s: String) {
        lock.lock()
        storage += s
        lock.unlock()
    }
    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
