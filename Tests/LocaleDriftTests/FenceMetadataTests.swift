import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

// Info-string metadata of a Japanese source's samples in its Russian translation (issue 12,
// pattern 6): what the site's build reads must survive; line marks and translated titles may
// differ.

@Suite("Fence metadata, Japanese source and Russian translation")
struct FenceMetadataTests {
    @Test("Build metadata ({expectedErrors: …}) dropped or a title dropped is reported; other line marks and a translated title are not")
    func metadataDropped() throws {
        let source = ja("""
            # ref

            ```js {expectedErrors: {'react-compiler': [13]}}
            const ref = useRef(0);
            ```

            ```js {3}
            let a = 1;
            ```

            ```js title="src/App.js"
            export default App;
            ```

            ```js title="例"
            let b = 2;
            ```
            """)
        let target = ru("""
            # ref

            1️⃣```js
            const ref = useRef(0);
            ```

            ```js {4}
            let a = 1;
            ```

            2️⃣```js
            export default App;
            ```

            ```js title="Пример"
            let b = 2;
            ```
            """)
        try expectDrift(
            source, target, rules: [CodeSampleDriftRule()],
            [
                Finding("code-sample-mismatch", at: target[1], note: source.firstLine(of: "expectedErrors")),
                Finding("code-sample-mismatch", at: target[2], note: source.firstLine(of: "src/App.js")),
            ])
    }
}
