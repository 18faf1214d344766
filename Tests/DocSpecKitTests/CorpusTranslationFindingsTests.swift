import DocSpecKit
import Foundation
import Testing

/// The untranslated-text and identical-to-source findings on the real corpus (`../shared/corpus`,
/// en source, ja and ru translations), compared with a golden file whose every line was reviewed
/// by hand: English left in ru pages of react.dev and the Rust book, pages of react.dev copied
/// untranslated. Resource titles, quoted UI labels, product names and site syntax must not appear.
@Suite("Real-world corpus: untranslated and identical text")
struct CorpusTranslationFindingsTests {
    @Test("the reviewed findings", .enabled(if: !CorpusSmokeTests.projects.isEmpty, "../shared/corpus is not next to the repository"))
    func reviewedFindings() throws {
        var report = ""
        for name in CorpusSmokeTests.projects {
            let errBuffer = LockedText()
            let status = DocSpecCLI.run(
                ["lint", "--locale", "en=en", "--locale", "ja=ja", "--locale", "ru=ru", "--source", "en"],
                output: CLIOutput(out: { _ in }, err: { errBuffer.append($0) }), currentDirectory: CorpusSmokeTests.corpus.appendingPathComponent(name))
            #expect(status == 0 || status == 1)
            // Each finding of the two rules with the note lines that follow it.
            var keep = false
            var lines: [Substring] = []
            for line in errBuffer.text.split(separator: "\n") {
                if !line.contains(": note: ") {
                    keep = line.hasSuffix("[untranslated-text]") || line.hasSuffix("[identical-to-source]")
                }
                if keep { lines.append(line) }
            }
            report += "== \(name)\n" + lines.map { $0 + "\n" }.joined()
        }
        GoldenFile.assertMatches(report, golden: "corpus-translation-findings.txt")
    }
}
