import BoxOfficeApp
import BoxOfficeCore

/// The English titles a table in English shows first (``CLIStrings/filmTitle(_:english:width:)``) and the analytics
/// JSON carries (`englishTitles`), read from what the archive keeps with the films' nations: no KOBIS call, and no read
/// at all for Korean tables or CSV (whose shapes do not change with the language).
enum TableTitles {
    /// `report` with the English titles of the films it names where its output shows them: JSON (the API's shape,
    /// `englishTitles`, in either language) and English tables; Korean tables and CSV read none.
    static func titled<Report: NamesFilms>(
        _ report: Report, services: AppServices, strings: CLIStrings, format: PeriodFormat
    ) async -> Report {
        guard format == .json || (strings.isEnglish && format == .table) else { return report }
        return await services.archive.withEnglishTitles(report)
    }
}
