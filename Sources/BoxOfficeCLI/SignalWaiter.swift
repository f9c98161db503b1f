import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits for SIGINT or SIGTERM.
enum SignalWaiter {
    static func waitForTermination() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let queue = DispatchQueue(label: "boxoffice.signals")
            let resumed = ResumeOnce(continuation)
            var sources: [any DispatchSourceSignal] = []
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { resumed.resume() }
                source.resume()
                sources.append(source)
            }
            resumed.keep(sources)
        }
    }
}

/// Resumes a continuation exactly once and keeps the signal sources alive until then.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }

    func keep(_ sources: [any DispatchSourceSignal]) {
        lock.withLock { self.sources = sources }
    }

    func resume() {
        let pending = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume()
    }
}
