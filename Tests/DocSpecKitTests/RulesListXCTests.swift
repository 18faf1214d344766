import DocSpecKit
import Foundation
import XCTest

/// XCTest, so that tools reading XCTest's closing line see the CLI's rule list checked too.
final class RulesListXCTests: XCTestCase {
    /// `docspec rules` lists every drift and extraction rule id, one per line with a summary.
    func testRulesListsEveryRule() {
        let out = LockedText()
        let status = DocSpecCLI.run(["rules"], output: CLIOutput(out: { out.append($0) }, err: { _ in }))
        XCTAssertEqual(status, 0)
        let ids = out.text.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) }
        for rule in [
            "missing-page", "orphan-page", "missing-table", "extra-table", "directive-mismatch", "column-mismatch", "missing-row",
            "extra-row", "cell-mismatch", "missing-code-sample", "extra-code-sample", "code-sample-mismatch", "invalid-utf8",
            "front-matter", "malformed-directive", "misplaced-directive", "table-schema", "ragged-row", "invalid-cell",
            "invalid-json-sample", "nesting-too-deep", "stale-generated",
        ] {
            XCTAssertTrue(ids.contains(rule), "docspec rules does not list \(rule)")
        }
        XCTAssertEqual(Set(ids).count, ids.count, "a rule id is listed twice")
    }
}
