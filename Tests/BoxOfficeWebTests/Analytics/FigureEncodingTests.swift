import BoxOfficeCore
import Foundation
import Testing

@testable import BoxOfficeWeb

/// A figure writes its members by hand (a year's market answers over a thousand); it must write every one, a missing
/// bound as `null`, as the document says.
@Suite("Analytics API: a figure encodes every member, a missing bound as null")
struct FigureEncodingTests {
    @Test("exact, range, floor and estimate figures as JSON")
    func members() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let cases: [(Figure, String)] = [
            (.exact(12), #"{"high":12,"low":12,"quality":"exact","value":12}"#),
            (.range(2.5, 1.5), #"{"high":2.5,"low":1.5,"quality":"range","value":2}"#),
            (.floor(7), #"{"high":null,"low":7,"quality":"floor","value":7}"#),
            (.estimate(3), #"{"high":null,"low":null,"quality":"estimate","value":3}"#),
        ]
        for (figure, expected) in cases {
            let json = String(decoding: try encoder.encode(Components.Schemas.Figure(figure)), as: UTF8.self)
            #expect(json == expected, "\(figure)")
        }
    }
}
