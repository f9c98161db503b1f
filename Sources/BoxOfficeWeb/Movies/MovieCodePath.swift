import BoxOfficeCore
import Foundation

/// A movie code as it arrives in a path (`/movies/{code}`, `/api/v1/movies/{code}/…`): percent-decoded, or as sent
/// when its bytes are not UTF-8, so a refusal names what the reader wrote and the pages and the API read it alike.
enum MovieCodePath {
    static func text(_ raw: some StringProtocol) -> String {
        let text = String(raw)
        guard text.contains("%") else { return text }
        return text.removingPercentEncoding ?? text
    }

    /// The API's reading of its `code` before the generated decoder, which takes bytes that are not UTF-8 for an
    /// empty code: a code that cannot be a movie's is refused here with the words of the page (404).
    static func check(_ parameters: [String: Substring]) throws {
        guard let raw = parameters["code"] else { return }
        let code = text(raw)
        guard MovieService.isPlausibleCode(code) else { throw BoxOfficeError.notFound(.notAMovieCode(code)) }
    }
}
