import BoxOfficeCore

/// The fixed text of the movie and search pages, one table per language.
struct MoviePageStrings: Sendable {
    var movieDetails: String
    var posterAlt: String
    var englishTitle: String
    var originalTitle: String
    var runtime: String
    var minutesSuffix: String
    var productionYear: String
    var openDate: String
    var status: String
    var type: String
    var nations: String
    var genres: String
    var grades: String
    var directors: String
    var cast: String
    var asRole: String
    var companies: String
    var showTypes: String
    var staff: String
    var unknown: String
    var staleMovie: String
    var moreByDirector: String
    var searchTitle: String
    var searchLabel: String
    var searchPlaceholder: String
    var titleLabel: String
    var directorLabel: String
    var yearLabel: String
    var searchButton: String
    var searchPrompt: String
    var noResults: String
    var previousPage: String
    var nextPage: String
    var resultsLabel: String

    static func table(for language: Language) -> MoviePageStrings {
        language == .english ? english : korean
    }

    /// "총 123편 중 21–40" / "21–40 of 123".
    func rangeLabel(first: Int, last: Int, total: Int, language: Language) -> String {
        let range = "\(NumberFormatting.thousands(Int64(first)))–\(NumberFormatting.thousands(Int64(last)))"
        let count = NumberFormatting.thousands(Int64(total))
        return language == .english ? "\(range) of \(count)" : "총 \(count)편 중 \(range)"
    }

    static let korean = MoviePageStrings(
        movieDetails: "영화 정보", posterAlt: "포스터", englishTitle: "영문 제목", originalTitle: "원제",
        runtime: "상영 시간", minutesSuffix: "분", productionYear: "제작 연도", openDate: "개봉일", status: "제작 상태",
        type: "유형", nations: "제작 국가", genres: "장르", grades: "관람 등급", directors: "감독", cast: "출연",
        asRole: "역", companies: "참여 영화사", showTypes: "상영 형태", staff: "스태프", unknown: "정보 없음",
        staleMovie: "KOBIS에 연결할 수 없어 저장된 영화 정보를 보여 드립니다.", moreByDirector: "이 감독의 다른 영화",
        searchTitle: "영화 검색", searchLabel: "영화 검색", searchPlaceholder: "영화 제목", titleLabel: "제목",
        directorLabel: "감독", yearLabel: "개봉 연도", searchButton: "검색",
        searchPrompt: "제목, 감독 또는 연도로 영화를 찾아보세요.", noResults: "찾는 영화가 없습니다.",
        previousPage: "이전 쪽", nextPage: "다음 쪽", resultsLabel: "검색 결과")

    static let english = MoviePageStrings(
        movieDetails: "Movie details", posterAlt: "poster", englishTitle: "English title",
        originalTitle: "Original title",
        runtime: "Runtime", minutesSuffix: " min", productionYear: "Production year", openDate: "Opening date",
        status: "Status", type: "Type", nations: "Nations", genres: "Genres", grades: "Rating", directors: "Directors",
        cast: "Cast", asRole: "as", companies: "Companies", showTypes: "Formats", staff: "Staff",
        unknown: "Unknown", staleMovie: "KOBIS could not be reached; showing the stored movie details.",
        moreByDirector: "More by this director", searchTitle: "Movie search", searchLabel: "Search movies",
        searchPlaceholder: "Movie title", titleLabel: "Title", directorLabel: "Director", yearLabel: "Year",
        searchButton: "Search", searchPrompt: "Find a movie by title, director or year.",
        noResults: "No movies found.", previousPage: "Previous page", nextPage: "Next page",
        resultsLabel: "Search results")
}
