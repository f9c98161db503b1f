public import Foundation

/// A diary account. Never carries the password hash: see ``DiaryCredentials``.
public struct DiaryUser: Codable, Hashable, Sendable {
    public var id: UUID
    /// The name as the user typed it at sign-up (uniqueness ignores case).
    public var username: String
    public var createdAt: Date

    public init(id: UUID, username: String, createdAt: Date) {
        self.id = id
        self.username = username
        self.createdAt = createdAt
    }
}
