import DocDiagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The result of reading one page: the document when it could be parsed, and every diagnostic
/// found on the way (invalid UTF-8, malformed front matter, …).
public struct ParseResult: Sendable {
    /// The parsed page, or `nil` when it was skipped (invalid UTF-8, a NUL byte, unreadable file).
    public var document: MarkdownDocument?
    /// Problems found while reading, e.g. `invalid-utf8`, `front-matter` or `unreadable-file`.
    public var diagnostics: [Diagnostic]
}

/// What ``MarkdownParser/header(fileAt:displayPath:)`` reads of a page.
public struct PageHeader: Sendable {
    /// The page's front matter, or `nil` when it has none (or it is never closed).
    public var frontMatter: FrontMatter?
}

/// Reads Markdown pages with cmark-gfm (tables, strikethrough, autolinks, tag filter, task lists,
/// footnotes) and YAML front matter with libyaml.
public enum MarkdownParser {
    /// Parses a page from its bytes.
    ///
    /// - A UTF-8 byte order mark is stripped; lone CR line endings count as line breaks, as in
    ///   CommonMark.
    /// - Invalid UTF-8 gives an `invalid-utf8` error at the first bad byte's line and column and no
    ///   document (the page is skipped, nothing is guessed).
    /// - Front matter (`---` … `---`) is parsed with libyaml; its lines are blanked before cmark
    ///   sees the page, so every line number stays the file's own.
    ///
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - path: the path shown in diagnostics and stored in source locations.
    ///
    /// A page over 4 MiB is parsed in pieces of about 1 MiB, cut where one parse would give the
    /// same blocks (see `PiecewiseParse`), so cmark-gfm never holds the whole page's tree.
    public static func parse(bytes: consuming [UInt8], path: String) -> ParseResult {
        parse(bytes: bytes, path: path, pieces: .standard)
    }

    /// `parse(bytes:path:)` with the given piece sizes (tests cut small pages into pieces).
    ///
    /// The page's bytes are held twice at most while cmark-gfm parses (the document's `text`
    /// and the body it parses, front matter blanked in place), so a long page is not copied
    /// once per step.
    static func parse(bytes: consuming [UInt8], path: String, pieces: PiecewiseParse.Sizes) -> ParseResult {
        var read = body(bytes, path: path)
        guard var page = read.body.take() else { return ParseResult(document: nil, diagnostics: read.diagnostics) }
        let (converted, conversion) = PiecewiseParse.parse(page.body, path: path, sizes: pieces)
        page.body = []
        page.document.blocks = MDXComponents.expand(converted, path: path)
        return ParseResult(document: page.document, diagnostics: page.frontMatterDiagnostics + conversion)
    }

    /// A page read up to the Markdown parse: the document without blocks (path, front matter,
    /// line count, text), the body cmark-gfm parses (front matter lines blanked) and the front
    /// matter's diagnostics.
    struct Body {
        var document: MarkdownDocument
        var body: [UInt8]
        var frontMatterDiagnostics: [Diagnostic]
    }

    /// The page's `Body`, or `nil` and the `invalid-utf8` error when `prepare` refuses the bytes.
    static func body(_ bytes: consuming [UInt8], path: String) -> (body: Body?, diagnostics: [Diagnostic]) {
        var prepared = prepare(bytes, path: path, makingText: true)
        guard var body = prepared.bytes.take(), let text = prepared.text.take() else { return (nil, prepared.diagnostics) }
        let lineCount = body.isEmpty ? 0 : occurrences(of: 0x0A, in: body) + (body.last == UInt8(ascii: "\n") ? 0 : 1)
        let split = FrontMatterSplitter.split(&body, path: path)
        var doc = MarkdownDocument(path: path, frontMatter: split.frontMatter, blocks: [], lineCount: lineCount)
        doc.text = text
        return (Body(document: doc, body: body, frontMatterDiagnostics: split.diagnostics), [])
    }

    /// Reads what pairing a page with its translations needs, without running cmark-gfm: the
    /// page's front matter. `nil` when ``parse(fileAt:displayPath:)`` would skip the page
    /// (unreadable, invalid UTF-8, a NUL byte). Problems are left for the full parse to report.
    public static func header(fileAt url: URL, displayPath: String) -> PageHeader? {
        guard let read = try? readBytes(url), var bytes = prepare(read, path: displayPath).bytes else { return nil }
        return PageHeader(frontMatter: FrontMatterSplitter.split(&bytes, path: displayPath).frontMatter)
    }

