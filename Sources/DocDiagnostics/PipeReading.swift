import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
#elseif canImport(Musl)
private func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Musl.read(fd, buffer, count) }
#else
private func readDescriptor(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
#endif

extension FileHandle {
    /// Every byte up to end of file, reading the descriptor directly and retrying a read that a
    /// signal interrupted (`EINTR`).
    ///
    /// Foundation's `readDataToEndOfFile()` traps (`try!` inside corelibs Foundation) when a
    /// signal arrives during its `read(2)`, which happens when several child processes finish
    /// while one is being read (their `SIGCHLD` is handled by libdispatch). The toolkit and its
    /// tests read child processes' pipes with this instead.
    ///
    /// - Returns: the bytes read; reading stops at end of file or at the first error other than
    ///   `EINTR` (what was read until then is returned).
    public func readToEndRetryingInterrupts() -> Data {
        var data = Data()
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        let descriptor = fileDescriptor
        while true {
            let count = buffer.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress, chunk) }
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }
}
