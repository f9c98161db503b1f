import Testing

/// A DATABASE_URL BoxOffice cannot use is said in the reader's language, on one line, never with its password.
@Suite struct DatabaseURLLanguageTests {
    @Test(
        arguments: [
            ("mysql://u:hunter2@h/db", "DATABASE_URL의 \"mysql\" 방식은 쓸 수 없습니다.", "unsupported scheme \"mysql\""),
            ("postgres://u:hunter2@h:99999/db", "포트 번호가 올바르지 않습니다(99999)", "invalid port 99999"),
            ("sqlite:///tmp/some/dir/", "디렉터리를 가리킵니다: /tmp/some/dir/", "names a directory"),
            ("nothing", "DATABASE_URL이 URL이 아닙니다", "is not a URL"),
        ])
    func wordedInEitherLanguage(url: String, korean: String, english: String) async throws {
        var cli = try CLIRunner()
        defer { cli.cleanUp() }
        cli.environment["DATABASE_URL"] = url
        for (language, words) in [("ko", korean), ("en", english)] {
            let result = try await cli.run(["top", "--lang", language])
            #expect(result.status != 0)
            let errors = result.stderrLines.filter { $0.hasPrefix("boxoffice: ") }
            #expect(errors.count == 1 && errors[0].contains(words), "\(result.stderr)")
            #expect(!result.stderr.contains("hunter2"))
        }
    }
}
