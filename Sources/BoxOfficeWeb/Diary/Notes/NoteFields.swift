import BoxOfficeCore
import Foundation

/// The note fields of the API's bodies (`POST` and `PATCH /api/v1/notes…`) that the document types as plain strings,
/// checked with the words of a 400 that names the field.
enum NoteFields {
    static func categoryID(_ text: String) throws(BoxOfficeError) -> UUID {
        guard let id = UUID(uuidString: text) else { throw .invalid("categoryId", .categoryID) }
        return id
    }

    /// `cinema` or `home`, in any case (`null` is how a body says neither).
    static func place(_ text: String) throws(BoxOfficeError) -> DiaryPlace {
        guard let place = try DiaryValidation.place(text) else {
            throw .invalid("place", .oneOf(["cinema", "home", "null"]))
        }
        return place
    }
}

extension NoteFieldChange {
    /// The change a `PATCH` asks for: a value sent sets the field (checked by `parse`), `null` clears it, and a field
    /// left out keeps it.
    init<Sent>(_ sent: Sent?, null isNull: Bool, _ parse: (Sent) throws(BoxOfficeError) -> Value)
        throws(BoxOfficeError)
    {
        if let sent {
            self = .set(try parse(sent))
        } else {
            self = isNull ? .clear : .keep
        }
    }
}
