import BoxOfficeCore
import HummingbirdBcrypt
import NIOPosix

/// bcrypt (hummingbird-auth) with a configurable cost, run on NIO's blocking thread pool so a slow hash
/// never stalls the event loops or the Swift concurrency pool.
struct BcryptPasswordHasher: PasswordHasher {
    /// log2 of the rounds: 12 in production (about a quarter second), 4 in tests.
    let cost: UInt8

    init(cost: Int) {
        self.cost = UInt8(clamping: min(max(cost, 4), 31))
    }

    func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, against hash: String?) async throws -> Bool {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive {
            guard let hash else {
                // No such user: hash anyway, so the answer takes as long as a real check.
                _ = Bcrypt.hash(password, cost: cost)
                return false
            }
            return Bcrypt.verify(password, hash: hash)
        }
    }
}
