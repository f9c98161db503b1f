import ArgumentParser
import BoxOfficeApp
import BoxOfficeCodecs
import BoxOfficeCore
import BoxOfficeText
import Foundation

/// `boxoffice records milestones|totals|streaks|legs`: the records from the films' kept records (no KOBIS calls), as
/// `/records/…` shows them.
struct RecordsCommand: AsyncParsableCommand, LocalizedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "records",
            abstract: HelpLanguage.words(
                "보관함의 기록을 보여 줍니다: 최단 관객 돌파, 누적, 연속 1위, 뒷심 (KOBIS 호출 없음).",
                "Show records from the archive: fastest to a milestone, totals, #1 streaks, legs (no KOBIS calls)."),
            discussion: HelpLanguage.words(
                """
                milestones는 --threshold(1000000, 2000000, 3000000, 5000000, 7000000, 10000000)를, totals는 \
                --by audience|sales와 --year를, legs는 --year를 받습니다. 모두 --nation korean|foreign, --since YYYY, \
                --limit 1-100(기본값 20)을 받습니다. 기록이 읽는 날 가운데 보관함에 없는 날(BOXOFFICE_ARCHIVE_FROM 또는 --since, \
                --year부터 어제까지)은 그 날들을 채울 sync 명령과 함께 stderr에 적습니다.
                """,
                """
                milestones takes --threshold (1000000, 2000000, 3000000, 5000000, 7000000 or 10000000); totals takes \
                --by audience|sales and --year; legs takes --year. All take --nation korean|foreign, --since YYYY and \
                --limit 1-100 (20 by default). Days the records read that the archive lacks (from BOXOFFICE_ARCHIVE_FROM, \
                or --since or --year, to yesterday) are noted on stderr, with the sync that fills them.
                """))
    }

    @Argument(help: .words("milestones, totals, streaks 또는 legs.", "milestones, totals, streaks or legs."))
    var kind: String

    @Option(help: .words("돌파 기준 관객수 (milestones와 함께).", "The milestone, in admissions (with milestones)."))
    var threshold: String?

    @Option(help: .words("audience 또는 sales (totals와 함께).", "audience or sales (with totals)."))
    var by: String?

    @Option(help: .words("이 해에 개봉한 영화 (totals, legs와 함께).", "Films opened in this year (with totals and legs)."))
    var year: String?

    @Option(help: .words("korean 또는 foreign.", "korean or foreign."))
    var nation: String?

    @Option(help: .words("이 해 이후에 개봉한 영화.", "Films opened in this year or later."))
    var since: String?

    @Option(help: .words("목록마다 보일 영화 수, 1-100.", "How many films each list shows, 1-100."))
    var limit: String?

    @Option(help: .words("table, json 또는 csv.", "table, json or csv."))
    var format: PeriodFormat = .table

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        let strings = strings
        let language = language
        guard let kind = RecordKind(rawValue: kind) else {
            throw BoxOfficeError.invalid("kind", .oneOf(RecordKind.allCases.map(\.rawValue)), value: kind)
        }
        let format = format
        // Read before the services start: a mistake is said before any database is opened.
        try GivenOption.refuseEmpty([
            "threshold": threshold, "by": by, "year": year, "nation": nation, "since": since, "limit": limit,
        ])
        try GivenOption.refuseUnread(
            ["threshold": threshold, "by": by, "year": year], view: kind.rawValue,
            takers: RecordsQuery.listsReading.mapValues { $0.map(\.rawValue) })
        let query = try RecordsQuery.parsing(
            kind: kind, threshold: threshold, by: by, year: year, nation: nation, since: since, limit: limit,
            calendar: BoxOfficeCalendar())
        let (report, coverage, titles) = try await ServiceRunner.run(strings) { services in
            let report = await TableTitles.titled(
                try await services.records.report(query), services: services, strings: strings, format: format)
            let titles = report.englishTitles ?? [:]
            let span = query.archiveSpan(
                from: services.configuration.archiveFrom, yesterday: services.calendar.yesterday)
            var coverage: ArchiveCoverage?
            if let span { coverage = try await services.archive.coverage(of: span) }
            return (report, coverage, titles)
        }
        if let coverage { ArchiveGapNote.print(coverage, strings: strings) }
        Terminal.write(
            try Self.render(report, format: format, strings: strings, language: language, englishTitles: titles))
    }

    /// The report in `format`; a table in English leads each film with its English title from `englishTitles`.
    static func render(
        _ report: RecordsReport, format: PeriodFormat, strings: CLIStrings, language: Language,
        englishTitles: [String: String] = [:]
    ) throws -> String {
        switch format {
        case .json:
            return try ChartRenderer.json(report)
        case .csv:
            let header = [
                "order", "rank", "movieCode", "title", "openDate", "nation", "milestoneEarliest", "milestoneLatest",
                "dayOfRunLow", "dayOfRunHigh", "milestoneQuality", "finalAudience", "finalSales", "openingWeekend",
                "secondWeekendDrop", "legs", "daysAtNumberOne", "longestStreak", "daysInTop10", "reach", "titleEnglish",
            ]
            let rows = report.lists.flatMap { list in
                list.entries.map { entry in
                    [
                        list.order.rawValue, String(entry.rank), entry.movieCode, entry.title,
                        entry.openDate?.isoString ?? "", entry.nation.rawValue,
                        entry.milestone?.earliest.isoString ?? "", entry.milestone?.latest.isoString ?? "",
                        number(entry.milestone?.dayOfRun?.low), number(entry.milestone?.dayOfRun?.high),
                        entry.milestone?.quality.rawValue ?? "", number(entry.finalAudience.value),
                        number(entry.finalSales.value), number(entry.openingWeekend?.value),
                        entry.secondWeekendDrop.map { String($0.value) } ?? "",
                        entry.legs.map { String($0.value) } ?? "", String(entry.daysAtNumberOne),
                        entry.longestStreak.map { String($0.days) } ?? "", String(entry.daysInTop10),
                        entry.reach.rawValue, englishTitles[entry.movieCode] ?? "",
                    ]
                }
            }
            return ([RFC4180.exportRecord(header)] + rows.map(RFC4180.exportRecord)).joined(separator: "\r\n")
                + "\r\n"
        case .table:
            var parts: [String] = []
            for list in report.lists {
                let (columns, cells) = Self.columns(list.order, strings: strings, language: language)
                let rows = list.entries.map { entry in
                    [
                        String(entry.rank),
                        strings.filmTitle(entry.title, english: englishTitles[entry.movieCode], width: 30),
                        entry.openDate?.isoString ?? "-",
                    ] + cells(entry)
                }
                var title = strings.recordsListTitle(list.order, threshold: report.threshold)
                if report.source == .sample { title += " · " + strings.sampleData }
                parts.append(
                    TextTable(
                        columns: [
                            .right(strings.recordsRankHeader), .left(strings.recordsFilmHeader),
                            .left(strings.recordsOpenHeader),
                        ] + columns,
                        rows: rows
                    ).rendered(title: title, whenEmpty: strings.recordsEmpty, footer: []))
            }
            return parts.joined(separator: "\n") + strings.recordsLegend + "\n"
        }
    }

    private static func columns(
        _ order: RecordOrder, strings s: CLIStrings, language: Language
    ) -> ([TextTable.Column], (RecordEntry) -> [String]) {
        let w = s.runWords
        func people(_ figure: Figure?) -> String { figure.map(w.admissionsInUnits) ?? "-" }
        switch order {
        case .fastest:
            return (
                [.right(w.crossingHeader), .left(s.recordsReachedHeader), .right(s.recordsAudienceHeader)],
                {
                    [
                        $0.milestone?.dayOfRun.map(w.crossingDay) ?? "-", $0.milestone.map(w.reached) ?? "-",
                        people($0.finalAudience),
                    ]
                }
            )
        case .audience, .sales:
            return (
                [.right(s.recordsAudienceHeader), .right(s.recordsSalesHeader), .right(s.recordsTop10Header)],
                {
                    [
                        people($0.finalAudience), FigureText.won($0.finalSales, language: language),
                        w.days($0.daysInTop10, floor: $0.dayCountsAreFloors),
                    ]
                }
            )
        case .longestStreak, .daysAtNumberOne:
            return (
                [.right(s.recordsStreakHeader), .left(s.recordsWhenHeader), .right(s.recordsDaysAtOneHeader)],
                {
                    [
                        w.days($0.longestStreak?.days ?? 0), $0.longestStreak.map(w.streakDates) ?? "-",
                        w.days($0.daysAtNumberOne, floor: $0.dayCountsAreFloors),
                    ]
                }
            )
        case .legs, .secondWeekendDrop:
            return (
                [
                    .right(s.recordsOpeningHeader), .right(s.recordsAudienceHeader), .right(s.recordsLegsHeader),
                    .right(s.recordsDropHeader),
                ],
                {
                    [
                        people($0.openingWeekend), people($0.finalAudience), $0.legs.map(w.legs) ?? "-",
                        $0.secondWeekendDrop.map(w.drop) ?? "-",
                    ]
                }
            )
        }
    }

    private static func number(_ value: Double?) -> String {
        guard let value, let whole = Int64(exactly: value.rounded()) else { return "" }
        return String(whole)
    }
}
