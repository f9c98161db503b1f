import ArgumentParser
import BoxOfficeCore
import Foundation

/// `boxoffice`: the Korean box office from the terminal. `Runner` runs the web app for `serve`.
struct BoxOfficeCommand<Runner: WebAppRunner>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "boxoffice",
            abstract: HelpLanguage.words(
                "영화진흥위원회(KOBIS)의 한국 박스오피스: 차트, 로컬 보관함과 웹 앱.",
                "Korean box office charts from KOBIS (영화진흥위원회), a local archive and a web app."),
            discussion: HelpLanguage.words(
                """
                KOBIS_API_KEY가 없으면 내장 시뮬레이터의 가상 데이터를 쓰는 샘플 모드로 실행합니다.
                환경 변수: KOBIS_API_KEY, KOBIS_BASE_URL, DATABASE_URL, PORT, BOXOFFICE_HOSTNAME, TMDB_API_KEY, KAKAO_REST_API_KEY.
                """,
                """
                Without KOBIS_API_KEY, BoxOffice runs in sample mode on fictional data from its built-in simulator.
                Environment: KOBIS_API_KEY, KOBIS_BASE_URL, DATABASE_URL, PORT, BOXOFFICE_HOSTNAME, TMDB_API_KEY, KAKAO_REST_API_KEY.
                """),
            subcommands: [
                ServeCommand<Runner>.self, DailyCommand.self, WeeklyCommand.self, MovieCommand.self, SearchCommand.self,
                SimulateKOBISCommand.self, MigrateCommand.self,
                SyncCommand.self, TopCommand.self, RunCommand.self, MarketCommand.self, RecordsCommand.self,
                ExportCommand.self,
                AdminCommand.self,
            ]
        )
    }

    /// The language `--lang ko|en` (or `--lang=ko|en`) asks for among `arguments`, when they did not parse.
    static func languageAsked(in arguments: [String]) -> Language? {
        var value: String?
        for (index, argument) in arguments.enumerated() {
            if argument == "--lang", index + 1 < arguments.count { value = arguments[index + 1] }
            if argument.hasPrefix("--lang=") { value = String(argument.dropFirst("--lang=".count)) }
        }
        return value.flatMap(Language.init(rawValue:))
    }

    /// `arguments` with a `--lang` given before the command moved after it, where the commands read it
    /// (`boxoffice --lang ko daily` is `boxoffice daily --lang ko`); as they are when there is none or `--` ends
    /// the options.
    static func languageAfterCommand(_ arguments: [String]) -> [String] {
        // A command of commands reads `--lang` on its own commands: `admin --lang ko list` is `admin list --lang ko`.
        if let first = arguments.first,
            let group = configuration.subcommands.first(where: { $0._commandName == first }),
            !group.configuration.subcommands.isEmpty
        {
            let rest = Array(arguments.dropFirst())
            let moved = languageAfterCommand(rest)
            if moved != rest { return [first] + moved }
        }
        // Only a language is moved: `--lang daily` is a missing value, said as such where it stands.
        guard !arguments.contains("--"), let leading = leadingLanguage(arguments),
            leading.value.flatMap(Language.init(rawValue:)) != nil, arguments.count > leading.width
        else { return arguments }
        return Array(arguments.dropFirst(leading.width)) + arguments.prefix(leading.width)
    }

    /// What a `--lang` before the command that was not moved after it got wrong, in ArgumentParser's words for the
    /// same mistake after a command: no value, or one that is no language.
    static func languageMistake(_ arguments: [String]) -> String? {
        guard let leading = leadingLanguage(arguments) else { return nil }
        guard let value = leading.value else { return "Missing value for '--lang <lang>'" }
        if Language(rawValue: value) != nil { return nil }
        return "The value '\(value)' is invalid for '--lang <lang>'. Please provide one of 'ko' and 'en'."
    }

    /// A `--lang` that `arguments` start with: its value (`nil` when it has none) and how many arguments it takes.
    private static func leadingLanguage(_ arguments: [String]) -> (value: String?, width: Int)? {
        guard let first = arguments.first else { return nil }
        if first.hasPrefix("--lang=") { return (String(first.dropFirst("--lang=".count)), 1) }
        guard first == "--lang" else { return nil }
        let value = arguments.dropFirst().first.flatMap { $0.hasPrefix("-") ? nil : $0 }
        return (value, value == nil ? 1 : 2)
    }

    /// The command `arguments` name first (`admin grant` for one of a command's own), when it is one of ours.
    static func commandNamed(in arguments: [String]) -> String? {
        var names: [String] = []
        var commands = configuration.subcommands
        for argument in arguments {
            guard let command = commands.first(where: { $0._commandName == argument }) else { break }
            names.append(argument)
            commands = command.configuration.subcommands
        }
        return names.isEmpty ? nil : names.joined(separator: " ")
    }

    /// Parses and runs, turning every failure into one line on stderr and a non-zero exit status.
    static func main() async {
        // ArgumentParser reads the width whenever it words a message, and traps under 27 columns: it reads ours.
        Terminal.settleColumns()
        let arguments = languageAfterCommand(Array(CommandLine.arguments.dropFirst()))
        // Help is written before anything has parsed, so its `--lang` is looked for by hand.
        let helpLanguage = languageAsked(in: arguments) ?? CLILanguage.fromEnvironment()
        // ArgumentParser's `help` takes no option: its language is taken above, so `help daily --lang ko` is help.
        let parsed =
            arguments.first == "help" && languageMistake(arguments) == nil ? withoutLanguage(arguments) : arguments
        await HelpLanguage.$current.withValue(helpLanguage) { await main(parsed) }
    }

    /// `arguments` without their `--lang X` and `--lang=X`.
    static func withoutLanguage(_ arguments: [String]) -> [String] {
        var kept: [String] = []
        var skipNext = false
        for argument in arguments {
            if skipNext {
                skipNext = false
            } else if argument == "--lang" {
                skipNext = true
            } else if !argument.hasPrefix("--lang=") {
                kept.append(argument)
            }
        }
        return kept
    }

    private static func main(_ arguments: [String]) async {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            let code = exitCode(for: error)
            if code == .success { exitWithSuccess(error, arguments: arguments) }
            // Nothing parsed, so `--lang` is looked for by hand, else the environment's language.
            let strings = CLIStrings.table(for: Self.languageAsked(in: arguments) ?? CLILanguage.fromEnvironment())
            let name = commandNamed(in: arguments)
            let languageMistake = Self.languageMistake(arguments)
            var reason = ParserMessage.reason(
                languageMistake ?? message(for: error), arguments: arguments, strings: strings)
            if name == nil, let first = arguments.first, !first.hasPrefix("-"), first != "help" {
                reason = strings.unknownCommand(InputProblem.quotable(first))
            } else if name == nil, languageMistake == nil, Self.languageAsked(in: arguments) != nil {
                reason = strings.commandAfterLanguage
            }
            if reason.isEmpty { reason = strings.invalidArguments }
            Terminal.printError(reason + " " + strings.seeHelp(command: name))
            Foundation.exit(code == .validationFailure ? 64 : code.rawValue)
        }
        let language = Self.language(of: command)
        do {
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                var syncCommand = command
                try syncCommand.run()
            }
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            // `--help` and `help CMD` parse into ArgumentParser's own help command, whose run ends this way.
            if exitCode(for: error) == .success { exitWithSuccess(error, arguments: arguments) }
            Terminal.printError(CLIError.describe(error, language: language))
            Foundation.exit(1)
        }
    }

    /// Ends a run ArgumentParser ends with success: help (`--help`, `help CMD`) in the help's language, wrapped to
    /// the terminal's columns as ``Terminal/columns(of:)`` reads them; anything else (a completion script) as
    /// ArgumentParser writes it.
    private static func exitWithSuccess(_ error: any Error, arguments: [String]) -> Never {
        let asksForHelp = arguments.first == "help" || arguments.contains { ["-h", "--help", "-help"].contains($0) }
        guard asksForHelp else { exit(withError: error) }
        let width = Terminal.columns(of: 1)
        let text =
            HelpLanguage.current == .korean
            // Unwrapped, so that the Korean lines are wrapped by the columns a terminal gives Hangul.
            ? HelpLanguage.korean(fullMessage(for: error, columns: 100_000), width: width)
            : fullMessage(for: error, columns: width)
        Terminal.write(text + "\n")
        Foundation.exit(0)
    }

    /// The language a parsed command speaks: its `--lang`, else the environment's.
    private static func language(of command: any ParsableCommand) -> Language {
        (command as? any LocalizedCommand)?.language ?? CLILanguage.fromEnvironment()
    }
}
