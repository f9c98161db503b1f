import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `serve` on a port another program listens on says so in one line and exits 1, before it starts anything (no
/// database pool's errors, no trap).
@Suite("serve on a port in use")
struct ListenFailureTests {
    /// A socket listening on a free loopback port, and that port.
    static func listeningSocket() throws -> (descriptor: Int32, port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        try #require(bound == 0 && listen(descriptor, 1) == 0)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        try #require(named == 0)
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    @Test("one line in the reader's language, exit 1, nothing started", arguments: ["en", "ko"])
    func portInUse(language: String) async throws {
        let taken = try Self.listeningSocket()
        defer { close(taken.descriptor) }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run([
            "serve", "--hostname", "127.0.0.1", "--port", String(taken.port), "--lang", language,
        ])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        let words = language == "ko" ? "다른 프로그램이 이미 127.0.0.1:\(taken.port)에서 대기" : "127.0.0.1:\(taken.port) is in use"
        #expect(lines.count == 1 && lines[0].contains(words), "\(result.stderr)")
        #expect(!result.stdout.contains("running at"), "\(result.stdout)")
        // Nothing was started: not even the database was made.
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("test.sqlite").path))
    }

    /// A socket listening on a free port of IPv6's loopback, and that port; `nil` where the host has no `::1`.
    static func listeningSocket6() -> (descriptor: Int32, port: Int)? {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard bound == 0, listen(descriptor, 1) == 0, named == 0 else {
            close(descriptor)
            return nil
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin6_port)))
    }

    static var hasIPv6Loopback: Bool {
        guard let probe = listeningSocket6() else { return false }
        close(probe.descriptor)
        return true
    }

    @Test(
        "an IPv6 address is written in brackets, as URLs write it",
        .enabled(if: hasIPv6Loopback, "this host has no IPv6 loopback"))
    func ipv6InBrackets() async throws {
        let taken = try #require(Self.listeningSocket6())
        defer { close(taken.descriptor) }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let refused = try await cli.run(["serve", "--hostname", "::1", "--port", String(taken.port)])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("[::1]:\(taken.port) is in use"), "\(refused.stderr)")
    }

    @Test(
        "a host name that names no address: one line naming both ways to set it, exit 1, nothing started",
        arguments: [["--hostname", "not_a_host!"], ["--hostname", ""]])
    func unknownHost(options: [String]) async throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(["serve", "--port", "0", "--lang", "en"] + options)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("Check --hostname (or BOXOFFICE_HOSTNAME)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: cli.directory.appendingPathComponent("test.sqlite").path))
    }

    @Test("simulate-kobis on a port in use: the same one line, exit 1")
    func simulatorPortInUse() async throws {
        let taken = try Self.listeningSocket()
        defer { close(taken.descriptor) }
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let result = try await cli.run(["simulate-kobis", "--port", String(taken.port), "--lang", "en"])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("127.0.0.1:\(taken.port) is in use"), "\(result.stderr)")
    }
}
