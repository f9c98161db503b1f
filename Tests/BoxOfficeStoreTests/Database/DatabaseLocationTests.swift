import BoxOfficeStore
import Foundation
import Testing

@Suite("DATABASE_URL parsing")
struct DatabaseLocationTests {
    let workingDirectory = "/srv/boxoffice"

    private func parse(_ url: String?) throws -> DatabaseLocation {
        try DatabaseLocation(databaseURL: url, workingDirectory: workingDirectory)
    }

    @Test("unset, empty or blank means boxoffice.sqlite in the working directory", arguments: [nil, "", "  \n"])
    func defaultLocation(url: String?) throws {
        #expect(try parse(url) == .sqlite(path: "/srv/boxoffice/boxoffice.sqlite"))
    }

    @Test(
        "SQLite URLs resolve to absolute paths",
        arguments: [
            ("sqlite:///var/lib/boxoffice/data.sqlite", "/var/lib/boxoffice/data.sqlite"),
            ("sqlite://data/boxoffice.sqlite", "/srv/boxoffice/data/boxoffice.sqlite"),
            ("sqlite://boxoffice.sqlite", "/srv/boxoffice/boxoffice.sqlite"),
            ("sqlite://./data/../other.sqlite", "/srv/boxoffice/other.sqlite"),
            ("sqlite://../shared/box.sqlite", "/srv/shared/box.sqlite"),
            ("sqlite:////tmp//x.sqlite", "/tmp/x.sqlite"),
            ("SQLite:///tmp/upper.sqlite", "/tmp/upper.sqlite"),
            ("sqlite:///tmp/with%20space.sqlite", "/tmp/with space.sqlite"),
            (" sqlite:///tmp/trimmed.sqlite\n", "/tmp/trimmed.sqlite"),
        ])
    func sqlite(url: String, path: String) throws {
        #expect(try parse(url) == .sqlite(path: path))
    }

    @Test("a relative working directory is made absolute")
    func relativeWorkingDirectory() throws {
        let location = try DatabaseLocation(databaseURL: "sqlite://db.sqlite", workingDirectory: "sub")
        let expected = FileManager.default.currentDirectoryPath + "/sub/db.sqlite"
        #expect(location == .sqlite(path: URL(fileURLWithPath: expected).standardized.path))
    }

    @Test("PostgreSQL URLs with every part")
    func postgresFull() throws {
        let location = try parse("postgres://box:s3cr%40t@db.example.com:6543/boxoffice?sslmode=require")
        #expect(
            location
                == .postgres(
                    PostgresLocation(
                        host: "db.example.com", port: 6543, username: "box", password: "s3cr@t", database: "boxoffice",
                        tls: .require)))
    }

    @Test(
        "PostgreSQL URL defaults and variants",
        arguments: [
            (
                "postgresql://box@localhost/boxoffice",
                PostgresLocation(host: "localhost", port: 5432, username: "box", database: "boxoffice", tls: .prefer)
            ),
            (
                "postgres://postgres@127.0.0.1:54329/postgres?sslmode=disable",
                PostgresLocation(
                    host: "127.0.0.1", port: 54329, username: "postgres", database: "postgres", tls: .disable)
            ),
            (
                "POSTGRES://box:pw@host",
                PostgresLocation(host: "host", port: 5432, username: "box", password: "pw", database: "box")
            ),
            (
                "postgres://box:@host:5433/db?tlsmode=verify-full",
                PostgresLocation(host: "host", port: 5433, username: "box", database: "db", tls: .require)
            ),
            (
                "postgres://box@[::1]:5432/db",
                PostgresLocation(host: "::1", port: 5432, username: "box", database: "db")
            ),
        ])
    func postgresVariants(url: String, expected: PostgresLocation) throws {
        #expect(try parse(url) == .postgres(expected))
    }

    @Test(
        "anything else is a one-line error",
        arguments: [
            "mysql://user:pw@host/db", "http://example.com/db.sqlite", "garbage", "boxoffice.sqlite",
            "/abs/path.sqlite",
            "sqlite:relative.sqlite", "sqlite://", "sqlite:///", "sqlite:///var/lib/", "sqlite:///x.sqlite?mode=ro",
            "postgres://host/db", "postgres://user@/db", "postgres://user@host/db/extra",
            "postgres://user@host/db?foo=bar",
            "postgres://user@host/db?sslmode=sometimes", "postgres://user@host:0/db", "postgres://user@host:port/db",
        ])
    func invalid(url: String) throws {
        let error = try #require(throws: DatabaseLocationError.self) { try parse(url) }
        #expect(!error.message.isEmpty)
        #expect(!error.message.contains("\n"))
        #expect(error.localizedDescription == error.message)
    }

    @Test("errors never repeat the password")
    func errorsHidePassword() throws {
        for url in [
            "postgres://user:hunter2@/db", "postgres://user:hunter2@host/db?sslmode=bogus",
            "postgres://user:hunter2@host/db?unknown=1",
            "mysql://user:hunter2@host/db", "postgres://user:hunter2@host:notaport/db",
        ] {
            let error = try #require(throws: DatabaseLocationError.self) { try parse(url) }
            #expect(!error.message.contains("hunter2"), "\(error.message)")
        }
    }

    @Test("descriptions never show the password")
    func descriptionHidesPassword() throws {
        let location = try parse("postgres://box:hunter2@db.example.com:6543/boxoffice")
        #expect(location.description == "postgres://box:***@db.example.com:6543/boxoffice")
        #expect("\(location)" == location.description)
        #expect(!String(reflecting: location).contains("hunter2"))
        var dumped = ""
        dump(location, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(dumped.contains("***"))

        #expect(try parse("postgres://box@host/db").description == "postgres://box@host:5432/db")
        #expect(
            try parse("postgres://box@host/db?sslmode=disable").description
                == "postgres://box@host:5432/db?sslmode=disable")
        #expect(try parse("postgres://box@[::1]/db").description == "postgres://box@[::1]:5432/db")
        #expect(try parse("sqlite:///tmp/a.sqlite").description == "sqlite:///tmp/a.sqlite")
    }
}
