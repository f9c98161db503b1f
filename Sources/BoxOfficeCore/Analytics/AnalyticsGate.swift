/// Lets a few of the archive's questions (records, the market, a film's run) be worked out at once, a bounded line
/// waiting, and refuses past it with ``BoxOfficeError/busy(retryAfterSeconds:)``: a question answered cold reads
/// many rows, and on SQLite every query waits for the one connection, so a flood of different questions must not
/// hold up every other page. One gate is shared by the services that answer them.
public struct AnalyticsGate: Sendable {
    private let gate: WorkGate
    /// How long a refusal asks to wait, in seconds.
    public static let retryAfterSeconds = 5

    /// A gate for `running` questions at once and `waiting` more in line: two at once keep the one SQLite
    /// connection busy, and 64 in line wait well under a second behind them.
    public init(running: Int = 2, waiting: Int = 64) {
        gate = WorkGate(running: running, waiting: waiting)
    }

    /// Runs `work` once a place is free; ``BoxOfficeError/busy(retryAfterSeconds:)`` at once when the line is full.
    public func run<Result: Sendable>(_ work: () async throws -> Result) async throws -> Result {
        do {
            return try await gate.run(work)
        } catch is WorkGate.Full {
            throw BoxOfficeError.busy(retryAfterSeconds: Self.retryAfterSeconds)
        }
    }
}
