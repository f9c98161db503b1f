import Foundation
import OpenAPIRuntime
import Testing

@testable import BoxOfficeWeb

@Suite("API: instants written as OpenAPIRuntime's ISO-8601 transcoder writes them")
struct InternetDateTranscoderTests {
    @Test("the same text for whole and fractional seconds, before and after 1970; the same dates read")
    func sameAsISO8601() throws {
        let reference = ISO8601DateTranscoder.iso8601
        let transcoder = InternetDateTranscoder()
        var instants: [TimeInterval] = [
            0, -0.5, -1, 0.999, 59.9999, 59.9994, 59.9995, -0.0005, -0.0004, 1_709_280_000, 1_709_280_000.123,
            253_402_300_799,
        ]
        var seed: UInt64 = 20_240_315
        for _ in 0..<2_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            instants.append(Double(seed >> 20) / 1_000 - 2_000_000_000)
            instants.append(Double(seed >> 30) + Double(seed % 10_000) / 10_000 - 5_000_000)
        }
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            let text = try transcoder.encode(date)
            #expect(text == (try reference.encode(date)), "\(instant)")
            #expect(try transcoder.decode(text) == (try reference.decode(text)))
        }
        #expect(try transcoder.encode(Date(timeIntervalSince1970: 1_709_280_000)) == "2024-03-01T08:00:00Z")
        #expect(throws: (any Error).self) { try transcoder.decode("2024-03-01") }
    }
}
