import BoxOfficeCore
import BoxOfficeText

extension Components.Schemas.DiaryNote {
    init(_ note: BoxOfficeCore.DiaryNote) {
        self.init(
            id: note.id.uuidString, movieCode: note.movieCode, title: note.title, watchedOn: note.watchedOn.isoString,
            memo: note.memo, rating: note.rating?.stars, categoryId: note.categoryId?.uuidString,
            place: note.place.map(PlacePayload.init), createdAt: note.createdAt,
            updatedAt: note.updatedAt, releaseYear: note.movie.releaseYear, titleEnglish: note.movie.titleEnglish,
            genres: note.movie.genres, nations: note.movie.nations, directors: note.movie.directors,
            chartDate: note.chartDate?.isoString, chartRank: note.chartRank)
    }

    /// Every field, a `nil` one as `null`, as ``ExplicitNullEncoding`` writes them, but field by field: a list
    /// answers many notes, and reflecting over each was a third of the server's time on `GET /api/v1/notes`.
    func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(id, forKey: .id)
        try fields.encode(movieCode, forKey: .movieCode)
        try fields.encode(title, forKey: .title)
        try fields.encode(watchedOn, forKey: .watchedOn)
        try fields.encode(memo, forKey: .memo)
        try fields.encode(rating, forKey: .rating)
        try fields.encode(categoryId, forKey: .categoryId)
        try fields.encode(place, forKey: .place)
        try fields.encode(createdAt, forKey: .createdAt)
        try fields.encode(updatedAt, forKey: .updatedAt)
        try fields.encode(releaseYear, forKey: .releaseYear)
        try fields.encode(titleEnglish, forKey: .titleEnglish)
        try fields.encode(genres, forKey: .genres)
        try fields.encode(nations, forKey: .nations)
        try fields.encode(directors, forKey: .directors)
        try fields.encode(chartDate, forKey: .chartDate)
        try fields.encode(chartRank, forKey: .chartRank)
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
            chartDate: note.chartDate?.isoString, chartRank: note.chartRank,
            warnings: ReasonText(language).warnings(result))
    }
}

extension Components.Schemas.DiaryNotePage {
    init(_ page: NotePage) {
        self.init(
            notes: page.notes.map(Components.Schemas.DiaryNote.init), total: page.total, page: page.page,
            perPage: page.perPage, nextCursor: page.nextCursor?.encoded)
    }

    /// Every field, `nextCursor` as `null` on the last page (see ``Components/Schemas/DiaryNote/encode(to:)``).
    func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(notes, forKey: .notes)
        try fields.encode(total, forKey: .total)
        try fields.encode(page, forKey: .page)
        try fields.encode(perPage, forKey: .perPage)
        try fields.encode(nextCursor, forKey: .nextCursor)
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
