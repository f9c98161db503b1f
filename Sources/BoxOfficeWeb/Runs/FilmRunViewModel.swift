import BoxOfficeCore
import BoxOfficeText

/// A film's run on its page: the figures with their marks, the milestones, the pace chart and the comparison
/// form. The `movie_run` partial renders it under the name `run`.
struct FilmRunViewModel: Sendable {
    struct Item: Sendable {
        var label: String
        var value: String
        var note: String?
    }

    struct MilestoneRow: Sendable {
        var milestone: String
        var date: String
        var dayOfRun: String
    }

    struct Compared: Sendable {
        var title: String
        var titleBeside: String
        var hasTitleBeside: Bool
        /// Why it has no line (no archived day from its opening on), or empty.
        var note: String
        var hasNote: Bool
        /// The page without this film in the comparison.
        var removeURL: String
    }

    struct Match: Sendable {
        var title: String
        var titleBeside: String
        var hasTitleBeside: Bool
        var openDate: String
        var addURL: String
    }

    var t: RunStrings
    var movieCode: String
    var hasRun: Bool
    var notes: [String]
    var items: [Item]
    var milestones: [MilestoneRow]
    var hasMilestones: Bool
    var pace: PaceChartViewModel
    /// 천만 전망, while the film is in its first run.
    var outlook: TenMillionOutlookViewModel?
    var compared: [Compared]
    var hasCompared: Bool
    var canAddMore: Bool
    /// The codes already compared, carried by the search form.
    var versus: [String]
    var find: String
    var searched: Bool
    var matches: [Match]
    var hasMatches: Bool
    var jsonURL: String
    var language: Language

    /// `englishTitles` (movie code → KOBIS's English title, given for English pages) lead the films' names.
    init(
        report: FilmRunReport, matches found: [ArchivedFilm]?, find: String, language: Language,
        englishTitles: [String: String] = [:]
    ) {
        let t = RunStrings.table(for: language)
        func name(_ code: String, _ korean: String?) -> LeadingName {
            LeadingName(korean: korean ?? code, english: englishTitles[code] ?? "", language: language)
        }
        let run = report.run
        self.t = t
        self.language = language
        movieCode = run.movieCode
        hasRun = run.reach != .noArchivedDay
        var notes = t.words.notice(run.reach).map { [$0] } ?? []
        if run.reReleases > 0 { notes.append(t.reReleaseNote) }
        if run.partialEra { notes.append(t.words.eraNote) }
        self.notes = notes
        items = Self.items(run, t: t, language: language)
        milestones = run.milestones.map { crossing in
            MilestoneRow(
                milestone: t.words.milestone(crossing.threshold), date: t.words.reached(crossing),
                dayOfRun: crossing.dayOfRun.map(t.words.crossingDay) ?? "–")
        }
        hasMilestones = !milestones.isEmpty
        outlook = report.outlook.map {
            TenMillionOutlookViewModel($0, words: t.words, language: language, englishTitles: englishTitles)
        }
        pace = PaceChartViewModel(
            run: run, compared: report.compared, median: report.median, strings: t, language: language,
            englishTitles: englishTitles)
        let codes = report.compared.map(\.movieCode)
        versus = codes
        func link(_ codes: [String]) -> String {
            var pairs = codes.map { ("vs", $0) }
            if language == .english { pairs.append(("lang", "en")) }
            return LinkBuilder.link("/movies/" + run.movieCode, pairs) + "#run"
        }
        compared = report.compared.map { pace in
            let title = name(pace.movieCode, pace.title)
            let charted = pace.pace.contains { $0.day >= 1 }
            return Compared(
                title: title.name, titleBeside: title.beside ?? "", hasTitleBeside: title.beside != nil,
                note: charted ? "" : t.words.comparedWithoutDays(lacksOpenDate: pace.lacksOpenDate),
                hasNote: !charted,
                removeURL: link(codes.filter { $0 != pace.movieCode }))
        }
        hasCompared = !compared.isEmpty
        canAddMore = codes.count < FilmRunQuery.maximumComparisons
        self.find = find
        searched = found != nil
        matches = (found ?? []).filter { $0.movieCode != run.movieCode && !codes.contains($0.movieCode) }.map {
            let title = name($0.movieCode, $0.title)
            return Match(
                title: title.name, titleBeside: title.beside ?? "", hasTitleBeside: title.beside != nil,
                openDate: $0.openDate?.isoString ?? "",
                addURL: link(codes + [$0.movieCode]))
        }
        hasMatches = !matches.isEmpty
        jsonURL = LinkBuilder.link(
            "/api/v1/movies/" + run.movieCode + "/run", codes.map { ("vs", $0) })
    }

    static func items(_ run: FilmRun, t: RunStrings, language: Language) -> [Item] {
        let w = t.words
        var items: [Item] = []
        func add(_ label: String, _ value: String?, note: String? = nil) {
            if let value { items.append(Item(label: label, value: value, note: note)) }
        }
        add(w.openingDay, run.openingDay.map(w.admissions))
        add(
            w.openingWeekend, run.openingWeekend.map { w.admissions($0.audience) },
            note: run.openingWeekend?.partial == true ? t.partialWeekend : nil)
        add(w.secondWeekend, run.secondWeekend.map { w.admissions($0.audience) })
        add(w.drop, run.secondWeekendDrop.map(w.drop))
        add(w.firstWeek, run.firstWeek.map(w.admissions))
        add(w.peakDay, run.peakDay.map { w.admissions($0.audience, on: $0.date) })
        if run.reach != .noArchivedDay {
            let floor = run.dayCountsAreFloors
            add(w.daysInTop10, w.days(run.daysInTop10, floor: floor))
            add(w.daysAtNumberOne, w.days(run.daysAtNumberOne, floor: floor))
        }
        add(w.longestStreak, run.longestStreak.map(w.streak))
        add(w.final, run.final.map { w.admissions($0.audience, on: $0.date) })
        add(w.totalSales, run.final.map { FigureText.won($0.sales, language: language) })
        add(w.legs, run.legs.map(w.legs))
        return items
    }
}
