import BoxOfficeCore
import Foundation
import Hummingbird

/// The category pages' forms as submitted, and the parsing they share.
enum CategoryForms {
    /// `POST /categories` and `POST /categories/{id}/rename`: the `name`, as typed (`""` when not sent).
    struct Name: Sendable, Equatable, Decodable {
        var name: String

        private enum CodingKeys: String, CodingKey {
            case name
        }

        init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).field(.name)
        }
    }

    /// `POST /categories/{id}/visibility`: `visible` (`true` or `false`, else refused by the page).
    struct Visibility: Sendable, Equatable, Decodable {
        var visible: String?

        private enum CodingKeys: String, CodingKey {
            case visible
        }

        init(from decoder: any Decoder) throws {
            visible = try decoder.container(keyedBy: CodingKeys.self).nonEmptyField(.visible)
        }
    }

    /// `POST /categories/{id}/move`: `direction` (`up` or `down`, else refused by the page).
    struct Move: Sendable, Equatable, Decodable {
        var direction: String?

        private enum CodingKeys: String, CodingKey {
            case direction
        }

        init(from decoder: any Decoder) throws {
            direction = try decoder.container(keyedBy: CodingKeys.self).nonEmptyField(.direction)
        }
    }

    /// `POST /categories/{id}/delete`: what happens to the notes (`notes`: uncategorize, move or delete) and the
    /// `target` category of a move.
    struct Delete: Sendable, Equatable, Decodable {
        var notes: String?
        var target: String?

        private enum CodingKeys: String, CodingKey {
            case notes, target
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            notes = try container.nonEmptyField(.notes)
            target = try container.nonEmptyField(.target)
        }
    }

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
