public import Foundation
public import BoxOfficeCore
public import KOBIS
import BoxOfficeText

/// Everything BoxOffice is configured with, built once from the environment (and flags) and passed
/// down. The contract's variables: KOBIS_API_KEY, KOBIS_BASE_URL, TMDB_API_KEY, TMDB_BASE_URL,
/// KAKAO_REST_API_KEY, KAKAO_BASE_URL, DATABASE_URL, PORT, BOXOFFICE_HOSTNAME; and BOXOFFICE_BCRYPT_COST,
/// BOXOFFICE_UPSTREAM_TIMEOUT, BOXOFFICE_IDLE_TIMEOUT, BOXOFFICE_PUBLIC_URL, BOXOFFICE_MAX_CONNECTIONS,
/// BOXOFFICE_CONNECTIONS_PER_ADDRESS, BOXOFFICE_TRUSTED_PROXIES, BOXOFFICE_SIGNUPS_PER_ADDRESS; the keeper's and
/// the quota's
/// BOXOFFICE_KEEPER, BOXOFFICE_ARCHIVE_FROM, BOXOFFICE_KOBIS_DAILY_LIMIT, BOXOFFICE_KEEPER_RESERVE,
/// BOXOFFICE_KEEPER_HOUR, BOXOFFICE_KEEPER_LEASE and BOXOFFICE_IMPORT_LOOKUPS_PER_DAY; the webhooks' BOXOFFICE_WEBHOOK_ALLOW_PRIVATE,
/// BOXOFFICE_DIGEST_WEBHOOK and BOXOFFICE_DIGEST_FORMAT.
///
/// Its descriptions (`"\(configuration)"`, `dump`, debuggers) never show the keys or the database password.
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
    /// Seconds a provisional chart is served before it is fetched again (`BOXOFFICE_PROVISIONAL_TTL`, default 600).
    public var provisionalTTL: TimeInterval
    /// Seconds to wait for KOBIS before giving up (`BOXOFFICE_UPSTREAM_TIMEOUT`, default 10).
    public var upstreamTimeout: TimeInterval
    /// Seconds a client connection may stay silent, or take to send a request's head, before it is closed
    /// (`BOXOFFICE_IDLE_TIMEOUT`, default 30).
    public var idleTimeout: TimeInterval
    /// Client connections the server keeps open at once (`BOXOFFICE_MAX_CONNECTIONS`); past it, new ones wait in
    /// the listen queue. `nil`, the default, derives it from the open-file limit (see `ConnectionLimits`).
    public var maxConnections: Int?
    /// Client connections one address may keep open at once (`BOXOFFICE_CONNECTIONS_PER_ADDRESS`; an IPv6 address
    /// counts by its /64); more are closed as they arrive. 0 turns it off: behind a reverse proxy every connection
    /// comes from the proxy, whose own per-client limit does it. `nil`, the default, is none on a loopback address
    /// (only this host, a proxy, can connect) and 256 on any other (see `ConnectionLimits`).
    public var connectionsPerAddress: Int?
    /// The reverse proxies in front (`BOXOFFICE_TRUSTED_PROXIES`: addresses and CIDR ranges) that add the client's
    /// address to `X-Forwarded-For`: a request from one of them is counted, for the per-address bounds of requests
    /// (sign-ups, places in the lines of password checks and archive questions), by the first address of that
    /// header, from the right, that is not one of them. None by default: a header anyone can write names nobody.
    public var trustedProxies = TrustedProxies.none
    /// Sign-ups one address may try in 15 minutes where addresses are told apart (`BOXOFFICE_SIGNUPS_PER_ADDRESS`,
    /// default 5; 0: no limit), accounts made and names found taken alike.
    public var signupsPerAddress = 5
    /// The address people reach the app at (`BOXOFFICE_PUBLIC_URL`), when it is behind a proxy. When it is
    /// `https`, session cookies are always `Secure` and responses carry `Strict-Transport-Security`.
    public var publicURL: URL?
    /// bcrypt cost (log2 of the rounds) for diary passwords: 12 by default, `BOXOFFICE_BCRYPT_COST` (4–31);
    /// tests use 4.
    public var bcryptCost: Int
    /// Whether `serve` runs the archive keeper (`BOXOFFICE_KEEPER`, `on` by default from the environment). The
    /// memberwise initializer leaves it off, so in-process tests see no background work unless they ask for it.
    public var keeperEnabled: Bool
    /// The first day the keeper keeps (`BOXOFFICE_ARCHIVE_FROM`, default 2004-01-01).
    public var archiveFrom: CalendarDate
    /// KOBIS calls allowed per KST day for the key, across every instance and job (`BOXOFFICE_KOBIS_DAILY_LIMIT`,
    /// default 3000).
    public var kobisDailyLimit: Int
    /// Calls of the limit kept for readers (`BOXOFFICE_KEEPER_RESERVE`, default 500): the keeper, backfills and
    /// `sync` stop at limit − reserve.
    public var keeperReserve: Int
    /// KST hour of the keeper's morning run (`BOXOFFICE_KEEPER_HOUR`, 0–23, default 9).
    public var keeperHour: Int
    /// Seconds of the keeper's lease in a shared database (`BOXOFFICE_KEEPER_LEASE`, at least 1, default 30).
    public var keeperLease: TimeInterval
    /// KOBIS look-ups one person's imports may make per KST day (`BOXOFFICE_IMPORT_LOOKUPS_PER_DAY`, default 100);
    /// imports also stop at limit − reserve.
    public var importLookupsPerDay = ImportLookupBudget.defaultPerDay
    /// What one account keeps at most (notes, categories, API tokens, sessions); not an environment variable.
    public var diaryLimits = DiaryLimits()

    /// `BOXOFFICE_WEBHOOK_ALLOW_PRIVATE=1`: webhooks may reach loopback and private addresses (tests only).
    public var webhookAllowPrivate = false
    /// `BOXOFFICE_DIGEST_WEBHOOK`: where the daily chart digest goes (a group's chat), if anywhere. It may hold a
    /// token (Discord's and Slack's do), so descriptions never show it.
    public var digestWebhook: URL?
    /// `BOXOFFICE_DIGEST_FORMAT`: the digest's body (`json`, the default, `discord`, `slack` or `ntfy`).
    public var digestFormat = WebhookFormat.json

    public static let defaultKOBISBaseURL = URL(string: "http://www.kobis.or.kr/kobisopenapi/webservice/rest")!

    /// True when no KOBIS key is configured.
    public var isSampleMode: Bool { kobisAPIKey == nil }

    public init(
        kobisAPIKey: String? = nil, kobisBaseURL: URL = AppConfiguration.defaultKOBISBaseURL, tmdbAPIKey: String? = nil,
        tmdbBaseURL: URL = URL(string: "https://api.themoviedb.org/3")!, kakaoAPIKey: String? = nil,
        kakaoBaseURL: URL = URL(string: "https://dapi.kakao.com")!, databaseURL: String? = nil,
        workingDirectory: String = FileManager.default.currentDirectoryPath, hostname: String = "127.0.0.1",
        port: Int = 8080, provisionalTTL: TimeInterval = 600, upstreamTimeout: TimeInterval = 10,
        bcryptCost: Int = 12, idleTimeout: TimeInterval = 30, publicURL: URL? = nil, keeperEnabled: Bool = false,
        archiveFrom: CalendarDate = BoxOfficeCalendar.defaultEarliestDate,
        kobisDailyLimit: Int = QuotaPolicy.defaultLimit, keeperReserve: Int = QuotaPolicy.defaultReserve,
        keeperHour: Int = 9, keeperLease: TimeInterval = 30
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
        self.idleTimeout = idleTimeout
        self.publicURL = publicURL
        self.keeperEnabled = keeperEnabled
        self.archiveFrom = archiveFrom
        self.kobisDailyLimit = kobisDailyLimit
        self.keeperReserve = keeperReserve
        self.keeperHour = keeperHour
        self.keeperLease = keeperLease
    }

    /// Reads the contract's environment variables. Empty values count as unset; `now` places "yesterday" for the
    /// keeper's first day.
    public init(
        environment: [String: String], workingDirectory: String = FileManager.default.currentDirectoryPath,
        now: Date = Date()
    ) throws(ConfigurationError) {
        func value(_ name: String) -> String? {
            guard let raw = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else {
                return nil
            }
            return raw
        }
        func url(_ name: String) throws(ConfigurationError) -> URL? {
            guard let raw = value(name) else { return nil }
            guard let parsed = URL(string: raw), let scheme = parsed.scheme?.lowercased(),
                scheme == "http" || scheme == "https", parsed.host != nil
            else { throw ConfigurationError(InputProblem(name, .httpURL, value: raw)) }
            return parsed
        }
        self.init(workingDirectory: workingDirectory)
        kobisAPIKey = value("KOBIS_API_KEY")
        kobisBaseURL = try url("KOBIS_BASE_URL") ?? Self.defaultKOBISBaseURL
        tmdbAPIKey = value("TMDB_API_KEY")
        tmdbBaseURL = try url("TMDB_BASE_URL") ?? tmdbBaseURL
        kakaoAPIKey = value("KAKAO_REST_API_KEY")
        kakaoBaseURL = try url("KAKAO_BASE_URL") ?? kakaoBaseURL
        databaseURL = value("DATABASE_URL")
        if let host = value("BOXOFFICE_HOSTNAME") { hostname = host }
        if let rawCost = value("BOXOFFICE_BCRYPT_COST") {
            guard let parsed = Int(rawCost), (4...31).contains(parsed) else {
                throw ConfigurationError(InputProblem("BOXOFFICE_BCRYPT_COST", .wholeNumber(4...31), value: rawCost))
            }
            bcryptCost = parsed
        }
        func seconds(_ name: String, in range: ClosedRange<Double>) throws(ConfigurationError) -> TimeInterval? {
            guard let raw = value(name) else { return nil }
            guard let parsed = Double(raw), range.contains(parsed) else {
                throw ConfigurationError(InputProblem(name, .seconds(range), value: raw))
            }
            return parsed
        }
        if let timeout = try seconds("BOXOFFICE_UPSTREAM_TIMEOUT", in: 0.1...300) { upstreamTimeout = timeout }
        if let timeout = try seconds("BOXOFFICE_IDLE_TIMEOUT", in: 0.1...3600) { idleTimeout = timeout }
        if let ttl = try seconds("BOXOFFICE_PROVISIONAL_TTL", in: 0...86_400) { provisionalTTL = ttl }
        publicURL = try url("BOXOFFICE_PUBLIC_URL")
        if let rawPort = value("PORT") {
            guard let parsed = Int(rawPort), (0...65535).contains(parsed) else {
                throw ConfigurationError(InputProblem("PORT", .wholeNumber(0...65535), value: rawPort))
            }
            port = parsed
        }
        try readKeeper(value, now: now)
        try readWebhooks(value)
        try readConnections(value)
    }

    /// The connection limits' variables.
    private mutating func readConnections(_ value: (String) -> String?) throws(ConfigurationError) {
        if let raw = value("BOXOFFICE_MAX_CONNECTIONS") {
            guard let parsed = Int(raw), parsed >= 1 else {
                throw ConfigurationError(InputProblem("BOXOFFICE_MAX_CONNECTIONS", .atLeast(1), value: raw))
            }
            maxConnections = parsed
        }
        if let raw = value("BOXOFFICE_CONNECTIONS_PER_ADDRESS") {
            guard let parsed = Int(raw), parsed >= 0 else {
                throw ConfigurationError(InputProblem("BOXOFFICE_CONNECTIONS_PER_ADDRESS", .atLeast(0), value: raw))
            }
            connectionsPerAddress = parsed
        }
        if let raw = value("BOXOFFICE_TRUSTED_PROXIES") {
            guard let parsed = TrustedProxies(list: raw) else {
                throw ConfigurationError(InputProblem("BOXOFFICE_TRUSTED_PROXIES", .addressRanges, value: raw))
            }
            trustedProxies = parsed
        }
        if let raw = value("BOXOFFICE_SIGNUPS_PER_ADDRESS") {
            guard let parsed = Int(raw), parsed >= 0 else {
                throw ConfigurationError(InputProblem("BOXOFFICE_SIGNUPS_PER_ADDRESS", .atLeast(0), value: raw))
            }
            signupsPerAddress = parsed
        }
    }

    /// The webhooks' variables. The digest's URL is never quoted back: it may hold a token.
    private mutating func readWebhooks(_ value: (String) -> String?) throws(ConfigurationError) {
        if let raw = value("BOXOFFICE_WEBHOOK_ALLOW_PRIVATE") {
            guard raw == "0" || raw == "1" else {
                throw ConfigurationError(
                    InputProblem("BOXOFFICE_WEBHOOK_ALLOW_PRIVATE", .oneOf(["0", "1"]), value: raw))
            }
            webhookAllowPrivate = raw == "1"
        }
        if let raw = value("BOXOFFICE_DIGEST_WEBHOOK") {
            guard let parsed = URL(string: raw), let scheme = parsed.scheme?.lowercased(),
                scheme == "http" || scheme == "https", parsed.host != nil
            else { throw ConfigurationError(InputProblem("BOXOFFICE_DIGEST_WEBHOOK", .httpURL)) }
            digestWebhook = parsed
        }
        if let raw = value("BOXOFFICE_DIGEST_FORMAT") {
            guard let format = WebhookFormat(rawValue: raw.lowercased()) else {
                throw ConfigurationError(
                    InputProblem("BOXOFFICE_DIGEST_FORMAT", .oneOf(WebhookFormat.allCases.map(\.rawValue)), value: raw))
            }
            digestFormat = format
        }
    }

    /// The keeper's and the quota's variables; the keeper is on unless `BOXOFFICE_KEEPER=off`.
    private mutating func readKeeper(_ value: (String) -> String?, now: Date) throws(ConfigurationError) {
        func whole(_ name: String, in range: ClosedRange<Int>, rule: InputRule) throws(ConfigurationError)
            -> Int?
        {
            guard let raw = value(name) else { return nil }
            guard let parsed = Int(raw), range.contains(parsed) else {
                throw ConfigurationError(InputProblem(name, rule, value: raw))
            }
            return parsed
        }
        keeperEnabled = true
        if let raw = value("BOXOFFICE_KEEPER") {
            switch raw.lowercased() {
            case "on": keeperEnabled = true
            case "off": keeperEnabled = false
            default: throw ConfigurationError(InputProblem("BOXOFFICE_KEEPER", .oneOf(["on", "off"]), value: raw))
            }
        }
        if let raw = value("BOXOFFICE_ARCHIVE_FROM") {
            guard raw.count == 10, let day = CalendarDate(raw) else {
                throw ConfigurationError(InputProblem("BOXOFFICE_ARCHIVE_FROM", .dayFormat, value: raw))
            }
            // A day KOBIS has no chart for would leave the keeper stuck on it, or keeping nothing, for ever.
            let earliest = BoxOfficeCalendar.defaultEarliestDate
            guard day >= earliest else {
                throw ConfigurationError(
                    InputProblem("BOXOFFICE_ARCHIVE_FROM", .beforeData(earliest: earliest), value: raw))
            }
            let yesterday = CalendarDate(now, in: BoxOfficeCalendar.seoul).adding(days: -1)
            guard day <= yesterday else {
                let rule: InputRule =
                    day == yesterday.adding(days: 1) ? .today(latest: yesterday) : .future(latest: yesterday)
                throw ConfigurationError(InputProblem("BOXOFFICE_ARCHIVE_FROM", rule, value: raw))
            }
            archiveFrom = day
        }
        if let limit = try whole("BOXOFFICE_KOBIS_DAILY_LIMIT", in: 1...Int.max, rule: .atLeast(1)) {
            kobisDailyLimit = limit
        }
        let reserveRange = 0...kobisDailyLimit
        if let reserve = try whole("BOXOFFICE_KEEPER_RESERVE", in: reserveRange, rule: .wholeNumber(reserveRange)) {
            keeperReserve = reserve
        } else {
            // Unset under a limit smaller than the default reserve: the whole limit is the readers'.
            keeperReserve = min(keeperReserve, kobisDailyLimit)
        }
        if let hour = try whole("BOXOFFICE_KEEPER_HOUR", in: 0...23, rule: .wholeNumber(0...23)) { keeperHour = hour }
        if let lookups = try whole("BOXOFFICE_IMPORT_LOOKUPS_PER_DAY", in: 0...Int.max, rule: .atLeast(0)) {
            importLookupsPerDay = lookups
        }
        if let raw = value("BOXOFFICE_KEEPER_LEASE") {
            guard let lease = Double(raw), lease.isFinite, (1...86_400).contains(lease) else {
                throw ConfigurationError(InputProblem("BOXOFFICE_KEEPER_LEASE", .seconds(1...86_400), value: raw))
            }
            keeperLease = lease
        }
    }

    /// True when people reach the app over HTTPS (`BOXOFFICE_PUBLIC_URL` is an `https` URL).
    public var isPubliclyHTTPS: Bool { publicURL?.scheme?.lowercased() == "https" }

    /// Where upstream data comes from, used to keep stored data of different upstreams apart.
    public var upstreamOrigin: String {
        guard !isSampleMode else { return "sample" }
        var text = kobisBaseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}

