import DocSpecKit
import Foundation

#if canImport(CJemalloc)
// The process allocates through jemalloc (Package.swift): importing its module links it, and its
// unprefixed malloc and free come before the C library's for every allocation of the process.
import CJemalloc
#elseif canImport(Glibc)
// Built with DOCSPEC_SYSTEM_MALLOC=1: glibc's malloc.
import Glibc

// Pages are parsed and checked on worker threads, each of which glibc gives its own malloc arena
// by default; the findings and the source locale's spec tables that lint keeps then pin pages of
// every arena, so resident memory grows with the doc set although little is kept. One arena keeps
// the peak bounded by the pages being checked (Benchmarks/README.md, lint-bench memory). An
// explicit MALLOC_ARENA_MAX in the environment wins.
// (`mallopt` is in malloc.h, which the Glibc module does not import: looked up by name.)
if ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil, let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    let mArenaMax: Int32 = -8  // M_ARENA_MAX
    _ = unsafeBitCast(symbol, to: Mallopt.self)(mArenaMax, 1)
}
#endif

exit(DocSpecCLI.run(Array(CommandLine.arguments.dropFirst())))
