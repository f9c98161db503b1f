import BoxOfficeCore
import FluentKit
import FluentPostgresDriver
import Logging
import NIOCore
import SQLKit

/// The database every repository uses: each call runs under ``QueryDeadlines``, and on PostgreSQL a statement is
/// never sent on a connection that is already closed.
///
/// Why the second: PostgresNIO writes a query to its channel without a promise for the write, so a statement sent on
/// a connection the server closed (PostgreSQL restarted between two statements of a transaction) fails nowhere and
/// waits for ever; Fluent's transaction then sends its `ROLLBACK` the same way, and the connection never goes back to
/// the pool. Here a transaction holds its connection and checks it on the connection's event loop, in the same turn
/// as the write, before each statement: a closed connection fails the statement (and the transaction) at once. Calls
/// outside a transaction need no check: the pool hands out only open connections, in the same turn as the write.
struct DeadlineDatabase: Database, SQLDatabase {
    let inner: any Database
    /// `inner` as SQLKit sees it.
    let sql: any SQLDatabase
    let deadlines: QueryDeadlines
    /// The PostgreSQL connection this database is bound to (inside ``transaction(_:)``), checked before each statement.
    let connection: PostgresConnection?
    /// Whether an SQLite transaction takes the write lock as it begins; not for snapshots, which only read.
    let locksForWriting: Bool
    /// Whether this database runs inside a transaction ``transaction(_:)`` began.
    private let withinTransaction: Bool

    /// Nil when `inner` is not an SQL database (both drivers used are).
    init?(
        inner: any Database, deadlines: QueryDeadlines, connection: PostgresConnection? = nil,
        locksForWriting: Bool = true
    ) {
        self.init(
            inner: inner, deadlines: deadlines, connection: connection, locksForWriting: locksForWriting,
            withinTransaction: false)
    }

    private init?(
        inner: any Database, deadlines: QueryDeadlines, connection: PostgresConnection?, locksForWriting: Bool,
        withinTransaction: Bool
    ) {
        guard let sql = inner as? any SQLDatabase else { return nil }
        self.inner = inner
        self.sql = sql
        self.deadlines = deadlines
        self.connection = connection
        self.locksForWriting = locksForWriting
        self.withinTransaction = withinTransaction
    }

    static let lostConnection = BoxOfficeError.storage("The connection to the database was lost.")

    // MARK: Database

    var context: DatabaseContext { inner.context }
    var inTransaction: Bool { withinTransaction || inner.inTransaction }

