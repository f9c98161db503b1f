import BoxOfficeCore

/// What ArgumentParser said about arguments it could not parse, as one line in the reader's language. ArgumentParser
/// has no localisation and no public error type, so its message is read by the fixed words of the sentences it is
/// known to write (a value may hold an apostrophe or a newline, so quotes alone cannot be trusted); in Korean a known
/// sentence is said in Korean, in English as ArgumentParser wrote it. Values are cut as the app's own messages cut
/// them; any other sentence stays as it is.
enum ParserMessage {
    /// The sentences ArgumentParser writes (as of 1.x).
    enum Kind: Sendable {
        case missingArgument, unknownOption, unknownOptionGuessed, unexpectedArgument, unexpectedArguments
        case missingValue, invalidValue, invalidValueChoices, valueNotTaken
    }

    /// A sentence read: its kind and the values it quotes, in the order ``CLIStrings/parserReason(_:_:)`` takes
    /// them (for an invalid value: the value, the option, then the choices).
    struct Sentence: Equatable {
        var kind: Kind
        var values: [String]
    }

    /// The reason for `message` (ArgumentParser's text), in `strings`' language. ArgumentParser reads a negative
    /// number after an option as another option and says the value is missing: when `arguments` show one, the reason
    /// is the value instead.
    static func reason(_ message: String, arguments: [String], strings: CLIStrings) -> String {
        var text = String(message.reversed().drop { $0.isNewline }.reversed())
        if let read = sentence(of: text), read.kind == .missingValue, let option = read.values.first,
            let value = negativeValue(after: option, in: arguments)
        {
            text = "The value '\(value)' is invalid for '\(option)'"
        }
        guard let sentence = sentence(of: text) else { return text }
        if strings.isEnglish {
            // ArgumentParser's own words, each long value cut where it stands.
            var shortened = text
            for value in sentence.values where InputProblem.quotable(value) != value {
                if let range = shortened.range(of: "'" + value + "'") {
                    shortened.replaceSubrange(range, with: "'" + InputProblem.quotable(value) + "'")
                }
            }
            return shortened
        }
        return strings.parserReason(sentence.kind, sentence.values.map(InputProblem.quotable))
    }

    /// A negative number given to `option` (`--limit <limit>`), at any of its places in `arguments`.
    private static func negativeValue(after option: String, in arguments: [String]) -> String? {
        guard let name = option.split(separator: " ").first.map(String.init) else { return nil }
        for (index, argument) in arguments.enumerated() where argument == name && index + 1 < arguments.count {
            let next = arguments[index + 1]
            if next.hasPrefix("-"), next.dropFirst().first?.isNumber == true { return next }
        }
        return nil
    }

    /// `text` read as one of ArgumentParser's sentences, by their fixed words.
    static func sentence(of text: String) -> Sentence? {
        if let value = enclosed(text, "Missing expected argument '", "'") {
            return Sentence(kind: .missingArgument, values: [value])
        }
        if let value = enclosed(text, "Missing value for '", "'") {
            return Sentence(kind: .missingValue, values: [value])
        }
        if let value = enclosed(text, "Unexpected argument '", "'") {
            return Sentence(kind: .unexpectedArgument, values: [value])
        }
        if let guessed = enclosed(text, "Unknown option '", "'?") {
            let parts = guessed.components(separatedBy: "'. Did you mean '")
            if parts.count == 2 { return Sentence(kind: .unknownOptionGuessed, values: parts) }
        }
        if let value = enclosed(text, "Unknown option '", "'") {
            return Sentence(kind: .unknownOption, values: [value])
        }
        if let rest = enclosed(text, "The option '", "' was specified.") {
            let parts = rest.components(separatedBy: "' does not take any value, but '")
            if parts.count == 2 { return Sentence(kind: .valueNotTaken, values: parts) }
        }
        if let rest = text.firstIndex(of: " ").map({ text[$0...] }), text.first?.isNumber == true,
            let values = enclosed(String(rest), " unexpected arguments: '", "'")
        {
            return Sentence(kind: .unexpectedArguments, values: values.components(separatedBy: "', '"))
        }
        return invalidValue(text)
    }

    /// "The value 'v' is invalid for '--o <o>'", with ". Please provide one of 'a', 'b' or 'c'." or without.
    private static func invalidValue(_ text: String) -> Sentence? {
        guard text.hasPrefix("The value '"), let split = text.range(of: "' is invalid for '", options: .backwards)
        else { return nil }
        let value = String(text[text.index(text.startIndex, offsetBy: "The value '".count)..<split.lowerBound])
        let rest = text[split.upperBound...]
        if let choices = rest.range(of: "'. Please provide one of ") {
            let option = String(rest[..<choices.lowerBound])
            let names = rest[choices.upperBound...].split(separator: "'", omittingEmptySubsequences: false)
                .enumerated().filter { $0.offset % 2 == 1 }
            return Sentence(kind: .invalidValueChoices, values: [value, option] + names.map { String($0.element) })
        }
        guard rest.hasSuffix("'") else { return nil }
        return Sentence(kind: .invalidValue, values: [value, String(rest.dropLast())])
    }

    /// What lies between `prefix` and `suffix` when `text` is exactly that.
    private static func enclosed(_ text: String, _ prefix: String, _ suffix: String) -> String? {
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count >= prefix.count + suffix.count else {
            return nil
        }
        return String(text.dropFirst(prefix.count).dropLast(suffix.count))
    }
}
