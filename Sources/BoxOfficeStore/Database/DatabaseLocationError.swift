public import Foundation

/// A `DATABASE_URL` that names no database BoxOffice can use: a typed ``Reason`` (the command line words it in the
/// reader's language) and an English ``message`` for logs. Neither ever contains a password.
public struct DatabaseLocationError: Error, LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// No `scheme://`.
        case notAURL
        /// A scheme other than sqlite or postgres (the scheme, or `?` when it is no word).
        case unsupportedScheme(String)
        /// An SQLite URL with a `?query` or `#fragment`.
        case sqliteQuery
        /// An SQLite URL with no path.
        case noSQLiteFile
        /// An SQLite path that ends with `/`.
        case directory(String)
        /// An SQLite path with a NUL character.
        case nulInPath
        /// A PostgreSQL URL `URLComponents` cannot read (often an unencoded character in the password).
        case invalidPostgresURL
        /// No host.
        case noHost
        /// No user.
        case noUser
        /// A port outside 1–65535.
        case invalidPort(Int)
        /// A database name with `/`.
        case slashInDatabaseName(String)
        /// `sslmode` (or a synonym, `name`) with a value other than disable, prefer or require.
        case tlsMode(name: String, value: String)
        /// A query parameter other than sslmode.
        case unsupportedParameter(String)
    }

    public let reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    /// The accepted forms, for messages.
    public static let acceptedForms =
        "sqlite:///absolute/path.sqlite, sqlite://relative/path.sqlite, postgres://user:pass@host:port/db"
    /// The PostgreSQL form, for messages about one.
    public static let postgresForm = "postgres://user:pass@host:port/db"

    /// What is wrong and what would be right, in English, on one line.
    public var message: String {
        let forms = "use " + Self.acceptedForms
        switch reason {
        case .notAURL: return "DATABASE_URL is not a URL (no scheme://): \(forms)"
        case .unsupportedScheme(let scheme): return "DATABASE_URL has an unsupported scheme \"\(scheme)\": \(forms)"
        case .sqliteQuery: return "DATABASE_URL: SQLite URLs take no ?query or #fragment: \(forms)"
        case .noSQLiteFile: return "DATABASE_URL names no SQLite file: \(forms)"
        case .directory(let path): return "DATABASE_URL names a directory, not an SQLite file: \(path)"
        case .nulInPath: return "DATABASE_URL: the SQLite path contains a NUL character"
        case .invalidPostgresURL:
            return
                "DATABASE_URL is not a valid PostgreSQL URL (percent-encode special characters in the password): \(Self.postgresForm)"
        case .noHost: return "DATABASE_URL names no PostgreSQL host: \(Self.postgresForm)"
        case .noUser: return "DATABASE_URL names no PostgreSQL user: \(Self.postgresForm)"
        case .invalidPort(let port): return "DATABASE_URL has an invalid port \(port): \(Self.postgresForm)"
        case .slashInDatabaseName(let name):
            return "DATABASE_URL: the database name must not contain \"/\" (got \"\(name)\")"
        case .tlsMode(let name, let value):
            return "DATABASE_URL: \(name) must be disable, prefer or require (got \"\(value)\")"
        case .unsupportedParameter(let name):
            return "DATABASE_URL: unsupported parameter \"\(name)\" (only sslmode=disable|prefer|require)"
        }
    }

    public var errorDescription: String? { message }
    public var description: String { message }
}
