#if canImport(Glibc)
    import Glibc
#endif

/// Hands the memory freed after a large piece of work back to the system. glibc keeps freed heap pages for reuse, so
/// without this a server's RSS would stay at the peak of its largest import for good (50,000 notes imported through
/// a debug build: 204 MB against 70 MB idle, and 79 MB once trimmed). A no-op where the C library is not glibc.
enum FreedMemory {
    /// Imports at least this large are followed by a trim; smaller ones leave too little behind to matter.
    static let importRows = 1_000

    static func release() {
        #if canImport(Glibc)
            // `malloc_trim` lives in <malloc.h>, which Swift's Glibc module does not export (see `MallocArenas`).
            guard let symbol = dlsym(nil, "malloc_trim") else { return }
            typealias MallocTrim = @convention(c) (Int) -> Int32
            _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
        #endif
    }
}
