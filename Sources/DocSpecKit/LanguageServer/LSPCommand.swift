import Foundation

/// Runs a `LanguageServer` over a byte stream: Content-Length framing, a reader thread so that a
/// `$/cancelRequest` that arrives while the server is busy reaches it before the request it
/// cancels, and debounced publishing after changes (`debounce`, no publishing while messages keep
/// arriving). Ends at `exit` (status 0 after `shutdown`, else 1, as LSP says) or when the input
/// ends (the client went away: status 1 unless it had asked to shut down).
public final class LanguageServerLoop: @unchecked Sendable {
    let server: LanguageServer
    let read: @Sendable () -> [UInt8]
    let write: @Sendable ([UInt8]) -> Void
    let debounce: TimeInterval
    let condition = NSCondition()
    var queue: [MessageFramer.Item] = []
    var inputEnded = false

    /// `read` blocks until bytes are available and returns an empty array at the end of input.
    public init(server: LanguageServer = LanguageServer(), debounce: TimeInterval = 0.15,
                read: @escaping @Sendable () -> [UInt8], write: @escaping @Sendable ([UInt8]) -> Void) {
        self.server = server
        self.debounce = debounce
        self.read = read
        self.write = write
    }

    func send(_ messages: [RPCMessage]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for m in messages {
            guard let body = try? encoder.encode(m) else { continue }
            write(MessageFramer.frame(Array(body)))
        }
    }

    /// Serves until `exit` or the end of input; returns the exit status.
    public func run() -> Int32 {
        let reader = Thread { [self] in
            var framer = MessageFramer()
            while true {
                let bytes = read()
                if bytes.isEmpty { break }
                framer.append(bytes)
                var items: [MessageFramer.Item] = []
                while let item = framer.next() { items.append(item) }
                if items.isEmpty { continue }
                condition.lock()
                queue += items
                condition.signal()
                condition.unlock()
            }
            condition.lock()
            inputEnded = true
            condition.signal()
            condition.unlock()
        }
        reader.start()
        while !server.exited {
            condition.lock()
            if queue.isEmpty && !inputEnded {
                if server.pending.isEmpty {
                    condition.wait()
                } else if !condition.wait(until: Date().addingTimeInterval(debounce)) {
                    condition.unlock()
                    send(server.flush())
                    continue
                }
            }
            let batch = queue
            queue.removeAll()
            let ended = inputEnded
            condition.unlock()
            if batch.isEmpty && ended { break }
            // Cancellations first: a request still waiting here is answered as cancelled.
            let bodies = batch.compactMap { item -> [UInt8]? in
                if case .message(let b) = item { return b }
                return nil
            }
            let isCancel = bodies.map { String(decoding: $0.prefix(4096), as: UTF8.self).contains("\"$/cancelRequest\"") }
            for (b, c) in zip(bodies, isCancel) where c { send(server.handle(b)) }
            for item in batch {
                switch item {
                case .error(let message):
                    send([RPCMessage(error: RPCError(code: RPCError.parseError, message: message))])
                case .message(let b):
                    if String(decoding: b.prefix(4096), as: UTF8.self).contains("\"$/cancelRequest\"") { continue }
                    send(server.handle(b))
                }
                if server.exited { break }
            }
        }
        if !server.pending.isEmpty && !server.exited { send(server.flush()) }
        return server.exited && server.shutdownRequested ? 0 : 1
    }
}

/// `docspec lsp`: one declaration (name, summary, help, run), like `docspec fix`.
enum LSPCommand {
    static let name = "lsp"
    static let summary = "Run the language server (LSP over standard input/output): drift as you type, fixes as code actions."

    /// The command's parsed values.
    struct Values: CommandValues {
        /// `--debounce-ms <n>`.
        var debounceMilliseconds = 150
        var positional: [String] = []
    }

    static let declaration = Command<Values>(
        name: name, abstract: summary,
        usage: ["lsp [--debounce-ms <n>]"],
        discussion: """
            Speaks the Language Server Protocol (JSON-RPC 2.0, Content-Length framing) on standard input
            and output; the editor starts it. It reads docspec.yml from the workspace root and publishes,
            for an open translation page, the drift against its source page (paired as lint pairs pages:
            front matter id, else the same path in the source locale's folder) on open, change (incremental, debounced) and save; an open source page
            republishes its open translations. Fixes are code actions (quickfix, and the source action
            'source.fixAll.docspec'); hover on a finding shows the source block; go to definition jumps
            from a translated block to its counterpart. See docs/lsp.md for editor set-up.
            """,
        options: [
            .value("--debounce-ms", "n", help: "Wait this long after the last change before checking (default: 150).") {
                o, v throws(DocSpecError) in
                guard let n = Int(v), n >= 0 else { throw .usage("--debounce-ms takes a number of milliseconds, e.g. --debounce-ms 150 (got '\(v)')") }
                o.debounceMilliseconds = n
            }
        ],
        exitStatus: "0 after the client's shutdown and exit, 1 when the client goes away without shutting down."
    ) { o, _ in
        serve(debounce: Double(o.debounceMilliseconds) / 1000)
    }

    /// Serves on standard input and output until `exit` or the end of input; returns the exit status.
    static func serve(debounce: TimeInterval) -> Int32 {
        let loop = LanguageServerLoop(
            debounce: debounce,
            read: { [UInt8](FileHandle.standardInput.availableData) },
            write: { FileHandle.standardOutput.write(Data($0)) })
        return loop.run()
    }
}
