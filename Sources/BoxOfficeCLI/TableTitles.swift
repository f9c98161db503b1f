import BoxOfficeApp
import BoxOfficeCore

/// The English titles a table in English shows first (``CLIStrings/filmTitle(_:english:width:)``), the analytics
/// JSON carries (`englishTitles`) and CSV gives a column of its own, read from what the archive keeps with the films'
/// nations: no KOBIS call, and no read at all for Korean tables.
enum TableTitles {
    /// `report` with the English titles of the films it names where its output shows them: JSON (the API's shape,
    /// `englishTitles`) and CSV (a column, so its shape does not change with the language) in either language, and
    /// English tables; Korean tables read none.
    static func titled<Report: NamesFilms>(
        _ report: Report, services: AppServices, strings: CLIStrings, format: PeriodFormat
    ) async -> Report {
        guard format != .table || strings.isEnglish else { return report }
        return await services.archive.withEnglishTitles(report)
    }
}
