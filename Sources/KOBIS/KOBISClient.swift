public import Foundation

/// A client for the KOBIS (영화진흥위원회) Open API.
///
/// ```swift
/// let client = KOBISClient(apiKey: key)
/// let chart = try await client.send(DailyBoxOfficeRequest(targetDate: CalendarDate("2022-01-05")!))
/// ```
///
/// Every call is one GET through the ``HTTPTransport``. KOBIS's all-string values are decoded into
/// typed DTOs; `faultInfo` bodies (sent with HTTP 200) become ``KOBISError/fault(code:message:)``.
/// The key is sent as a query parameter and never appears in errors or descriptions.
public struct KOBISClient: Sendable {
    /// `http://www.kobis.or.kr/kobisopenapi/webservice/rest`.
    public static let defaultBaseURL = URL(string: "http://www.kobis.or.kr/kobisopenapi/webservice/rest")!

    public let baseURL: URL
    private let apiKey: String
    private let transport: any HTTPTransport

    /// - Parameters:
    ///   - apiKey: the 32-character KOBIS key.
    ///   - baseURL: the REST base; services are appended as `<base>/<path>.json`.
    ///   - transport: how GETs are made; defaults to `URLSession` with a 10-second timeout.
    public init(
        apiKey: String, baseURL: URL = KOBISClient.defaultBaseURL, transport: any HTTPTransport = URLSessionTransport()
    ) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.transport = transport
    }

    /// Sends `request` and returns its decoded response.
    public func send<Request: KOBISRequest>(_ request: Request) async throws(KOBISError) -> Request.Response {
        try request.validate()
        let response: HTTPTransportResponse
        do {
            response = try await transport.get(url(for: request))
        } catch let error as KOBISError {
            throw error
        } catch is CancellationError {
            throw KOBISError.cancelled
        } catch {
            // A transport may notice a cancelled task only by what it then fails with.
            if Task.isCancelled { throw KOBISError.cancelled }
            throw KOBISError.connectionFailed(String(describing: type(of: error)))
        }
        let envelope = try Self.decode(Request.Envelope.self, from: response)
        return Request.unwrap(envelope)
    }

    /// The full URL for `request`, key included. Do not log it; use ``redactedURL(for:)``.
    public func url(for request: some KOBISRequest) -> URL {
        URL(
            string: Self.urlString(
                base: baseURL, path: type(of: request).path, key: apiKey, parameters: request.parameters))!
    }

    /// The URL for `request` with the key replaced by `***`, safe to log.
    public func redactedURL(for request: some KOBISRequest) -> String {
        Self.urlString(base: baseURL, path: type(of: request).path, key: "KEY", parameters: request.parameters)
            .replacingOccurrences(of: "?key=KEY", with: "?key=***")
    }

    static func urlString(base: URL, path: String, key: String, parameters: [(name: String, value: String)]) -> String {
        var base = base.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let query = ([("key", key)] + parameters).map { "\($0.0)=\(percentEncode($0.1))" }.joined(separator: "&")
        return "\(base)/\(path).json?\(query)"
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func percentEncode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    /// Decodes a KOBIS body: `faultInfo` first (KOBIS reports errors with HTTP 200), then the HTTP
    /// status, then the expected envelope.
    public static func decode<Envelope: Decodable>(_ type: Envelope.Type, from response: HTTPTransportResponse)
        throws(KOBISError) -> Envelope
    {
        // A `faultInfo` with neither code nor message says nothing: a broken answer like any other, read below. Only
        // a body that names `faultInfo` is parsed for one, so an ordinary answer is parsed once, not twice.
        if response.body.range(of: Self.faultKey) != nil,
            let fault = try? JSONDecoder().decode(FaultInfoResponseDTO.self, from: response.body),
            !(fault.faultInfo.errorCode.isEmpty && fault.faultInfo.message.isEmpty)
        {
            throw KOBISError.fault(
                code: fault.faultInfo.errorCode.trimmingCharacters(in: .whitespaces),
                message: fault.faultInfo.message.trimmingCharacters(in: .whitespaces))
        }
        guard (200..<300).contains(response.statusCode) else { throw KOBISError.httpStatus(response.statusCode) }
        do {
            return try JSONDecoder().decode(Envelope.self, from: response.body)
        } catch let error as DecodingError {
            throw KOBISError.malformedResponse(describe(error))
        } catch {
            throw KOBISError.malformedResponse("unreadable body")
        }
    }

    /// The key of KOBIS's error envelope, as it appears in a body.
    static let faultKey = Data(#""faultInfo""#.utf8)

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "body" : keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" in \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "unexpected shape"
        }
    }
}

extension KOBISClient {
    /// 일별 박스오피스 for `date`, optionally filtered.
    public func dailyBoxOffice(
        _ date: CalendarDate, multiMovie: MultiMovieFilter? = nil, nation: NationFilter? = nil,
        wideAreaCode: String? = nil
    ) async throws(KOBISError) -> BoxOfficeResultDTO {
        try await send(
            DailyBoxOfficeRequest(targetDate: date, multiMovie: multiMovie, nation: nation, wideAreaCode: wideAreaCode))
    }

    /// 주간/주말/주중 박스오피스 for the week containing `date`.
    public func weeklyBoxOffice(
        _ date: CalendarDate, range: WeeklyRange, multiMovie: MultiMovieFilter? = nil, nation: NationFilter? = nil,
        wideAreaCode: String? = nil
    ) async throws(KOBISError) -> BoxOfficeResultDTO {
        try await send(
            WeeklyBoxOfficeRequest(
                targetDate: date, range: range, multiMovie: multiMovie, nation: nation, wideAreaCode: wideAreaCode))
    }

    /// 영화 상세정보 for `code`.
    public func movieInfo(_ code: String) async throws(KOBISError) -> MovieInfoDTO {
        try await send(MovieInfoRequest(movieCode: code))
    }

    /// 영화사목록: one page of the companies `request` searches for.
    public func companyList(_ request: CompanyListRequest = CompanyListRequest()) async throws(KOBISError)
        -> CompanyListResponseDTO.Result
    {
        try await send(request)
    }

    /// 영화사 상세정보 for `code`; ``CompanyInfoDTO/empty`` (an empty `code`) when KOBIS knows no such company.
    public func companyInfo(_ code: String) async throws(KOBISError) -> CompanyInfoDTO {
        try await send(CompanyInfoRequest(companyCode: code))
    }

    /// 영화인목록: one page of the people `request` searches for.
    public func peopleList(_ request: PeopleListRequest = PeopleListRequest()) async throws(KOBISError)
        -> PeopleListResponseDTO.Result
    {
        try await send(request)
    }

    /// 영화인 상세정보 for `code`; ``PeopleInfoDTO/empty`` (an empty `code`) when KOBIS knows no such person.
    public func peopleInfo(_ code: String) async throws(KOBISError) -> PeopleInfoDTO {
        try await send(PeopleInfoRequest(peopleCode: code))
    }
}

// The synthesized descriptions would print the key; these never do.
extension KOBISClient: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The base URL only; the key is shown as `<redacted>`.
    public var description: String { "KOBISClient(baseURL: \(baseURL.absoluteString), apiKey: <redacted>)" }
    public var debugDescription: String { description }
    /// What `dump` and debuggers show: the base URL, never the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL.absoluteString, "apiKey": "<redacted>"], displayStyle: .struct)
    }
}
