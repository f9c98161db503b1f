import BoxOfficeCore
import FluentKit
import SQLKit

extension Database {
    /// This database as SQLKit sees it. Both supported drivers (SQLite, PostgreSQL) are SQL databases.
    func requireSQL() throws -> any SQLDatabase {
        guard let sql = self as? any SQLDatabase else {
            throw BoxOfficeError.storage("The configured database does not support SQL.")
        }
        return sql
    }
}

extension Optional where Wrapped: Encodable & Sendable {
    /// A bound parameter, or `NULL`.
    var sqlBindOrNull: any SQLExpression {
        switch self {
        case .some(let value): return SQLBind(value)
        case .none: return SQLLiteral.null
        }
    }
}
