import BoxOfficeCore
import FluentKit
import Foundation

/// A row of `diary_categories`.
final class DiaryCategoryModel: Model, @unchecked Sendable {
    // @unchecked: FluentKit models are mutable classes; each instance is used by one task at a time.
    static let schema = "diary_categories"

    @ID(key: .id) var id: UUID?
    @Field(key: "user_id") var userID: UUID
    @Field(key: "name") var name: String
    /// `DiaryValidation.categoryKey(name)`: unique per user.
    @Field(key: "name_key") var nameKey: String
    @Field(key: "visible") var visible: Bool
    @Field(key: "position") var position: Int
    @Field(key: "created_at") var createdAt: Date

    init() {}

    func domain(noteCount: Int) throws -> DiaryCategory {
        DiaryCategory(id: try requireID(), name: name, visible: visible, position: position, noteCount: noteCount)
    }
}
