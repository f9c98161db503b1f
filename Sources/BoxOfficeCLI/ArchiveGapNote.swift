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

    /// A sync for each group of `groups` that fetches its days (from its first to its last, skipping the days
    /// already archived): the first three, then "…".
    static func printSyncs(filling groups: [[DateRange]], strings: CLIStrings) {
        let commands = groups.compactMap { runs -> String? in
            guard let first = runs.first?.start, let last = runs.last?.end, first <= last else { return nil }
            return SyncCommandLine.text(for: SyncRequest(range: DateRange(start: first, end: last)))
        }
        guard !commands.isEmpty else { return }
        let shown = commands.prefix(3).joined(separator: "; ") + (commands.count > 3 ? "; …" : "")
        Terminal.printNotice(strings.fillGap(shown))
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
