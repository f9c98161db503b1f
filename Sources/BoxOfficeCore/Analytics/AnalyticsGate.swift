import KOBIS

/// Lets a few of the archive's questions (records, the market, a film's run) be worked out at once, a bounded line
/// waiting, and refuses past it with ``BoxOfficeError/busy(retryAfterSeconds:)``: a question answered cold reads
/// many rows, and on SQLite every query waits for the one connection, so a flood of different questions must not
/// hold up every other page. One gate is shared by the services that answer them; one asker (``Asker/current``)
/// holds at most ``perAsker`` of its places, running or waiting, so one client cannot fill the line for everyone.
public struct AnalyticsGate: Sendable {
    private let gate: WorkGate
    private let places: AskerPlaces
    /// How long a refusal asks to wait, in seconds.
    public static let retryAfterSeconds = 5

    /// A gate for `running` questions at once and `waiting` more in line: two at once keep the one SQLite
    /// connection busy, and 64 in line wait well under a second behind them; one asker holds at most `perAsker`.
    public init(running: Int = 2, waiting: Int = 64, perAsker: Int = 8) {
        gate = WorkGate(running: running, waiting: waiting)
        places = AskerPlaces(perAsker: perAsker)
    }

    /// How many places, running or waiting, one asker may hold.
    public var perAsker: Int { places.perAsker }

    /// Runs `work` once a place is free; ``BoxOfficeError/busy(retryAfterSeconds:)`` at once when the line is full,
    /// or when the asker already holds ``perAsker`` places.
    public func run<Result: Sendable>(_ work: () async throws -> Result) async throws -> Result {
        do {
            return try await places.run { try await gate.run(work) }
        } catch is WorkGate.Full, is AskerPlaces.Full {
            throw BoxOfficeError.busy(retryAfterSeconds: Self.retryAfterSeconds)
        }
    }

    /// Places held now, running or waiting, by `asker`.
    public func places(heldBy asker: String) -> Int {
        places.held(by: asker)
    }
}
