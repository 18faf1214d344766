import Foundation

/// Any JSON value, `Codable`: the `params`, `result` and `data` members of JSON-RPC messages,
/// decoded into typed values where the server reads them (`JSONValue.decode(_:)`).
public enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONValue].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONValue].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 { try c.encode(Int(n)) } else { try c.encode(n) }
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }

    /// The value as a `T`; throws a `DecodingError` when it does not have `T`'s shape.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(self))
    }

    /// `value` as JSON (`.null` if it cannot be encoded).
    public static func from<T: Encodable>(_ value: T) -> JSONValue {
        (try? JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))) ?? .null
    }
}

/// A JSON-RPC request id: a number or a string.
public enum RPCID: Codable, Hashable, Sendable {
    case number(Int)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Int.self) { self = .number(n) } else { self = .string(try c.decode(String.self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        }
    }
}

/// One JSON-RPC 2.0 message: a request (`id` and `method`), a notification (`method` only) or
/// a response (`id` with `result` or `error`).
public struct RPCMessage: Codable, Sendable {
    public var jsonrpc: String = "2.0"
    public var id: RPCID?
    public var method: String?
    public var params: JSONValue?
    public var result: JSONValue?
    public var error: RPCError?

    public init(id: RPCID? = nil, method: String? = nil, params: JSONValue? = nil, result: JSONValue? = nil, error: RPCError? = nil) {
        self.id = id
        self.method = method
        self.params = params
        self.result = result
        self.error = error
    }

    /// A response: `result` is written even when it is `null` (LSP requires the member); an
    /// error response has `error` instead, and `id` `null` when the request's id is unknown.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(jsonrpc, forKey: .jsonrpc)
        if let method {
            if let id { try c.encode(id, forKey: .id) }
            try c.encode(method, forKey: .method)
            try c.encodeIfPresent(params, forKey: .params)
        } else {
            try c.encode(id, forKey: .id)
            if let error { try c.encode(error, forKey: .error) } else { try c.encode(result ?? .null, forKey: .result) }
        }
    }

    enum CodingKeys: String, CodingKey { case jsonrpc, id, method, params, result, error }
}

/// A JSON-RPC error object.
public struct RPCError: Codable, Hashable, Sendable, Error {
    public var code: Int
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
    public static let requestCancelled = -32800
    public static let contentTooLarge = -32001
}

/// Splits a byte stream into LSP messages (`Content-Length: n\r\n…\r\n\r\n` then `n` bytes).
/// Bytes are appended as they arrive; `next()` returns each complete message body, or a
/// framing error (a header without a usable `Content-Length`, a body over `maximumLength`), after
/// which the reader skips past the bad header and goes on.
public struct MessageFramer: Sendable {
    /// The largest body accepted, in bytes (default 64 MiB); a larger one is skipped.
    public var maximumLength: Int
    var buffer: [UInt8] = []
    var skipping = 0

    public init(maximumLength: Int = 64 << 20) { self.maximumLength = maximumLength }

    /// One framing step's outcome.
    public enum Item: Equatable, Sendable {
        case message([UInt8])
        case error(String)
    }

    public mutating func append<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message or framing error, or `nil` when more bytes are needed.
    public mutating func next() -> Item? {
        if skipping > 0 {
            let n = min(skipping, buffer.count)
            buffer.removeFirst(n)
            skipping -= n
            if skipping > 0 { return nil }
        }
        guard let end = Self.find([13, 10, 13, 10], in: buffer) else {
            if buffer.count > 8192 {
                buffer.removeAll()
                return .error("a message header longer than 8192 bytes without its blank line")
            }
            return nil
        }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        var length: Int? = nil
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length" {
                length = Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
        }
        guard let length, length >= 0 else {
            buffer.removeFirst(end + 4)
            return .error("a message header without a valid Content-Length: '\(header.prefix(200))'")
        }
        if length > maximumLength {
            buffer.removeFirst(end + 4)
            skipping = length - min(length, buffer.count)
            buffer.removeFirst(min(length, buffer.count))
            return .error("a message of \(length) bytes is larger than the \(maximumLength) bytes accepted")
        }
        guard buffer.count >= end + 4 + length else { return nil }
        let body = Array(buffer[(end + 4)..<(end + 4 + length)])
        buffer.removeFirst(end + 4 + length)
        return .message(body)
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i] == needle[0] && Array(hay[i..<(i + needle.count)]) == needle { return i }
        return nil
    }

    /// `message` framed: the `Content-Length` header, then the JSON body.
    public static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