    func execute(
        query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void
    ) -> EventLoopFuture<Void> {
        bounded(what: { "\(query.action) \(query.schema)" }) { isOpen in
            inner.execute(query: query) { output in if isOpen() { onOutput(output) } }
        }
    }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
        bounded(what: { "schema \(schema.schema)" }) { _ in inner.execute(schema: schema) }
    }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> {
        bounded(what: { "enum \(`enum`.name)" }) { _ in inner.execute(enum: `enum`) }
    }

    func transaction<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        if inTransaction { return closure(self) }
        // SQLite begins DEFERRED by default: a transaction that reads before it writes then fails at once, without
        // waiting, when another process (the CLI beside the server) writes meanwhile. IMMEDIATE takes the write lock
        // first, waiting for it (busy timeout) as a lone statement does; snapshots, which only read, take none.
        let begin =
            sql.dialect.name == "postgresql"
            ? "BEGIN" : locksForWriting ? "BEGIN IMMEDIATE TRANSACTION" : "BEGIN DEFERRED TRANSACTION"
        return withConnection { database in
            guard let bound = database as? DeadlineDatabase,
                let inside = DeadlineDatabase(
                    inner: bound.inner, deadlines: bound.deadlines, connection: bound.connection,
                    locksForWriting: bound.locksForWriting, withinTransaction: true)
            else { return closure(database) }
            return inside.enclose(closure, begin: begin)
        }
    }

    func withConnection<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        if connection != nil || inTransaction { return closure(self) }
        return inner.withConnection { [deadlines, locksForWriting] database in
            guard let postgres = database as? any PostgresDatabase else {
                return closure(
                    DeadlineDatabase(inner: database, deadlines: deadlines, locksForWriting: locksForWriting)
                        ?? database)
            }
            // A database bound to one connection hands that connection back at once.
            let promise = database.eventLoop.makePromise(of: Handed<T>.self)
            postgres.withConnection { $0.eventLoop.makeSucceededFuture($0) }.whenComplete { outcome in
                switch outcome {
                case .success(let connection):
                    closure(
                        DeadlineDatabase(
                            inner: database, deadlines: deadlines, connection: connection,
                            locksForWriting: locksForWriting) ?? database
                    )
                    .whenComplete { promise.succeed(Handed(result: $0)) }
                case .failure(let error): promise.fail(error)
                }
            }
            return promise.futureResult.flatMapThrowing { try $0.result.get() }
        }
    }

    // MARK: SQLDatabase

    var logger: Logger { sql.logger }
    var eventLoop: any EventLoop { sql.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { sql.version }
    var dialect: any SQLDialect { sql.dialect }
    var queryLogLevel: Logger.Level? { sql.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<
        Void
    > {
        bounded(what: { [sql] in sql.serialize(query).sql }) { [sql] isOpen in
            sql.execute(sql: query) { row in if isOpen() { onRow(row) } }
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await execute(sql: query, onRow).get()
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }

    // MARK: PostgreSQL's own rows

    /// `query`'s rows decoded by PostgresNIO (``PostgresRows``), under the deadline and on the bound connection
    /// when there is one; nil when this database is not PostgreSQL.
    func postgresRows(_ query: PostgresQuery) async throws -> [PostgresRow]? {
        guard connection != nil || inner is any PostgresDatabase else { return nil }
        return try await bounded(what: { query.sql }) { [connection, inner, logger] _ in
            guard let postgres: any PostgresDatabase = connection ?? (inner as? any PostgresDatabase) else {
                return inner.eventLoop.makeFailedFuture(BoxOfficeError.storage("The database is not PostgreSQL."))
            }
            return PostgresRows.collect(query, on: postgres, logger: logger)
        }.get()
    }

    /// `closure` between `begin` and `COMMIT` on this database, bound to one connection; `ROLLBACK` when it fails.
    private func enclose<T>(
        _ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>, begin: String
    ) -> EventLoopFuture<T> {
        // A promise instead of a chain of futures: the chain would carry `T`, which need not be Sendable.
        let promise = eventLoop.makePromise(of: Handed<T>.self)
        // Whatever fails, a ROLLBACK follows before the connection goes back: a BEGIN that passed its deadline may
        // still succeed, and SQLite keeps a transaction open when its COMMIT fails. (A lost connection fails the
        // ROLLBACK at once; the server ended the transaction already.) Should the ROLLBACK pass its own deadline,
        // SQLite still runs it before the next holder's statements: every statement of the store goes to its one
        // thread (``BoxOfficeDatabase``), in the order it was sent.
        let fail: @Sendable (any Error) -> Void = { error in
            raw("ROLLBACK").run().whenComplete { _ in promise.fail(error) }
        }
        raw(SQLQueryString(begin)).run().whenComplete { begun in
            if case .failure(let error) = begun { return fail(error) }
            closure(self).whenComplete { outcome in
                switch outcome {
                case .success:
                    let result = Handed(result: outcome)
                    raw("COMMIT").run().whenComplete { committed in
                        switch committed {
                        case .success: promise.succeed(result)
                        case .failure(let error): fail(error)
                        }
                    }
                case .failure(let error): fail(error)
                }
            }
        }
        return promise.futureResult.flatMapThrowing { try $0.result.get() }
    }

    // MARK: Private

    /// `start` under the deadline; on a bound PostgreSQL connection, only once it is known to be open, checked on
    /// its event loop in the turn that writes the statement.
    private func bounded<T: Sendable>(
        what: @escaping @Sendable () -> String,
        _ start: @escaping @Sendable (_ isOpen: @escaping @Sendable () -> Bool) -> EventLoopFuture<T>
    ) -> EventLoopFuture<T> {
        guard let connection else {
            return deadlines.bound(on: eventLoop, what: what) { start($0) }
        }
        let described: @Sendable () -> String = {
            "\(what()) (in a transaction, its connection \(connection.isClosed ? "closed" : "open"))"
        }
        return deadlines.bound(on: connection.eventLoop, what: described) { isOpen in
            connection.eventLoop.flatSubmit {
                guard !connection.isClosed else {
                    return connection.eventLoop.makeFailedFuture(Self.lostConnection)
                }
                return start(isOpen)
            }
        }
    }
}

/// A transaction's or a connection's result on its way from the work's future to the promise its caller holds.
private struct Handed<Value>: @unchecked Sendable {
    // @unchecked: `Value` need not be Sendable (Fluent's signatures); the result is handed over once, from the work's
    // completion to the promise, and read once, by the caller's future: never by two tasks at once.
    let result: Result<Value, any Error>
}
