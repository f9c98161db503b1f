import BoxOfficeCore
import FluentKit
import FluentSQL
import Foundation
import SQLKit

/// Creates `backfill_jobs`: administrators' background backfills, shared by every instance on the database.
struct CreateBackfillJobs: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateBackfillJobs" }

    func prepare(on database: any Database) async throws {
        let statuses = BackfillStatus.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        try await database.schema(BackfillJobModel.schema)
            .id()
            .field("range_start", .string, .required)
            .field("range_end", .string, .required)
            .field("include_weekly", .bool, .required)
            .field("status", .string, .required)
            .field("done", .int, .required)
            .field("total", .int, .required)
            .field("calls", .int, .required)
            .field("failure_count", .int, .required)
            .field("failures", .string, .required)
            .field("message", .string)
            .field("requested_by", .string, .required)
            .field(
                "requested_by_id", .uuid, .references(AdministratorFlagModel.schema, .id, onDelete: .setNull)
            )
            .field("instance_id", .string, .required)
            .field("cancel_requested", .bool, .required)
            .field("created_at", .datetime, .required)
            .field("started_at", .datetime)
            .field("finished_at", .datetime)
            .field("heartbeat_at", .datetime, .required)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_backfill_jobs_status CHECK (status IN (\(statuses)))"))
            .create()
        let sql = try database.requireSQL()
        // The pages list the newest jobs; workers look for queued and running ones.
        try await sql.create(index: "idx_backfill_jobs_created_at").on(BackfillJobModel.schema).column("created_at")
            .run()
        try await sql.create(index: "idx_backfill_jobs_status_instance")
            .on(BackfillJobModel.schema).column("status").column("instance_id")
            .run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(BackfillJobModel.schema).delete()
    }
}
