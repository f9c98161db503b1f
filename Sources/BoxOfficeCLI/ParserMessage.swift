import BoxOfficeCore

/// What ArgumentParser said about arguments it could not parse, as one line in the reader's language. ArgumentParser
/// has no localisation and no public error type, so in Korean the first line of its message is matched against the
/// sentences it is known to write; English, and any sentence not known, stay as ArgumentParser wrote them. Quoted
/// values are cut as the app's own messages cut them.
enum ParserMessage {
    /// The reason for `message` (ArgumentParser's text, first line taken), in `strings`' language. ArgumentParser
    /// reads a negative number after an option as another option and says the value is missing: when `arguments`
    /// show one, the reason is the value instead.
    static func reason(_ message: String, arguments: [String], strings: CLIStrings) -> String {
        var line = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        if line.hasPrefix("Missing value for '"), let option = quotedValues(in: line).first,
            let name = option.split(separator: " ").first,
            let index = arguments.firstIndex(of: String(name)), index + 1 < arguments.count,
            arguments[index + 1].dropFirst().first?.isNumber == true, arguments[index + 1].hasPrefix("-")
        {
            line = "The value '\(arguments[index + 1])' is invalid for '\(option)'"
        }
        let quoted = quotedValues(in: line).map(InputProblem.quotable)
        guard !strings.isEnglish, let sentence = sentence(of: line), sentence.quotes <= quoted.count else {
            return quotingShortly(line)
        }
        return strings.parserReason(sentence.kind, quoted)
    }

    /// The sentences ArgumentParser writes (as of 1.x), and how many quoted values each starts with.
    enum Kind: Sendable {
        case missingArgument, unknownOption, unknownOptionGuessed, unexpectedArgument, unexpectedArguments
        case missingValue, invalidValue, invalidValueChoices, valueNotTaken
    }

    private static func sentence(of line: String) -> (kind: Kind, quotes: Int)? {
        let patterns: [(String, Kind, Int)] = [
            ("Missing expected argument '", .missingArgument, 1),
            ("Missing value for '", .missingValue, 1),
            ("Unexpected argument '", .unexpectedArgument, 1),
            ("The option '", .valueNotTaken, 2),
        ]
        for (prefix, kind, quotes) in patterns where line.hasPrefix(prefix) { return (kind, quotes) }
        if line.hasPrefix("Unknown option '") {
            return line.contains("Did you mean") ? (.unknownOptionGuessed, 2) : (.unknownOption, 1)
        }
        if line.hasPrefix("The value '") && line.contains("' is invalid for '") {
            return line.contains("Please provide one of") ? (.invalidValueChoices, 3) : (.invalidValue, 2)
        }
        if line.first?.isNumber == true && line.contains(" unexpected arguments: '") {
            return (.unexpectedArguments, 1)
        }
        return nil
    }

    /// The values between single quotes, in order (`'a'`, `'b'`).
    static func quotedValues(in line: String) -> [Substring] {
        var values: [Substring] = []
        var rest = line[...]
        while let open = rest.firstIndex(of: "'") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "'") else { break }
            values.append(rest[afterOpen..<close])
            rest = rest[rest.index(after: close)...]
        }
        return values
    }

    /// A sentence not known: as ArgumentParser wrote it, each quoted value cut.
    private static func quotingShortly(_ line: String) -> String {
        var result = ""
        var rest = line[...]
        for value in quotedValues(in: line) {
            guard let range = rest.range(of: "'" + value + "'") else { break }
            result += rest[..<range.lowerBound] + "'" + InputProblem.quotable(value) + "'"
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
