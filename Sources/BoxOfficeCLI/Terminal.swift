import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to the terminal.
enum Terminal {
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data(("boxoffice: " + line + "\n").utf8))
    }

    static func printNotice(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Whether standard error is a terminal (progress bars, colours).
    static var stderrIsTerminal: Bool { isatty(2) == 1 }
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
}
