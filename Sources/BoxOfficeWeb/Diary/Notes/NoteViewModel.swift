import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// One note: the movie, when and where it was watched, the rating, the memo (as text), the chart it was
/// seen on, a warning when another note has the same movie and day, and the other viewings of the movie.
struct NoteViewModel: Sendable {
    struct Fact: Sendable {
        var label: String
        var value: String
    }

    struct OtherNote: Sendable {
        var url: String
        var label: String
    }

    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var nav: DiaryNavViewModel
    var flash: String?
    /// "Take it off my watchlist?" after saving a note about a listed film (set by the controller).
    var watchlistOffer: WatchlistOfferViewModel?
    var title: String
    var movieURL: String
    var watchedOn: String
    var stars: String
    var ratingLabel: String
    var hasRating: Bool
    var facts: [Fact]
    var memo: String
    var hasMemo: Bool
    var duplicateWarning: String
    var hasDuplicates: Bool
    var duplicates: [OtherNote]
    var otherViewings: [OtherNote]
    var hasOtherViewings: Bool
    var editURL: String
    var deleteURL: String
    var listURL: String
    var newViewingURL: String
    var written: String

    init(
        environment: DiaryPageEnvironment, session: DiarySession, note: DiaryNote, category: DiaryCategory?,
        sameMovie: [DiaryNote], flash: String?
    ) {
        let s = environment.strings
        self.s = s
        layout = environment.layout(title: note.title)
        nav = environment.navigation(session, active: .notes)
        self.flash = flash
        title = note.title
        movieURL = environment.link("/movies/\(note.movieCode)")
        watchedOn = note.watchedOn.isoString
        stars = note.rating.map(DiaryFormatting.stars) ?? ""
        ratingLabel = note.rating.map { DiaryFormatting.ratingLabel($0, strings: s) } ?? ""
        hasRating = note.rating != nil

        var facts: [Fact] = [Fact(label: s.watchedOnLabel, value: note.watchedOn.isoString)]
        if let place = note.place {
            facts.append(Fact(label: s.placeLabel, value: DiaryFormatting.place(place, strings: s)))
        }
        if let category { facts.append(Fact(label: s.categoryLabel, value: category.name)) }
        if let date = note.chartDate, let rank = note.chartRank {
            facts.append(Fact(label: s.chartLabel, value: s.chartSeen(rank: rank, date: date.isoString)))
        }
        if let year = note.movie.releaseYear { facts.append(Fact(label: s.releaseYearLabel, value: String(year))) }
        if !note.movie.titleEnglish.isEmpty, note.movie.titleEnglish != note.title {
            facts.append(Fact(label: s.englishTitleLabel, value: note.movie.titleEnglish))
        }
        let vocabulary = KOBISVocabulary.table(for: environment.language)
        if !note.movie.genres.isEmpty {
            facts.append(
                Fact(label: s.genresLabel, value: vocabulary.names(note.movie.genres, .genre).joined(separator: ", ")))
        }
        if !note.movie.nations.isEmpty {
            facts.append(
                Fact(
                    label: s.nationsLabel, value: vocabulary.names(note.movie.nations, .nation).joined(separator: ", "))
            )
        }
        if !note.movie.directors.isEmpty {
            facts.append(Fact(label: s.directorsLabel, value: note.movie.directors.joined(separator: ", ")))
        }
        self.facts = facts
        memo = note.memo
        hasMemo = !note.memo.isEmpty

        let others = sameMovie.filter { $0.id != note.id }
        let sameDay = others.filter { $0.watchedOn == note.watchedOn }
        func link(_ other: DiaryNote) -> OtherNote {
            var label = other.watchedOn.isoString
            if let rating = other.rating { label += " · \(DiaryFormatting.stars(rating))" }
            return OtherNote(url: environment.link("/notes/\(other.id.uuidString)"), label: label)
        }
        duplicates = sameDay.map(link)
        hasDuplicates = !sameDay.isEmpty
        duplicateWarning = s.duplicateWarning(count: sameDay.count, title: note.title, date: note.watchedOn.isoString)
        otherViewings = others.filter { $0.watchedOn != note.watchedOn }.map(link)
        hasOtherViewings = !otherViewings.isEmpty
        editURL = environment.link("/notes/\(note.id.uuidString)/edit")
        deleteURL = environment.link("/notes/\(note.id.uuidString)/delete")
        listURL = environment.link("/notes")
        newViewingURL = environment.link("/notes/new", [("movie", note.movieCode)])
        written = s.writtenAt(
            DiaryFormatting.minute(note.createdAt),
            updated: note.updatedAt > note.createdAt ? DiaryFormatting.minute(note.updatedAt) : nil)
    }
}

/// "Delete this note?"
struct NoteDeleteViewModel: Sendable {
    var layout: LayoutViewModel
    var s: DiaryPageStrings
    var nav: DiaryNavViewModel
    var question: String
    var details: String
    var action: String
    var cancelURL: String
    var csrf: String

    init(environment: DiaryPageEnvironment, session: DiarySession, note: DiaryNote) {
        s = environment.strings
        layout = environment.layout(title: s.deleteNoteTitle)
        nav = environment.navigation(session, active: .notes)
        question = s.deleteNoteQuestion(note.title)
        details = s.deleteNoteDetails(note.watchedOn.isoString)
        action = environment.link("/notes/\(note.id.uuidString)/delete")
        cancelURL = environment.link("/notes/\(note.id.uuidString)")
        csrf = session.csrfToken
    }
}
