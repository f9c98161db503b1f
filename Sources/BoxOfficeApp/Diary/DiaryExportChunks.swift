import BoxOfficeCodecs
import BoxOfficeCore
public import Foundation

/// An export's file a piece at a time: the user's notes are read a chunk at a time, oldest watched first (one indexed
/// seek each), all from one snapshot of the store (``DiaryExportFeed``), and each chunk is written as it comes
/// (``DiaryExportWriter``), so memory stays flat whatever the diary's size, and a note written, changed or deleted
/// while the file is sent is neither repeated nor dropped: the file holds the diary as it stood when the export
/// began. Iterate it once.
public struct DiaryExportChunks: AsyncSequence, Sendable {
    public typealias Element = Data

    let feed: DiaryExportFeed
    let chunkSize: Int
    let writer: DiaryExportWriter
    /// The first chunk, read before the answer began (so a store that cannot be read is an error status, not a
    /// broken download).
    let first: [DiaryNote]

    init(feed: DiaryExportFeed, chunkSize: Int, writer: DiaryExportWriter, first: [DiaryNote]) {
        self.feed = feed
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
            /// Read the next chunk.
            case more
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
                case .more:
                    step = .notes(try await sequence.feed.next())
                case .notes(let notes):
                    var piece = try writer.write(notes)
                    if notes.count < sequence.chunkSize {
                        // A short chunk is the last one.
                        piece.append(try writer.finish())
                        step = .done
                    } else {
                        step = .more
                    }
                    // An empty piece would end a chunked answer early.
                    if !piece.isEmpty { return piece }
                }
            }
        }
    }
}
