import BoxOfficeCore
import BoxOfficeText

extension Components.Schemas.DiaryNote: ExplicitNullEncoding {
    init(_ note: BoxOfficeCore.DiaryNote) {
        self.init(
            id: note.id.uuidString, movieCode: note.movieCode, title: note.title, watchedOn: note.watchedOn.isoString,
            memo: note.memo, rating: note.rating?.stars, categoryId: note.categoryId?.uuidString,
            place: note.place.map(PlacePayload.init), createdAt: note.createdAt,
            updatedAt: note.updatedAt, releaseYear: note.movie.releaseYear, titleEnglish: note.movie.titleEnglish,
            genres: note.movie.genres, nations: note.movie.nations, directors: note.movie.directors,
            chartDate: note.chartDate.map { .init(value1: $0.isoString) }, chartRank: note.chartRank)
    }
}

extension Components.Schemas.DiarySavedNote: ExplicitNullEncoding {
    /// The note as saved, with its warnings (e.g. an exact duplicate) in `language`.
    init(_ result: NoteSaveResult, language: Language) {
        let note = result.note
        self.init(
            id: note.id.uuidString, movieCode: note.movieCode, title: note.title, watchedOn: note.watchedOn.isoString,
            memo: note.memo, rating: note.rating?.stars, categoryId: note.categoryId?.uuidString,
            place: note.place.map(PlacePayload.init), createdAt: note.createdAt,
            updatedAt: note.updatedAt, releaseYear: note.movie.releaseYear, titleEnglish: note.movie.titleEnglish,
            genres: note.movie.genres, nations: note.movie.nations, directors: note.movie.directors,
            chartDate: note.chartDate.map { .init(value1: $0.isoString) }, chartRank: note.chartRank,
            warnings: ReasonText(language).warnings(result))
    }
}

extension Components.Schemas.DiaryNotePage: ExplicitNullEncoding {
    init(_ page: NotePage) {
        self.init(
            notes: page.notes.map(Components.Schemas.DiaryNote.init), total: page.total, page: page.page,
            perPage: page.perPage, nextCursor: page.nextCursor?.encoded)
    }
}

extension Components.Schemas.DiaryNote.PlacePayload {
    init(_ place: DiaryPlace) {
        switch place {
        case .cinema: self = .cinema
        case .home: self = .home
        }
    }
}

extension Components.Schemas.DiarySavedNote.PlacePayload {
    init(_ place: DiaryPlace) {
        switch place {
        case .cinema: self = .cinema
        case .home: self = .home
        }
    }
}
