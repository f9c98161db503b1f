import BoxOfficeCore
import BoxOfficeText

/// Archive gaps, told on stderr (stdout stays the table, JSON or CSV): which days the archive lacks, and for a
/// coverage the `boxoffice sync` command that fills them. `top`, `export`, `market`, `run` and `records` say it
/// alike.
enum ArchiveGapNote {
    /// The days of `coverage` the archive lacks and the sync that fetches them; nothing when it lacks none.
    static func print(_ coverage: ArchiveCoverage, strings: CLIStrings) {
        guard !coverage.isComplete else { return }
        print(missing: coverage.missingDays, of: coverage.days, runs: coverage.missing, strings: strings)
        if let command = SyncCommandLine.text(for: coverage) { Terminal.printNotice(strings.fillGap(command)) }
    }

    /// The sync that fetches the days of `runs` (from the first to the last; it skips the days already archived).
    static func printSync(filling runs: [DateRange], strings: CLIStrings) {
        guard let first = runs.first?.start, let last = runs.last?.end, first <= last else { return }
        Terminal.printNotice(
            strings.fillGap(SyncCommandLine.text(for: SyncRequest(range: DateRange(start: first, end: last)))))
    }

    /// `missing` of `days` days lack a chart: the first three runs of them, and "…" for more.
    static func print(missing: Int, of days: Int, runs: [DateRange], strings: CLIStrings) {
        guard missing > 0 else { return }
        let shown = runs.prefix(3).map { $0.start == $0.end ? $0.start.isoString : "\($0.start) – \($0.end)" }
        let more = runs.count > 3 ? ", …" : ""
        Terminal.printNotice(
            strings.coverageGap(missing: missing, of: days, runs: shown.joined(separator: ", ") + more))
    }
}
