public import Foundation

/// The administrator role of diary accounts.
public protocol AdministratorRepository: Sendable {
    /// Whether the account is an administrator (`false` for an unknown account).
    func isAdministrator(userID: UUID) async throws -> Bool
    /// Grants or revokes the role of the account whose ``DiaryValidation/usernameKey(_:)`` is `usernameKey`.
    /// Returns the account's name as stored, or `nil` when there is no such account.
    func setAdministrator(_ isAdministrator: Bool, usernameKey: String) async throws -> String?
    /// The administrators' names, sorted.
    func administrators() async throws -> [String]
}
