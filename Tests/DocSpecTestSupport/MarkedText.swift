import DocDiagnostics

/// Fixture text with location markers (`0️⃣` … `9️⃣`: a digit, U+FE0F, U+20E3) removed, and
/// where each marker stood — swift-format's way of asserting locations without column
/// arithmetic. A marker's location is the 1-based line and Unicode-scalar column of the
/// character that follows it in the stripped text.
public struct MarkedText: Sendable {
    /// The text with every marker removed.
    public let text: String
    /// Marker number → (line, column), both 1-based; columns in Unicode scalars.
    public let markers: [Int: Position]

    /// A marker's position.
    public struct Position: Hashable, Sendable {
        public let line: Int
        public let column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// Strips the markers of `raw`. A marker used twice is a programming error in the fixture.
    public init(_ raw: String) {
        let scalars = Array(raw.unicodeScalars)
        var out = String.UnicodeScalarView()
        var markers: [Int: Position] = [:]
        var line = 1
        var column = 1
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if i + 2 < scalars.count, ("0"..."9").contains(s), scalars[i + 1] == "\u{FE0F}", scalars[i + 2] == "\u{20E3}" {
                let n = Int(s.value) - 48
                precondition(markers[n] == nil, "marker \(n) used twice")
                markers[n] = Position(line: line, column: column)
                i += 3
                continue
            }
            out.append(s)
            if s == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            i += 1
        }
        self.text = String(out)
        self.markers = markers
    }

    /// The UTF-8 bytes of `text`.
    public var bytes: [UInt8] { Array(text.utf8) }

    /// The marker's location in `file`; line 0, column 0 when the fixture has no such marker
    /// (so the comparison that uses it fails visibly).
    public func location(_ marker: Int, file: String) -> SourceLocation {
        guard let m = markers[marker] else { return SourceLocation(file: file, line: 0, column: 0) }
        return SourceLocation(file: file, line: m.line, column: m.column)
    }
}
