import BoxOfficeTestSupport
import Foundation
import KOBIS
import Logging
import Testing

/// Runs the built `boxoffice` binary as a child process.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    static let binary: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "boxoffice")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/boxoffice")
    }()

    let directory: URL
    var environment: [String: String]

    /// A runner in a fresh working directory with its own SQLite file.
    init(kobisBaseURL: URL? = nil, key: String? = "testkey") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        for name in [
            "KOBIS_API_KEY", "KOBIS_BASE_URL", "DATABASE_URL", "TMDB_API_KEY", "KAKAO_REST_API_KEY", "PORT", "LC_ALL",
            "LC_MESSAGES",
        ] {
            env[name] = nil
        }
        // English unless a test asks otherwise, whatever the machine's locale.
        env["LANG"] = "C.UTF-8"
        // `serve` without the archive keeper unless a test asks for it.
        env["BOXOFFICE_KEEPER"] = "off"
        if let key, kobisBaseURL != nil { env["KOBIS_API_KEY"] = key }
        if let kobisBaseURL { env["KOBIS_BASE_URL"] = kobisBaseURL.absoluteString }
        env["DATABASE_URL"] = "sqlite://" + directory.appendingPathComponent("test.sqlite").path
        environment = env
    }

    /// Runs the binary to completion without blocking Swift's cooperative threads.
    func run(_ arguments: [String]) async throws -> Result {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    try process.run()
                    let errorReader = DispatchGroup()
                    let stderrBox = Locked(Data())
                    DispatchQueue.global().async(group: errorReader) {
                        let data = Self.readToEnd(err.fileHandleForReading)
                        stderrBox.withLock { $0 = data }
                    }
                    let stdout = Self.readToEnd(out.fileHandleForReading)
                    errorReader.wait()
                    let stderr = stderrBox.withLock { $0 }
                    process.waitUntilEnded()
                    continuation.resume(
                        returning: Result(
                            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                            stderr: String(decoding: stderr, as: UTF8.self)))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    func cleanUp() { try? FileManager.default.removeItem(at: directory) }

    /// Everything `handle` gives until its end. Foundation's `readDataToEndOfFile()` and `availableData` trap when a
    /// signal interrupts their read (EINTR), which ended a whole test run once; this reads again instead.
    static func readToEnd(_ handle: FileHandle) -> Data {
        collect(handle) { _ in false }
    }

    /// What `handle` gives until `enough` says so of all read so far, or until its end; reads again after EINTR.
    static func collect(_ handle: FileHandle, until enough: (Data) -> Bool) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                data.append(contentsOf: buffer[..<count])
                if enough(data) { return data }
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }
}

/// Acts when a simulator server receives its N-th KOBIS call, on the server's own thread as the call arrives, so
/// what a child process gets from then on does not depend on how soon the test task runs. Give the server
/// ``logger``: the server logs each KOBIS call at debug level once it has read the fault and latency that call
/// gets, so what ``arm(after:_:)``'s action sets applies from the next call on.
final class SimulatorTripwire: Sendable {
    private struct State {
        var calls = 0
        var trigger: (count: Int, action: @Sendable () -> Void)?
        var tripped = false
    }
    private let state = Locked(State())

    /// After the `count`-th KOBIS call from now, runs `action` once (e.g. to set a fault or a latency).
    func arm(after count: Int, _ action: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.calls = 0
            state.tripped = false
            state.trigger = (count, action)
        }
    }

    /// Whether the armed action has run.
    var hasTripped: Bool { state.withLock { $0.tripped } }

    /// A logger for the server that counts its KOBIS calls.
    var logger: Logger {
        Logger(label: "simulator") { _ in
            ObservingLogHandler(level: { .debug }) { [self] event in
                if event.message.description == "KOBIS call" { kobisCall() }
            }
        }
    }

    private func kobisCall() {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            state.calls += 1
            guard let trigger = state.trigger, state.calls >= trigger.count else { return nil }
            state.trigger = nil
            return trigger.action
        }
        guard let action else { return }
        action()
        state.withLock { $0.tripped = true }
    }
}
