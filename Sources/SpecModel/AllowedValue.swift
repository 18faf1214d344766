import Foundation
import MarkdownSyntax

/// One token of a `fields` table's `values` cell.
public enum AllowedValue: Hashable, Sendable {
    /// `lo...hi` (also `lo..hi`, `lo…hi`, `lo–hi`), inclusive.
    case integerRange(Int64, Int64)
    /// A JSON literal: `true`, `false`, `null`, an integer, `""`, `"DELIVERED"`; stored as JSON text.
    case literal(String)
    /// A placeholder for a class of strings; only `UUID` is known.
    case placeholder(String)

    /// Parses one token, or returns `nil` when it is not a valid token.
    public static func parse(_ token: String) -> AllowedValue? {
        let t = token.trimmingSpaces
        if t == "UUID" { return .placeholder("UUID") }
        if t == "true" || t == "false" || t == "null" { return .literal(t) }
        if t.count >= 2, t.hasPrefix("\""), t.hasSuffix("\"") { return .literal(t) }
        if let n = Int64(t) { return .literal(String(n)) }
        for sep in ["...", "..", "…", "–", "〜", "~"] {
            let parts = t.components(separatedBy: sep)
            if parts.count == 2, let lo = Int64(parts[0].trimmingSpaces), let hi = Int64(parts[1].trimmingSpaces), lo <= hi {
                return .integerRange(lo, hi)
            }
        }
        return nil
    }
}
