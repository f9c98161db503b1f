import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// A tab or an option of the records pages.
struct RecordsLinkViewModel: Sendable {
    var label: String
    var url: String
    var isCurrent: Bool
}

/// One column of a records table: numbers are right-aligned, and the page script sorts by them (`sortType`).
struct RecordsColumnViewModel: Sendable {
    var label: String
    var isNumber: Bool
    var sortType: String
}

/// One cell of a records table, already in words, with the raw value the page script sorts it by ("" for none).
struct RecordsCellViewModel: Sendable {
    var text: String
    var isNumber: Bool
    var sortValue: String
}

/// One film of a records table.
struct RecordsRowViewModel: Sendable {
    var rank: Int
    var title: String
    var titleBeside: String
    var hasTitleBeside: Bool
    var movieURL: String
    var openDate: String
    var cells: [RecordsCellViewModel]
}

/// One ordered list of a records page: a table whose caption names it and a sentence stating its first film.
struct RecordsListViewModel: Sendable {
    var id: String
    var caption: String
    var summary: String
    var columns: [RecordsColumnViewModel]
    var rows: [RecordsRowViewModel]
    var isEmpty: Bool
}

/// `/records/{milestones,totals,streaks,legs}`: the lists of a records answer, the filter form and the notes.
struct RecordsViewModel: Sendable {
    var layout: LayoutViewModel
    var r: RecordsStrings
    var title: String
    var tabs: [RecordsLinkViewModel]
    var action: String
    var thresholdOptions: [SelectOptionViewModel]
    var byOptions: [SelectOptionViewModel]
    var nationOptions: [SelectOptionViewModel]
    var takesThreshold: Bool
    var takesBy: Bool
    var takesYear: Bool
    var year: String
    var since: String
    var limit: String
    var minYear: Int
    var maxYear: Int
    var lists: [RecordsListViewModel]
    /// The list's note, `nil` when it has none (Mustache renders a section for an empty string).
    var note: String?
    var showsEraNote: Bool
    var jsonURL: String
    var hiddenLanguage: String
    var hasHiddenLanguage: Bool

    /// `englishTitles` (movie code → KOBIS's English title, given for English pages) lead the films' names.
    init(
        report: RecordsReport, calendar: BoxOfficeCalendar, language: Language, request: Request,
        englishTitles: [String: String] = [:]
    ) {
        let r = RecordsStrings.table(for: language)
        self.r = r
        let kind = report.kind
        switch kind {
        case .milestones: title = r.milestonesTitle
        case .totals: title = r.totalsTitle
        case .streaks: title = r.streaksTitle
        case .legs: title = r.legsTitle
        }
        layout = LayoutViewModel(
            request: request, language: language, pageTitle: title, isSampleData: report.source == .sample,
            section: .records)
        let explicit = Language.explicitParameter(in: request)?.rawValue
        hiddenLanguage = explicit ?? ""
        hasHiddenLanguage = explicit != nil
        let names: [(RecordKind, String)] = [
            (.milestones, r.milestonesTab), (.totals, r.totalsTab), (.streaks, r.streaksTab), (.legs, r.legsTab),
        ]
        tabs = names.map { tab, label in
            RecordsLinkViewModel(
                label: label, url: LinkBuilder.link("/records/\(tab.rawValue)", [("lang", explicit)]),
                isCurrent: tab == kind)
        }
        action = "/records/\(kind.rawValue)"
        takesThreshold = RecordsQuery.reads("threshold", kind: kind)
        takesBy = RecordsQuery.reads("by", kind: kind)
        takesYear = RecordsQuery.reads("year", kind: kind)
        thresholdOptions = Milestone.thresholds.map {
            SelectOptionViewModel(value: String($0), label: r.threshold($0), isSelected: $0 == report.threshold)
        }
        byOptions = [
            SelectOptionViewModel(value: "audience", label: r.audience, isSelected: report.by != .sales),
            SelectOptionViewModel(value: "sales", label: r.sales, isSelected: report.by == .sales),
        ]
        nationOptions = [
            SelectOptionViewModel(value: "", label: r.all, isSelected: report.nation == nil),
            SelectOptionViewModel(value: "korean", label: r.korean, isSelected: report.nation == .korean),
            SelectOptionViewModel(value: "foreign", label: r.foreign, isSelected: report.nation == .foreign),
        ]
        year = report.year.map(String.init) ?? ""
        since = report.since.map(String.init) ?? ""
        limit = String(report.limit)
        minYear = calendar.earliestDate.year
        maxYear = calendar.yesterday.year
        lists = report.lists.map {
            Self.list($0, report: report, strings: r, request: request, titles: englishTitles, language: language)
        }
        switch kind {
        case .legs: note = r.legsNote
        case .streaks: note = r.streakNote
        case .milestones, .totals: note = nil
        }
        showsEraNote =
            report.source == .kobis
            && report.lists.contains { $0.entries.contains { ($0.openDate?.year ?? 2011) < 2011 } }
        jsonURL = LinkBuilder.link(
            "/api/v1/records/\(kind.rawValue)",
            [
                ("threshold", report.threshold.map(String.init)), ("by", report.by?.rawValue),
                ("year", report.year.map(String.init)), ("nation", report.nation?.rawValue),
                ("since", report.since.map(String.init)), ("limit", String(report.limit)), ("lang", explicit),
            ])
    }

