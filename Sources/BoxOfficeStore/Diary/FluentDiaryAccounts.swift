import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit

/// Diary accounts in `diary_users`.
struct FluentDiaryUserRepository: DiaryUserRepository {
    let database: any Database

    func createUser(_ user: DiaryUser, usernameKey: String, passwordHash: String) async throws {
        let created = try await StorageFailure.run("create an account", logger: database.logger) {
            () async throws -> Bool in
            do {
                try await DiaryUserModel(user, usernameKey: usernameKey, passwordHash: passwordHash).create(
                    on: database)
                return true
            } catch let error as any DatabaseError where error.isConstraintFailure {
                return false
            }
        }
        // Another request took the name between the service's check and this insert.
        guard created else { throw DiaryError.conflict(.usernameTaken(user.username)) }
    }

    func user(id: UUID) async throws -> DiaryUser? {
        try await StorageFailure.run("read an account", logger: database.logger) {
            try await DiaryUserModel.find(id, on: database)?.domain()
        }
    }

    func credentials(usernameKey: String) async throws -> DiaryCredentials? {
        try await StorageFailure.run("read an account", logger: database.logger) {
            guard
                let model = try await DiaryUserModel.query(on: database).filter(\.$usernameKey == usernameKey).first()
            else { return nil }
            return DiaryCredentials(user: try model.domain(), passwordHash: model.passwordHash)
        }
    }

    func updatePasswordHash(userID: UUID, passwordHash: String) async throws {
        try await StorageFailure.run("change a password", logger: database.logger) {
            // Never on a closed account: a change confirmed just before the deletion must not make it one again.
            try await database.requireSQL().update(DiaryUserModel.schema)
                .set("password_hash", to: SQLBind(passwordHash))
                .where("id", .equal, SQLBind(userID))
                .where("username_key", .notLike, SQLBind(DiaryAccountDeletion.closedPattern))
                .run()
        }
    }

    func deleteUser(id: UUID) async throws -> Bool {
        let closed = try await StorageFailure.run("delete an account", logger: database.logger) {
            try await DiaryAccountDeletion.close(id: id, on: database)
        }
        guard closed else { return false }
        do {
            try await DiaryAccountDeletion.purge(id: id, on: database)
        } catch {
            // Closed is deleted for the person: nothing is reachable; housekeeping deletes the rest.
            database.logger.warning(
                "an account's rows are left to housekeeping",
                metadata: ["error": .string(StorageFailure.describe(error))])
        }
        return true
    }

    func finishDeletions() async throws -> Int {
        try await StorageFailure.run("finish deleting accounts", logger: database.logger) {
            try await DiaryAccountDeletion.finishClosed(on: database)
        }
    }
}

/// API tokens in `diary_api_tokens`.
struct FluentDiaryTokenRepository: DiaryTokenRepository {
    let database: any Database

    func createToken(_ token: DiaryToken, userID: UUID, tokenHash: String, limit: Int) async throws {
        try await StorageFailure.run("create an API token", logger: database.logger) {
            try await database.transaction { transaction in
                try await DiaryUserLock.hold(userID: userID, on: transaction)
                let count = try await DiaryAPITokenModel.query(on: transaction).filter(\.$userID == userID).count()
                guard count < limit else { throw BoxOfficeError.invalid(nil, .tooManyTokens(limit: limit)) }
                let model = DiaryAPITokenModel()
                model.id = token.id
                model.userID = userID
                model.name = token.name
                model.tokenHash = tokenHash
                model.createdAt = token.createdAt
                model.lastUsedAt = token.lastUsedAt
                try await model.create(on: transaction)
            }
        }
    }

    func tokens(userID: UUID) async throws -> [DiaryToken] {
        try await StorageFailure.run("list API tokens", logger: database.logger) {
            try await DiaryAPITokenModel.query(on: database)
                .filter(\.$userID == userID)
                .sort(\.$createdAt, .descending)
                .sort(\.$id)
                .all()
                .map { try $0.domain() }
        }
    }

    func deleteToken(id: UUID, userID: UUID) async throws -> Bool {
        try await StorageFailure.run("revoke an API token", logger: database.logger) {
            let query = DiaryAPITokenModel.query(on: database).filter(\.$id == id).filter(\.$userID == userID)
            guard try await query.count() > 0 else { return false }
            try await DiaryAPITokenModel.query(on: database).filter(\.$id == id).filter(\.$userID == userID).delete()
            return true
        }
    }

    func deleteTokens(userID: UUID) async throws {
        try await StorageFailure.run("revoke API tokens", logger: database.logger) {
            try await DiaryAPITokenModel.query(on: database).filter(\.$userID == userID).delete()
        }
    }

