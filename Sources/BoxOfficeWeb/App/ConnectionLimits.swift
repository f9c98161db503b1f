#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many client connections the server keeps open. Each takes a file descriptor, as do the database's
/// connections, KOBIS calls and the store's files: a server whose clients took every descriptor could no longer
/// reach its database or KOBIS, and would refuse everyone until they left. So the connections stop short of the
/// process's open-file limit, by a reserve for the rest.
enum ConnectionLimits {
    /// The most connections kept by default, whatever the open-file limit: about 11 KB each when idle (110 MB).
    static let defaultCeiling = 10_000

    /// `configured` when set; else the open-file limit less a quarter of it, or 256 if that is less, and at most
    /// ``defaultCeiling``; at least 1.
    static func maximum(configured: Int?, openFiles: Int?) -> Int {
        if let configured { return max(1, configured) }
        guard let openFiles, openFiles > 0 else { return defaultCeiling }
        let reserve = min(256, openFiles / 4)
        return max(1, min(defaultCeiling, openFiles - reserve))
    }

    /// The process's open-file limit (its soft limit), or nil where it cannot be read.
    static func openFileLimit() -> Int? {
        var limit = rlimit()
        #if canImport(Glibc)
            guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        #else
            guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return nil }
        #endif
        // RLIM_INFINITY is all ones; Swift cannot import the macro.
        return limit.rlim_cur == rlim_t.max ? nil : Int(clamping: limit.rlim_cur)
    }
}
