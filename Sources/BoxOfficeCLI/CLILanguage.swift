import BoxOfficeCore
import Foundation

/// The terminal's language: `LC_ALL`, then `LC_MESSAGES`, then `LANG` (POSIX order); Korean for `ko*`, else English.
enum CLILanguage {
    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().hasPrefix("ko") ? .korean : .english
        }
        return .english
    }
}
