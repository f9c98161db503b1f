import BoxOfficeCore

/// The account page's choice of what logging a note does to a film on the watchlist: ask, always take it off, or
/// leave it (one radio group, one CSRF form).
struct WatchlistRemovalViewModel: Sendable {
    struct Option: Sendable {
        var value: String
        var label: String
        var isChecked: Bool
    }

    var title: String
    var hint: String
    var save: String
    var action: String
    var options: [Option]

    init(environment: DiaryPageEnvironment, preference: WatchlistRemovalPreference) {
        let w = WatchlistPageStrings.table(for: environment.language)
        title = w.removalTitle
        hint = w.removalHint
        save = w.removalSave
        action = environment.link("/account/watchlist")
        options = [
            (WatchlistRemovalPreference.ask, w.removalAsk), (.always, w.removalAlways), (.never, w.removalNever),
        ]
        .map { Option(value: $0.0.rawValue, label: $0.1, isChecked: $0.0 == preference) }
    }
}
