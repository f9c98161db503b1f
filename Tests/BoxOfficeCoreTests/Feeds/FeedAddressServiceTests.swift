import BoxOfficeCore
import Foundation
import KOBIS
import Testing

@Suite("Secret feed addresses: only a digest is stored; rotating revokes")
struct FeedAddressServiceTests {
    final class MemorySecrets: FeedSecretRepository {
        let rows = Locked<[UUID: (digest: String, createdAt: Date)]>([:])
        func replaceSecret(digest: String, userID: UUID, createdAt: Date) async throws {
            rows.withLock { $0[userID] = (digest, createdAt) }
        }
        func userID(digest: String) async throws -> UUID? {
            rows.withLock { $0.first { $0.value.digest == digest }?.key }
        }
        func secretCreatedAt(userID: UUID) async throws -> Date? { rows.withLock { $0[userID]?.createdAt } }
        func removeSecret(userID: UUID) async throws -> Bool { rows.withLock { $0.removeValue(forKey: userID) != nil } }
    }

    /// Reverses the text: enough to tell a digest from its secret.
    struct ReversingDigester: SecretDigester {
        func digest(_ secret: String) -> String { "digest:" + String(secret.reversed()) }
    }

    @Test("a new secret is 256 random bits with its prefix; the store sees only its digest")
    func rotate() async throws {
        let store = MemorySecrets()
        let now = Date(timeIntervalSince1970: 1_710_903_600)
        let service = FeedAddressService(
            secrets: store, digester: ReversingDigester(), calendar: BoxOfficeCalendar(now: { now }))
        let user = UUID()
        let first = try await service.rotate(userID: user)
        #expect(first.hasPrefix("bf_") && first.count == 46)
        #expect(store.rows.withLock { $0[user]?.digest } == "digest:" + String(first.reversed()))
        #expect(try await service.owner(ofSecret: first) == user)
        #expect(try await service.addressCreatedAt(userID: user) == now)

        let second = try await service.rotate(userID: user)
        #expect(second != first)
        #expect(try await service.owner(ofSecret: first) == nil, "the old address is revoked")
        #expect(try await service.owner(ofSecret: second) == user)
        for malformed in ["", "bf_short", String(second.dropFirst(3)), second + "x", "bo_" + second.dropFirst(3)] {
            #expect(try await service.owner(ofSecret: malformed) == nil, "\(malformed)")
        }
        #expect(try await service.revoke(userID: user))
        #expect(try await service.owner(ofSecret: second) == nil)
    }

    @Test("a person's label is the digest of their id with the feeds' prefix: stable, one per person")
    func label() {
        let service = FeedAddressService(
            secrets: MemorySecrets(), digester: ReversingDigester(), calendar: BoxOfficeCalendar(now: { Date() }))
        let user = UUID()
        let expected = "digest:" + String(("boxoffice-feed:" + user.uuidString.lowercased()).reversed())
        #expect(service.label(for: user) == String(expected.prefix(32)))
        #expect(service.label(for: user) == service.label(for: user))
        #expect(service.label(for: user) != service.label(for: UUID()))
    }
}
