public import Foundation

/// One HTTP answer of the simulator: status, body and content type.
public struct SimulatorResponse: Sendable, Hashable {
    /// The HTTP status code. KOBIS answers errors with 200 and a `faultInfo` body.
    public var status: Int
    /// The body bytes.
    public var body: Data
    /// The `Content-Type` header value.
    public var contentType: String

    /// Creates a response.
    public init(status: Int, body: Data, contentType: String) {
        self.status = status
        self.body = body
        self.contentType = contentType
    }

    /// `application/json;charset=UTF-8`, as KOBIS sends.
    public static let jsonContentType = "application/json;charset=UTF-8"

    /// A JSON answer with status 200.
    static func json(_ body: Data) -> SimulatorResponse {
        SimulatorResponse(status: 200, body: body, contentType: jsonContentType)
    }

    /// A plain-text answer.
    static func text(_ text: String, status: Int) -> SimulatorResponse {
        SimulatorResponse(status: status, body: Data(text.utf8), contentType: "text/plain;charset=UTF-8")
    }

    /// 404 for a path that is not a KOBIS service.
    static let notFound = text("Not Found", status: 404)
}