    /// How many bytes of a page ``frontMatterHeader(fileAt:displayPath:)`` reads first (the
    /// front matter of a documentation page is a few hundred bytes).
    static let headerPrefixBytes = 8 << 10

    /// The page's front matter read from its first bytes: what pairing needs, without reading
    /// and checking the whole page before its parse does. The first ``headerPrefixBytes`` bytes,
    /// up to their last line break, are prepared as ``header(fileAt:displayPath:)`` prepares the
    /// whole page (a page no longer than that is read and prepared whole); when the front matter
    /// is not closed within them, the whole page is read.
    ///
    /// `nil` when those bytes are unreadable, UTF-16, not UTF-8 or hold a NUL byte. A problem
    /// after them is not seen here: the page's parse reports it, and a caller that pairs pages
    /// from these headers must pair again without that page (as `Pipeline.lint` does), since
    /// ``header(fileAt:displayPath:)`` would have returned `nil` for it.
    public static func frontMatterHeader(fileAt url: URL, displayPath: String) -> PageHeader? {
        guard let read = try? readBytes(url, limit: headerPrefixBytes) else { return nil }
        guard read.truncated else {
            guard var bytes = prepare(read.bytes, path: displayPath).bytes else { return nil }
            return PageHeader(frontMatter: FrontMatterSplitter.split(&bytes, path: displayPath).frontMatter)
        }
        // Whole lines only: a line break never splits a UTF-8 sequence or a CR LF pair. (64 bytes
        // at least, so the UTF-16 test sees as much as it does on the whole page.)
        guard let lastLineBreak = read.bytes.lastIndex(of: UInt8(ascii: "\n")), lastLineBreak >= 64 else {
            return header(fileAt: url, displayPath: displayPath)
        }
        guard var bytes = prepare(Array(read.bytes[...lastLineBreak]), path: displayPath).bytes else { return nil }
        let split = FrontMatterSplitter.split(&bytes, path: displayPath)
        if split.unclosed { return header(fileAt: url, displayPath: displayPath) }
        return PageHeader(frontMatter: split.frontMatter)
    }

