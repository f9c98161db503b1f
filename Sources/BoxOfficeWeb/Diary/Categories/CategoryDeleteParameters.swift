import BoxOfficeCore
import Foundation

/// The query of `DELETE /api/v1/categories/{id}`: `notes=uncategorize` (keep the notes, without a category),
/// `notes=delete` (delete them too) or `notes=move&to={category id}`. Without `notes`, a category with notes is
/// refused (409).
struct CategoryDeleteParameters: Sendable {
    var disposition: CategoryNotesDisposition?

    /// Reads `notes` and `to` (empty counts as absent; `notes` in any case).
    init(notes: String?, to target: String?) throws(BoxOfficeError) {
        let target = target.flatMap { $0.isEmpty ? nil : $0 }
        if let target, UUID(uuidString: target) == nil {
            throw .invalid("to", .uuid, value: target)
        }
        switch notes.flatMap({ $0.isEmpty ? nil : $0.lowercased() }) {
        case nil: disposition = nil
        case "uncategorize": disposition = .uncategorize
        case "delete": disposition = .delete
        case "move":
            guard let target else { throw .invalid("to", .required) }
            guard let id = UUID(uuidString: target) else { throw .invalid("to", .uuid, value: target) }
            disposition = .move(to: id)
        case let other?:
            throw .invalid("notes", .oneOf(["uncategorize", "delete", "move"]), value: other)
        }
    }
}
