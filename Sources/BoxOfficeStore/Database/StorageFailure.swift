import BoxOfficeCore
import FluentPostgresDriver
import FluentSQLiteDriver
import Logging

/// Turns driver errors into ``BoxOfficeError/storage(_:)`` with a one-line message, and logs the details.
enum StorageFailure {
    /// Runs `body`; a failure other than a ``BoxOfficeError`` or cancellation becomes
    /// `BoxOfficeError.storage("Could not <action>: <reason>")`, except a text value PostgreSQL refuses (NUL, which
    /// SQLite keeps): that is the input's fault, `BoxOfficeError.invalid(nil, .noControlCharacters)` (a 400).
    static func run<T>(_ action: String, logger: Logger, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as BoxOfficeError {
            throw error
        } catch let error as DiaryError {
            // A diary's own refusal decided in the store (an import already running, an account gone).
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == characterNotInRepertoire {
            throw BoxOfficeError.invalid(nil, .noControlCharacters)
        } catch {
            logger.error(
                "storage operation failed",
                metadata: ["action": .string(action), "error": .string(String(reflecting: error))])
            throw BoxOfficeError.storage("Could not \(action): \(describe(error))")
        }
    }

    /// PostgreSQL's SQLSTATE for a byte its encoding cannot hold: in a Swift string, only ever NUL.
    static let characterNotInRepertoire = "22021"

    /// A short, one-line reason that leaks neither SQL nor bound values.
    static func describe(_ error: any Error) -> String {
        let text: String
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                text = "PostgreSQL: \(message)"
            } else if let underlying = error.underlying {
                text = "PostgreSQL \(error.code): \(describe(underlying))"
            } else {
                text = "PostgreSQL \(error.code)"
            }
        } else if let error = error as? SQLiteError {
            text = "SQLite: \(error.message)"
        } else {
            text = String(describing: error)
        }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
