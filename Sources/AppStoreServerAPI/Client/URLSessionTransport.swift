import Dispatch
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``HTTPTransport``: Foundation's `URLSession` with an ephemeral configuration (no
/// cookies, no cache, no credential storage on disk).
///
/// * The response body is read up to ``maxResponseBytes`` (1 MiB by default, as in Apple's
///   library); a longer body ends the exchange with ``HTTPTransportError/responseTooLarge(limitBytes:)``.
/// * The `timeout` given to ``send(_:timeout:)`` bounds the whole exchange (connect, send, wait,
///   read), not just the time between packets.
/// * Redirects are not followed: a `3xx` response is returned as it is.
/// * Cancelling the calling task cancels the exchange (``HTTPTransportError/cancelled``).
///
/// One instance can serve many concurrent requests and keeps connections alive between them.
public final class URLSessionTransport: HTTPTransport {
    /// The default limit on a response body: `1_048_576` bytes (1 MiB).
    public static let defaultMaxResponseBytes = 1 << 20

    /// The longest response body this transport accepts, in bytes.
    public let maxResponseBytes: Int

    private let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport with its own `URLSession`.
    ///
    /// - Parameter maxResponseBytes: The longest accepted response body, in bytes; 1 MiB by
    ///   default. Values below 1 are treated as 1.
    public init(maxResponseBytes: Int = URLSessionTransport.defaultMaxResponseBytes) {
        self.maxResponseBytes = max(1, maxResponseBytes)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        let delegate = SessionDelegate(maxResponseBytes: self.maxResponseBytes)
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` over `URLSession`; see ``HTTPTransport/send(_:timeout:)``.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - timeout: The longest the whole exchange may take; at least 1 ms is used.
    /// - Returns: The status, headers (sorted by name) and body.
    /// - Throws: ``HTTPTransportError``.
    public func send(_ request: HTTPRequest, timeout: Duration) async throws(HTTPTransportError)
        -> HTTPResponse
    {
        let seconds = max(0.001, timeout.inSeconds)
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        // The exact limit is the timer below. swift-corelibs-foundation truncates
        // `timeoutInterval` to whole seconds (0.5 s times out at once), so URLSession's own idle
        // timeout is set a little beyond the limit and never fires first.
        urlRequest.timeoutInterval = seconds.rounded(.up) + 1
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        if !request.body.isEmpty {
            urlRequest.httpBody = request.body
        }
        let task = session.dataTask(with: urlRequest)
        let id = task.taskIdentifier
        delegate.register(id)
        let timer = DispatchWorkItem { [delegate] in
            delegate.abandon(id, because: .timedOut)
            task.cancel()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: timer)
        defer { timer.cancel() }

        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, HTTPTransportError>, Never>) in
                delegate.wait(id, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            delegate.abandon(id, because: .cancelled)
            task.cancel()
        }
        return try result.get()
    }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    var inSeconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

/// Collects each task's response and body and resumes its waiter exactly once: when the task
/// completes, or at once when the transport gives up on it (timeout, cancellation, size limit),
/// without waiting for URLSession to acknowledge the cancellation.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    typealias Waiter = CheckedContinuation<Result<HTTPResponse, HTTPTransportError>, Never>

    private struct TaskState {
        var response: HTTPURLResponse?
        var body = Data()
        /// Set once the outcome is known but nobody waits yet.
        var result: Result<HTTPResponse, HTTPTransportError>?
        var waiter: Waiter?
    }

    private let maxResponseBytes: Int
    /// Tasks whose outcome hasn't been handed to their waiter yet.
    private let tasks = Mutex<[Int: TaskState]>([:])

    init(maxResponseBytes: Int) {
        self.maxResponseBytes = maxResponseBytes
    }

    func register(_ id: Int) {
        tasks.withLock { $0[id] = TaskState() }
    }

    /// Stores the waiter; resumes it at once if the outcome is already known.
    func wait(_ id: Int, continuation: Waiter) {
        let known: Result<HTTPResponse, HTTPTransportError>? = tasks.withLock { tasks in
            guard let state = tasks[id] else { return .failure(.other("unknown task")) }
            if let result = state.result {
                tasks[id] = nil
                return result
            }
            tasks[id]?.waiter = continuation
            return nil
        }
        if let known { continuation.resume(returning: known) }
    }

    /// Ends the exchange now with `reason` (a timeout, a cancellation); the first outcome wins.
    func abandon(_ id: Int, because reason: HTTPTransportError) {
        finish(id, with: .failure(reason))
    }

    /// Records the outcome unless one is already known, and resumes the waiter if there is one.
    private func finish(_ id: Int, with result: Result<HTTPResponse, HTTPTransportError>) {
        let waiter: Waiter? = tasks.withLock { tasks in
            guard let state = tasks[id], state.result == nil else { return nil }
            if let waiter = state.waiter {
                tasks[id] = nil
                return waiter
            }
            tasks[id]?.result = result
            return nil
        }
        waiter?.resume(returning: result)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        tasks.withLock { $0[id]?.response = response as? HTTPURLResponse }
        if response.expectedContentLength > Int64(maxResponseBytes) {
            finish(id, with: .failure(.responseTooLarge(limitBytes: maxResponseBytes)))
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let limit = maxResponseBytes
        let overLimit = tasks.withLock { tasks -> Bool in
            guard var state = tasks[id], state.result == nil else { return false }
            if state.body.count + data.count > limit { return true }
            state.body.append(data)
            tasks[id] = state
            return false
        }
        if overLimit {
            finish(id, with: .failure(.responseTooLarge(limitBytes: limit)))
            dataTask.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let id = task.taskIdentifier
        guard let state = tasks.withLock({ $0[id] }), state.result == nil else { return }
        if let error {
            finish(id, with: .failure(Self.map(error)))
        } else if let response = state.response {
            finish(id, with: .success(Self.convert(response, body: state.body)))
        } else {
            finish(id, with: .failure(.other("no HTTP response")))
        }
    }

    private static func convert(_ response: HTTPURLResponse, body: Data) -> HTTPResponse {
        var headers: [HTTPHeader] = []
        for (name, value) in response.allHeaderFields {
            headers.append(HTTPHeader(name: "\(name)", value: "\(value)"))
        }
        headers.sort { $0.name.lowercased() < $1.name.lowercased() }
        return HTTPResponse(status: response.statusCode, headers: headers, body: body)
    }

    /// Maps a `URLError` (or anything else) to a typed error whose text has only the error's
    /// code name and number, never the request.
    private static func map(_ error: Error) -> HTTPTransportError {
        guard let urlError = error as? URLError else {
            let nsError = error as NSError
            return .other("\(nsError.domain) \(nsError.code)")
        }
        let detail = "\(name(of: urlError.code)) (\(urlError.code.rawValue))"
        switch urlError.code {
        case .timedOut:
            return .timedOut
        case .cancelled:
            return .cancelled
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
            .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
            .clientCertificateRejected, .clientCertificateRequired, .internationalRoamingOff,
            .callIsActive, .dataNotAllowed, .appTransportSecurityRequiresSecureConnection:
            return .cannotConnect(detail)
        case .networkConnectionLost, .badServerResponse, .zeroByteResource,
            .cannotParseResponse:
            return .connectionLost(detail)
        default:
            return .other(detail)
        }
    }

    private static func name(of code: URLError.Code) -> String {
        switch code {
        case .timedOut: "timedOut"
        case .cancelled: "cancelled"
        case .cannotConnectToHost: "cannotConnectToHost"
        case .cannotFindHost: "cannotFindHost"
        case .dnsLookupFailed: "dnsLookupFailed"
        case .notConnectedToInternet: "notConnectedToInternet"
        case .secureConnectionFailed: "secureConnectionFailed"
        case .serverCertificateUntrusted: "serverCertificateUntrusted"
        case .serverCertificateHasBadDate: "serverCertificateHasBadDate"
        case .serverCertificateHasUnknownRoot: "serverCertificateHasUnknownRoot"
        case .serverCertificateNotYetValid: "serverCertificateNotYetValid"
        case .networkConnectionLost: "networkConnectionLost"
        case .badServerResponse: "badServerResponse"
        case .zeroByteResource: "zeroByteResource"
        case .cannotParseResponse: "cannotParseResponse"
        case .badURL: "badURL"
        case .unsupportedURL: "unsupportedURL"
        default: "URLError"
        }
    }
}
