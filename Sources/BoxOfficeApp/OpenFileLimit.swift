#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's open-file limit. A process starts with a soft limit that is often 1,024 (systemd's default for
/// services) below a hard limit it may raise itself to, as Go's runtime does. Every client connection takes a
/// descriptor, so `serve` raises it, and the server's connection limit is derived from it (`ConnectionLimits` in the
/// web target).
public enum OpenFileLimit {
    /// More than any server here needs.
    static let ceiling: rlim_t = 1 << 20

    /// The soft limit in force, or nil where it cannot be read or is unlimited.
    public static func current() -> Int? {
        var limit = rlimit()
        guard get(&limit) else { return nil }
        // RLIM_INFINITY is all ones; Swift cannot import the macro.
        return limit.rlim_cur == rlim_t.max ? nil : Int(clamping: limit.rlim_cur)
    }

    /// Raises the soft limit to the hard one (at most ``ceiling``); returns the soft limit now in force, or nil when
    /// it cannot be read. A limit that cannot be raised stays as it was.
    @discardableResult
    public static func raiseForServer() -> Int? {
        var limit = rlimit()
        guard get(&limit) else { return nil }
        let wanted = min(limit.rlim_max, ceiling, systemCeiling())
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if set(&raised) { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// macOS refuses a soft limit above `kern.maxfilesperproc` (its hard limit is usually unlimited), as Go's runtime
    /// allows for; Linux takes any up to the hard limit.
    private static func systemCeiling() -> rlim_t {
        #if canImport(Darwin)
            var perProcess: Int32 = 0
            var size = MemoryLayout<Int32>.size
            guard sysctlbyname("kern.maxfilesperproc", &perProcess, &size, nil, 0) == 0, perProcess > 0 else {
                return rlim_t.max
            }
            return rlim_t(perProcess)
        #else
            return rlim_t.max
        #endif
    }

    private static func get(_ limit: inout rlimit) -> Bool {
        #if canImport(Glibc)
            getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        #else
            getrlimit(RLIMIT_NOFILE, &limit) == 0
        #endif
    }

    private static func set(_ limit: inout rlimit) -> Bool {
        #if canImport(Glibc)
            setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        #else
            setrlimit(RLIMIT_NOFILE, &limit) == 0
        #endif
    }
}
