import BoxOfficeCore
import Foundation
import Hummingbird

/// Parsing shared by the category pages.
enum CategoryForms {
    /// The `{id}` path parameter; anything but a UUID is a category that does not exist.
    static func id(_ context: some RequestContext) throws -> UUID {
        let text = context.parameters.get("id") ?? ""
        guard let id = UUID(uuidString: text) else {
            throw DiaryError.notFound(.category(text))
        }
        return id
    }

    /// The problem with a category name, in the page's language, or `nil` when it is fine.
    static func problem(with name: String, strings s: DiaryPageStrings) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return s.categoryNameRequired }
        if trimmed.count > DiaryValidation.categoryNameLimit {
            return s.categoryNameTooLong(DiaryValidation.categoryNameLimit)
        }
        if (try? DiaryValidation.categoryName(trimmed)) == nil { return s.categoryNameInvalid }
        return nil
    }
}
