import BoxOfficeApp

/// The English titles a table in English shows first (``CLIStrings/filmTitle(_:english:width:)``), read from what the
/// archive keeps with the films' nations: no KOBIS call, and no read at all for Korean tables or JSON and CSV (whose
/// shapes do not change with the language).
enum TableTitles {
    static func english(
        of movieCodes: [String], services: AppServices, strings: CLIStrings, format: PeriodFormat
    ) async -> [String: String] {
        guard strings.isEnglish, format == .table else { return [:] }
        return (try? await services.archive.englishTitles(of: movieCodes)) ?? [:]
    }
}
