import Testing

@testable import BoxOfficeApp

@Suite("BOXOFFICE_PROVISIONAL_TTL")
struct ProvisionalTTLConfigurationTests {
    @Test("defaults to ten minutes and accepts 0 to a day in seconds")
    func parsed() throws {
        #expect(try AppConfiguration(environment: [:]).provisionalTTL == 600)
        #expect(try AppConfiguration(environment: ["BOXOFFICE_PROVISIONAL_TTL": "0"]).provisionalTTL == 0)
        #expect(try AppConfiguration(environment: ["BOXOFFICE_PROVISIONAL_TTL": "90.5"]).provisionalTTL == 90.5)
    }

    @Test("anything else is a configuration error that names the variable", arguments: ["-1", "86401", "soon", ""])
    func refused(_ raw: String) throws {
        if raw.isEmpty {
            #expect(try AppConfiguration(environment: ["BOXOFFICE_PROVISIONAL_TTL": raw]).provisionalTTL == 600)
            return
        }
        let error = #expect(throws: ConfigurationError.self) {
            try AppConfiguration(environment: ["BOXOFFICE_PROVISIONAL_TTL": raw])
        }
        #expect(error?.message.contains("BOXOFFICE_PROVISIONAL_TTL") == true)
    }
}
