public import Foundation

/// A person's secret, revocable feed address (`/feeds/u/{secret}/…`): calendar apps and feed readers cannot log in,
/// so the secret in the path is the credential. Only its digest is stored, as for API tokens.
public struct FeedAddressService: Sendable {
    /// Prefix of feed secrets, so a leaked one is recognizable.
    public static let secretPrefix = "bf_"

    private let secrets: any FeedSecretRepository
    private let digester: any SecretDigester
    private let calendar: BoxOfficeCalendar

    public init(secrets: any FeedSecretRepository, digester: any SecretDigester, calendar: BoxOfficeCalendar) {
        self.secrets = secrets
        self.digester = digester
        self.calendar = calendar
    }

    /// Makes the user a new secret (256 random bits), revoking the old one; returns it, the only time it is known.
    public func rotate(userID: UUID) async throws -> String {
        let secret = SecretToken.generate(prefix: Self.secretPrefix)
        try await secrets.replaceSecret(
            digest: digester.digest(secret), userID: userID, createdAt: calendar.currentInstant)
        return secret
    }

    /// Revokes the user's address; `false` when there was none.
    public func revoke(userID: UUID) async throws -> Bool {
        try await secrets.removeSecret(userID: userID)
    }

    /// When the user's address was made, `nil` without one.
    public func addressCreatedAt(userID: UUID) async throws -> Date? {
        try await secrets.secretCreatedAt(userID: userID)
    }

    /// The person's label in what their address serves (the alerts feed's id, the calendar's UIDs): the same every
    /// time, and not their account's id, which whoever reads the feed (a reader's servers, someone it was shared with)
    /// would otherwise learn.
    public func label(for userID: UUID) -> String {
        String(digester.digest("boxoffice-feed:" + userID.uuidString.lowercased()).prefix(32))
    }

    /// The person a secret from an address belongs to; `nil` for anything else (malformed, unknown or revoked).
    public func owner(ofSecret secret: String) async throws -> UUID? {
        guard SecretToken.isWellFormed(secret, prefix: Self.secretPrefix) else { return nil }
        return try await secrets.userID(digest: digester.digest(secret))
    }
}
