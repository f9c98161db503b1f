import BoxOfficeCore
import BoxOfficeText

/// The fixed text of the movie and search pages, in Korean (the default) and English. Templates read the stored
/// properties; words with numbers or names are methods.
struct MoviePageStrings: Sendable {
    let isEnglish: Bool

    let movieDetails, posterAlt, englishTitle, originalTitle, runtime, productionYear, openDate, status, type: String
    let nations, genres, grades, directors, cast, companies, showTypes, staff, unknown, staleMovie: String
    let moreByDirector, searchTitle, searchLabel, searchPlaceholder, titleLabel, directorLabel, yearLabel: String
    let searchButton, searchPrompt, noResults, previousPage, nextPage, resultsLabel: String

    static let korean = MoviePageStrings(english: false)
    static let english = MoviePageStrings(english: true)

    static func table(for language: Language) -> MoviePageStrings {
        language == .english ? english : korean
    }

    private init(english en: Bool) {
        isEnglish = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }

        movieDetails = t("영화 정보", "Movie details")
        posterAlt = t("포스터", "poster")
        englishTitle = t("영문 제목", "English title")
        originalTitle = t("원제", "Original title")
        runtime = t("상영 시간", "Runtime")
        productionYear = t("제작 연도", "Production year")
        openDate = t("개봉일", "Opening date")
        status = t("제작 상태", "Status")
        type = t("유형", "Type")
        nations = t("제작 국가", "Nations")
        genres = t("장르", "Genres")
        grades = t("관람 등급", "Rating")
        directors = t("감독", "Directors")
        cast = t("출연", "Cast")
        companies = t("참여 영화사", "Companies")
        showTypes = t("상영 형태", "Formats")
        staff = t("스태프", "Staff")
        unknown = t("정보 없음", "Unknown")
        staleMovie = t("저장된 영화 정보를 보여 드립니다.", "Showing the stored movie details.")
        moreByDirector = t("이 감독의 다른 영화", "More by this director")
        searchTitle = t("영화 검색", "Movie search")
        searchLabel = t("영화 검색", "Search movies")
        searchPlaceholder = t("영화 제목", "Movie title")
        titleLabel = t("제목", "Title")
        directorLabel = t("감독", "Director")
        yearLabel = t("개봉 연도", "Year")
        searchButton = t("검색", "Search")
        searchPrompt = t("제목, 감독 또는 연도로 영화를 찾아보세요.", "Find a movie by title, director or year.")
        noResults = t("찾는 영화가 없습니다.", "No movies found.")
        previousPage = t("이전 쪽", "Previous page")
        nextPage = t("다음 쪽", "Next page")
        resultsLabel = t("검색 결과", "Search results")
    }

    /// "총 123편 중 21–40" / "21–40 of 123".
    func rangeLabel(first: Int, last: Int, total: Int) -> String {
        let range = "\(NumberFormatting.thousands(first))–\(NumberFormatting.thousands(last))"
        let count = NumberFormatting.thousands(total)
        return isEnglish ? "\(range) of \(count)" : "총 \(count)편 중 \(range)"
    }

    /// "131분" / "131 min".
    func minutes(_ minutes: Int) -> String {
        let number = NumberFormatting.thousands(minutes)
        return isEnglish ? "\(number) min" : "\(number)분"
    }

    /// A cast member's part: "김형사 역" / "as Detective Kim".
    func role(_ role: String) -> String {
        isEnglish ? "as \(role)" : "\(role) 역"
    }

    /// The poster's text alternative: "기생충 포스터" / "Parasite poster".
    func poster(of title: String) -> String {
        "\(title) \(posterAlt)"
    }

    /// The search page's title: "영화 검색: 기생충 · 2019".
    func searchPageTitle(_ criteria: String) -> String {
        criteria.isEmpty ? searchTitle : "\(searchTitle): \(criteria)"
    }
}
