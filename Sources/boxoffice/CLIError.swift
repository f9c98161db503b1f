import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeWeb
import Foundation
import KOBIS

/// A command-line failure with a one-line message.
struct CLIError: Error, LocalizedError {
    var message: String
    init(_ message: String) { self.message = message }
    var errorDescription: String? { message }

    /// One line for any error: KOBIS's own message when it sent one, never a stack trace.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as CLIError: return error.message
        case let error as BoxOfficeError:
            if case .upstream(let kobis) = error { return describe(kobis) }
            return error.message
        case let error as KOBISError:
            switch error {
            case .fault(let code, let message) where code == KOBISError.invalidKeyCode:
                return "KOBIS rejected the key (\(code)): \(message) Check KOBIS_API_KEY."
            default: return error.description
            }
        case let error as ConfigurationError: return error.message
        case let error as any LocalizedError:
            return (error.errorDescription ?? String(describing: error)).replacingOccurrences(of: "\n", with: " ")
        default:
            return String(describing: error).replacingOccurrences(of: "\n", with: " ")
        }
    }
}
