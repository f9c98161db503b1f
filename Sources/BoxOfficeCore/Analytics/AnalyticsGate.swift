import KOBIS

/// Lets a few of the archive's questions (records, the market, a film's run) be worked out at once, a bounded line
/// waiting, and refuses past it with ``BoxOfficeError/busy(retryAfterSeconds:)``: a question answered cold reads
/// many rows, and on SQLite every query waits for the one connection, so a flood of different questions must not
/// hold up every other page. One gate is shared by the services that answer them; one ``asker`` holds at most
/// ``perAsker`` of its places, running or waiting, so one client cannot fill the line for everyone.
public struct AnalyticsGate: Sendable {
    private let gate: WorkGate
    /// Places held by each asker now (only askers holding one are listed).
    private let held = Locked<[String: Int]>([:])
    /// How many places, running or waiting, one asker may hold.
    public let perAsker: Int
    /// How long a refusal asks to wait, in seconds.
    public static let retryAfterSeconds = 5

    /// Who asks the questions of the current task (the web layer names the client by its address); `nil`: nobody
    /// in particular, bounded only by the line.
    @TaskLocal public static var asker: String?

    /// A gate for `running` questions at once and `waiting` more in line: two at once keep the one SQLite
    /// connection busy, and 64 in line wait well under a second behind them; one asker holds at most `perAsker`.
    public init(running: Int = 2, waiting: Int = 64, perAsker: Int = 8) {
        gate = WorkGate(running: running, waiting: waiting)
        self.perAsker = max(1, perAsker)
    }

    /// Runs `work` once a place is free; ``BoxOfficeError/busy(retryAfterSeconds:)`` at once when the line is full,
    /// or when ``asker`` already holds ``perAsker`` places.
    public func run<Result: Sendable>(_ work: () async throws -> Result) async throws -> Result {
        let asker = Self.asker
        if let asker {
            let admitted = held.withLock { [perAsker] held in
                guard held[asker, default: 0] < perAsker else { return false }
                held[asker, default: 0] += 1
                return true
            }
            guard admitted else { throw BoxOfficeError.busy(retryAfterSeconds: Self.retryAfterSeconds) }
        }
        defer {
            if let asker {
                held.withLock { held in
                    let left = held[asker, default: 1] - 1
                    held[asker] = left > 0 ? left : nil
                }
            }
        }
        do {
            return try await gate.run(work)
        } catch is WorkGate.Full {
            throw BoxOfficeError.busy(retryAfterSeconds: Self.retryAfterSeconds)
        }
    }

    /// Places held now, running or waiting, by `asker`.
    public func places(heldBy asker: String) -> Int {
        held.withLock { $0[asker, default: 0] }
    }
}
