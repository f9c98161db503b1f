import BoxOfficeCore

/// A command that prints words: it takes `--lang`, and `BoxOfficeCommand.main` words its errors in the same
/// language.
protocol LocalizedCommand {
    var languageOptions: LanguageOptions { get }
}

extension LocalizedCommand {
    var language: Language { languageOptions.language }
    var strings: CLIStrings { CLIStrings.table(for: language) }
}
