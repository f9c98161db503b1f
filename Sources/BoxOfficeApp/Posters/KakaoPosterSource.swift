import BoxOfficeCore
import Foundation
import KOBIS

/// Posters from Kakao's image search (`GET {base}/v2/search/image`, `Authorization: KakaoAK {key}`),
/// asking for "<title> <year> 포스터" (the word is ``KakaoSearchWords/poster``) and taking the first HTTPS image
/// (the page is served over HTTPS, so plain-HTTP images would be blocked as mixed content; the thumbnail is
/// always HTTPS).
struct KakaoPosterSource: PosterSource {
    let name = "kakao"
    private let apiKey: String
    let baseURL: URL
    private let transport: any HTTPTransport

    /// - Parameter baseURL: `https://dapi.kakao.com` by default (`KAKAO_BASE_URL`).
    init(apiKey: String, baseURL: URL, transport: any HTTPTransport) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.transport = transport
    }

    func posterURL(for query: PosterQuery) async throws -> URL? {
        guard let title = query.titlesToTry.first else { return nil }
        let words = [title, query.year.map(String.init), KakaoSearchWords.poster].compactMap { $0 }
        var components = URLComponents(
            url: baseURL.appendingPathComponent("v2/search/image"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "query", value: words.joined(separator: " ")), URLQueryItem(name: "size", value: "5"),
        ]
        guard let url = components?.url else {
            throw PosterSourceError(source: name, reason: "cannot build a search URL")
        }
        let page: SearchPage = try await PosterSourceError.fetchSearchPage(
            url, headers: ["Authorization": "KakaoAK \(apiKey)"], source: name, service: "Kakao", key: "REST API key",
            via: transport)
        for document in page.documents {
            for candidate in [document.imageURL, document.thumbnailURL] {
                if let candidate, let url = URL(string: candidate), url.scheme?.lowercased() == "https" {
                    return url
                }
            }
        }
        return nil
    }

    private struct SearchPage: Decodable {
        var documents: [Document]
    }

    private struct Document: Decodable {
        var imageURL: String?
        var thumbnailURL: String?

        enum CodingKeys: String, CodingKey {
            case imageURL = "image_url"
            case thumbnailURL = "thumbnail_url"
        }
    }
}

extension KakaoPosterSource: RedactedKeyDescription {}
