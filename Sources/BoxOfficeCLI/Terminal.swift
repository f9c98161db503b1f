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
    /// One line on stderr, whatever it quotes: control characters (a newline, an escape sequence) and bidirectional
    /// overrides are written escaped (`\n`, `\u{1B}`), so a value given on the command line cannot break the line or
    /// drive the terminal.
    static func printError(_ line: String) {
        FileHandle.standardError.write(Data(("boxoffice: " + oneLine(line) + "\n").utf8))
    }

    static func oneLine(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let bidi = (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            if scalar.properties.generalCategory == .control || bidi {
                result += scalar.escaped(asASCII: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func printNotice(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// The width of the terminal on `descriptor` (`COLUMNS` first, as ArgumentParser reads it), or 80.
    static func columns(of descriptor: Int32) -> Int {
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let value = Int(text),
            (20...1_000).contains(value)
        {
            return value
        }
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// Whether standard error is a terminal (progress bars, colours).
    static var stderrIsTerminal: Bool { isatty(2) == 1 }
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
}
