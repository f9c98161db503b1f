public import Foundation

/// Whether a row is new to the chart (`rankOldAndNew`): KOBIS's `OLD` and `NEW` markers.
///
/// `NEW` means new to this chart since the previous one, not the film's first day: a re-release, or a film
/// climbing back months after it opened, enters as `NEW`.
public enum RankEntryStatus: String, Codable, Sendable {
    /// `OLD`: on the previous chart too.
    case old = "OLD"
    /// `NEW`: not on the previous chart.
    case new = "NEW"
}

/// One row of a daily or weekly box-office list, decoded from KOBIS's all-string form.
public struct BoxOfficeEntryDTO: Codable, Hashable, Sendable {
    /// `rnum`: row number.
    public var rowNumber: Int
    /// `rank`.
    public var rank: Int
    /// `rankInten`: previous rank minus this rank (positive = moved up).
    public var rankDelta: Int
    /// `rankOldAndNew`: whether the film is new *to the chart* (since the previous day or period), not whether
    /// it opened that day: re-releases, and films months after opening, enter as `NEW` too.
    public var status: RankEntryStatus
    /// `movieCd`: an opaque code; usually 8 digits but may be alphanumeric (`2023C109`).
    public var movieCode: String
    /// `movieNm`, trimmed.
    public var movieName: String
    /// `openDt` (`YYYY-MM-DD` here); `nil` when empty or blank (KOBIS sends `" "` for some re-releases).
    public var openDate: CalendarDate?
    /// `salesAmt`, KRW.
    public var salesAmount: Int64
    /// `salesShare`, percent of the day's (period's) total sales.
    public var salesShare: Decimal
    /// `salesInten`.
    public var salesDelta: Int64
    /// `salesChange`, percent.
    public var salesChange: Decimal
    /// `salesAcc`: cumulative sales (exceeds 2^31).
    public var salesTotal: Int64
    /// `audiCnt`.
    public var audience: Int64
    /// `audiInten`.
    public var audienceDelta: Int64
    /// `audiChange`, percent.
    public var audienceChange: Decimal
    /// `audiAcc`: cumulative audience.
    public var audienceTotal: Int64
    /// `scrnCnt`.
    public var screens: Int
    /// `showCnt`.
    public var shows: Int

    public init(
        rowNumber: Int, rank: Int, rankDelta: Int, status: RankEntryStatus, movieCode: String, movieName: String,
        openDate: CalendarDate?, salesAmount: Int64, salesShare: Decimal, salesDelta: Int64, salesChange: Decimal,
        salesTotal: Int64, audience: Int64, audienceDelta: Int64, audienceChange: Decimal, audienceTotal: Int64,
        screens: Int, shows: Int
    ) {
        self.rowNumber = rowNumber
        self.rank = rank
        self.rankDelta = rankDelta
        self.status = status
        self.movieCode = movieCode
        self.movieName = movieName
        self.openDate = openDate
        self.salesAmount = salesAmount
        self.salesShare = salesShare
        self.salesDelta = salesDelta
        self.salesChange = salesChange
        self.salesTotal = salesTotal
        self.audience = audience
        self.audienceDelta = audienceDelta
        self.audienceChange = audienceChange
        self.audienceTotal = audienceTotal
        self.screens = screens
        self.shows = shows
    }

    enum CodingKeys: String, CodingKey {
        case rnum, rank, rankInten, rankOldAndNew, movieCd, movieNm, openDt, salesAmt, salesShare, salesInten
        case salesChange, salesAcc, audiCnt, audiInten, audiChange, audiAcc, scrnCnt, showCnt
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        // What the chart shows and the archive sums is read strictly: a row without it is a broken answer. The rest
        // (the row's number, the changes on the day before, a rank change a new entry does not have, an open date
        // that is no day) must not cost the whole chart.
        rowNumber = Int(c.unshownInt64(.rnum))
        rank = try c.int(.rank)
        let statusText = try c.text(.rankOldAndNew)
        guard let status = RankEntryStatus(rawValue: statusText.uppercased()) else {
            throw DecodingError.dataCorruptedError(
                forKey: .rankOldAndNew, in: c, debugDescription: "expected OLD or NEW, got \"\(statusText)\"")
        }
        self.status = status
        rankDelta = status == .new ? Int(c.unshownInt64(.rankInten)) : try c.int(.rankInten)
        movieCode = try c.movieCode(.movieCd)
        movieName = try c.text(.movieNm)
        openDate = c.detailDate(.openDt)
        salesAmount = try c.int64(.salesAmt)
        salesShare = try c.decimal(.salesShare)
        salesDelta = c.unshownInt64(.salesInten)
        salesChange = c.unshownDecimal(.salesChange)
        salesTotal = try c.int64(.salesAcc)
        audience = try c.int64(.audiCnt)
        audienceDelta = c.unshownInt64(.audiInten)
        audienceChange = c.unshownDecimal(.audiChange)
        audienceTotal = try c.int64(.audiAcc)
        screens = try c.int(.scrnCnt)
        shows = try c.int(.showCnt)
    }

