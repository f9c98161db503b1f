import Foundation
import KOBIS

/// Lets at most `running` jobs run at once and at most `waiting` more wait in each of two lines (the first line goes
/// before the other, but never more than `firstTurns` times in a row while the other waits); past that it refuses at
/// once. For work anyone can ask for in any amount (a password's hash): a flood waits in a bounded line, not an
/// endless one, and the work of those it cannot be (`.first`) goes ahead.
public final class WorkGate: Sendable {
    /// Every place, running and waiting in the job's line, was taken.
    public struct Full: Error, Sendable, Equatable {}

    /// Which line a job waits in: jobs in the first line start before those in the other, up to ``firstTurns`` in a
    /// row while the other waits.
    public enum Line: Sendable {
        case first, other
    }

    private struct Waiter {
        let id: UUID
        let waiter: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var first: [Waiter] = []
        var other: [Waiter] = []
        /// Places handed to the first line since the other line last had one.
        var firstInRow = 0

        subscript(line: Line) -> [Waiter] {
            get { line == .first ? first : other }
            set { if line == .first { first = newValue } else { other = newValue } }
        }
    }

    private let state = Locked(State())
    /// How many jobs may run at once.
    public let runningLimit: Int
    /// How many more may wait for a place, in each line.
    public let waitingLimit: Int
    /// How many places in a row the first line may take while the other waits.
    public let firstTurns: Int

    /// A gate for `running` jobs at once (at least 1) and `waiting` more in each line (at least 0), the first line
    /// taking at most `firstTurns` places in a row (at least 1) while the other waits.
    public init(running: Int, waiting: Int, firstTurns: Int = 4) {
        runningLimit = max(1, running)
        waitingLimit = max(0, waiting)
        self.firstTurns = max(1, firstTurns)
    }

    /// Runs `work` once a place is free: each line's jobs in the order they came, the first line's ahead (up to
    /// ``firstTurns`` in a row).
    ///
    /// - Throws: ``Full`` at once when every place of `line` is taken; `CancellationError` when the caller is
    ///   cancelled while waiting; or what `work` throws.
    public func run<Result: Sendable>(in line: Line = .other, _ work: () async throws -> Result) async throws
        -> Result
    {
        try await enter(line)
        defer { leave() }
        return try await work()
    }

    /// Jobs running and waiting (in both lines) now.
    public var load: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.first.count + $0.other.count) }
    }

    private enum Admission {
        case now, full, waiting
    }

    private func enter(_ line: Line) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                let admission = state.withLock { state -> Admission in
                    if state.running < runningLimit {
                        state.running += 1
                        return .now
                    }
                    guard state[line].count < waitingLimit, !Task.isCancelled else { return .full }
                    state[line].append(Waiter(id: id, waiter: waiter))
                    return .waiting
                }
                switch admission {
                case .now: waiter.resume()
                case .full: waiter.resume(throwing: Task.isCancelled ? CancellationError() : Full())
                case .waiting: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state[line].firstIndex(where: { $0.id == id }) else { return nil }
                return state[line].remove(at: index).waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Hands the place to the first of the first line (unless it had its turns in a row and the other line waits),
    /// else of the other, or frees it.
    private func leave() {
        let next = state.withLock { [firstTurns] state -> CheckedContinuation<Void, any Error>? in
            if !state.first.isEmpty, state.other.isEmpty || state.firstInRow < firstTurns {
                state.firstInRow += 1
                return state.first.removeFirst().waiter
            }
            if !state.other.isEmpty {
                state.firstInRow = 0
                return state.other.removeFirst().waiter
            }
            state.running -= 1
            return nil
        }
        next?.resume()
    }
}
