import ArgumentParser
import BoxOfficeCore

/// The language `--help` is written in. ArgumentParser reads a command's help as strings when it builds the
/// command, so `BoxOfficeCommand.main` sets this around parsing and printing, and the commands' help reads it.
enum HelpLanguage {
    @TaskLocal static var current: Language = .english

    /// `korean` or `english`, whichever the help is being written in.
    static func words(_ korean: String, _ english: String) -> String {
        current == .english ? english : korean
    }

    /// ArgumentParser's help, rendered without wrapping, in Korean: its own words (section titles, `--help`'s line,
    /// the values and defaults it appends) translated, and every line wrapped to `width` terminal columns, a Hangul
    /// syllable taking two (ArgumentParser counts one, so its own wrapping overruns the terminal).
    static func korean(_ unwrapped: String, width: Int) -> String {
        unwrapped.split(separator: "\n", omittingEmptySubsequences: false)
            .map { HelpWrapper.wrap(translated(String($0)), width: width) }
            .joined(separator: "\n")
    }

    private static func translated(_ line: String) -> String {
        var line = line
        for (english, korean) in titles where line.hasPrefix(english) {
            line = korean + line.dropFirst(english.count)
        }
        line = line.replacingOccurrences(of: "Show help information.", with: "도움말을 봅니다.")
        if let range = line.range(of: " <subcommand>' for detailed help."), let start = line.range(of: "See '") {
            let command = line[start.upperBound..<range.lowerBound]
            line = line[..<start.lowerBound] + "명령별 도움말: '\(command) <명령>'"
        }
        line = line.replacingOccurrences(of: "(values: ", with: "(값: ")
        line = line.replacingOccurrences(of: "; default: ", with: "; 기본값: ")
        line = line.replacingOccurrences(of: "(default: ", with: "(기본값: ")
        return line.replacingOccurrences(of: "<subcommand>", with: "<명령>")
    }

    private static let titles = [
        ("OVERVIEW:", "개요:"), ("USAGE:", "사용법:"), ("ARGUMENTS:", "인자:"), ("OPTIONS:", "옵션:"),
        ("SUBCOMMANDS:", "명령:"),
    ]
}

extension ArgumentHelp {
    /// An option's or argument's help in the language `--help` is written in.
    static func words(_ korean: String, _ english: String) -> ArgumentHelp {
        ArgumentHelp(HelpLanguage.words(korean, english))
    }
}
