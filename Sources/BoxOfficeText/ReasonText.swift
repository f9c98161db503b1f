public import BoxOfficeCore

/// The words for the domain's typed reasons (bad input, missing things, KOBIS faults, diary refusals) in Korean
/// and English: one table that the web app and the CLI both render errors through, so a translator finds every
/// error sentence here. Korean sentences name the field in Korean with the API's name beside it.
public struct ReasonText: Sendable {
    public let language: Language

    public init(_ language: Language) { self.language = language }

    var english: Bool { language == .english }

    func t(_ korean: String, _ english: String) -> String { self.english ? english : korean }

    /// Any error the program reports to people, as one line; `nil` when the error is not one of the domain's
    /// (the surface decides what to say about those).
    public func message(for error: any Error) -> String? {
        switch error {
        case let error as BoxOfficeError: return message(error)
        case let error as InputProblem: return input(error)
        case let error as DiaryError: return diary(error)
        case let error as DiaryFileProblem: return file(error)
        default: return nil
        }
    }

    /// A ``BoxOfficeError`` as one line.
    public func message(_ error: BoxOfficeError) -> String {
        switch error {
        case .invalid(let problem): return input(problem)
        case .notFound(let missing): return self.missing(missing)
        case .upstream(let error): return upstream(error)
        case .storage: return storageUnavailable
        case .busy:
            return t(
                "지금은 같은 종류의 요청이 많아 답할 수 없습니다. 몇 초 뒤에 다시 해 보세요.",
                "Too many questions like this one are being answered right now. Please try again in a few seconds.")
        }
    }

    /// What was not found.
    public func missing(_ missing: BoxOfficeError.Missing) -> String {
        switch missing {
        case .notAMovieCode(let text):
            let quoted = InputProblem.quotable(text)
            return t("\"\(quoted)\": KOBIS 영화 코드가 아닙니다.", "\"\(quoted)\" is not a KOBIS movie code.")
        case .movie(let code):
            return t("KOBIS에 코드가 \(code)인 영화가 없습니다.", "KOBIS has no movie with code \(code).")
        case .unarchivedMovie(let code):
            return t(
                "보관함에 코드가 \(code)인 영화의 기록이 없습니다. 순위에 오른 날도, 저장된 영화 정보도 없습니다.",
                "The archive holds nothing of a movie with code \(code): no day in the charts and no stored details.")
        }
    }

    // MARK: Fields

    /// A field as people read it: the Korean word with the API's name beside it, or the API's name in English.
    public func field(_ name: String?) -> String {
        guard let name else { return t("요청", "the request") }
        guard !english, let korean = Self.koreanFieldNames[name] else { return name }
        return "\(korean)(\(name))"
    }

    /// The same, where the rule tells what the field is: `to` ends a period, except when a category's notes move
    /// `to` another category.
    func field(_ name: String?, rule: InputRule) -> String {
        switch (name, rule) {
        case ("to", .uuid), ("to", .required), ("to", .categoryID), ("to", .unknownCategory),
            ("to", .moveIntoDeletedCategory):
            return t("옮길 분류(to)", "to")
        default:
            return field(name)
        }
    }

    static let koreanFieldNames: [String: String] = [
        "date": "날짜", "from": "시작일", "to": "종료일", "month": "월", "year": "연도", "nation": "국적",
        "multi": "영화 구분", "area": "지역", "range": "기간", "view": "보기 방식", "limit": "개수", "page": "쪽",
        "q": "검색어", "title": "제목", "watchedOn": "본 날", "rating": "별점", "memo": "메모", "place": "장소",
        "category": "분류", "categoryId": "분류", "movieCode": "영화 코드", "username": "아이디",
        "password": "비밀번호", "name": "이름", "sort": "정렬", "order": "순서", "format": "형식",
        "chartDate": "순위표 날짜", "chartRank": "순위", "rank": "순위", "position": "위치", "visible": "표시",
        "notes": "기록 처리", "director": "감독", "code": "코드", "Watched Date": "본 날", "Date": "날짜",
        "Rating": "별점", "Year": "연도", "weekly": "주간 포함", "since": "시작 연도", "threshold": "관객 기준",
        "by": "순위 기준", "holiday": "명절", "vs": "비교 영화", "kind": "기록 종류",
    ]

    /// "got "x"" after a rule, or nothing when no value was given.
    func got(_ value: String?) -> String {
        guard let value else { return "" }
        return t(" 받은 값: \"\(value)\"", ", got \"\(value)\"")
    }

    /// "a, b or c" / "a, b 또는 c".
    func alternatives(_ values: [String]) -> String {
        guard let last = values.last else { return "" }
        let head = values.dropLast().joined(separator: ", ")
        if head.isEmpty { return last }
        return head + t(" 또는 ", " or ") + last
    }

    /// The values of `nation` and `multi` with what they mean.
    func described(_ value: String, of field: String?) -> String {
        switch (field, value) {
        case ("nation", "K"): return t("K(한국영화)", "K (Korean)")
        case ("nation", "F"): return t("F(외국영화)", "F (foreign)")
        case ("multi", "Y"): return t("Y(다양성영화)", "Y (diversity)")
        case ("multi", "N"): return t("N(상업영화)", "N (commercial)")
        default: return value
        }
    }

    /// The kind of weekly chart, in a sentence.
    public func weeklyRange(_ range: WeeklyRange) -> String {
        switch range {
        case .week: return t("주간(월–일)", "week")
        case .weekend: return t("주말(금–일)", "weekend")
        case .weekdays: return t("주중(월–목)", "weekdays")
        }
    }

    /// A number with thousands separators.
    func number(_ value: Int) -> String { NumberFormatting.thousands(value) }

    /// The message shown when the store fails; details go to the log only.
    public var storageUnavailable: String {
        t(
            "지금은 저장소를 쓸 수 없습니다. 잠시 뒤에 다시 해 보세요.",
            "The local store is unavailable right now. Please try again shortly.")
    }
}
