/// One page of a note list.
public struct NotePage: Codable, Hashable, Sendable {
    public var notes: [DiaryNote]
    /// Notes matching the filter, on every page.
    public var total: Int
    public var page: Int
    public var perPage: Int

    public init(notes: [DiaryNote], total: Int, page: Int, perPage: Int) {
        self.notes = notes
        self.total = total
        self.page = page
        self.perPage = perPage
    }

    public var pageCount: Int { max(1, (total + perPage - 1) / perPage) }
    public var hasNextPage: Bool { page < pageCount }
}
