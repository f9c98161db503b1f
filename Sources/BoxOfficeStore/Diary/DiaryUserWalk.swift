import FluentKit
import Foundation
import SQLKit

/// Every diary user's id, 500 at a time in id order: migrations that build a per-person table for existing diaries
/// walk the users with it, so no step holds more than a page of ids.
enum DiaryUserWalk {
    static func forEach(on sql: any SQLDatabase, _ body: (UUID) async throws -> Void) async throws {
        var lastID: UUID?
        while true {
            let query = sql.select().column("id").from(DiaryUserModel.schema).orderBy("id").limit(500)
            if let lastID { query.where("id", .greaterThan, SQLBind(lastID)) }
            let ids = try await query.all().map { try $0.decode(column: "id", as: UUID.self) }
            for id in ids { try await body(id) }
            guard ids.count == 500, let last = ids.last else { break }
            lastID = last
        }
    }
}