    func token(hash: String) async throws -> (token: DiaryToken, user: DiaryUser, diaryVersion: Int64)? {
        try await StorageFailure.run("check an API token", logger: database.logger) {
            // One plain query on every API request, as for sessions: through Fluent, the join decoded both models
            // whole by reflection (about a fifth of a kept notes list's time), and the version took another query.
            let query: SQLQueryString = """
                SELECT t.id AS token_id, t.name, t.created_at AS token_created_at, t.last_used_at, \
                u.id AS user_id, u.username, u.created_at AS user_created_at, u.diary_version \
                FROM \(ident: DiaryAPITokenModel.schema) t JOIN \(ident: DiaryUserModel.schema) u ON u.id = t.user_id \
                WHERE t.token_hash = \(bind: hash) \
                AND u.username_key NOT LIKE \(bind: DiaryAccountDeletion.closedPattern) LIMIT 1
                """
            guard let row = try await database.requireSQL().raw(query).first() else { return nil }
            let user = DiaryUser(
                id: try row.decode(column: "user_id", as: UUID.self),
                username: try row.decode(column: "username", as: String.self),
                createdAt: DiaryTime.normalized(try row.decode(column: "user_created_at", as: Date.self)))
            let token = DiaryToken(
                id: try row.decode(column: "token_id", as: UUID.self),
                name: try row.decode(column: "name", as: String.self),
                createdAt: DiaryTime.normalized(try row.decode(column: "token_created_at", as: Date.self)),
                lastUsedAt: try row.decode(column: "last_used_at", as: Date?.self).map(DiaryTime.normalized))
            return (token, user, try row.decode(column: "diary_version", as: Int64.self))
        }
    }

    func markTokenUsed(id: UUID, at date: Date) async throws {
        try await StorageFailure.run("record an API token's use", logger: database.logger) {
            try await DiaryAPITokenModel.query(on: database).filter(\.$id == id).set(\.$lastUsedAt, to: date).update()
        }
    }
}

/// Browser sessions in `diary_sessions`, shared by every instance on the database.
struct FluentDiarySessionRepository: DiarySessionRepository {
    let database: any Database

    func createSession(_ session: DiarySession, tokenHash: String, keeping: Int) async throws {
        try await StorageFailure.run("start a session", logger: database.logger) {
            try await database.transaction { transaction in
                try await DiaryUserLock.hold(userID: session.user.id, on: transaction)
                let model = DiarySessionModel()
                model.id = session.id
                model.userID = session.user.id
                model.tokenHash = tokenHash
                model.csrfToken = session.csrfToken
                model.createdAt = session.createdAt
                model.expiresAt = session.expiresAt
                try await model.create(on: transaction)
                let table = SQLIdentifier(DiarySessionModel.schema)
                let user = session.user.id
                try await transaction.requireSQL().raw(
                    """
                    DELETE FROM \(table) WHERE user_id = \(bind: user) AND id NOT IN \
                    (SELECT id FROM \(table) WHERE user_id = \(bind: user) ORDER BY expires_at DESC, id \
                    LIMIT \(bind: max(keeping, 1)))
                    """
                ).run()
            }
        }
    }

    func activeSession(tokenHash: String, now: Date) async throws -> ActiveDiarySession? {
        try await StorageFailure.run("read a session", logger: database.logger) {
            // One plain query on every signed-in request: through Fluent, the join decoded both models whole (about
            // a seventh of a kept notes page's time), and the page then read the diary version on its own.
            let query: SQLQueryString = """
                SELECT s.id AS session_id, s.csrf_token, s.created_at AS session_created_at, s.expires_at, \
                u.id AS user_id, u.username, u.created_at AS user_created_at, u.diary_version \
                FROM \(ident: DiarySessionModel.schema) s JOIN \(ident: DiaryUserModel.schema) u ON u.id = s.user_id \
                WHERE s.token_hash = \(bind: tokenHash) AND s.expires_at > \(bind: now) \
                AND u.username_key NOT LIKE \(bind: DiaryAccountDeletion.closedPattern) LIMIT 1
                """
            guard let row = try await database.requireSQL().raw(query).first() else { return nil }
            let user = DiaryUser(
                id: try row.decode(column: "user_id", as: UUID.self),
                username: try row.decode(column: "username", as: String.self),
                createdAt: DiaryTime.normalized(try row.decode(column: "user_created_at", as: Date.self)))
            let session = DiarySession(
                id: try row.decode(column: "session_id", as: UUID.self), user: user,
                csrfToken: try row.decode(column: "csrf_token", as: String.self),
                createdAt: DiaryTime.normalized(try row.decode(column: "session_created_at", as: Date.self)),
                expiresAt: DiaryTime.normalized(try row.decode(column: "expires_at", as: Date.self)))
            return ActiveDiarySession(
                session: session, diaryVersion: try row.decode(column: "diary_version", as: Int64.self))
        }
    }

