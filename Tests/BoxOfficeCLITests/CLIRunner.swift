import Foundation
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
        for name in ["KOBIS_API_KEY", "KOBIS_BASE_URL", "DATABASE_URL", "TMDB_API_KEY", "KAKAO_REST_API_KEY", "PORT"] {
            env[name] = nil
        }
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
                    let stderrBox = DataBox()
                    DispatchQueue.global().async(group: errorReader) {
                        stderrBox.data = err.fileHandleForReading.readDataToEndOfFile()
                    }
                    let stdout = out.fileHandleForReading.readDataToEndOfFile()
                    errorReader.wait()
                    let stderr = stderrBox.data
                    process.waitUntilExit()
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
}

/// Carries bytes from a reader thread; the DispatchGroup wait orders the accesses.
private final class DataBox: @unchecked Sendable {
    var data = Data()
}
