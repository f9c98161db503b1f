import ArgumentParser
import BoxOfficeCore
import BoxOfficeStore
import Foundation

/// `boxoffice admin grant|revoke USERNAME`, `boxoffice admin list`: who may start background backfills on the web.
/// Only this command grants the role: never sign-up, and never a list of names in the environment (anyone could
/// sign up with such a name first).
struct AdminCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "admin",
            abstract: HelpLanguage.words(
                "영화 일기 계정에 관리자 역할을 주거나 거둡니다 (관리자는 웹의 /admin/backfill에서 보관함을 채웁니다).",
                "Grant or revoke the administrator role of a diary account (web backfill at /admin/backfill)."),
            subcommands: [Grant.self, Revoke.self, List.self])
    }

    struct Grant: AsyncParsableCommand, LocalizedCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: HelpLanguage.words(
                    "있는 계정을 관리자로 만듭니다 (먼저 웹에서 가입).",
                    "Make an existing account an administrator (sign up on the web first)."))
        }

        @Argument(help: .words("계정의 아이디 (대소문자 구분 없음).", "The account's username (case does not matter)."))
        var username: String

        @OptionGroup var languageOptions: LanguageOptions

        func run() async throws {
            let name = try await AdminCommand.setRole(true, username: username, strings: strings)
            Terminal.write(strings.nowAdministrator(name) + "\n")
        }
    }

    struct Revoke: AsyncParsableCommand, LocalizedCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                abstract: HelpLanguage.words("계정의 관리자 역할을 거둡니다.", "Take the administrator role away from an account."))
        }

        @Argument(help: .words("계정의 아이디 (대소문자 구분 없음).", "The account's username (case does not matter)."))
        var username: String

        @OptionGroup var languageOptions: LanguageOptions

        func run() async throws {
            let name = try await AdminCommand.setRole(false, username: username, strings: strings)
            Terminal.write(strings.noLongerAdministrator(name) + "\n")
        }
    }

    struct List: AsyncParsableCommand, LocalizedCommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(abstract: HelpLanguage.words("관리자 목록을 보여 줍니다.", "List the administrators."))
        }

        @OptionGroup var languageOptions: LanguageOptions

        func run() async throws {
            let names = try await AdminCommand.withDatabase { try await $0.administratorRepository().administrators() }
            Terminal.write((names.isEmpty ? strings.noAdministrators : names.joined(separator: "\n")) + "\n")
        }
    }

    /// Sets the role; the account's name as stored. Throws a one-line error for an unknown account.
    static func setRole(_ isAdministrator: Bool, username: String, strings: CLIStrings) async throws -> String {
        let trimmed = username.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CLIError(strings.usernameMissing) }
        let name = try await withDatabase {
            try await $0.administratorRepository().setAdministrator(
                isAdministrator, usernameKey: DiaryValidation.usernameKey(trimmed))
        }
        guard let name else {
            throw CLIError(strings.noAccount(trimmed))
        }
        return name
    }

    /// Opens the configured database (migrating it, so the role exists), runs `body`, closes it.
    static func withDatabase<T: Sendable>(_ body: (BoxOfficeDatabase) async throws -> T) async throws -> T {
        let database = try ServiceRunner.openDatabase().database
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
}
