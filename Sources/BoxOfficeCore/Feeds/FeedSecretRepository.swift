public import Foundation

/// Stores each person's secret feed address as the digest of its secret (one per person; a new one replaces the old).
public protocol FeedSecretRepository: Sendable {
    /// Sets the user's secret digest, replacing (and so revoking) any earlier one, atomically.
    func replaceSecret(digest: String, userID: UUID, createdAt: Date) async throws
    /// Whose secret has this digest, if anyone's.
    func userID(digest: String) async throws -> UUID?
    /// When the user's current secret was made, or `nil` when they have none.
    func secretCreatedAt(userID: UUID) async throws -> Date?
    /// Revokes the user's secret; `false` when they had none.
    func removeSecret(userID: UUID) async throws -> Bool
}
