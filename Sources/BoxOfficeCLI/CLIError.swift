import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeText
import BoxOfficeApp
import Foundation
import KOBIS

/// A command-line failure with a one-line message, already in the command's language (from ``CLIStrings``).
struct CLIError: Error, LocalizedError {
    var message: String
    init(_ message: String) { self.message = message }
    var errorDescription: String? { message }

    /// One line for any error, in `language`: our explanation with KOBIS's own message quoted when it sent one,
    /// never a stack trace.
    static func describe(_ error: any Error, language: Language) -> String {
        if let error = error as? CLIError { return error.message }
        if let error = error as? ConfigurationError { return ReasonText(language).input(error.problem) }
        if let error = error as? DatabaseLocationError {
            return CLIStrings.table(for: language).databaseLocation(error)
        }
        if let error = error as? BoxOfficeError, case .storage(let detail) = error {
            // The operator at a terminal is the one who can fix the store: say what failed.
            return ReasonText(language).storageUnavailable + " (" + detail + ")"
        }
        if let error = error as? BoxOfficeError, case .invalid(let problem) = error {
            return ReasonText(language).input(onCommandLine(problem))
        }
        if let problem = error as? InputProblem { return ReasonText(language).input(onCommandLine(problem)) }
        if let words = ReasonText(language).message(for: error) { return words }
        if let error = error as? KOBISError { return ReasonText(language).upstream(error) }
        if let error = error as? any LocalizedError {
            return (error.errorDescription ?? String(describing: error)).replacingOccurrences(of: "\n", with: " ")
        }
        return String(describing: error).replacingOccurrences(of: "\n", with: " ")
    }

    /// The options of the command line whose names the domain's parameters share (`date` is `--date` here).
    static let optionNames: Set<String> = [
        "date", "nation", "multi", "area", "range", "format", "from", "to", "month", "year", "limit", "page",
        "director", "concurrency", "budget", "port", "latency-ms", "fault", "lang", "threshold", "by", "since", "vs",
        "holiday",
    ]

    /// `problem` with its fields named as the command line's options, so the message names what the user typed.
    static func onCommandLine(_ problem: InputProblem) -> InputProblem {
        func option(_ name: String) -> String { optionNames.contains(name) ? "--" + name : name }
        var problem = problem
        problem.field = problem.field.map(option)
        switch problem.rule {
        case .together(let other): problem.rule = .together(with: option(other))
        case .exclusive(let fields): problem.rule = .exclusive(fields.map(option))
        default: break
        }
        return problem
    }
}
