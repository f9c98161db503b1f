import BoxOfficeCore
import Foundation

/// After a note is saved about a film still on the watchlist (the preference is "ask"): one button that takes it off,
/// and comes back to the note.
struct WatchlistOfferViewModel: Sendable {
    var text: String
    var button: String
    var action: String
    var next: String
    var csrf: String

    init(environment: DiaryPageEnvironment, session: DiarySession, note: DiaryNote) {
        let w = WatchlistPageStrings.table(for: environment.language)
        text = w.offerText
        button = w.offerButton(note.title)
        action = environment.link("/watchlist/\(note.movieCode)/remove")
        next = environment.link("/notes/\(note.id.uuidString)", [("watchlist", "removed")])
        csrf = session.csrfToken
    }

    /// The query item `POST /notes` adds to the note's address when the offer is to be made.
    static let offerItem = (name: "watchlist", value: "offer")
}