// The synthesized descriptions would print every stored property, keys included; these name only what is
// harmless and say whether each secret is set.
extension AppConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "AppConfiguration(kobisAPIKey: \(Self.redacted(kobisAPIKey)), kobisBaseURL: \(kobisBaseURL.absoluteString), "
            + "tmdbAPIKey: \(Self.redacted(tmdbAPIKey)), kakaoAPIKey: \(Self.redacted(kakaoAPIKey)), "
            + "databaseURL: \(databaseURL.map(Self.redactingPassword) ?? "default"), hostname: \(hostname), port: \(port), "
            + "maxConnections: \(maxConnections.map(String.init) ?? "from the open-file limit"), "
            + "connectionsPerAddress: \(connectionsPerAddress.map(String.init) ?? "by the address served"), "
            + "trustedProxies: \(trustedProxies.ranges.count), signupsPerAddress: \(signupsPerAddress), "
            + "keeper: \(keeperEnabled ? "on" : "off"), archiveFrom: \(archiveFrom.isoString), "
            + "kobisDailyLimit: \(kobisDailyLimit), keeperReserve: \(keeperReserve), keeperHour: \(keeperHour), "
            + "keeperLease: \(keeperLease), webhookAllowPrivate: \(webhookAllowPrivate), "
            + "digestWebhook: \(Self.redacted(digestWebhook?.absoluteString)), digestFormat: \(digestFormat.rawValue))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "kobisAPIKey": Self.redacted(kobisAPIKey), "kobisBaseURL": kobisBaseURL.absoluteString,
                "tmdbAPIKey": Self.redacted(tmdbAPIKey), "tmdbBaseURL": tmdbBaseURL.absoluteString,
                "kakaoAPIKey": Self.redacted(kakaoAPIKey), "kakaoBaseURL": kakaoBaseURL.absoluteString,
                "databaseURL": databaseURL.map(Self.redactingPassword) ?? "default", "hostname": hostname,
                "port": port, "upstreamTimeout": upstreamTimeout, "idleTimeout": idleTimeout,
                "maxConnections": maxConnections.map(String.init) ?? "from the open-file limit",
                "connectionsPerAddress": connectionsPerAddress.map(String.init) ?? "by the address served",
                "trustedProxies": trustedProxies.ranges.count, "signupsPerAddress": signupsPerAddress,
                "publicURL": publicURL?.absoluteString ?? "none",
                "keeperEnabled": keeperEnabled,
                "archiveFrom": archiveFrom.isoString, "kobisDailyLimit": kobisDailyLimit,
                "keeperReserve": keeperReserve, "keeperHour": keeperHour, "keeperLease": keeperLease,
                "webhookAllowPrivate": webhookAllowPrivate,
                "digestWebhook": Self.redacted(digestWebhook?.absoluteString),
                "digestFormat": digestFormat.rawValue,
            ],
            displayStyle: .struct)
    }

    static func redacted(_ secret: String?) -> String { secret == nil ? "unset" : "<redacted>" }

    /// `postgres://user:secret@host/db` → `postgres://user:<redacted>@host/db`.
    static func redactingPassword(_ databaseURL: String) -> String {
        databaseURL.replacingOccurrences(
            of: #"^([A-Za-z][A-Za-z0-9+.-]*://[^:/@]*):[^@/]*@"#, with: "$1:<redacted>@", options: .regularExpression)
    }
}

/// A configuration value that cannot be used: which variable, its value and the rule it breaks (worded by
/// `ReasonText` in the operator's language).
public struct ConfigurationError: Error, LocalizedError, Sendable, Equatable {
    public var problem: InputProblem
    public init(_ problem: InputProblem) { self.problem = problem }
    /// In English, for logs.
    public var message: String { ReasonText(.english).input(problem) }
    public var errorDescription: String? { message }
}
