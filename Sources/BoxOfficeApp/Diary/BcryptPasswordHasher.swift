import BoxOfficeCore
import HummingbirdBcrypt
import NIOCore
import NIOPosix

/// bcrypt (hummingbird-auth) with a configurable cost, run on NIO's blocking thread pool so a slow hash
/// never stalls the event loops or the Swift concurrency pool. Anyone can ask for a hash (a log-in with any
/// username costs one), so the hashes pass a ``WorkGate``: a core stays free for everything else; a check against
/// an account's own hash goes ahead of the rest (a flood of made-up names, which each username's limit of five
/// cannot stop, waits behind the people who have accounts); and past a line of about a minute a check is refused at
/// once (``DiaryError/busy(retryAfterSeconds:)``) rather than held in a line without end. One asker
/// (``Asker/current``, a client's address) holds at most ``placesPerAsker`` places of each line, running or waiting,
/// so one address's flood of made-up names cannot fill the line of sign-ups for everyone, nor hold back the log-ins
/// of people with accounts who share that address.
struct BcryptPasswordHasher: PasswordHasher {
    /// What a refusal asks the client to wait: the line is full, and moves a few checks a second.
    static let retryAfterSeconds = 30
    /// Places one asker may hold: more checks at once than a household or an office sends.
    static let placesPerAsker = 8

    /// log2 of the rounds: 12 in production (about a quarter second), 4 in tests.
    let cost: UInt8
    let gate: WorkGate
    /// Each asker's places in the first line (checks against an account's hash) and in the other.
    let firstPlaces: AskerPlaces
    let otherPlaces: AskerPlaces

    init(cost: Int, gate: WorkGate = Self.gate(cores: System.coreCount), placesPerAsker: Int = Self.placesPerAsker) {
        self.cost = UInt8(clamping: min(max(cost, 4), 31))
        self.gate = gate
        firstPlaces = AskerPlaces(perAsker: placesPerAsker)
        otherPlaces = AskerPlaces(perAsker: placesPerAsker)
    }

    /// Hashes on all cores but one, and 256 more waiting per core hashing: at cost 12, a line of about a minute.
    static func gate(cores: Int) -> WorkGate {
        let running = max(1, cores - 1)
        return WorkGate(running: running, waiting: 256 * running)
    }

    func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await gated { Bcrypt.hash(password, cost: cost) }
    }

    func verify(_ password: String, against hash: String?) async throws -> Bool {
        let cost = self.cost
        // Someone with an account goes ahead: made-up names cannot enter that line, and the account service runs at
        // most a few checks of one account at once.
        return try await gated(in: hash == nil ? .other : .first) {
            guard let hash else {
                // No such user: hash anyway, so the answer takes as long as a real check.
                _ = Bcrypt.hash(password, cost: cost)
                return false
            }
            return Bcrypt.verify(password, hash: hash)
        }
    }

    private func gated<Result: Sendable>(
        in line: WorkGate.Line = .other, _ work: @escaping @Sendable () -> Result
    ) async throws -> Result {
        do {
            return try await (line == .first ? firstPlaces : otherPlaces).run {
                try await gate.run(in: line) { try await NIOThreadPool.singleton.runIfActive(work) }
            }
        } catch is WorkGate.Full, is AskerPlaces.Full {
            throw DiaryError.busy(retryAfterSeconds: Self.retryAfterSeconds)
        }
    }
}
