public import BoxOfficeCore

/// The `boxoffice sync …` command line that runs a ``SyncRequest``, spelled once for every surface: the period
/// API's `coverage.syncCommand`, the period page's gap notice, and the CLI's `top` and `sync` notes. The core keeps
/// the typed request (``ArchiveCoverage/syncRequest``, ``SyncReport/continueRequest``); a command line is words for
/// people, so it lives here.
public enum SyncCommandLine {
    /// `boxoffice sync --from 2024-03-01 --to 2024-03-15`, with ` --weekly` when the request asks for the weeks too.
    public static func text(for request: SyncRequest) -> String {
        "boxoffice sync --from \(request.range.start.isoString) --to \(request.range.end.isoString)"
            + (request.includeWeekly ? " --weekly" : "")
    }

    /// The command that fills `coverage`'s gap (fetches its missing days, refreshes its provisional ones), or `nil`
    /// when the archive holds every day settled.
    public static func text(for coverage: ArchiveCoverage) -> String? {
        coverage.syncRequest.map { text(for: $0) }
    }
}
