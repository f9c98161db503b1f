public import Foundation

/// An export's file a piece at a time: the user's notes are read a chunk at a time, oldest watched first (one indexed
/// seek each, ``DiaryNoteRepository/notes(userID:after:limit:)``), and each chunk is written as it comes
/// (``DiaryExportWriter``), so memory stays flat whatever the diary's size. Iterate it once.
///
/// The file is read while it is sent, not at one instant: a note changed meanwhile may appear as it was or as it
/// is (a note whose watched day moves past the reading point may appear twice, with the same id, which an import
/// skips).
public struct DiaryExportChunks: AsyncSequence, Sendable {
    public typealias Element = Data

    let notes: any DiaryNoteRepository
    let userID: UUID
    let chunkSize: Int
    let writer: DiaryExportWriter
    /// The first chunk, read before the answer began (so a store that cannot be read is an error status, not a
    /// broken download).
    let first: [DiaryNote]

    init(
        notes: any DiaryNoteRepository, userID: UUID, chunkSize: Int, writer: DiaryExportWriter, first: [DiaryNote]
    ) {
        self.notes = notes
        self.userID = userID
        self.chunkSize = Swift.max(1, chunkSize)
        self.writer = writer
        self.first = first
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(sequence: self, writer: writer, step: .notes(first))
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        enum Step {
            /// Write these notes (read already).
            case notes([DiaryNote])
            /// Read the chunk after this place.
            case after(DiaryNoteCursor)
            case done
        }

        let sequence: DiaryExportChunks
        var writer: DiaryExportWriter
        var step: Step

        public mutating func next() async throws -> Data? {
            while true {
                switch step {
                case .done:
                    return nil
                case .after(let cursor):
                    step = .notes(
                        try await sequence.notes.notes(
                            userID: sequence.userID, after: cursor, limit: sequence.chunkSize))
                case .notes(let notes):
                    var piece = try writer.write(notes)
                    if notes.count < sequence.chunkSize {
                        // A short chunk is the last one.
                        piece.append(try writer.finish())
                        step = .done
                    } else if let last = notes.last {
                        step = .after(DiaryNoteCursor(after: last))
                    }
                    // An empty piece would end a chunked answer early.
                    if !piece.isEmpty { return piece }
                }
            }
        }
    }
}
