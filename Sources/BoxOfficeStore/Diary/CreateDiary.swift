import FluentKit
import FluentSQL
import SQLKit

/// Creates the diary's tables: users, API tokens, sessions, failed logins, categories and notes.
///
/// Written once for both databases: only portable types (text, integers, booleans, UUIDs, timestamps), and
/// CHECK constraints both SQLite and PostgreSQL enforce, so a bug can never store an impossible rating or place.
struct CreateDiary: AsyncMigration {
    var name: String { "BoxOfficeStore.CreateDiary" }

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()

        try await database.schema(DiaryUserModel.schema)
            .id()
            .field("username", .string, .required)
            .field("username_key", .string, .required)
            .field("password_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .field("import_serial", .int, .required)
            .unique(on: "username_key", name: "uq_diary_users_username_key")
            .create()

        try await database.schema(DiaryAPITokenModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(DiaryUserModel.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("token_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .field("last_used_at", .datetime)
            .unique(on: "token_hash", name: "uq_diary_api_tokens_token_hash")
            .create()
        try await sql.create(index: "idx_diary_api_tokens_user_id").on(DiaryAPITokenModel.schema).column("user_id")
            .run()

        try await database.schema(DiarySessionModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(DiaryUserModel.schema, .id, onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("csrf_token", .string, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .unique(on: "token_hash", name: "uq_diary_sessions_token_hash")
            .create()
        try await sql.create(index: "idx_diary_sessions_user_id").on(DiarySessionModel.schema).column("user_id").run()
        try await sql.create(index: "idx_diary_sessions_expires_at").on(DiarySessionModel.schema).column("expires_at")
            .run()

        try await database.schema(DiaryLoginAttemptModel.schema)
            .id()
            .field("username_key", .string, .required)
            .field("attempted_at", .datetime, .required)
            .create()
        try await sql.create(index: "idx_diary_login_attempts_key_time")
            .on(DiaryLoginAttemptModel.schema).column("username_key").column("attempted_at")
            .run()
        try await sql.create(index: "idx_diary_login_attempts_attempted_at")
            .on(DiaryLoginAttemptModel.schema).column("attempted_at")
            .run()

        try await database.schema(DiaryCategoryModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(DiaryUserModel.schema, .id, onDelete: .cascade))
            .field("name", .string, .required)
            .field("name_key", .string, .required)
            .field("visible", .bool, .required)
            .field("position", .int, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "user_id", "name_key", name: "uq_diary_categories_user_name_key")
            .create()

        try await database.schema(DiaryNoteModel.schema)
            .id()
            .field("user_id", .uuid, .required, .references(DiaryUserModel.schema, .id, onDelete: .cascade))
            .field("category_id", .uuid, .references(DiaryCategoryModel.schema, .id, onDelete: .setNull))
            .field("movie_code", .string, .required)
            .field("title", .string, .required)
            .field("title_key", .string, .required)
            .field("watched_on", .string, .required)
            .field("memo", .string, .required)
            .field("rating_halves", .int)
            .field("place", .string)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .field("release_year", .int)
            .field("title_english", .string, .required)
            .field("genres", .string, .required)
            .field("nations", .string, .required)
            .field("directors", .string, .required)
            .field("chart_date", .string)
            .field("chart_rank", .int)
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_diary_notes_rating CHECK (rating_halves BETWEEN 1 AND 10)"))
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_diary_notes_place CHECK (place IN ('cinema', 'home'))"))
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_diary_notes_chart_rank CHECK (chart_rank BETWEEN 1 AND 1000)"))
            .constraint(.sql(unsafeRaw: "CONSTRAINT ck_diary_notes_watched_on CHECK (LENGTH(watched_on) = 10)"))
            .create()
        // Lists are per user, ordered by watched day or creation; duplicates are found by movie.
        try await sql.create(index: "idx_diary_notes_user_watched_on")
            .on(DiaryNoteModel.schema).column("user_id").column("watched_on")
            .run()
        try await sql.create(index: "idx_diary_notes_user_created_at")
            .on(DiaryNoteModel.schema).column("user_id").column("created_at")
            .run()
        try await sql.create(index: "idx_diary_notes_user_movie_code")
            .on(DiaryNoteModel.schema).column("user_id").column("movie_code")
            .run()
        // Deleting or counting a category's notes; PostgreSQL does not index foreign keys itself.
        try await sql.create(index: "idx_diary_notes_category_id").on(DiaryNoteModel.schema).column("category_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DiaryNoteModel.schema).delete()
        try await database.schema(DiaryCategoryModel.schema).delete()
        try await database.schema(DiaryLoginAttemptModel.schema).delete()
        try await database.schema(DiarySessionModel.schema).delete()
        try await database.schema(DiaryAPITokenModel.schema).delete()
        try await database.schema(DiaryUserModel.schema).delete()
    }
}
