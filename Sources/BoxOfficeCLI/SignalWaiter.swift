import Dispatch
import Foundation
import KOBIS

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits for SIGINT or SIGTERM.
enum SignalWaiter {
    static func waitForTermination() async {
        let queue = DispatchQueue(label: "boxoffice.signals")
        let signalled = Signalled()
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { signalled.fire() }
            source.resume()
            sources.append(source)
        }
        await withCheckedContinuation { signalled.wait($0) }
        withExtendedLifetime(sources) {}
    }
}

/// Whether a signal has arrived, and the one waiter to resume when it does (it may arrive before the wait).
private final class Signalled: Sendable {
    private struct State {
        var fired = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = Locked(State())

    func wait(_ continuation: CheckedContinuation<Void, Never>) {
        let now = state.withLock { state -> Bool in
            if !state.fired { state.waiter = continuation }
            return state.fired
        }
        if now { continuation.resume() }
    }

    func fire() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.fired = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}
