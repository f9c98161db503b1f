import OpenAPIRuntime

/// The slowest an import's file may arrive while it holds one of the server's few import places: once ``grace`` has
/// passed it must have averaged ``bytesPerSecond``, or it is refused (408) and its place freed, so nobody keeps other
/// people's imports waiting by sending a byte now and then. A connection that sends nothing at all is closed by the
/// server's idle timeout, so a body is always measured again within that time.
struct UploadPace: Sendable {
    /// 16 KB a second (128 kbit/s): slow enough for a 2 MB Letterboxd export over a poor phone connection, fast
    /// enough that a place is held only by a file arriving as a real one would.
    var bytesPerSecond = 16 << 10
    /// Time to begin: a phone's first bytes can take a while to get going.
    var grace: Duration = .seconds(30)
    /// What time it is (a test moves it by hand).
    var now: @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }

    /// A new body's meter, starting now.
    func meter() -> Meter { Meter(pace: self, start: now()) }

    /// `body` as it arrives, refused with ``WebError/uploadTooSlow(bytesPerSecond:)`` once it falls behind the pace.
    func paced(_ body: HTTPBody) -> HTTPBody {
        HTTPBody(PacedChunks(body: body, pace: self), length: body.length, iterationBehavior: body.iterationBehavior)
    }

    /// One body's bytes as they arrive.
    struct Meter: Sendable {
        let pace: UploadPace
        let start: ContinuousClock.Instant
        private(set) var bytes = 0

        /// Counts `count` bytes just received; throws once the body, past the grace, is behind the pace.
        mutating func received(_ count: Int) throws(WebError) {
            // A body is bounded long before this could overflow; saturate all the same rather than trap.
            bytes = bytes.addingReportingOverflow(count).overflow ? .max : bytes + count
            let elapsed = pace.now() - start
            guard elapsed > pace.grace else { return }
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            if Double(bytes) < Double(pace.bytesPerSecond) * seconds {
                throw .uploadTooSlow(bytesPerSecond: pace.bytesPerSecond)
            }
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
