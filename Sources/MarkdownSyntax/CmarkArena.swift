import CCmarkArena
import CCmarkGFM

/// The memory cmark-gfm parses a page into (`CCmarkArena`, a bump allocator): allocations are
/// never freed one by one, only all at once by `reset()` or when the arena is released. Used on
/// one thread at a time (`CmarkConverter.parse` enters it for the calling thread).
final class CmarkArena {
    let pointer: OpaquePointer

    init() {
        pointer = docspec_arena_new()
    }

    deinit {
        docspec_arena_delete(pointer)
    }

    /// Frees everything allocated; the arena's standard chunks stay for the next parse.
    func reset() {
        docspec_arena_reset(pointer)
    }

    /// Bytes the arena holds from malloc, in use or kept for reuse.
    var capacity: Int { docspec_arena_capacity(pointer) }

    /// The `cmark_mem` allocating from the arena the calling thread entered. Read-only after its
    /// initialisation, which a `static let` runs once.
    nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
        let mem = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        mem.initialize(to: cmark_mem(calloc: docspec_arena_calloc, realloc: docspec_arena_realloc, free: docspec_arena_free))
        return mem
    }()
}
