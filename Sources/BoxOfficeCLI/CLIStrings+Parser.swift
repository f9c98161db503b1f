// The Korean words for what ArgumentParser says about arguments it could not parse (ParserMessage); English keeps
// ArgumentParser's own sentences.
extension CLIStrings {
    /// Where to read more after a mistake: the command's help when one was named, else the tool's.
    func seeHelp(command: String?) -> String {
        let help = "'boxoffice \(command.map { $0 + " " } ?? "")--help'"
        return isEnglish ? "(see \(help))" : "(\(help)를 보세요)"
    }

    /// `--lang` with nothing after it to say in that language.
    var commandAfterLanguage: String {
        isEnglish
            ? "Give a command after --lang, e.g. boxoffice --lang en daily"
            : "--lang 뒤에 명령을 적어 주세요. 예: boxoffice --lang ko daily"
    }

    /// A first argument that names no command.
    func unknownCommand(_ name: String) -> String {
        isEnglish ? "Unknown command '\(name)'" : "알 수 없는 명령입니다: '\(name)'"
    }

    /// `kind` in Korean, with the values ArgumentParser quoted (each already cut), in its order.
    func parserReason(_ kind: ParserMessage.Kind, _ quoted: [String]) -> String {
        func q(_ index: Int) -> String { index < quoted.count ? "'\(quoted[index])'" : "''" }
        switch kind {
        case .missingArgument: return "인자가 빠졌습니다: \(q(0))"
        case .unknownOption: return "알 수 없는 옵션입니다: \(q(0))"
        case .unknownOptionGuessed: return "알 수 없는 옵션입니다: \(q(0)) (혹시 \(q(1))?)"
        case .unexpectedArgument: return "알 수 없는 인자입니다: \(q(0))"
        case .unexpectedArguments: return "알 수 없는 인자입니다: " + quoted.map { "'\($0)'" }.joined(separator: ", ")
        case .missingValue: return "값이 빠졌습니다: \(q(0))"
        case .invalidValue: return "\(q(1))에 쓸 수 없는 값입니다: \(q(0))"
        case .invalidValueChoices:
            let choices = quoted.dropFirst(2).map { "'\($0)'" }.joined(separator: ", ")
            return "\(q(1))에 쓸 수 없는 값입니다: \(q(0)) (\(choices) 중 하나)"
        case .valueNotTaken: return "값을 받지 않는 옵션입니다: \(q(0)) (받은 값: \(q(1)))"
        }
    }
}
