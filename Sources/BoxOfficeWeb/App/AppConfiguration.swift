public import Foundation

/// Everything BoxOffice is configured with, built once from the environment (and flags) and passed
/// down. The contract's variables: KOBIS_API_KEY, KOBIS_BASE_URL, TMDB_API_KEY, TMDB_BASE_URL,
/// KAKAO_REST_API_KEY, KAKAO_BASE_URL, DATABASE_URL, PORT, BOXOFFICE_HOSTNAME.
public struct AppConfiguration: Sendable {
    /// The KOBIS key; `nil` means sample mode (the built-in simulator).
    public var kobisAPIKey: String?
    public var kobisBaseURL: URL
    public var tmdbAPIKey: String?
    public var tmdbBaseURL: URL
    public var kakaoAPIKey: String?
    public var kakaoBaseURL: URL
    /// `DATABASE_URL` as given (nil → `boxoffice.sqlite` in the working directory).
    public var databaseURL: String?
    public var workingDirectory: String
    public var hostname: String
    public var port: Int
    /// Seconds a provisional chart is served before it is fetched again.
    public var provisionalTTL: TimeInterval
    /// Seconds to wait for KOBIS before giving up.
    public var upstreamTimeout: TimeInterval
    /// bcrypt cost (log2 of the rounds) for diary passwords: 12 by default, `BOXOFFICE_BCRYPT_COST` (4–31);
    /// tests use 4.
    public var bcryptCost: Int

    public static let defaultKOBISBaseURL = URL(string: "http://www.kobis.or.kr/kobisopenapi/webservice/rest")!

    /// True when no KOBIS key is configured.
    public var isSampleMode: Bool { kobisAPIKey == nil }

    public init(
        kobisAPIKey: String? = nil, kobisBaseURL: URL = AppConfiguration.defaultKOBISBaseURL, tmdbAPIKey: String? = nil,
        tmdbBaseURL: URL = URL(string: "https://api.themoviedb.org/3")!, kakaoAPIKey: String? = nil,
        kakaoBaseURL: URL = URL(string: "https://dapi.kakao.com")!, databaseURL: String? = nil,
        workingDirectory: String = FileManager.default.currentDirectoryPath, hostname: String = "127.0.0.1",
        port: Int = 8080, provisionalTTL: TimeInterval = 600, upstreamTimeout: TimeInterval = 10,
        bcryptCost: Int = 12
    ) {
        self.kobisAPIKey = kobisAPIKey
        self.kobisBaseURL = kobisBaseURL
        self.tmdbAPIKey = tmdbAPIKey
        self.tmdbBaseURL = tmdbBaseURL
        self.kakaoAPIKey = kakaoAPIKey
        self.kakaoBaseURL = kakaoBaseURL
        self.databaseURL = databaseURL
        self.workingDirectory = workingDirectory
        self.hostname = hostname
        self.port = port
        self.provisionalTTL = provisionalTTL
        self.upstreamTimeout = upstreamTimeout
        self.bcryptCost = bcryptCost
    }

    /// Reads the contract's environment variables. Empty values count as unset.
    public init(environment: [String: String], workingDirectory: String = FileManager.default.currentDirectoryPath)
        throws(ConfigurationError)
    {
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else {
                return nil
            }
            return raw
        }
        func url(_ name: String, default fallback: URL) throws(ConfigurationError) -> URL {
            guard let raw = value(name) else { return fallback }
            guard let parsed = URL(string: raw), let scheme = parsed.scheme?.lowercased(),
                scheme == "http" || scheme == "https", parsed.host != nil
            else { throw ConfigurationError("\(name) must be an http(s) URL, got \"\(raw)\"") }
            return parsed
        }
        self.init(workingDirectory: workingDirectory)
        kobisAPIKey = value("KOBIS_API_KEY")
        kobisBaseURL = try url("KOBIS_BASE_URL", default: Self.defaultKOBISBaseURL)
        tmdbAPIKey = value("TMDB_API_KEY")
        tmdbBaseURL = try url("TMDB_BASE_URL", default: tmdbBaseURL)
        kakaoAPIKey = value("KAKAO_REST_API_KEY")
        kakaoBaseURL = try url("KAKAO_BASE_URL", default: kakaoBaseURL)
        databaseURL = value("DATABASE_URL")
        if let host = value("BOXOFFICE_HOSTNAME") { hostname = host }
        if let rawCost = value("BOXOFFICE_BCRYPT_COST") {
            guard let parsed = Int(rawCost), (4...31).contains(parsed) else {
                throw ConfigurationError("BOXOFFICE_BCRYPT_COST must be a number from 4 to 31, got \"\(rawCost)\"")
            }
            bcryptCost = parsed
        }
        if let rawPort = value("PORT") {
            guard let parsed = Int(rawPort), (0...65535).contains(parsed) else {
                throw ConfigurationError("PORT must be a number from 0 to 65535, got \"\(rawPort)\"")
            }
            port = parsed
        }
    }

    /// Where upstream data comes from, used to keep stored data of different upstreams apart.
    public var upstreamOrigin: String {
        guard !isSampleMode else { return "sample" }
        var text = kobisBaseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}

/// A configuration value that cannot be used, with a one-line explanation.
public struct ConfigurationError: Error, LocalizedError, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var errorDescription: String? { message }
}
