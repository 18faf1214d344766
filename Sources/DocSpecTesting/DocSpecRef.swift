import Foundation
import Testing

@_exported import DocSpecConformance

/// A documented item's place: its markdown file (relative to the package root, for example
/// `docs-ja/errors.md`) and 1-based line. Every failure a DocSpec check records is reported
/// there, and the message starts with `file:line: ` too (Swift Testing prints only a source
/// location's last path component).
public struct DocSpecRef: Sendable, Hashable, Codable, CustomTestStringConvertible {
    /// The markdown file, relative to the package root.
    public var file: String
    /// The 1-based line in `file`.
    public var line: Int

    /// Creates a reference to `line` (1-based) of `file`.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `file:line`.
    public var testDescription: String { "\(file):\(line)" }

    /// The Swift Testing location of the documented line (line at least 1, column 1).
    public var sourceLocation: SourceLocation {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return SourceLocation(fileID: "docs/\(name)", filePath: file, line: max(line, 1), column: 1)
    }

    /// Records an issue at the documented line: `file:line: message`.
    public func fail(_ message: String) {
        Issue.record(Comment(rawValue: "\(file):\(line): \(message)"), sourceLocation: sourceLocation)
    }

    /// Records an issue when `actual` (the library's value) differs from `documented`, naming
    /// `what` was compared.
    public func expect<T: Equatable>(_ actual: T, _ documented: T, _ what: String) {
        if actual != documented {
            fail("\(what): the library has \(String(reflecting: actual)), the docs say \(String(reflecting: documented))")
        }
    }
}
