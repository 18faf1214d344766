import COpenSSL
import Foundation

/// Helpers around OpenSSL libcrypto's error queue and memory BIOs (internal).
enum OpenSSL {
    /// Drains libcrypto's thread-local error queue into one line, most recent last, for example
    /// `"error:1E08010C:DECODER routines::unsupported"`; `nil` when the queue is empty.
    static func drainErrors() -> String? {
        var messages: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            buffer.withUnsafeMutableBufferPointer { pointer in
                ERR_error_string_n(code, pointer.baseAddress, pointer.count)
            }
            let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            messages.append(message)
        }
        return messages.isEmpty ? nil : messages.joined(separator: "; ")
    }

    /// Runs `body` with a read-only memory BIO over `bytes`.
    static func withMemoryBIO<R>(_ bytes: some DataProtocol, _ body: (OpaquePointer) throws -> R) rethrows -> R? {
        let data = Data(bytes)
        return try data.withUnsafeBytes { raw -> R? in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { BIO_free(bio) }
            return try body(bio)
        }
    }
}
