import Foundation

/// Golden (reference) files: compare output with a committed file, showing a unified diff on
/// mismatch; with `DOCSPEC_RECORD_GOLDEN=1` in the environment, write the actual output to the
/// golden file in the source tree instead (like argument-parser's `RECORD_SNAPSHOTS`).
public enum GoldenCheck {
    /// Whether `DOCSPEC_RECORD_GOLDEN=1` is set.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["DOCSPEC_RECORD_GOLDEN"] == "1" }

    /// Compares `actual` with the golden file.
    ///
    /// - Parameters:
    ///   - bundled: the golden file as copied into the test bundle (read when comparing).
    ///   - source: the same file in the source tree (written when recording).
    ///   - displayName: how messages name the file, e.g. `Golden/request.swift.golden`.
    /// - Returns: `nil` when they match (or after recording), else a failure message with a diff.
    public static func check(_ actual: String, bundled: URL?, source: URL, displayName: String) -> String? {
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: source.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: source, options: .atomic)
                return nil
            } catch {
                return "cannot record golden file \(displayName): \(error)"
            }
        }
        guard let bundled, let data = FileManager.default.contents(atPath: bundled.path) else {
            return "golden file \(displayName) is missing; run the tests with DOCSPEC_RECORD_GOLDEN=1 to record it"
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return nil }
        return """
            output differs from golden file \(displayName) (re-record with DOCSPEC_RECORD_GOLDEN=1 if the change is intended):
            \(LineDiff.unified(expected: expected, actual: actual, expectedName: "golden/\(displayName)", actualName: "actual"))
            """
    }
}

/// A small line diff (longest common subsequence) rendered in unified style.
public enum LineDiff {
    /// One line of a diff.
    public enum Op: Equatable, Sendable {
        case same(String)
        case removed(String)
        case added(String)
    }

    /// The lines of `s`; a final line break does not start another (empty) line.
    static func lines(_ s: String) -> [String] {
        var out = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if out.last == "" { out.removeLast() }
        return out
    }

    /// The edit script turning `a` into `b`.
    public static func ops(_ a: [String], _ b: [String]) -> [Op] {
        let n = a.count
        let m = b.count
        // lcs[i][j]: length of the LCS of a[i...] and b[j...].
        var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var out: [Op] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                out.append(.same(a[i]))
                i += 1
                j += 1
            } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                out.append(.removed(a[i]))
                i += 1
            } else {
                out.append(.added(b[j]))
                j += 1
            }
        }
        return out
    }

    /// `--- expected` / `+++ actual` and `@@ -l,n +l,n @@` hunks with `context` lines around
    /// each change.
    public static func unified(expected: String, actual: String, expectedName: String = "expected", actualName: String = "actual", context: Int = 3) -> String {
        let ops = ops(lines(expected), lines(actual))
        let changed = ops.indices.filter { if case .same = ops[$0] { false } else { true } }
        guard !changed.isEmpty else { return "(no line differences; the texts differ only in line endings or encoding)" }
        // Group changes whose context overlaps into hunks.
        var hunks: [ClosedRange<Int>] = []
        for c in changed {
            let r = max(0, c - context)...min(ops.count - 1, c + context)
            if let last = hunks.last, r.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else {
                hunks.append(r)
            }
        }
        var out = "--- \(expectedName)\n+++ \(actualName)\n"
        for h in hunks {
            var oldLine = 1
            var newLine = 1
            for op in ops[..<h.lowerBound] {
                switch op {
                case .same: oldLine += 1; newLine += 1
                case .removed: oldLine += 1
                case .added: newLine += 1
                }
            }
            let slice = ops[h]
            let oldCount = slice.filter { if case .added = $0 { false } else { true } }.count
            let newCount = slice.filter { if case .removed = $0 { false } else { true } }.count
            out += "@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@\n"
            for op in slice {
                switch op {
                case .same(let l): out += " \(l)\n"
                case .removed(let l): out += "-\(l)\n"
                case .added(let l): out += "+\(l)\n"
                }
            }
        }
        return out
    }
}
