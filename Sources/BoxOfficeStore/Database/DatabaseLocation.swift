import Foundation

/// Where the store keeps its data: a parsed `DATABASE_URL`.
///
/// Accepted forms:
/// - `sqlite:///absolute/path.sqlite`: an SQLite file at an absolute path;
/// - `sqlite://relative/path.sqlite`: an SQLite file relative to the working directory;
/// - `postgres://user:pass@host:port/db` or `postgresql://…`, optionally with `?sslmode=disable|prefer|require`;
/// - nothing (unset or empty): `boxoffice.sqlite` in the working directory.
public enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    /// An SQLite database file; the path is absolute and normalized.
    case sqlite(path: String)
    /// A PostgreSQL database.
    case postgres(PostgresLocation)

    /// The file name used when `DATABASE_URL` is unset.
    public static let defaultSQLiteFileName = "boxoffice.sqlite"

    /// Parses a `DATABASE_URL`.
    ///
    /// - Parameters:
    ///   - databaseURL: the URL; `nil`, empty or blank means `boxoffice.sqlite` in `workingDirectory`.
    ///   - workingDirectory: what relative SQLite paths are relative to (itself made absolute against
    ///     the process's current directory when relative).
    /// - Throws: ``DatabaseLocationError`` for anything else, with a one-line message that never
    ///   contains the password.
    public init(databaseURL: String?, workingDirectory: String) throws {
        let text = (databaseURL ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty {
            self = .sqlite(path: Self.resolve(Self.defaultSQLiteFileName, against: workingDirectory))
            return
        }
        guard let schemeEnd = text.range(of: "://") else {
            throw DatabaseLocationError(.notAURL)
        }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        switch scheme {
        case "sqlite", "sqlite3":
            self = .sqlite(path: try Self.parseSQLitePath(String(text[schemeEnd.upperBound...]), workingDirectory))
        case "postgres", "postgresql":
            self = .postgres(try Self.parsePostgres(text))
        default:
            let shown = scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) } ? scheme : "?"
            throw DatabaseLocationError(.unsupportedScheme(shown))
        }
    }

    /// `sqlite:///absolute/path.sqlite` or `postgres://user:***@host:port/db`: never the password.
    public var description: String {
        switch self {
        case .sqlite(let path): return "sqlite://\(path)"
        case .postgres(let location): return location.description
        }
    }

    /// Whether this is an SQLite file.
    public var isSQLite: Bool {
        if case .sqlite = self { return true }
        return false
    }

    // MARK: - SQLite

    private static func parseSQLitePath(_ rest: String, _ workingDirectory: String) throws -> String {
        if rest.contains("?") || rest.contains("#") {
            throw DatabaseLocationError(.sqliteQuery)
        }
        let path = rest.removingPercentEncoding ?? rest
        guard !path.isEmpty, path != "/" else {
            throw DatabaseLocationError(.noSQLiteFile)
        }
        guard !path.hasSuffix("/") else {
            throw DatabaseLocationError(.directory(path))
        }
        guard !path.contains("\0") else {
            throw DatabaseLocationError(.nulInPath)
        }
        return resolve(path, against: workingDirectory)
    }

    /// `path` made absolute against `directory` (itself made absolute against the current directory),
    /// with `.` and `..` resolved.
    private static func resolve(_ path: String, against directory: String) -> String {
        if path.hasPrefix("/") { return normalize(path) }
        var base = directory.isEmpty ? FileManager.default.currentDirectoryPath : directory
        if !base.hasPrefix("/") { base = FileManager.default.currentDirectoryPath + "/" + base }
        return normalize(base + "/" + path)
    }

    /// Resolves `.`, `..` and repeated slashes lexically (no symlinks), keeping the path absolute.
    private static func normalize(_ absolutePath: String) -> String {
        var parts: [Substring] = []
        for part in absolutePath.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    // MARK: - PostgreSQL

    private static func parsePostgres(_ text: String) throws -> PostgresLocation {
        // Never echo `text`: it may hold a password.
        guard let components = URLComponents(string: text) else {
            throw DatabaseLocationError(.invalidPostgresURL)
        }
        guard let host = components.host.map(unbracket), !host.isEmpty else {
            throw DatabaseLocationError(.noHost)
        }
        guard let username = components.user, !username.isEmpty else {
            throw DatabaseLocationError(.noUser)
        }
        let port = components.port ?? 5432
        guard (1...65535).contains(port) else {
            throw DatabaseLocationError(.invalidPort(port))
        }
        var path = components.path
        if path.hasPrefix("/") { path.removeFirst() }
        guard !path.contains("/") else {
            throw DatabaseLocationError(.slashInDatabaseName(path))
        }
        let database = path.isEmpty ? username : path
        var tls = PostgresLocation.TLSMode.prefer
        for item in components.queryItems ?? [] {
            switch item.name.lowercased() {
            case "sslmode", "tlsmode", "ssl", "tls":
                switch (item.value ?? "").lowercased() {
                case "disable", "false": tls = .disable
                case "prefer", "allow", "true": tls = .prefer
                case "require", "verify-ca", "verify-full": tls = .require
                default:
                    throw DatabaseLocationError(.tlsMode(name: item.name, value: item.value ?? ""))
                }
            default:
                throw DatabaseLocationError(.unsupportedParameter(item.name))
            }
        }
        let password = components.password.flatMap { $0.isEmpty ? nil : $0 }
        return PostgresLocation(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
    }

    private static func unbracket(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}
