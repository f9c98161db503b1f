import Foundation

/// Stand-ins for TMDB's movie search and Kakao's image search, so poster lookups can run over real
/// HTTP on loopback (tests, benchmarks, demos) without those services. Answers are deterministic:
/// one title in five has no poster, so both the poster and the placeholder paths are exercised.
/// Keys are checked only for presence, with each service's own 401 body.
enum PosterSearchFake {
    static let tmdbPath = "/3/search/movie"
    static let kakaoPath = "/v2/search/image"

    static func handles(_ path: String) -> Bool { path == tmdbPath || path == kakaoPath }

    static func answer(path: String, query: [String: String], authorization: String?) -> SimulatorResponse {
        path == tmdbPath
            ? tmdb(query: query, authorization: authorization) : kakao(query: query, authorization: authorization)
    }

    private static func tmdb(query: [String: String], authorization: String?) -> SimulatorResponse {
        let hasKey = !(query["api_key"] ?? "").isEmpty || (authorization ?? "").hasPrefix("Bearer ")
        guard hasKey else {
            let body =
                #"{"status_code":7,"status_message":"Invalid API key: You must be granted a valid key.","success":false}"#
            return SimulatorResponse(status: 401, body: Data(body.utf8), contentType: SimulatorResponse.jsonContentType)
        }
        let title = query["query"] ?? ""
        var results: [[String: Any]] = []
        if let hash = posterHash(title) {
            let year = query["year"] ?? query["primary_release_year"] ?? "2020"
            results.append([
                "id": Int(hash % 1_000_000), "title": title, "original_title": title,
                "poster_path": "/sim\(String(hash, radix: 16)).jpg", "release_date": "\(year)-01-01",
            ])
        }
        let page: [String: Any] = [
            "page": 1, "results": results, "total_pages": 1, "total_results": results.count,
        ]
        return .json((try? JSONSerialization.data(withJSONObject: page, options: [.sortedKeys])) ?? Data())
    }

    private static func kakao(query: [String: String], authorization: String?) -> SimulatorResponse {
        guard let authorization, authorization.hasPrefix("KakaoAK "), authorization.count > 8 else {
            let body = #"{"errorType":"AccessDeniedError","message":"cannot find appKey"}"#
            return SimulatorResponse(status: 401, body: Data(body.utf8), contentType: SimulatorResponse.jsonContentType)
        }
        let words = query["query"] ?? ""
        var documents: [[String: Any]] = []
        if let hash = posterHash(words) {
            let name = String(hash, radix: 16)
            documents.append([
                "collection": "blog", "width": 500, "height": 714, "display_sitename": "simulator",
                "image_url": "http://example.invalid/\(name).jpg",
                "thumbnail_url": "https://search.example.invalid/thumb/\(name).jpg",
            ])
        }
        let page: [String: Any] = [
            "documents": documents,
            "meta": ["is_end": true, "pageable_count": documents.count, "total_count": documents.count],
        ]
        return .json((try? JSONSerialization.data(withJSONObject: page, options: [.sortedKeys])) ?? Data())
    }

    /// A stable hash of the title (FNV-1a), or `nil` for the titles that have no poster.
    private static func posterHash(_ text: String) -> UInt64? {
        guard !text.isEmpty else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash % 5 == 0 ? nil : hash
    }
}
