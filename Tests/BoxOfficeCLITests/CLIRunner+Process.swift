import BoxOfficeTestSupport
import Foundation

extension CLIRunner {
    /// Starts the binary without waiting (stdout and stderr go to files in the working directory).
    func start(_ arguments: [String], executable: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? Self.binary
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        for name in ["out.txt", "err.txt"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil)
        }
        process.standardOutput = try FileHandle(forWritingTo: directory.appendingPathComponent("out.txt"))
        process.standardError = try FileHandle(forWritingTo: directory.appendingPathComponent("err.txt"))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Waits for a process from ``start(_:)`` without blocking Swift's cooperative threads.
    func finish(_ process: Process) async throws -> Result {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                process.waitUntilEnded()
                continuation.resume()
            }
        }
        let out = try String(contentsOf: directory.appendingPathComponent("out.txt"), encoding: .utf8)
        let err = try String(contentsOf: directory.appendingPathComponent("err.txt"), encoding: .utf8)
        return Result(status: process.terminationStatus, stdout: out, stderr: err)
    }
}