    /// Strips a byte order mark, turns lone CRs into LFs and checks UTF-8: the bytes cmark-gfm
    /// and the front matter splitter see, or `nil` and an `invalid-utf8` error.
    ///
    /// - Parameter makingText: also return the bytes as a `String` (the document's `text`),
    ///   made by the same pass that checks them (`String(validating:as:)` after a `memchr` for
    ///   NUL), so a page's bytes are validated once; without it `text` is `nil`.
    static func prepare(
        _ bytes: consuming [UInt8], path: String, makingText: Bool = false
    ) -> (bytes: [UInt8]?, text: String?, diagnostics: [Diagnostic]) {
        var bytes = bytes
        var bomLength = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
            bomLength = 3
        }
        // A lone CR (classic Mac line ending) ends a line for cmark-gfm; make it an LF so every
        // later step (line tables, table rows, front matter) sees the same lines. CRLF stays.
        if occurrences(of: 0x0D, in: bytes, stoppingAt: 1) > 0 {
            for i in bytes.indices where bytes[i] == UInt8(ascii: "\r") && (i + 1 == bytes.count || bytes[i + 1] != UInt8(ascii: "\n")) {
                bytes[i] = UInt8(ascii: "\n")
            }
        }
        if let endian = utf16Encoding(bytes) {
            return (nil, nil, [.error(
                "invalid-utf8", "file is UTF-16 (\(endian)-endian), not UTF-8; convert it to UTF-8 (iconv -f UTF-16 -t UTF-8); the page was skipped",
                at: SourceLocation(file: path, line: 1))])
        }
        var text: String?
        if makingText {
            text = occurrences(of: 0, in: bytes, stoppingAt: 1) > 0 ? nil : String(validating: bytes, as: UTF8.self)
        }
        if !makingText || text == nil, let bad = makingText ? firstInvalidUTF8Located(bytes) : firstInvalidUTF8(bytes) {
            let message = bytes[bad.offset] == 0
                ? "file contains a NUL byte (binary file?); the page was skipped"
                : "file is not valid UTF-8 (byte 0x\(String(bytes[bad.offset], radix: 16, uppercase: true)) at byte offset \(bad.offset + bomLength)); the page was skipped"
            return (nil, nil, [.error("invalid-utf8", message, at: SourceLocation(file: path, line: bad.line, column: bad.column))])
        }
        return (bytes, text ?? (makingText ? String(decoding: bytes, as: UTF8.self) : nil), [])
    }

    /// How many times `byte` occurs in `bytes`, counting no further than `limit` (`memchr`
    /// from one occurrence to the next).
    static func occurrences(of byte: UInt8, in bytes: [UInt8], stoppingAt limit: Int = .max) -> Int {
        var count = 0
        forEachOffset(of: byte, in: bytes) { _ in
            count += 1
            return count < limit
        }
        return count
    }

    /// The byte offset of every line's start in `bytes`: 0, then one past each LF.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        forEachOffset(of: 0x0A, in: bytes) { i in
            starts.append(i + 1)
            return true
        }
        return starts
    }

    /// Calls `body` with the offset of each occurrence of `byte` in `bytes`, in order, found with
    /// `memchr`, until it returns `false`.
    static func forEachOffset(of byte: UInt8, in bytes: [UInt8], _ body: (Int) -> Bool) {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            var i = 0
            while i < b.count, let hit = memchr(base + i, Int32(byte), b.count - i) {
                let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                guard body(offset) else { return }
                i = offset + 1
            }
        }
    }

    /// `"little"` or `"big"` when `bytes` look like UTF-16: a UTF-16 byte order mark, or a first
    /// character with a zero high byte and, in the first 16 code units, zero bytes only in the
    /// high half of a unit and in at least a quarter of them (ASCII letters, digits, spaces and
    /// line breaks), which UTF-8 text never has.
    static func utf16Encoding(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) { return "little" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "big" }
        let units = min(bytes.count / 2, 16)
        guard units >= 2 else { return nil }
        let zeroFirst = (0..<units).filter { bytes[2 * $0] == 0 }.count
        let zeroSecond = (0..<units).filter { bytes[2 * $0 + 1] == 0 }.count
        if bytes[0] != 0, bytes[1] == 0, zeroFirst == 0, zeroSecond * 4 >= units { return "little" }
        if bytes[0] == 0, bytes[1] != 0, zeroSecond == 0, zeroFirst * 4 >= units { return "big" }
        return nil
    }

    /// Parses a page from a string (always valid UTF-8).
    public static func parse(_ text: String, path: String) -> ParseResult {
        parse(bytes: Array(text.utf8), path: path)
    }

    /// Reads and parses a file. An unreadable file gives an `unreadable-file` error diagnostic.
    public static func parse(fileAt url: URL, displayPath: String) -> ParseResult {
        do {
            return parse(bytes: try readBytes(url), path: displayPath)
        } catch {
            return ParseResult(
                document: nil,
                diagnostics: [.error("unreadable-file", "cannot read file: \(reason(url, error))", at: SourceLocation(file: displayPath, line: 1))])
        }
    }

    /// At most `limit` bytes from the start of the file, and whether the file goes on after them.
    static func readBytes(_ url: URL, limit: Int) throws -> (bytes: [UInt8], truncated: Bool) {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let fd = handle.fileDescriptor
        // One byte more than the limit tells a file of exactly `limit` bytes from a longer one.
        var out = try [UInt8](unsafeUninitializedCapacity: limit + 1) { buffer, count in
            while count < limit + 1 {
                let n = read(fd, buffer.baseAddress! + count, limit + 1 - count)
                if n > 0 {
                    count += n
                } else if n == 0 {
                    break
                } else if errno != EINTR {
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
            }
        }
        guard out.count > limit else { return (out, false) }
        out.removeLast()
        return (out, true)
    }

    /// A file's bytes, read into one array of the size the file reports (no `Data` copied into
    /// it); a file that reports no size (a pipe) or grows while read is read to its end in pieces.
    static func readBytes(_ url: URL) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let fd = handle.fileDescriptor
        var info = stat()
        let size = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        func readSome(_ p: UnsafeMutableRawPointer, _ count: Int) throws -> Int {
            while true {
                let n = read(fd, p, count)
                if n >= 0 { return n }
                if errno != EINTR { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            }
        }
        var out = try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let n = try readSome(buffer.baseAddress! + count, size - count)
                if n == 0 { break }
                count += n
            }
        }
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let n = try chunk.withUnsafeMutableBytes { try readSome($0.baseAddress!, $0.count) }
            if n == 0 { return out }
            out.append(contentsOf: chunk[..<n])
        }
    }

    /// The operating system's reason a file cannot be read (`Permission denied`, `Is a
    /// directory`, …), falling back to Foundation's description.
    static func reason(_ url: URL, _ error: any Error) -> String {
        let fd = open(url.path, O_RDONLY)
        if fd < 0 { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var byte: UInt8 = 0
        if read(fd, &byte, 1) < 0 { return String(cString: strerror(errno)) }
        return error.localizedDescription
    }

    struct BadByte {
        var offset: Int
        var line: Int
        var column: Int
    }

    /// Finds the first byte that is not part of a well-formed UTF-8 sequence, or a NUL byte.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> BadByte? {
        // Almost every page is valid: checked without counting lines first, eight ASCII bytes
        // at a time; only a page with a bad byte is scanned again for its line and column.
        if bytes.withUnsafeBufferPointer(isWellFormed) { return nil }
        return firstInvalidUTF8Located(bytes)
    }

    /// Whether `b` is well-formed UTF-8 without a NUL byte (what `firstInvalidUTF8Located`
    /// accepts).
    static func isWellFormed(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = b.baseAddress else { return true }
        let n = b.count
        var i = 0
        while i < n {
            // Eight ASCII bytes without NUL at once: no byte has its high bit set, and none is 0.
            if i + 8 <= n {
                let w = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                let low: UInt64 = 0x0101_0101_0101_0101
                if w & high == 0, (w &- low) & ~w & high == 0 {
                    i += 8
                    continue
                }
            }
            // Two- and three-byte sequences (Cyrillic, Greek, kana, kanji: most of a translated
            // page) checked inline; anything else, or anything these checks reject, goes
            // through `wellFormedLength`.
            let c = base[i]
            if c >= 0xC2, c <= 0xDF, i + 1 < n, base[i + 1] & 0xC0 == 0x80 {
                i += 2
                continue
            }
            if c & 0xF0 == 0xE0, i + 2 < n {
                let c1 = base[i + 1], c2 = base[i + 2]
                if c1 & 0xC0 == 0x80, c2 & 0xC0 == 0x80, c != 0xE0 || c1 >= 0xA0, c != 0xED || c1 < 0xA0 {
                    i += 3
                    continue
                }
            }
            guard let length = wellFormedLength(b, i) else { return false }
            i += length
        }
        return true
    }

    /// The length of the well-formed UTF-8 sequence starting at byte `i` of `b`, or `nil` for a
    /// NUL byte, a byte that cannot start a sequence, a truncated or overlong sequence, a
    /// surrogate or a scalar beyond U+10FFFF.
    @inline(__always)
    static func wellFormedLength(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int? {
        let c = b[i]
        if c == 0 { return nil }
        if c < 0x80 { return 1 }
        let length: Int
        let minScalar: UInt32
        if c & 0xE0 == 0xC0 {
            length = 2; minScalar = 0x80
        } else if c & 0xF0 == 0xE0 {
            length = 3; minScalar = 0x800
        } else if c & 0xF8 == 0xF0 {
            length = 4; minScalar = 0x10000
        } else {
            return nil
        }
        if i + length > b.count { return nil }
        var scalar = UInt32(c) & (0xFF >> (length + 1))
        for k in 1..<length {
            let x = b[i + k]
            if x & 0xC0 != 0x80 { return nil }
            scalar = scalar << 6 | UInt32(x & 0x3F)
        }
        if scalar < minScalar || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return nil }
        return length
    }

    /// `firstInvalidUTF8`, with the bad byte's line and column.
    static func firstInvalidUTF8Located(_ bytes: [UInt8]) -> BadByte? {
        bytes.withUnsafeBufferPointer { b -> BadByte? in
            var i = 0
            var line = 1
            var column = 1
            while i < b.count {
                guard let length = wellFormedLength(b, i) else { return BadByte(offset: i, line: line, column: column) }
                if b[i] == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                i += length
            }
            return nil
        }
    }
}
