extension MovieSearchQuery {
    /// The release years a search may name.
    public static let years = 1900...2100
    /// The last result page asked for: bounded, so page arithmetic (offsets, "results 11–20") never overflows.
    public static let maximumPage = 10_000

    /// A search as people type it — title and director words, a year `YYYY`, a page number — read and checked once
    /// for the pages, the API and the CLI; empty texts are not given.
    ///
    /// - Throws: ``BoxOfficeError/invalid(_:)`` naming the year or page that is not one.
    public static func parsing(
        title: String?, director: String?, year: String?, page: String?
    ) throws(BoxOfficeError) -> MovieSearchQuery {
        var number: Int?
        if let year, !year.isEmpty {
            guard let parsed = Int(year), years.contains(parsed) else {
                throw .invalid("year", .year(years), value: year)
            }
            number = parsed
        }
        var pageNumber = 1
        if let page, !page.isEmpty {
            guard let parsed = Int(page), (1...maximumPage).contains(parsed) else {
                throw .invalid("page", .wholeNumber(1...maximumPage), value: page)
            }
            pageNumber = parsed
        }
        return MovieSearchQuery(title: title, director: director, year: number, page: pageNumber)
    }
}
