#if canImport(Glibc)
    import Glibc
#endif

/// glibc gives threads that allocate at the same time arenas of their own, up to eight per core, and an arena's
/// freed pages mostly stay resident. A server's event-loop and task-pool threads then hold memory in proportion
/// to how many threads ever allocated at once rather than to the load. `serve` caps the arenas at two (the
/// figures are in BENCHMARKS.md); a `MALLOC_ARENA_MAX` in the environment is glibc's own setting and wins.
enum MallocArenas {
    static let serverLimit: Int32 = 2

    /// Caps glibc's malloc arenas unless the environment already sets `MALLOC_ARENA_MAX`; elsewhere a no-op.
    /// Returns whether the cap was applied.
    @discardableResult
    static func limitForServer(environment: [String: String]) -> Bool {
        #if canImport(Glibc)
            guard environment["MALLOC_ARENA_MAX"] == nil else { return false }
            // `mallopt` lives in <malloc.h>, which Swift's Glibc module does not export: look it up instead.
            guard let symbol = dlsym(nil, "mallopt") else { return false }
            typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
            let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
            let arenaMax: Int32 = -8  // M_ARENA_MAX
            return mallopt(arenaMax, serverLimit) == 1
        #else
            return false
        #endif
    }
}
