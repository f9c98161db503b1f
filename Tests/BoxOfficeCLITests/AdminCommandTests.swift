import BoxOfficeCore
import BoxOfficeStore
import Foundation
import Logging
import Testing

/// `boxoffice admin grant|revoke|list` on a real SQLite file.
@Suite("boxoffice admin", .serialized)
struct AdminCommandTests {
    /// Opens the runner's SQLite file.
    static func withDatabase<T: Sendable>(_ cli: CLIRunner, _ body: (BoxOfficeDatabase) async throws -> T) async throws
        -> T
    {
        let path = cli.directory.appendingPathComponent("test.sqlite").path
        let database = try BoxOfficeDatabase(location: .sqlite(path: path), logger: Logger(label: "test"))
        do {
            try await database.migrate()
            let result = try await body(database)
            await database.shutdown()
            return result
        } catch {
            await database.shutdown()
            throw error
        }
    }

    static func createAccount(_ cli: CLIRunner, _ name: String) async throws -> UUID {
        try await withDatabase(cli) { database in
            let user = DiaryUser(id: UUID(), username: name, createdAt: Date())
            try await database.diaryRepositories().users.createUser(
                user, usernameKey: DiaryValidation.usernameKey(name), passwordHash: "hash")
            return user.id
        }
    }

    static func isAdministrator(_ cli: CLIRunner, _ id: UUID) async throws -> Bool {
        try await withDatabase(cli) { try await $0.administratorRepository().isAdministrator(userID: id) }
    }

    @Test("grant and revoke by username (any case), list, and the role is what the store reads")
    func grantAndRevoke() async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let minji = try await Self.createAccount(cli, "MinJi")
        let other = try await Self.createAccount(cli, "other")

        let empty = try await cli.run(["admin", "list"])
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout == "no administrators\n")

        let granted = try await cli.run(["admin", "grant", "minji"])
        #expect(granted.status == 0, "\(granted.stderr)")
        #expect(granted.stdout == "MinJi is now an administrator.\n")
        #expect(try await Self.isAdministrator(cli, minji))
        #expect(try await Self.isAdministrator(cli, other) == false)
        #expect(try await cli.run(["admin", "list"]).stdout == "MinJi\n")

        let revoked = try await cli.run(["admin", "revoke", "MINJI"])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(revoked.stdout == "MinJi is no longer an administrator.\n")
        #expect(try await Self.isAdministrator(cli, minji) == false)
        #expect(try await cli.run(["admin", "list"]).stdout == "no administrators\n")
    }

    @Test(
        "an unknown account or a missing name: one line on stderr, a non-zero exit, nothing changed",
        arguments: [
            (["admin", "grant", "nobody"], "boxoffice: No account is named \"nobody\" (sign up on the web first)."),
            (["admin", "revoke", "nobody"], "boxoffice: No account is named \"nobody\" (sign up on the web first)."),
            (["admin", "grant", "  "], "boxoffice: Give the account's username."),
            (
                ["admin", "grant"],
                "boxoffice: Missing expected argument '<username>' (see 'boxoffice admin grant --help')"
            ),
        ])
    func refused(arguments: [String], message: String) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let someone = try await Self.createAccount(cli, "someone")
        let result = try await cli.run(arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines == [message], "\(result.stderr)")
        #expect(try await Self.isAdministrator(cli, someone) == false)
    }
}
