import KOBIS
public import Logging

/// A `LogHandler` that prints nothing and hands each record at or above its level to `observe`: for a test that
/// counts or waits for what a component logs.
public struct ObservingLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    private var level: @Sendable () -> Logger.Level
    private let observe: @Sendable (LogEvent) -> Void

    /// `level` is asked on every record, so a test may turn observing on and off (a higher level costs nothing).
    public init(
        level: @escaping @Sendable () -> Logger.Level = { .trace }, observe: @escaping @Sendable (LogEvent) -> Void
    ) {
        self.level = level
        self.observe = observe
    }

    public var logLevel: Logger.Level {
        get { level() }
        set {
            let fixed = newValue
            level = { fixed }
        }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) { observe(event) }
}

/// Counts the SQL statements a database runs, while ``isCounting``: the drivers log each one at trace level as
/// "Executing query", the statement in its `sql` metadata. Give ``logger`` to the database.
public final class QueryCounter: Sendable {
    private struct State {
        var counting: Bool
        var statements: [String] = []
    }
    private let state: Locked<State>

    public init(counting: Bool = true) { state = Locked(State(counting: counting)) }

    /// Whether statements are counted now; while not, the logger's level is `info` and they cost nothing.
    public var isCounting: Bool {
        get { state.withLock { $0.counting } }
        set { state.withLock { $0.counting = newValue } }
    }

    /// The statements counted since the start or the last ``reset()``.
    public var statements: [String] { state.withLock { $0.statements } }
    public var queries: Int { state.withLock { $0.statements.count } }

    public func reset() { state.withLock { $0.statements = [] } }

    public var logger: Logger {
        Logger(label: "query-counter") { _ in
            ObservingLogHandler(level: { [self] in isCounting ? .trace : .info }) { [self] event in
                guard event.message.description == "Executing query" else { return }
                let sql = if case .string(let text) = event.metadata?["sql"] { text } else { "" }
                state.withLock { $0.statements.append(sql) }
            }
        }
    }
}
