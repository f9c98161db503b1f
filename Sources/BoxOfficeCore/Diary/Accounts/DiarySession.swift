public import Foundation

/// A signed-in browser session, stored in the database so every instance shares it.
/// The cookie value is a secret; only its SHA-256 is stored.
public struct DiarySession: Hashable, Sendable {
    public var id: UUID
    public var user: DiaryUser
    /// The token forms must echo back (CSRF protection); not secret from the page itself.
    public var csrfToken: String
    public var createdAt: Date
    public var expiresAt: Date

    public init(id: UUID, user: DiaryUser, csrfToken: String, createdAt: Date, expiresAt: Date) {
        self.id = id
        self.user = user
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
