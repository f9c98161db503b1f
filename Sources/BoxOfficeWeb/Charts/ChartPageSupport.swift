import BoxOfficeCore

extension AppServices {
    /// The region list for the filter, or none when it cannot be loaded (the select is then omitted).
    func regionsForFilter() async -> [Region] {
        (try? await movies.regions()) ?? []
    }
}
