import Foundation
import Hummingbird

extension Request {
    /// The query string decoded the way browsers encode forms (`application/x-www-form-urlencoded`):
    /// `+` is a space and names are percent-decoded too. Hummingbird's `queryParameters` keeps a
    /// literal `+`, which would turn a searched "해리 포터" into "해리+포터". Every page and API route
    /// reads its query through this, so links rebuilt from a query (the language switch) round-trip.
    var formParameters: Parameters {
        guard let query = uri.query, !query.isEmpty else { return Parameters() }
        func decode(_ text: Substring) -> Substring {
            let spaced = text.replacingOccurrences(of: "+", with: " ")
            return Substring(spaced.removingPercentEncoding ?? spaced)
        }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { pair -> (Substring, Substring) in
            guard let equals = pair.firstIndex(of: "=") else { return (decode(pair), "") }
            return (decode(pair[..<equals]), decode(pair[pair.index(after: equals)...]))
        }
        return Parameters(pairs)
    }
}
