import DocDiagnostics
import Testing

@testable import SpecModel

@Suite("docspec:setup: hidden setup code for the next fenced block")
struct SetupDirectiveTests {
    @Test func setupAttachesToTheNextFencedBlock() throws {
        let x = try extract("""
            <!-- docspec:setup
            let base = 40
            let name = "x"
            -->

            ```swift
            let total = base + 2
            ```
            """)
        #expect(x.diagnostics.isEmpty, "\(x.diagnostics)")
        let sample = try #require(x.page.codeSamples.first)
        #expect(sample.setup == "let base = 40\nlet name = \"x\"\n")
        #expect(sample.setupFirstLine == 2)
        #expect(sample.code == "let total = base + 2\n")
    }

    @Test func setupWithAttributesIsMalformed() throws {
        let x = try extract("<!-- docspec:setup kind=x\nlet a = 1\n-->\n\n```swift\nlet b = 2\n```\n")
        #expect(x.rules == ["malformed-directive"])
        #expect(x.page.codeSamples.first?.setup == nil)
    }

    @Test func setupNotFollowedByACodeBlockIsAnOrphan() throws {
        let x = try extract("<!-- docspec:setup\nlet a = 1\n-->\n\nA paragraph.\n\n```swift\nlet b = 2\n```\n")
        #expect(x.rules == ["orphan-directive"])
        #expect(x.diagnostics.first?.location?.line == 1)
        #expect(x.page.codeSamples.first?.setup == nil)
        let end = try extract("<!-- docspec:setup\nlet a = 1\n-->\n")
        #expect(end.rules == ["orphan-directive"])
    }

    @Test func aSetupDoesNotSatisfyATableDirective() throws {
        let x = try extract("<!-- docspec:table kind=string-enum symbol=S -->\n\n<!-- docspec:setup\nlet a = 1\n-->\n\n```swift\nlet b = 2\n```\n")
        #expect(x.rules == ["orphan-directive"])
        #expect(x.page.codeSamples.first?.setup == "let a = 1\n")
    }
}
