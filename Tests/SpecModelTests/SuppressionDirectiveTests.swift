import DocDiagnostics
import Testing

@testable import SpecModel

@Suite("docspec:disable-next-block: parsed here, applied by DocSpecKit")
struct SuppressionDirectiveTests {
    @Test func ruleListAndReason() throws {
        let d = try #require(directive(#"<!-- docspec:disable-next-block cell-mismatch,missing-row reason="ru is ahead" -->"#)).get()
        #expect(d.name == "disable-next-block")
        #expect(d.value("rules") == "cell-mismatch,missing-row")
        #expect(d.value("reason") == "ru is ahead")
    }

    @Test func withoutRuleList() throws {
        let d = try #require(directive(#"<!-- docspec:disable-next-block reason="x" -->"#)).get()
        #expect(d.value("rules") == nil)
        #expect(d.value("reason") == "x")
    }

    @Test func bindsNothingAndKeepsAPendingTableDirective() throws {
        let x = try extract("""
            <!-- docspec:table kind=string-enum symbol=Colour -->

            <!-- docspec:disable-next-block extra-row reason="the ru table lists a preview value" -->

            | Value | Description |
            |---|---|
            | `red` | Red. |
            """)
        #expect(x.diagnostics.isEmpty, "\(x.diagnostics)")
        #expect(x.page.tables.count == 1)
        #expect(x.page.directives.map(\.name) == ["table", "disable-next-block"])
    }
}
