public import Foundation

/// An export, ready to download.
public struct DiaryExport: Sendable {
    public var format: DiaryFileFormat
    public var data: Data
    public var fileName: String
    public var contentType: String { format.contentType }

    public init(format: DiaryFileFormat, data: Data, fileName: String) {
        self.format = format
        self.data = data
        self.fileName = fileName
    }
}
