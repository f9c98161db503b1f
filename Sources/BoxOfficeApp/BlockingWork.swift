import NIOPosix

/// Work that holds a thread for seconds (reading a whole CSV file of tens of megabytes), run on NIO's pool for
/// blocking work: Swift's shared threads are one per core, and two such files on them would hold up every request of
/// every person until they were read.
enum BlockingWork {
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await NIOThreadPool.singleton.runIfActive(work)
    }
}
