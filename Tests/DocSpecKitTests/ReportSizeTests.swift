import Foundation
import Testing

@testable import DocSpecKit

/// The HTML report's size budget (docs/reports.md): 2,000 page pairs under 25 MB. The full set is
/// `Scripts/bench-report-size.sh` (in CI); this test writes the report for one copy of every
/// ja/ru page pair of the corpus and projects its size per pair to 2,000 pairs, so a change that
/// makes pair pages or index rows bigger fails `swift test` too.
@Suite("HTML report size")
struct ReportSizeTests {
    /// `<project>/<path>` of every page in both `ja/` and `ru/` of a corpus project.
    static var pairs: [String] {
        let fm = FileManager.default
        return CorpusSmokeTests.projects.flatMap { project -> [String] in
            let ja = CorpusSmokeTests.corpus.appendingPathComponent("\(project)/ja")
            let files = (fm.enumerator(atPath: ja.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".md") }
            return files.filter { fm.fileExists(atPath: CorpusSmokeTests.corpus.appendingPathComponent("\(project)/ru/\($0)").path) }
                .map { "\(project)/\($0)" }
        }.sorted()
    }

    static let budget = 25_000_000
    static let target = 2_000

    @Test("the report of the corpus pairs, projected to 2,000 pairs, is under 25 MB", .enabled(if: !pairs.isEmpty, "../shared/corpus is not next to the repository"))
    func projectedSize() throws {
        let ws = try Workspace()
        let fm = FileManager.default
        let pairs = Self.pairs
        for pair in pairs {
            let project = String(pair.prefix { $0 != "/" })
            let path = String(pair.dropFirst(project.count + 1))
            for locale in ["ja", "ru"] {
                let destination = ws.url("\(locale)/\(pair)")
                try fm.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(at: CorpusSmokeTests.corpus.appendingPathComponent("\(project)/\(locale)/\(path)"), to: destination)
            }
        }
        let r = ws.run(["report", "--html", "report", "--locale", "ja=ja", "--locale", "ru=ru", "--source", "ja", "--quiet"])
        #expect(r.status == 1, "the corpus pages drift: \(r.transcript)")
        let report = ws.url("report")
        var perPair = 0
        var shared = 0
        for name in try fm.contentsOfDirectory(atPath: report.path) {
            let size = try #require(try fm.attributesOfItem(atPath: report.appendingPathComponent(name).path)[.size] as? Int)
            // The stylesheet and script are written once whatever the number of pairs; the pair
            // pages and the index's rows grow with it.
            if [HTMLPage.reportStyleFile, HTMLPage.reportScriptFile].contains(name) { shared += size } else { perPair += size }
        }
        #expect(try fm.contentsOfDirectory(atPath: report.path).count == pairs.count + 3, "index, stylesheet, script and one page per pair")
        let projected = shared + perPair * Self.target / pairs.count
        #expect(
            projected < Self.budget,
            "\(pairs.count) pairs: \(perPair) bytes of pages, \(shared) shared; projected to \(Self.target) pairs \(projected) bytes, over the budget of \(Self.budget)")
    }
}
