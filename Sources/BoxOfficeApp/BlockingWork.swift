import Foundation

/// Work that holds a thread for seconds (reading a whole CSV file of tens of megabytes), run on a thread of its own:
/// Swift's shared threads are one per core, and NIO's pool for blocking work checks passwords, so two such files on
/// either would hold up every request, or every log-in, until they were read. Imports are few at once
/// (`ImportsInProgress` in the web target), so the threads are too.
enum BlockingWork {
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
