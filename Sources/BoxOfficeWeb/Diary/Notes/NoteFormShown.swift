import BoxOfficeCore
import Crypto
import Foundation

/// What the edit form showed in each field, sent back with it, so that saving changes only the fields the person
/// changed there: another device's change to any other field meanwhile stays. The memo travels as a digest, since
/// it may hold 10,000 characters.
struct NoteFormShown: Sendable, Equatable {
    enum Field: Sendable, CaseIterable {
        case title, watchedOn, rating, category, place, memo
    }

    var title: String
    var watchedOn: String
    var rating: String
    var categoryId: String
    var place: String
    var memoDigest: String

    init(title: String, watchedOn: String, rating: String, categoryId: String, place: String, memoDigest: String) {
        self.title = title
        self.watchedOn = watchedOn
        self.rating = rating
        self.categoryId = categoryId
        self.place = place
        self.memoDigest = memoDigest
    }

    /// What a form filled with `input` shows.
    init(_ input: NoteFormInput) {
        self.init(
            title: input.title, watchedOn: input.watchedOn, rating: input.rating, categoryId: input.categoryId,
            place: input.place, memoDigest: Self.digest(input.memo))
    }

    /// The fields of `input` that differ from what was shown, compared as the form's checks read them (a rating
    /// of "4" is the option "4.0"; spaces around a title are not a change).
    func changedFields(_ input: NoteFormInput) -> Set<Field> {
        func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
        var changed = Set<Field>()
        if trimmed(input.title) != trimmed(title) { changed.insert(.title) }
        if trimmed(input.watchedOn) != trimmed(watchedOn) { changed.insert(.watchedOn) }
        let rating = Self.halves(self.rating)
        if Self.halves(input.rating) == nil || rating == nil || Self.halves(input.rating) != rating {
            changed.insert(.rating)
        }
        if trimmed(input.categoryId).uppercased() != trimmed(categoryId).uppercased() { changed.insert(.category) }
        if trimmed(input.place).lowercased() != trimmed(place).lowercased() { changed.insert(.place) }
        if Self.digest(input.memo) != memoDigest { changed.insert(.memo) }
        return changed
    }

    /// `input`'s changed fields over the note as it is now (`current`): what a refused form shows again, and what
    /// the checks read.
    static func merged(_ input: NoteFormInput, changed: Set<Field>, over current: NoteFormInput) -> NoteFormInput {
        var merged = current
        if changed.contains(.title) { merged.title = input.title }
        if changed.contains(.watchedOn) { merged.watchedOn = input.watchedOn }
        if changed.contains(.rating) { merged.rating = input.rating }
        if changed.contains(.category) { merged.categoryId = input.categoryId }
        if changed.contains(.place) { merged.place = input.place }
        if changed.contains(.memo) { merged.memo = input.memo }
        return merged
    }

    /// What a refused form shows as shown: the fields the person changed keep what they were changed from; the
    /// others are the note's values now, so a second try still leaves them alone.
    func refreshed(changed: Set<Field>, current: NoteFormInput) -> NoteFormShown {
        var refreshed = NoteFormShown(current)
        if changed.contains(.title) { refreshed.title = title }
        if changed.contains(.watchedOn) { refreshed.watchedOn = watchedOn }
        if changed.contains(.rating) { refreshed.rating = rating }
        if changed.contains(.category) { refreshed.categoryId = categoryId }
        if changed.contains(.place) { refreshed.place = place }
        if changed.contains(.memo) { refreshed.memoDigest = memoDigest }
        return refreshed
    }

    /// A rating's text as half stars, 0 for none; `nil` when it is not a rating (always a change).
    private static func halves(_ text: String) -> Int? {
        do {
            return try DiaryValidation.rating(text: text)?.halves ?? 0
        } catch {
            return nil
        }
    }

    /// The hex SHA-256 of the memo's UTF-8 (line breaks already made `\n`).
    static func digest(_ memo: String) -> String {
        SHA256.hash(data: Data(memo.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
