import Foundation

/// Formatting shared by the diagnostics' text and JSON output.
enum DiagnosticFormat {
    /// `2026-01-01T00:05:00Z`: ISO 8601 in UTC, whole seconds.
    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// A JSON encoder with sorted keys, ISO 8601 dates and pretty printing: byte-stable output.
    static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(iso8601(date))
        }
        return encoder
    }
}
