import DocSpecTestSupport
import Foundation
import Testing

/// Golden (reference) files under `Golden/`, read through `Bundle.module`.
///
/// On a mismatch the failure shows a unified-style line diff. With `DOCSPEC_RECORD_GOLDEN=1` in
/// the environment the actual text is written to the golden file in the source tree (found from
/// `#filePath`) instead of failing, like argument-parser's `RECORD_SNAPSHOTS`.
enum GoldenFile {
    static var isRecording: Bool { GoldenCheck.isRecording }

    /// The `Golden` folder copied into the test bundle.
    static var bundleFolder: URL? { Bundle.module.url(forResource: "Golden", withExtension: nil) }

    /// The `Golden` folder in the source tree (next to this file).
    static func sourceFolder(filePath: String = #filePath) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    /// Compares `actual` with `Golden/<name>`; records it instead when recording.
    static func assertMatches(
        _ actual: String, golden name: String, filePath: String = #filePath,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        if let failure = GoldenCheck.check(
            actual, bundled: bundleFolder?.appendingPathComponent(name),
            source: sourceFolder(filePath: filePath).appendingPathComponent(name), displayName: "Golden/\(name)")
        {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }
}