    private static func list(
        _ list: RecordList, report: RecordsReport, strings r: RecordsStrings, request: Request,
        titles: [String: String], language: Language
    ) -> RecordsListViewModel {
        let explicit = Language.explicitParameter(in: request)?.rawValue
        func number(_ label: String) -> RecordsColumnViewModel {
            RecordsColumnViewModel(label: label, isNumber: true, sortType: "number")
        }
        func text(_ label: String) -> RecordsColumnViewModel {
            RecordsColumnViewModel(label: label, isNumber: false, sortType: "text")
        }
        let caption: String
        let columns: [RecordsColumnViewModel]
        let cells: (RecordEntry) -> [RecordsCellViewModel]
        let lead: (RecordEntry) -> String
        // A figure sorts by its value, a range by its end (as the fastest lists order it).
        func n(_ text: String, _ figure: Figure?) -> RecordsCellViewModel {
            RecordsCellViewModel(
                text: text, isNumber: true, sortValue: figure.map { String($0.high ?? $0.value) } ?? "")
        }
        func n(_ text: String, _ count: Int) -> RecordsCellViewModel {
            RecordsCellViewModel(text: text, isNumber: true, sortValue: String(count))
        }
        func t(_ text: String, _ key: String) -> RecordsCellViewModel {
            RecordsCellViewModel(text: text, isNumber: false, sortValue: key)
        }
        switch list.order {
        case .fastest:
            caption = r.fastestCaption(report.threshold ?? RecordsQuery.defaultThreshold)
            columns = [number(r.crossingHeader), text(r.reachedHeader), number(r.finalAudienceHeader)]
            cells = {
                [
                    n(r.crossingDay($0.milestone?.dayOfRun), $0.milestone?.dayOfRun),
                    t(r.reached($0.milestone), $0.milestone?.latest.isoString ?? ""),
                    n(r.people($0.finalAudience), $0.finalAudience),
                ]
            }
            lead = { r.crossingDay($0.milestone?.dayOfRun) }
        case .audience, .sales:
            caption = r.totalsCaption(bySales: list.order == .sales, year: report.year)
            columns = [number(r.finalAudienceHeader), number(r.finalSalesHeader), number(r.daysInTop10Header)]
            cells = {
                [
                    n(r.people($0.finalAudience), $0.finalAudience),
                    n(FigureText.won($0.finalSales, language: r.language), $0.finalSales),
                    n(r.days($0.daysInTop10, floor: $0.dayCountsAreFloors), $0.daysInTop10),
                ]
            }
            lead = {
                list.order == .sales
                    ? FigureText.won($0.finalSales, language: r.language) : r.people($0.finalAudience)
            }
        case .longestStreak, .daysAtNumberOne:
            caption = list.order == .longestStreak ? r.longestStreakList : r.daysAtNumberOneList
            columns = [number(r.streakHeader), text(r.streakDatesHeader), number(r.daysAtOneHeader)]
            cells = {
                [
                    n(r.days($0.longestStreak?.days ?? 0), $0.longestStreak?.days ?? 0),
                    t(
                        $0.longestStreak.map { "\($0.start.isoString) – \($0.end.isoString)" } ?? r.none,
                        $0.longestStreak?.start.isoString ?? ""),
                    n(r.days($0.daysAtNumberOne, floor: $0.dayCountsAreFloors), $0.daysAtNumberOne),
                ]
            }
            lead = {
                list.order == .longestStreak
                    ? r.days($0.longestStreak?.days ?? 0) : r.days($0.daysAtNumberOne, floor: $0.dayCountsAreFloors)
            }
        case .legs, .secondWeekendDrop:
            caption = list.order == .legs ? r.legsList : r.dropList
            columns = [
                number(r.openingWeekendHeader), number(r.finalAudienceHeader), number(r.legsHeader),
                number(r.dropHeader),
            ]
            cells = {
                [
                    n(
                        r.people($0.openingWeekend) + ($0.openingWeekendPartial ? " (\(r.partialWeekend))" : ""),
                        $0.openingWeekend),
                    n(r.people($0.finalAudience), $0.finalAudience), n(r.legs($0.legs), $0.legs),
                    n(r.drop($0.secondWeekendDrop), $0.secondWeekendDrop),
                ]
            }
            lead = { list.order == .legs ? r.legs($0.legs) : r.drop($0.secondWeekendDrop) }
        }
        func name(_ entry: RecordEntry) -> LeadingName {
            LeadingName(korean: entry.title, english: titles[entry.movieCode] ?? "", language: language)
        }
        let rows = list.entries.map { entry in
            let title = name(entry)
            return RecordsRowViewModel(
                rank: entry.rank, title: title.name, titleBeside: title.beside ?? "",
                hasTitleBeside: title.beside != nil,
                movieURL: LinkBuilder.link("/movies/\(entry.movieCode)", [("lang", explicit)]),
                openDate: entry.openDate?.isoString ?? r.none, cells: cells(entry))
        }
        // Films that share the first place share the lead (two films with 36 days at #1 in a row).
        let summary =
            list.entries.first.map { first in
                let tied = list.entries.prefix { $0.rank == first.rank }
                return r.leader(titles: tied.map { Self.inline(name($0)) }, figure: lead(first))
            } ?? r.emptyList
        return RecordsListViewModel(
            id: "records-\(list.order.rawValue)", caption: caption, summary: summary, columns: columns, rows: rows,
            isEmpty: rows.isEmpty)
    }

    /// A name in a sentence: the Korean one beside in brackets.
    private static func inline(_ name: LeadingName) -> String {
        name.beside.map { "\(name.name) (\($0))" } ?? name.name
    }
}
