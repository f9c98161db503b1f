import BoxOfficeCore
import Foundation

/// An export's notes, a chunk each time one is asked for, all from one snapshot of the store
/// (``DiaryNoteRepository/withNoteSnapshot(userID:_:)``): a note written, changed or deleted while the file is sent
/// is neither repeated nor dropped. A task holds the snapshot and reads each chunk when the export asks for it, so
/// one chunk at a time is in memory however slowly the file is taken; the snapshot ends with the last chunk, or when
/// the feed is released (the download broken off). `ended` is called as soon as the last chunk is handed out or the
/// feed is released, and again when the snapshot has closed; it must do its work once.
final class DiaryExportFeed: Sendable {
    private typealias Waiter = CheckedContinuation<[DiaryNote], any Error>
    private let requests: AsyncStream<Waiter>.Continuation
    private let ended: @Sendable () -> Void

    init(
        notes: any DiaryNoteRepository, userID: UUID, chunkSize: Int, ended: @escaping @Sendable () -> Void = {}
    ) {
        let (stream, requests) = AsyncStream.makeStream(of: Waiter.self)
        self.requests = requests
        self.ended = ended
        // Unstructured: the snapshot's scope is a closure, and the export's chunks are taken by whoever sends the
        // file; the task ends when `requests` finishes (deinit) or a read fails.
        Task {
            var failure: any Error = DiaryExportFeedEnded()
            do {
                try await notes.withNoteSnapshot(userID: userID) { snapshot in
                    var waiters = stream.makeAsyncIterator()
                    var cursor: DiaryNoteCursor?
                    while let waiter = await waiters.next() {
                        do {
                            let chunk = try await snapshot.notes(after: cursor, limit: chunkSize)
                            if let last = chunk.last { cursor = DiaryNoteCursor(after: last) }
                            if chunk.count < chunkSize { ended() }
                            waiter.resume(returning: chunk)
                            // A short chunk is the last: the snapshot ends now, not when the export is released.
                            if chunk.count < chunkSize { break }
                        } catch {
                            waiter.resume(throwing: error)
                            throw error
                        }
                    }
                }
            } catch {
                failure = error
            }
            ended()
            // Whoever asks after the snapshot ended (a read failed, or it could not begin) hears why.
            requests.finish()
            var waiters = stream.makeAsyncIterator()
            while let waiter = await waiters.next() { waiter.resume(throwing: failure) }
        }
    }

    deinit {
        ended()
        requests.finish()
    }

    /// The next chunk (fewer than the chunk size: the last one).
    func next() async throws -> [DiaryNote] {
        try await withCheckedThrowingContinuation { waiter in
            if case .terminated = requests.yield(waiter) { waiter.resume(throwing: DiaryExportFeedEnded()) }
        }
    }
}

/// An export's feed was asked for more after its snapshot ended.
struct DiaryExportFeedEnded: Error {}
