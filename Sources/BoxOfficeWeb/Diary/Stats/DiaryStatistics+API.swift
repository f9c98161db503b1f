import BoxOfficeCore
import OpenAPIRuntime

extension Components.Schemas.DiaryStatistics: ExplicitNullEncoding {
    init(_ statistics: BoxOfficeCore.DiaryStatistics) {
        self.init(
            year: statistics.year, noteCount: statistics.noteCount, movieCount: statistics.movieCount,
            averageRating: statistics.averageRating,
            ratings: statistics.ratings.map { .init(rating: $0.rating.stars, count: $0.count) },
            perMonth: statistics.perMonth.map(Components.Schemas.DiaryMonthCount.init),
            perYear: statistics.perYear.map { .init(year: $0.year, count: $0.count) },
            perGenre: statistics.perGenre.map(Components.Schemas.DiaryNamedCount.init),
            perNation: statistics.perNation.map(Components.Schemas.DiaryNamedCount.init),
            korean: .init(statistics.korean),
            topDirectors: statistics.topDirectors.map(Components.Schemas.DiaryNamedCount.init),
            places: .init(
                cinema: statistics.places.cinema, home: statistics.places.home,
                unspecified: statistics.places.unspecified),
            review: statistics.review.map { .init(value1: .init($0)) } ?? .init(value2: .null))
    }
}

extension Components.Schemas.DiaryYearInReview: ExplicitNullEncoding {
    init(_ review: BoxOfficeCore.DiaryYearInReview) {
        self.init(
            year: review.year, first: review.first.map { .init(value1: .init($0)) } ?? .init(value2: .null),
            last: review.last.map { .init(value1: .init($0)) } ?? .init(value2: .null),
            busiestMonth: review.busiestMonth.map { .init(value1: .init($0)) } ?? .init(value2: .null),
            topRated: review.topRated.map(Components.Schemas.DiaryNote.init),
            rewatched: review.rewatched.map(Components.Schemas.DiaryNamedCount.init),
            rewatchedMovies: review.rewatchedMovies, movieCount: review.movieCount,
            daysAtTheMovies: review.daysAtTheMovies)
    }
}

extension Components.Schemas.DiaryNationShare: ExplicitNullEncoding {
    init(_ share: BoxOfficeCore.DiaryNationShare) {
        self.init(korean: share.korean, foreign: share.foreign, unknown: share.unknown, koreanShare: share.koreanShare)
    }
}

extension Components.Schemas.DiaryNamedCount {
    init(_ count: BoxOfficeCore.DiaryNamedCount) {
        self.init(name: count.name, count: count.count)
    }
}

extension Components.Schemas.DiaryMonthCount {
    init(_ count: BoxOfficeCore.DiaryMonthCount) {
        self.init(month: count.month, count: count.count)
    }
}

extension Components.Schemas.Null {
    /// JSON's `null`: the document says "a review, or null" as `anyOf` the two, which OpenAPI 3.0 validators accept
    /// where a nullable reference is not.
    static var null: Self { Self(nilLiteral: ()) }
}
