import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven over the Chrome DevTools Protocol on a pipe (`--remote-debugging-pipe`:
/// Chromium reads NUL-terminated JSON commands on file descriptor 3 and writes replies and events
/// on 4), so a test can click in a page and read the DOM afterwards. No websocket, no network.
final class DevToolsSession {
    enum Failure: Error, CustomStringConvertible {
        case spawn(Int32)
        case timeout(String)
        case closed(String)
        case protocolError(String)

        var description: String {
            switch self {
            case .spawn(let e): "cannot start chromium: \(String(cString: strerror(e)))"
            case .timeout(let what): "chromium did not answer in time: \(what)"
            case .closed(let what): "chromium closed the pipe: \(what)"
            case .protocolError(let what): "DevTools protocol error: \(what)"
            }
        }
    }

    private var pid: pid_t = 0
    private let toChrome: Int32
    private let fromChrome: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var sessionID: String?
    /// Chromium's standard error (console messages with `--enable-logging=stderr`).
    let stderrFile: URL

    /// Starts `chromium` with `flags` (headless flags included by the caller) on `about:blank`.
    init(chromium: URL, flags: [String], stderrFile: URL) throws {
        self.stderrFile = stderrFile
        var commands: [Int32] = [0, 0]
        var replies: [Int32] = [0, 0]
        guard pipe(&commands) == 0, pipe(&replies) == 0 else { throw Failure.spawn(errno) }
        // Not inherited by other children of the test process (the spawn's dup2 clears it on 3 and 4).
        for fd in commands + replies { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        toChrome = commands[1]
        fromChrome = replies[0]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, commands[0], 3)
        posix_spawn_file_actions_adddup2(&actions, replies[1], 4)
        let args = [chromium.path] + flags + ["--remote-debugging-pipe", "about:blank"]
        var argv: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let status = posix_spawn(&pid, chromium.path, &actions, nil, &argv, environ)
        close(commands[0])
        close(replies[1])
        guard status == 0 else {
            close(toChrome)
            close(fromChrome)
            throw Failure.spawn(status)
        }
    }

    deinit {
        close(toChrome)
        close(fromChrome)
        if pid > 0 {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
    }

    /// Sends a command (to the attached page once `attach()` ran) and returns its `result`.
    @discardableResult
    func send(_ method: String, _ params: [String: Any] = [:], toBrowser: Bool = false, timeout: TimeInterval = 30) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if !toBrowser, let sessionID { message["sessionId"] = sessionID }
        var data = [UInt8](try JSONSerialization.data(withJSONObject: message))
        data.append(0)
        var written = 0
        while written < data.count {
            let n = data[written...].withUnsafeBytes { write(toChrome, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure.closed(method)
            }
            written += n
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try nextMessage(until: deadline, what: method)
            guard (reply["id"] as? Int) == id else { continue }
            if let error = reply["error"] { throw Failure.protocolError("\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func nextMessage(until deadline: Date, what: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let chunk = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                if let object = try? JSONSerialization.jsonObject(with: Data(chunk)) as? [String: Any] { return object }
                continue
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { throw Failure.timeout(what) }
            var fds = [pollfd(fd: fromChrome, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, Int32(min(left, 1) * 1000))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(fromChrome, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { throw Failure.closed(what) }
            buffer += chunk[..<n]
        }
    }

    /// Attaches to the browser's page, with a viewport of `width`×`height` CSS pixels.
    func attach(width: Int, height: Int) throws {
        let targets = try send("Target.getTargets", toBrowser: true)["targetInfos"] as? [[String: Any]] ?? []
        guard let page = targets.first(where: { $0["type"] as? String == "page" }), let id = page["targetId"] as? String else {
            throw Failure.protocolError("no page target in \(targets)")
        }
        let attached = try send("Target.attachToTarget", ["targetId": id, "flatten": true], toBrowser: true)
        guard let session = attached["sessionId"] as? String else { throw Failure.protocolError("no session: \(attached)") }
        sessionID = session
        try send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    /// Loads `url` and waits until the page's script marked it ready (`<body data-ready="1">`).
    func load(_ url: URL, timeout: TimeInterval = 60) throws {
        try send("Page.navigate", ["url": url.absoluteString])
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try evaluate("document.readyState === 'complete' && document.body !== null && document.body.dataset.ready === '1'") as? Bool == true { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw Failure.timeout("\(url.lastPathComponent) did not become ready")
    }

    /// The value of a JavaScript expression in the page (JSON-compatible values only).
    func evaluate(_ expression: String) throws -> Any? {
        let result = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true])
        if let exception = result["exceptionDetails"] { throw Failure.protocolError("\(expression): \(exception)") }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// A real mouse click (pressed and released, left button) at the centre of the element
    /// `selector` selects, after scrolling it into view.
    func click(_ selector: String) throws {
        let literal = String(decoding: try JSONSerialization.data(withJSONObject: [selector]), as: UTF8.self)
        let rect = try evaluate("""
            (function () { var e = document.querySelector(\(literal)[0]); if (!e) return null; e.scrollIntoView({block: "center"});
              var r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()
            """) as? [Double]
        guard let rect, rect.count == 2 else { throw Failure.protocolError("no element \(selector)") }
        for type in ["mousePressed", "mouseReleased"] {
            try send("Input.dispatchMouseEvent", ["type": type, "x": rect[0], "y": rect[1], "button": "left", "clickCount": 1])
        }
    }
}