    /// Encodes in KOBIS's wire form: every value a string, `openDt` as `YYYY-MM-DD`, or as KOBIS's blank
    /// (``KOBISWireVocabulary/blankChartOpenDate``, one space) when there is no date.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeText(rowNumber, forKey: .rnum)
        try c.encodeText(rank, forKey: .rank)
        try c.encodeText(rankDelta, forKey: .rankInten)
        try c.encode(status.rawValue, forKey: .rankOldAndNew)
        try c.encode(movieCode, forKey: .movieCd)
        try c.encode(movieName, forKey: .movieNm)
        try c.encode(openDate?.isoString ?? KOBISWireVocabulary.blankChartOpenDate, forKey: .openDt)
        try c.encodeText(salesAmount, forKey: .salesAmt)
        try c.encodeDecimal(salesShare, forKey: .salesShare)
        try c.encodeText(salesDelta, forKey: .salesInten)
        try c.encodeDecimal(salesChange, forKey: .salesChange)
        try c.encodeText(salesTotal, forKey: .salesAcc)
        try c.encodeText(audience, forKey: .audiCnt)
        try c.encodeText(audienceDelta, forKey: .audiInten)
        try c.encodeDecimal(audienceChange, forKey: .audiChange)
        try c.encodeText(audienceTotal, forKey: .audiAcc)
        try c.encodeText(screens, forKey: .scrnCnt)
        try c.encodeText(shows, forKey: .showCnt)
    }
}

/// The `boxOfficeResult` object of a daily or weekly box-office response.
public struct BoxOfficeResultDTO: Codable, Hashable, Sendable {
    /// `boxofficeType`, e.g. "일별 박스오피스", "주말 박스오피스".
    public var boxOfficeType: String
    /// `showRange` as sent, e.g. "20220105~20220105".
    public var showRange: String
    /// `yearWeekTime` (`YYYYWW`), weekly responses only.
    public var yearWeekTime: String?
    /// `dailyBoxOfficeList` or `weeklyBoxOfficeList`.
    public var entries: [BoxOfficeEntryDTO]

    public init(boxOfficeType: String, showRange: String, yearWeekTime: String? = nil, entries: [BoxOfficeEntryDTO]) {
        self.boxOfficeType = boxOfficeType
        self.showRange = showRange
        self.yearWeekTime = yearWeekTime
        self.entries = entries
    }

    /// The first and last day of `showRange`, or `nil` when it does not parse.
    public var showRangeDates: (start: CalendarDate, end: CalendarDate)? {
        let parts = showRange.split(separator: "~").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let start = CalendarDate(parts[0]), let end = CalendarDate(parts[1]) else { return nil }
        return (start, end)
    }

    /// The most rows a chart has; KOBIS's `itemPerPage` goes no higher.
    public static let maximumEntries = 10

    enum CodingKeys: String, CodingKey {
        case boxofficeType, showRange, yearWeekTime, dailyBoxOfficeList, weeklyBoxOfficeList
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        boxOfficeType = try c.text(.boxofficeType)
        showRange = try c.text(.showRange)
        yearWeekTime = try c.optionalText(.yearWeekTime)
        // KOBIS lists at most 10 rows (`itemPerPage` is 10 at most); more are not the chart asked for, and would be
        // kept, drawn and summed as if they were.
        if c.contains(.dailyBoxOfficeList) {
            entries = Array(try c.list(.dailyBoxOfficeList).prefix(Self.maximumEntries))
        } else if c.contains(.weeklyBoxOfficeList) {
            entries = Array(try c.list(.weeklyBoxOfficeList).prefix(Self.maximumEntries))
        } else {
            throw DecodingError.keyNotFound(
                CodingKeys.dailyBoxOfficeList,
                .init(codingPath: c.codingPath, debugDescription: "no dailyBoxOfficeList or weeklyBoxOfficeList"))
        }
    }

    /// Encodes as KOBIS does: `weeklyBoxOfficeList` with `yearWeekTime` for weekly results.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(boxOfficeType, forKey: .boxofficeType)
        try c.encode(showRange, forKey: .showRange)
        if let yearWeekTime {
            try c.encode(yearWeekTime, forKey: .yearWeekTime)
            try c.encode(entries, forKey: .weeklyBoxOfficeList)
        } else {
            try c.encode(entries, forKey: .dailyBoxOfficeList)
        }
    }
}

/// The whole body of a box-office response: `{"boxOfficeResult": …}`.
public struct BoxOfficeResponseDTO: Codable, Hashable, Sendable {
    public var boxOfficeResult: BoxOfficeResultDTO
    public init(boxOfficeResult: BoxOfficeResultDTO) { self.boxOfficeResult = boxOfficeResult }
}
