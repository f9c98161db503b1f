/// Where a PostgreSQL database is: the parts of a `postgres://user:pass@host:port/db` URL.
///
/// Its `description` (and `dump`) never shows the password.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// Whether to use TLS, as `sslmode` / `tlsmode` in the URL's query says.
    public enum TLSMode: String, Sendable, Hashable, CaseIterable {
        /// Never use TLS (`sslmode=disable`).
        case disable
        /// Use TLS when the server offers it (`sslmode=prefer`, the default, as in libpq).
        case prefer
        /// Refuse to connect without TLS (`sslmode=require`, `verify-ca`, `verify-full`).
        case require
    }

    /// The host name or IP address (IPv6 without brackets).
    public var host: String
    /// The TCP port, 5432 unless the URL says otherwise.
    public var port: Int
    public var username: String
    /// `nil` when the URL has none (e.g. trust or peer authentication).
    public var password: String?
    /// The database name; the user name when the URL names none, as in libpq.
    public var database: String
    public var tls: TLSMode

    public init(
        host: String, port: Int = 5432, username: String, password: String? = nil, database: String,
        tls: TLSMode = .prefer
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.tls = tls
    }

    /// `postgres://user:***@host:port/db`, with `?sslmode=…` unless it is the default.
    public var description: String {
        let credentials = password == nil ? username : "\(username):***"
        let hostPart = host.contains(":") ? "[\(host)]" : host
        let query = tls == .prefer ? "" : "?sslmode=\(tls.rawValue)"
        return "postgres://\(credentials)@\(hostPart):\(port)/\(database)\(query)"
    }

    /// Hides the password from `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "host": host, "port": port, "username": username, "password": password == nil ? "nil" : "***",
                "database": database, "tls": tls,
            ], displayStyle: .struct)
    }
}
