import Testing

@testable import BoxOfficeWeb

@Suite("Queries of the generated API routes")
struct APIQueryMiddlewareTests {
    @Test(
        "values the pages accept reach the generated decoder in the document's spelling",
        arguments: [
            ("/api/v1/daily", "/api/v1/daily"),
            ("/api/v1/daily?date=2024-03-15&area=&nation=&multi=", "/api/v1/daily?date=2024-03-15"),
            ("/api/v1/daily?nation=k&multi=y", "/api/v1/daily?nation=K&multi=Y"),
            ("/api/v1/weekly?range=WEEKEND&nation", "/api/v1/weekly?range=weekend"),
            ("/api/v1/movies?q=a+b&page=2", "/api/v1/movies?q=a+b&page=2"),
            ("/api/v1/movies?q=", "/api/v1/movies"),
        ])
    func normalized(path: String, expected: String) {
        #expect(APIQueryMiddleware.normalized(path) == expected)
    }
}
