public import BoxOfficeCore
public import Foundation

/// An export, ready to download: its pieces are read from the store and written while they are sent.
public struct DiaryExport: Sendable {
    public var format: DiaryFileFormat
    public var fileName: String
    /// The file a piece at a time; iterate it once.
    public var chunks: DiaryExportChunks
    public var contentType: String { format.contentType }

    public init(format: DiaryFileFormat, fileName: String, chunks: DiaryExportChunks) {
        self.format = format
        self.fileName = fileName
        self.chunks = chunks
    }

    /// The whole file at once (small diaries, tests).
    public func data() async throws -> Data {
        var data = Data()
        for try await chunk in chunks { data.append(chunk) }
        return data
    }
}
