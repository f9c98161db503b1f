import OpenAPIRuntime

/// The slowest an import's file may arrive while it holds one of the server's few import places, so nobody keeps
/// other people's imports waiting by sending a byte now and then: a body keeps a credit of ``grace`` at
/// ``bytesPerSecond``, which time spends and arriving bytes earn back, never above that same ``grace``. A body whose
/// credit runs out is refused (400) and its place freed. So a slow start or a stall of up to ``grace`` is forgiven, a
/// fast start banks no more than that, and a trickle after it is stopped within ``grace``. A connection that sends
/// nothing at all is closed by the server's idle timeout (`BOXOFFICE_IDLE_TIMEOUT`), so a body is always measured
/// again within that time.
struct UploadPace: Sendable {
    /// 16 KB a second (128 kbit/s): slow enough for a 2 MB Letterboxd export over a poor phone connection, fast
    /// enough that a place is held only by a file arriving as a real one would.
    var bytesPerSecond = 16 << 10
    /// The longest a body may fall behind, and the most it may get ahead.
    var grace: Duration = .seconds(30)
    /// What time it is (a test moves it by hand).
    var now: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }

    /// A new body's meter, starting now with a whole grace of credit.
    func meter() -> Meter { Meter(pace: self, last: now()) }

    /// `body` as it arrives, refused with ``WebError/uploadTooSlow(bytesPerSecond:)`` once it falls behind the pace.
    func paced(_ body: HTTPBody) -> HTTPBody {
        HTTPBody(PacedChunks(body: body, pace: self), length: body.length, iterationBehavior: body.iterationBehavior)
    }

    /// The grace in bytes at the pace.
    var creditLimit: Double { Double(bytesPerSecond) * Self.seconds(grace) }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    /// One body's bytes as they arrive.
    struct Meter: Sendable {
        let pace: UploadPace
        var last: ContinuousClock.Instant
        /// Bytes the body may still fall behind by.
        private(set) var credit: Double

        init(pace: UploadPace, last: ContinuousClock.Instant) {
            self.pace = pace
            self.last = last
            credit = pace.creditLimit
        }

        /// Counts `count` bytes just received; throws once the body has fallen behind the pace by more than the grace.
        mutating func received(_ count: Int) throws(WebError) {
            let now = pace.now()
            let elapsed = max(0, UploadPace.seconds(now - last))
            last = now
            credit = min(pace.creditLimit, credit - Double(pace.bytesPerSecond) * elapsed + Double(count))
            if credit < 0 { throw .uploadTooSlow(bytesPerSecond: pace.bytesPerSecond) }
        }
    }

    /// A body's chunks through a ``Meter``.
    private struct PacedChunks: AsyncSequence, Sendable {
        typealias Element = HTTPBody.ByteChunk
        let body: HTTPBody
        let pace: UploadPace

        struct AsyncIterator: AsyncIteratorProtocol {
            var base: HTTPBody.AsyncIterator
            var meter: Meter

            mutating func next() async throws -> HTTPBody.ByteChunk? {
                guard let chunk = try await base.next() else { return nil }
                try meter.received(chunk.count)
                return chunk
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: body.makeAsyncIterator(), meter: pace.meter())
        }
    }
}
