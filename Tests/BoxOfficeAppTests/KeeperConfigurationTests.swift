import BoxOfficeCore
import Foundation
import KOBIS
import Testing

@testable import BoxOfficeApp

@Suite("The keeper's and the quota's configuration")
struct KeeperConfigurationTests {
    @Test("the environment's defaults are the Contract's; the memberwise configuration leaves the keeper off")
    func defaults() throws {
        let configuration = try AppConfiguration(environment: [:])
        #expect(configuration.keeperEnabled)
        #expect(configuration.archiveFrom == CalendarDate(year: 2004, month: 1, day: 1))
        #expect(configuration.kobisDailyLimit == 3000)
        #expect(configuration.keeperReserve == 500)
        #expect(configuration.keeperHour == 9)
        #expect(configuration.keeperLease == 30)
        #expect(!AppConfiguration().keeperEnabled)
    }

    @Test("every variable is read")
    func parsed() throws {
        let configuration = try AppConfiguration(environment: [
            "BOXOFFICE_KEEPER": "OFF", "BOXOFFICE_ARCHIVE_FROM": "2020-02-29", "BOXOFFICE_KOBIS_DAILY_LIMIT": "300",
            "BOXOFFICE_KEEPER_RESERVE": "300", "BOXOFFICE_KEEPER_HOUR": "0", "BOXOFFICE_KEEPER_LEASE": "1.5",
        ])
        #expect(!configuration.keeperEnabled)
        #expect(configuration.archiveFrom == CalendarDate(year: 2020, month: 2, day: 29))
        #expect(configuration.kobisDailyLimit == 300)
        #expect(configuration.keeperReserve == 300)
        #expect(configuration.keeperHour == 0)
        #expect(configuration.keeperLease == 1.5)
        #expect(try AppConfiguration(environment: ["BOXOFFICE_KEEPER": "on"]).keeperEnabled)
        // A limit under the default reserve leaves the whole limit to readers rather than refusing to start.
        #expect(try AppConfiguration(environment: ["BOXOFFICE_KOBIS_DAILY_LIMIT": "300"]).keeperReserve == 300)
    }

    @Test(
        "a bad value is a configuration error naming its variable",
        arguments: [
            ("BOXOFFICE_KEEPER", "yes"), ("BOXOFFICE_ARCHIVE_FROM", "2024-02-30"),
            ("BOXOFFICE_ARCHIVE_FROM", "20240101"),
            ("BOXOFFICE_KOBIS_DAILY_LIMIT", "0"), ("BOXOFFICE_KOBIS_DAILY_LIMIT", "many"),
            ("BOXOFFICE_KEEPER_RESERVE", "3001"), ("BOXOFFICE_KEEPER_RESERVE", "-1"), ("BOXOFFICE_KEEPER_HOUR", "24"),
            ("BOXOFFICE_KEEPER_HOUR", "-1"), ("BOXOFFICE_KEEPER_LEASE", "0.5"), ("BOXOFFICE_KEEPER_LEASE", "nan"),
        ])
    func refused(_ name: String, _ raw: String) {
        let error = #expect(throws: ConfigurationError.self) {
            try AppConfiguration(environment: [name: raw])
        }
        #expect(error?.message.contains(name) == true, "\(error?.message ?? "")")
    }

    @Test("the keeper's first day lies between the data's first day and yesterday in Seoul, or serve will not start")
    func archiveFromBounds() throws {
        // 2026-03-10 00:30 in Seoul: yesterday there is 2026-03-09, while in UTC it is still 2026-03-09.
        let now = try #require(CalendarDate("2026-03-10")).startInstant(in: BoxOfficeCalendar.seoul).addingTimeInterval(
            1800)
        func from(_ raw: String) throws(ConfigurationError) -> CalendarDate {
            try AppConfiguration(environment: ["BOXOFFICE_ARCHIVE_FROM": raw], now: now).archiveFrom
        }
        #expect(try from("2004-01-01").isoString == "2004-01-01")
        #expect(try from("2026-03-09").isoString == "2026-03-09")
        for (raw, words) in [
            ("2003-12-31", "too early; the earliest accepted day is 2004-01-01"), ("2026-03-10", "is today in Korea"),
            ("2030-01-01", "is in the future. The latest day is 2026-03-09"),
        ] {
            let error = #expect(throws: ConfigurationError.self) { try from(raw) }
            #expect(error?.message.contains("BOXOFFICE_ARCHIVE_FROM") == true, "\(error?.message ?? "")")
            #expect(error?.message.contains(words) == true, "\(error?.message ?? "")")
        }
    }

    @Test("the description shows the keeper's settings; the quota names the key by a digest, never the key")
    func described() throws {
        let configuration = try AppConfiguration(environment: ["KOBIS_API_KEY": "secret-kobis-key"])
        #expect("\(configuration)".contains("keeper: on, archiveFrom: 2004-01-01, kobisDailyLimit: 3000"))
        #expect(!"\(configuration)".contains("secret-kobis-key"))
        let keyID = AppServices.quotaKeyID(configuration)
        #expect(keyID.count == 16 && !keyID.contains("secret"))
        #expect(AppServices.quotaKeyID(AppConfiguration()) == "sample")
        #expect(AppServices.quotaPolicy(configuration).enforced)
        #expect(!AppServices.quotaPolicy(AppConfiguration()).enforced)
        #expect(AppServices.keeperOptions(AppConfiguration()).schedule.chunkDays == 366)
        #expect(AppServices.keeperOptions(configuration).schedule.chunkDays == 31)
        #expect(AppServices.keeperOptions(configuration).sync.concurrency == 4)
    }
}
