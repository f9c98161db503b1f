import Foundation

/// A row of an import that was not imported, and why.
public struct DiarySkippedRow: Sendable, Hashable {
    /// The CSV line, or the position in the JSON `notes` array (from 1).
    public var row: Int
    /// The title in the file (may be empty).
    public var title: String
    public var reason: DiarySkipReason

    public init(row: Int, title: String, reason: DiarySkipReason) {
        self.row = row
        self.title = title
        self.reason = reason
    }
}
