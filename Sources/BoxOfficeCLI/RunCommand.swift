import ArgumentParser
import BoxOfficeApp
import BoxOfficeCore
import BoxOfficeText

/// `boxoffice run`: a film's run from the archive (no KOBIS call), with up to four films' pace beside it.
struct RunCommand: AsyncParsableCommand, LocalizedCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "run",
            abstract: HelpLanguage.words(
                "보관함에서 영화의 흥행을 보여 줍니다: 개봉, 주말, 감소율, 뒷심, 관객 돌파 (KOBIS 호출 없음).",
                "Show a film's run from the archive: opening, weekends, drop, legs, milestones (no KOBIS calls)."),
            discussion: HelpLanguage.words(
                """
                수치는 얼마나 확실한지 함께 적습니다: ≈는 범위(보관함에 빠진 날이 있을 때), ≥는 적어도 그만큼(보관된 \
                마지막 날 기준). --format json은 API의 /api/v1/movies/{code}/run을, csv는 흥행 속도의 점들을 출력합니다. \
                보관함에 없는 상영일은 그 날들을 채울 sync 명령과 함께 stderr에 적습니다.
                """,
                """
                Figures say how sure they are: ≈ a range (days missing from the archive), ≥ at least (the latest archived \
                day). --format json prints the API's /api/v1/movies/{code}/run; csv prints the pace points. Days of the \
                run the archive lacks are noted on stderr, with the sync that fills them.
                """))
    }

    @Argument(help: .words("KOBIS 영화 코드.", "The KOBIS movie code."))
    var code: String

    @Option(
        name: .customLong("vs"),
        help: .words(
            "흥행 속도를 비교할 다른 영화의 코드 (여러 번, 최대 4편).",
            "Another film's code to compare the pace with (repeatable, at most 4)."))
    var versus: [String] = []

    @Option(help: .words("table, json 또는 csv.", "table, json or csv."))
    var format: PeriodFormat = .table

    @OptionGroup var languageOptions: LanguageOptions

    func run() async throws {
        let strings = strings
        try GivenOption.refuseEmpty(["vs": versus.first { $0.allSatisfy(\.isWhitespace) }])
        let query = try FilmRunQuery.parsing(movieCode: code, versus: versus)
        let format = format
        let (report, coverage, titles) = try await ServiceRunner.run(strings) { services in
            let report = await TableTitles.titled(
                try await services.filmRuns.report(query), services: services, strings: strings, format: format)
            let titles = report.englishTitles ?? [:]
            var coverage: ArchiveCoverage?
            if let span = report.run.archiveSpan(from: services.configuration.archiveFrom) {
                coverage = try await services.archive.coverage(of: span)
            }
            return (report, coverage, titles)
        }
        if let notice = strings.runWords.notice(report.run.reach) {
            Terminal.printNotice(strings.notePrefix + notice)
        }
        if let coverage { ArchiveGapNote.print(coverage, strings: strings) }
        switch format {
        case .json: Terminal.write(try ChartRenderer.json(report))
        case .csv: Terminal.write(Self.csv(report))
        case .table: Terminal.write(Self.table(report, strings: strings, englishTitles: titles))
        }
    }

    /// The run as a table; in English each film leads with its English title from `englishTitles`.
    static func table(
        _ report: FilmRunReport, strings: CLIStrings, englishTitles: [String: String] = [:]
    ) -> String {
        let run = report.run
        let w = strings.runWords
        var lines: [(String, String?)] = [
            (w.openingDay, run.openingDay.map(w.admissions)),
            (w.openingWeekend, run.openingWeekend.map { w.admissions($0.audience) }),
            (w.secondWeekend, run.secondWeekend.map { w.admissions($0.audience) }),
            (w.drop, run.secondWeekendDrop.map(w.drop)),
            (w.firstWeek, run.firstWeek.map(w.admissions)),
            (w.peakDay, run.peakDay.map { w.admissions($0.audience, on: $0.date) }),
        ]
        if run.reach != .noArchivedDay {
            let floor = run.dayCountsAreFloors
            lines += [
                (w.daysInTop10, w.days(run.daysInTop10, floor: floor)),
                (w.daysAtNumberOne, w.days(run.daysAtNumberOne, floor: floor)),
            ]
        }
        lines += [
            (w.longestStreak, run.longestStreak.map(w.streak)),
            (w.final, run.final.map { w.admissions($0.audience, on: $0.date) }),
            (w.totalSales, run.final.map { FigureText.won($0.sales, language: strings.language) }),
            (w.legs, run.legs.map(w.legs)),
        ]
        var title = strings.runTitle(
            run.title.map { strings.filmTitle($0, english: englishTitles[run.movieCode], width: 120) },
            code: run.movieCode, openDate: run.openDate)
        if report.source == .sample { title += " · " + strings.sampleData }
        let figures = TextTable(
            columns: [.left(""), .right("")], rows: lines.compactMap { label, value in value.map { [label, $0] } })
        var text = figures.rendered(title: title, whenEmpty: "", footer: [])
        let milestones = run.milestones.map { crossing in
            [w.milestone(crossing.threshold), w.reached(crossing), crossing.dayOfRun.map(w.crossingDay) ?? "-"]
        }
        if !milestones.isEmpty {
            text +=
                "\n"
                + TextTable(
                    columns: [.left(w.milestoneHeader), .left(w.dateHeader), .right(w.crossingHeader)],
                    rows: milestones
                ).rendered(title: nil, whenEmpty: "", footer: [])
        }
        if let outlook = report.outlook {
            text += "\n" + Self.outlook(outlook, strings: strings, englishTitles: englishTitles)
        }
        var footer: [String] = report.compared.map { pace in
            let title =
                pace.title.map { strings.filmTitle($0, english: englishTitles[pace.movieCode], width: 120) }
                ?? pace.movieCode
            guard let last = pace.pace.last(where: { $0.day >= 1 }) else {
                return strings.runComparedWithoutDays(title, lacksOpenDate: pace.lacksOpenDate)
            }
            return strings.runCompared(title, day: last.day, audience: last.audience)
        }
        if run.partialEra { footer.append(w.eraNote) }
        footer.append(w.legend)
        return text + "\n" + footer.joined(separator: "\n") + "\n"
    }

    /// 천만 전망: what it compares, a line per milestone above the film's admissions, the rank and the comparables.
    static func outlook(
        _ outlook: TenMillionOutlook, strings: CLIStrings, englishTitles: [String: String] = [:]
    ) -> String {
        let w = strings.runWords
        let films = outlook.comparables.count
        var lines = [
            w.outlookTitle,
            w.outlookIntro(
                day: outlook.day, audience: outlook.audience, films: films, since: outlook.since, low: outlook.low,
                high: outlook.high, nearest: outlook.nearestRange),
        ]
        if films > 0 {
            lines += outlook.milestones.map {
                w.outlookMilestone(
                    $0.threshold, reached: $0.films, of: films, share: outlook.percentages ? $0.share : nil)
            }
        }
        lines.append(w.outlookRank(outlook.rank, of: outlook.rankedFilms, day: outlook.day))
        if films == 0 {
            lines.append(w.outlookNone)
        } else if !outlook.percentages {
            lines.append(w.outlookFew)
        }
        var text = lines.joined(separator: "\n") + "\n"
        guard films > 0 else { return text }
        let rows = outlook.comparables.map { film in
            [
                strings.filmTitle(film.title, english: englishTitles[film.movieCode], width: 36),
                film.openDate?.isoString ?? "-", w.admissions(.exact(Double(film.audience))), w.admissions(film.final),
            ]
        }
        text += TextTable(
            columns: [
                .left(w.outlookFilmHeader), .left(w.outlookOpenHeader), .right(w.byDay(outlook.day)),
                .right(w.outlookFinalHeader),
            ],
            rows: rows
        ).rendered(title: nil, whenEmpty: "", footer: [])
        return text
    }

    /// The pace points of the film and of each compared film: `movieCode,day,date,audience`.
    static func csv(_ report: FilmRunReport) -> String {
        var lines = ["movieCode,day,date,audience"]
        let series = [(report.run.movieCode, report.run.pace)] + report.compared.map { ($0.movieCode, $0.pace) }
        for (code, pace) in series {
            for point in pace { lines.append("\(code),\(point.day),\(point.date.isoString),\(point.audience)") }
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }
}
