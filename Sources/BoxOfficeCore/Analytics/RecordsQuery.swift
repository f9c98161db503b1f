/// What a records page or request asks for, read once here for the pages, the API and the CLI from the text as it
/// came (`threshold`, `by`, `year`, `nation`, `since`, `limit`).
public struct RecordsQuery: Sendable, Hashable {
    /// Films a list shows when `limit` is not given.
    public static let defaultLimit = 20
    /// The most films one list shows.
    public static let maximumLimit = 100
    /// The milestone `milestones` measures when `threshold` is not given: 1000만.
    public static let defaultThreshold: Int64 = 10_000_000
    /// The parameters only some lists read, with those lists; every list reads `nation`, `since` and `limit`.
    public static let listsReading: [String: [RecordKind]] = [
        "threshold": [.milestones], "by": [.totals], "year": [.totals, .legs],
    ]

    /// Whether the `kind` list reads `parameter`.
    public static func reads(_ parameter: String, kind: RecordKind) -> Bool {
        listsReading[parameter]?.contains(kind) ?? true
    }

    public var kind: RecordKind
    /// The milestone of `milestones` (one of ``Milestone/thresholds``); `nil` for the other lists.
    public var threshold: Int64?
    /// What `totals` orders by; `nil` for the other lists.
    public var measure: RecordMeasure?
    /// Films opened that year only (`totals` and `legs`).
    public var year: Int?
    /// Korean or foreign films only (by ``MovieNationality``); films of unknown nation are left out of both.
    public var nation: MovieNationality?
    /// Films opened that year or later only.
    public var since: Int?
    public var limit: Int

    public init(
        kind: RecordKind, threshold: Int64? = nil, measure: RecordMeasure? = nil, year: Int? = nil,
        nation: MovieNationality? = nil, since: Int? = nil, limit: Int = RecordsQuery.defaultLimit
    ) {
        self.kind = kind
        self.threshold = Self.reads("threshold", kind: kind) ? (threshold ?? Self.defaultThreshold) : nil
        self.measure = Self.reads("by", kind: kind) ? (measure ?? .audience) : nil
        self.year = Self.reads("year", kind: kind) ? year : nil
        self.nation = nation
        self.since = since
        self.limit = limit
    }

    /// Reads the parameters as given (`nil` or empty: the default). Parameters a list does not take are ignored.
    /// - Throws: ``BoxOfficeError/invalid(_:)`` naming the bad value: a threshold not among the six, `by` or `nation`
    ///   outside their values, a malformed year (or one before the archive's first or not begun), `since` likewise,
    ///   `limit` outside 1…``maximumLimit``.
    public static func parsing(
        kind: RecordKind, threshold: String? = nil, by: String? = nil, year: String? = nil, nation: String? = nil,
        since: String? = nil, limit: String? = nil, calendar: BoxOfficeCalendar
    ) throws(BoxOfficeError) -> RecordsQuery {
        var query = RecordsQuery(kind: kind)
        if reads("threshold", kind: kind), let text = nonEmpty(threshold) {
            guard let value = Int64(text), Milestone.thresholds.contains(value) else {
                throw .invalid("threshold", .oneOf(Milestone.thresholds.map(String.init)), value: text)
            }
            query.threshold = value
        }
        if reads("by", kind: kind), let text = nonEmpty(by) {
            guard let measure = RecordMeasure(rawValue: text.lowercased()) else {
                throw .invalid("by", .oneOf(RecordMeasure.allCases.map(\.rawValue)), value: text)
            }
            query.measure = measure
        }
        if reads("year", kind: kind), let text = nonEmpty(year) {
            query.year = try readYear(text, field: "year", calendar: calendar)
        }
        if let text = nonEmpty(nation) {
            guard let filter = MovieNationality(rawValue: text.lowercased()), filter != .unknown else {
                throw .invalid(
                    "nation", .oneOf([MovieNationality.korean.rawValue, MovieNationality.foreign.rawValue]), value: text
                )
            }
            query.nation = filter
        }
        if let text = nonEmpty(since) {
            query.since = try readYear(text, field: "since", calendar: calendar)
        }
        if let text = nonEmpty(limit) {
            guard let value = Int(text), (1...maximumLimit).contains(value) else {
                throw .invalid("limit", .wholeNumber(1...maximumLimit), value: text)
            }
            query.limit = value
        }
        return query
    }

    /// A year written `YYYY` from the archive's first year to yesterday's.
    static func readYear(
        _ text: String, field: String, calendar: BoxOfficeCalendar
    ) throws(BoxOfficeError) -> Int {
        guard text.count == 4, text.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(text) else {
            throw .invalid(field, .yearFormat, value: text)
        }
        if year > calendar.yesterday.year {
            throw .invalid(field, .periodNotCounted(latest: calendar.yesterday), value: text)
        }
        if year < calendar.earliestDate.year {
            throw .invalid(field, .beforeData(earliest: calendar.earliestDate), value: text)
        }
        return year
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
