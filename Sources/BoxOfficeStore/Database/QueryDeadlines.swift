import BoxOfficeCore
import KOBIS
import Logging
import NIOCore

/// The deadline every database call runs under: a call that has not ended after ``usual`` fails with
/// ``BoxOfficeError/storage(_:)`` (readers get a 503), and once ``beginStopping()`` is called the calls still open
/// and every later one get at most ``whenStopping``, so a graceful stop never waits on the database for long.
///
/// A call that fails this way may still be running in the driver: the caller stops waiting for it. A write ended by
/// its deadline inside a transaction is rolled back (the transaction never commits), unless the deadline ended the
/// COMMIT itself: then the transaction may have committed though the caller was told it failed (a note sent again
/// with its `Idempotency-Key` finds the one saved).
final class QueryDeadlines: Sendable {
    private struct State {
        var stopping = false
        var nextID = 0
        /// Each open call, with how to bring its deadline forward.
        var open: [Int: @Sendable (NIODeadline) -> Void] = [:]
    }

    /// How long a call may take while the store runs.
    let usual: TimeAmount
    /// How long a call may take once the process is stopping.
    let whenStopping: TimeAmount
    private let state = Locked(State())
    /// Where a call that ran out of time is reported: a deadline is a fault to look into, never routine.
    private let logger: Logger

    init(usual: TimeAmount, whenStopping: TimeAmount, logger: Logger) {
        self.usual = usual
        self.whenStopping = whenStopping
        self.logger = logger
    }

    /// Runs `start` and answers its result, or a storage failure once the deadline passes first. `start` gets a
    /// gate that closes when the call ends either way: rows arriving after the deadline are dropped.
    /// `what` names the call in the warning logged when its deadline passes (SQL text, never bound values).
    func bound<T: Sendable>(
        on loop: any EventLoop, what: @escaping @Sendable () -> String = { "a call" },
        _ start: (_ isOpen: @escaping @Sendable () -> Bool) -> EventLoopFuture<T>
    ) -> EventLoopFuture<T> {
        let began = NIODeadline.now()
        let call = OpenCall(promise: loop.makePromise(of: T.self), loop: loop, limit: usual) { [logger] in
            logger.warning(
                "database call passed its deadline",
                metadata: [
                    "call": .string(what()),
                    "seconds": .stringConvertible((NIODeadline.now() - began).nanoseconds / 1_000_000_000),
                ])
        }
        let now = NIODeadline.now()
        let (id, deadline) = state.withLock { state -> (Int, NIODeadline) in
            let id = state.nextID
            state.nextID &+= 1
            state.open[id] = { call.expire(at: $0) }
            return (id, now + (state.stopping ? min(usual, whenStopping) : usual))
        }
        call.expire(at: deadline)
        call.promise.futureResult.whenComplete { [state] _ in
            _ = state.withLock { $0.open.removeValue(forKey: id) }
        }
        start({ !call.isFinished }).whenComplete { call.finish($0) }
        return call.promise.futureResult
    }

    /// From now on, calls end within ``whenStopping``: those already open and every later one.
    func beginStopping() {
        let deadline = NIODeadline.now() + whenStopping
        let open = state.withLock { state -> [@Sendable (NIODeadline) -> Void] in
            state.stopping = true
            return Array(state.open.values)
        }
        for expire in open { expire(deadline) }
    }

    /// How many calls are running now (for tests).
    var openCount: Int { state.withLock { $0.open.count } }
}

/// One call under a deadline: completed once, by its result or by its deadline, whichever comes first.
private final class OpenCall<T: Sendable>: Sendable {
    private struct State {
        var finished = false
        var timers: [Scheduled<Void>] = []
    }

    let promise: EventLoopPromise<T>
    private let loop: any EventLoop
    private let limit: TimeAmount
    private let state = Locked(State())
    private let expired: @Sendable () -> Void

    init(promise: EventLoopPromise<T>, loop: any EventLoop, limit: TimeAmount, expired: @escaping @Sendable () -> Void)
    {
        self.promise = promise
        self.loop = loop
        self.limit = limit
        self.expired = expired
    }

    var isFinished: Bool { state.withLock { $0.finished } }

    /// Fails the call at `deadline` unless it has ended by then.
    func expire(at deadline: NIODeadline) {
        let timer = loop.scheduleTask(deadline: deadline) { [self] in
            if finish(.failure(BoxOfficeError.storage("The database did not answer in time."))) { expired() }
        }
        let finished = state.withLock { state -> Bool in
            if !state.finished { state.timers.append(timer) }
            return state.finished
        }
        if finished { timer.cancel() }
    }

    /// Completes the call unless it has ended already; whether this did.
    @discardableResult
    func finish(_ result: Result<T, any Error>) -> Bool {
        let timers = state.withLock { state -> [Scheduled<Void>]? in
            guard !state.finished else { return nil }
            state.finished = true
            defer { state.timers = [] }
            return state.timers
        }
        guard let timers else { return false }
        for timer in timers { timer.cancel() }
        promise.completeWith(result)
        return true
    }
}
