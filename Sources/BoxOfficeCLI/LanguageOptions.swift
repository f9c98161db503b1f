public import ArgumentParser
import BoxOfficeCore

extension Language: ExpressibleByArgument {}

/// `--lang ko|en`, which every command that prints words takes: it wins over the environment.
struct LanguageOptions: ParsableArguments {
    @Option(
        name: .customLong("lang"),
        help: .words(
            "출력 언어 (기본값: LC_ALL, LC_MESSAGES, LANG 순; ko*이면 한국어).",
            "The language of the output (default: LC_ALL, LC_MESSAGES or LANG; ko* is Korean)."))
    var lang: Language?

    var language: Language { lang ?? CLILanguage.fromEnvironment() }
}
