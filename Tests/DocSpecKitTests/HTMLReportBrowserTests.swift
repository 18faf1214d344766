import DocSpecKit
import Foundation
import Testing

/// The HTML report and the bilingual tables page of the bundled docs, loaded in a real browser:
/// headless Chromium (Debian `chromium`, installed by `make test`) must load each page without a
/// script error or a blocked resource (the page's inline script marks `<body data-ready="1">`,
/// read back with `--dump-dom`; console output goes to standard error with `--enable-logging`),
/// and screenshots must be real PNGs of the requested size.
///
/// The test fails, not skips, when Chromium is missing. The screenshots in `docs/` are made by
/// `Scripts/report-screenshot.sh`.
@Suite("HTML pages in headless Chromium", .serialized)
struct HTMLReportBrowserTests {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `chromium` (or `chromium-browser`) on `PATH`, else in `/usr/bin`.
    static func findChromium() -> URL? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin"]
        for name in ["chromium", "chromium-browser"] {
            for dir in path where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") {
                return URL(fileURLWithPath: "\(dir)/\(name)")
            }
        }
        return nil
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var timedOut: Bool
    }

    /// Runs a program with its output in files (no pipe to fill up), stopping it after `timeout`.
    static func run(_ program: URL, _ arguments: [String], in folder: URL, timeout: TimeInterval = 120) throws -> Run {
        let out = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        for url in [out, err] where !FileManager.default.createFile(atPath: url.path, contents: nil) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                process.terminate()
                break
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.waitUntilExit()
        let read = { (url: URL) in String(decoding: FileManager.default.contents(atPath: url.path) ?? Data(), as: UTF8.self) }
        return Run(status: process.terminationStatus, stdout: read(out), stderr: read(err), timedOut: timedOut)
    }

    /// The flags every Chromium run gets: headless, no GPU, no sandbox (tests may run as root), a
    /// profile of its own (runs in parallel do not share one), console messages on stderr.
    static func chromiumFlags(profile: URL) -> [String] {
        ["--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0"]
    }

    /// Chromium and a new empty folder for one test's files (the caller removes it); `nil`, with
    /// the test failed, when Chromium is not installed.
    static func chromiumAndFolder() throws -> (URL, URL)? {
        guard let chromium = findChromium() else {
            Issue.record("Chromium is not installed: 'apt-get install -y chromium' (or 'make test')")
            return nil
        }
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("docspec-browser-\(UUID().uuidString)").standardizedFileURL
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        return (chromium, tmp)
    }

    /// Width and height from a PNG's IHDR chunk, or `nil` when `data` is not a PNG.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else { return nil }
        let be = { (i: Int) in bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    /// Console messages, uncaught errors and blocked loads Chromium logged for a page.
    static func pageProblems(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter {
            $0.contains("CONSOLE") || $0.contains("Uncaught") || $0.contains("Refused to") || $0.contains("Content Security Policy")
                || $0.contains("ERR_FILE_NOT_FOUND") || $0.contains("Page load failed")
        }
    }

    @Test("the bundled docs' report and bilingual tables load without script errors; screenshots are real PNGs")
    func bundledDocs() throws {
        guard let chromium = Self.findChromium() else {
            Issue.record("""
                Chromium is not installed, so the HTML report cannot be checked in a real browser. \
                Install the Debian package: 'apt-get install -y chromium' (or run 'make test', which installs it).
                """)
            return
        }
        let fm = FileManager.default
        let tmp = fm.temporaryDirectory.appendingPathComponent("docspec-browser-\(UUID().uuidString)").standardizedFileURL
        try fm.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: tmp) }

        // The report and the bilingual tables of the bundled docs (docs-ja, docs-ru).
        let buffer = OutputBuffer()
        let reportStatus = DocSpecCLI.run(["report", "--html", tmp.appendingPathComponent("report").path], output: buffer.output, currentDirectory: Self.packageRoot)
        #expect(reportStatus == 0 || reportStatus == 1, "\(buffer.contents)")
        let tablesStatus = DocSpecCLI.run(
            ["tables", "--format", "html", "--locales", "ja,ru", "--output", tmp.appendingPathComponent("tables.html").path],
            output: buffer.output, currentDirectory: Self.packageRoot)
        #expect(tablesStatus == 0 || tablesStatus == 1, "\(buffer.contents)")

        let report = tmp.appendingPathComponent("report")
        let pairPage = report.appendingPathComponent("ru-consumption-request.html")
        let tables = tmp.appendingPathComponent("tables.html")
        let pages = [report.appendingPathComponent("index.html"), pairPage, tables]
        for page in pages {
            try #require(fm.fileExists(atPath: page.path), "\(page.lastPathComponent) was not written: \(buffer.contents)")
        }

        // Loaded, script ran, nothing blocked or logged.
        for page in pages {
            let r = try Self.run(chromium, Self.chromiumFlags(profile: tmp.appendingPathComponent("profile")) + ["--dump-dom", page.absoluteString], in: tmp)
            #expect(!r.timedOut, "chromium --dump-dom \(page.lastPathComponent) did not finish")
            #expect(r.status == 0, "chromium --dump-dom \(page.lastPathComponent) exited \(r.status): \(r.stderr)")
            #expect(r.stdout.contains(#"<body data-ready="1">"#), "\(page.lastPathComponent): the page's script did not run (blocked or failed); stderr: \(r.stderr)")
            #expect(Self.pageProblems(r.stderr).isEmpty, "\(page.lastPathComponent): \(Self.pageProblems(r.stderr).joined(separator: "\n"))")
        }
        let dom = try Self.run(chromium, Self.chromiumFlags(profile: tmp.appendingPathComponent("profile")) + ["--dump-dom", pairPage.absoluteString], in: tmp).stdout
        #expect(dom.contains(#"<table class="pair">"#) && dom.contains(#"lang="ja""#) && dom.contains(#"lang="ru""#), "the pair page shows the bilingual tables")
        // The bundled docs are clean: their code samples are listed, not shown (only drifted samples are).
        #expect(dom.contains("code samples without findings") && !dom.contains(#"<table class="code">"#), "the clean samples are listed")

        // Screenshots: real PNGs of the window size, with content (not a blank page).
        for (page, name) in [(pairPage, "report.png"), (tables, "tables.png")] {
            let png = tmp.appendingPathComponent(name)
            let r = try Self.run(
                chromium, Self.chromiumFlags(profile: tmp.appendingPathComponent("profile"))
                    + ["--hide-scrollbars", "--screenshot=\(png.path)", "--window-size=1280,2000", page.absoluteString], in: tmp)
            #expect(!r.timedOut && r.status == 0, "chromium --screenshot \(page.lastPathComponent): \(r.stderr)")
            #expect(Self.pageProblems(r.stderr).isEmpty, "\(page.lastPathComponent): \(Self.pageProblems(r.stderr).joined(separator: "\n"))")
            let data = try #require(fm.contents(atPath: png.path), "no screenshot of \(page.lastPathComponent); stderr: \(r.stderr)")
            let size = try #require(Self.pngSize(data), "\(name) is not a PNG")
            #expect(size.width == 1280 && size.height == 2000, "\(name) is \(size.width)×\(size.height)")
            #expect(data.count > 50_000, "\(name) is only \(data.count) bytes: a blank page?")
        }
    }

    @Test("the index filters the page pairs on a real click and by typed search; no page is wider than a 1,400 px window")
    func filterAndWidth() throws {
        guard let (chromium, tmp) = try Self.chromiumAndFolder() else { return }
        let fm = FileManager.default
        defer { try? fm.removeItem(at: tmp) }
        // Two pairs with different rules: ru-errors (cell-mismatch), ru-request (code-sample-mismatch, missing-table).
        let ws = try Workspace(fixture: "drift")
        #expect(ws.run(["report", "--html", "report"]).status == 1)
        let buffer = OutputBuffer()
        let bundled = tmp.appendingPathComponent("bundled")
        let status = DocSpecCLI.run(["report", "--html", bundled.path], output: buffer.output, currentDirectory: Self.packageRoot)
        #expect(status == 0 || status == 1, "\(buffer.contents)")

        let tables = tmp.appendingPathComponent("tables.html")
        let tablesStatus = DocSpecCLI.run(
            ["tables", "--format", "html", "--locales", "ja,ru", "--output", tables.path], output: buffer.output, currentDirectory: Self.packageRoot)
        #expect(tablesStatus == 0 || tablesStatus == 1, "\(buffer.contents)")

        let stderr = tmp.appendingPathComponent("chromium.err")
        let session = try DevToolsSession(chromium: chromium, flags: Self.chromiumFlags(profile: tmp.appendingPathComponent("profile")), stderrFile: stderr)
        try session.attach(width: 1400, height: 900)
        try session.load(ws.url("report/index.html"))
        let visible = "Array.prototype.map.call(document.querySelectorAll('#pairs tbody tr:not([hidden]) td:first-child a'), function (a) { return a.getAttribute('href'); })"
        // Worst first: ru-request has 2 errors, ru-errors 2 as well but fewer findings? Both are listed.
        #expect(Set(try session.evaluate(visible) as? [String] ?? []) == ["ru-errors.html", "ru-request.html"])
        try session.click(#"button[data-rule="cell-mismatch"]"#)
        #expect(try session.evaluate(visible) as? [String] == ["ru-errors.html"], "a click on cell-mismatch leaves the pair with that finding")
        #expect(try session.evaluate("document.getElementById('f-count').textContent") as? String == "1 of 2 page pairs")
        #expect(try session.evaluate("document.getElementById('f-rule').value") as? String == "cell-mismatch")
        try session.click(#"button[data-rule="cell-mismatch"]"#)
        #expect((try session.evaluate(visible) as? [String])?.count == 2, "a second click clears the filter")
        try session.click("#f-search")
        try session.send("Input.insertText", ["text": "request"])
        #expect(try session.evaluate(visible) as? [String] == ["ru-request.html"], "typing in the search box filters by title and path")
        try session.send("Input.insertText", ["text": "-no-such-page"])
        #expect((try session.evaluate(visible) as? [String])?.isEmpty == true)

        // No horizontal overflow at 1,400 px: the index and pair pages of the fixture and of the bundled docs.
        for page in [ws.url("report/index.html"), ws.url("report/ru-request.html"), ws.url("report/ru-errors.html"),
                     bundled.appendingPathComponent("index.html"), bundled.appendingPathComponent("ru-consumption-request.html"), tables] {
            try session.load(page)
            let width = try session.evaluate("document.documentElement.scrollWidth") as? Int
            #expect(width.map { $0 <= 1400 } == true, "\(page.lastPathComponent) is \(width ?? -1) px wide in a 1,400 px window")
            if page == tables {
                // Each code span of the spec tables is laid out on one line: no identifier is broken.
                let broken = try session.evaluate(
                    "Array.prototype.filter.call(document.querySelectorAll('table.spec code'), function (c) { return c.getClientRects().length !== 1; }).map(function (c) { return c.textContent; })")
                #expect((broken as? [String]) == [], "code spans broken over lines: \(String(describing: broken))")
            }
        }
        let log = String(decoding: fm.contents(atPath: stderr.path) ?? Data(), as: UTF8.self)
        #expect(Self.pageProblems(log).isEmpty, "\(Self.pageProblems(log).joined(separator: "\n"))")
    }

    @Test("a page whose script fails is caught: the check is not vacuous")
    func detectsScriptErrors() throws {
        guard let (chromium, tmp) = try Self.chromiumAndFolder() else { return }
        let fm = FileManager.default
        defer { try? fm.removeItem(at: tmp) }
        let page = tmp.appendingPathComponent("broken.html")
        try Data(#"<!DOCTYPE html><html><body><script>undefinedFunction(); document.body.dataset.ready = "1";</script></body></html>"#.utf8).write(to: page)
        let r = try Self.run(chromium, Self.chromiumFlags(profile: tmp.appendingPathComponent("profile")) + ["--dump-dom", page.absoluteString], in: tmp)
        #expect(!r.stdout.contains(#"data-ready="1""#))
        #expect(Self.pageProblems(r.stderr).contains { $0.contains("Uncaught") }, "\(r.stderr)")
    }
}