    func extendSession(id: UUID, until expiresAt: Date) async throws {
        try await StorageFailure.run("extend a session", logger: database.logger) {
            try await DiarySessionModel.query(on: database).filter(\.$id == id).set(\.$expiresAt, to: expiresAt)
                .update()
        }
    }

    func deleteSession(tokenHash: String) async throws {
        try await StorageFailure.run("end a session", logger: database.logger) {
            try await DiarySessionModel.query(on: database).filter(\.$tokenHash == tokenHash).delete()
        }
    }

    func deleteSessions(userID: UUID) async throws {
        try await StorageFailure.run("end sessions", logger: database.logger) {
            try await DiarySessionModel.query(on: database).filter(\.$userID == userID).delete()
        }
    }

    func deleteExpiredSessions(now: Date) async throws -> Int {
        try await StorageFailure.run("delete expired sessions", logger: database.logger) {
            // Counted on the expiry index alone (Fluent's count() would read every row for its id).
            let count = try await DiarySessionModel.query(on: database).filter(\.$expiresAt <= now).count(\.$expiresAt)
            try await DiarySessionModel.query(on: database).filter(\.$expiresAt <= now).delete()
            return count
        }
    }
}

/// Log-in attempts in `diary_login_attempts`, shared by every instance for throttling.
///
/// A slot is taken by one statement that inserts the attempt only while the window holds fewer than the limit.
/// SQLite has one writer, so that statement is decided whole; on PostgreSQL concurrent statements would each count
/// the rows committed before them, so the attempts of one username first queue on a transaction-scoped advisory
/// lock keyed on the username.
struct FluentLoginAttemptRepository: LoginAttemptRepository {
    let database: any Database

    /// The first key of the advisory locks of log-in attempts ("BoLg"); the second is the username's hash.
    static let lockSpace: Int32 = 0x426F_4C67

    /// FNV-1a of the username key, as the second key of its advisory lock. Two names sharing a hash only queue
    /// together.
    static func lockKey(_ usernameKey: String) -> Int32 {
        var hash: UInt32 = 2_166_136_261
        for byte in usernameKey.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int32(bitPattern: hash)
    }

    func takeLoginSlot(usernameKey: String, at date: Date, windowStart: Date, limit: Int) async throws -> LoginSlot {
        let id = UUID()
        let taken = try await StorageFailure.run("take a log-in slot", logger: database.logger) {
            try await database.transaction { transaction in
                let sql = try transaction.requireSQL()
                if sql.dialect.name == "postgresql" {
                    try await sql.raw(
                        "SELECT pg_advisory_xact_lock(\(bind: Self.lockSpace), \(bind: Self.lockKey(usernameKey)))"
                    ).run()
                }
                let table = DiaryLoginAttemptModel.schema
                let row = try await sql.raw(
                    """
                    INSERT INTO \(ident: table) (id, username_key, attempted_at)
                    SELECT \(bind: id), \(bind: usernameKey), \(bind: date)
                    WHERE (SELECT COUNT(*) FROM \(ident: table) WHERE username_key = \(bind: usernameKey)
                    AND attempted_at > \(bind: windowStart)) < \(bind: limit)
                    RETURNING id
                    """
                ).first()
                return row != nil
            }
        }
        guard taken else {
            return .refused(attempts: try await failedLogins(usernameKey: usernameKey, since: windowStart))
        }
        try await StorageFailure.run("forget old log-in attempts", logger: database.logger) {
            // Every username's old attempts go, so guessing many usernames cannot grow the table without bound.
            try await DiaryLoginAttemptModel.query(on: database).filter(\.$attemptedAt <= windowStart).delete()
        }
        return .taken(id: id)
    }

    func releaseLoginSlot(id: UUID) async throws {
        try await StorageFailure.run("release a log-in slot", logger: database.logger) {
            try await DiaryLoginAttemptModel.query(on: database).filter(\.$id == id).delete()
        }
    }

    func failedLogins(usernameKey: String, since: Date) async throws -> [Date] {
        try await StorageFailure.run("read failed logins", logger: database.logger) {
            try await DiaryLoginAttemptModel.query(on: database)
                .filter(\.$usernameKey == usernameKey)
                .filter(\.$attemptedAt > since)
                .sort(\.$attemptedAt)
                .all()
                .map { DiaryTime.normalized($0.attemptedAt) }
        }
    }

    func deleteFailedLogins(before date: Date) async throws -> Int {
        try await StorageFailure.run("delete old failed logins", logger: database.logger) {
            // The count is what this instance saw; another instance purging at the same time may take some rows.
            let count = try await DiaryLoginAttemptModel.query(on: database).filter(\.$attemptedAt < date).count(
                \.$attemptedAt)
            try await DiaryLoginAttemptModel.query(on: database).filter(\.$attemptedAt < date).delete()
            return count
        }
    }
}
