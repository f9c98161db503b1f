public import Foundation

/// A user-made category ("genre") that notes can be filed under.
public struct DiaryCategory: Codable, Hashable, Sendable {
    public var id: UUID
    public var name: String
    /// Hidden categories stay (with their notes) but lists and pickers may leave them out.
    public var visible: Bool
    /// The category's place in the user's order, from 0.
    public var position: Int
    /// How many notes are filed under it.
    public var noteCount: Int

    public init(id: UUID, name: String, visible: Bool = true, position: Int = 0, noteCount: Int = 0) {
        self.id = id
        self.name = name
        self.visible = visible
        self.position = position
        self.noteCount = noteCount
    }
}
