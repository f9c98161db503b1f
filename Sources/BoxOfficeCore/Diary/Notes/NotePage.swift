/// One page of a note list.
public struct NotePage: Codable, Hashable, Sendable {
    public var notes: [DiaryNote]
    /// Notes matching the filter, on every page.
    public var total: Int
    public var page: Int
    public var perPage: Int
    /// Where the next page begins (``NoteListQuery/cursor``); `nil` on the last page.
    public var nextCursor: NoteCursor?

    public init(notes: [DiaryNote], total: Int, page: Int, perPage: Int, nextCursor: NoteCursor? = nil) {
        self.notes = notes
        self.total = total
        self.page = page
        self.perPage = perPage
        self.nextCursor = nextCursor
    }

    public var pageCount: Int { max(1, (total + perPage - 1) / perPage) }
    public var hasNextPage: Bool { page < pageCount }
}
