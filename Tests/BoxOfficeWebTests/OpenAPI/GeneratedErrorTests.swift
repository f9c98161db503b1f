import BoxOfficeCore
import HTTPTypes
import OpenAPIRuntime
import Testing

@testable import BoxOfficeWeb

@Suite("Errors of the generated API routes")
struct GeneratedErrorTests {
    static func wrapped(_ error: any Error, input: (any Sendable)? = nil) -> ServerError {
        ServerError(
            operationID: "getPeriodChart", request: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/"),
            requestBody: nil, requestMetadata: .init(), operationInput: input, causeDescription: "test",
            underlyingError: error)
    }

    @Test("a parameter the generated code cannot decode is a 400 naming it, in the reader's language")
    func undecodable() {
        let decoding = DecodingError.typeMismatch(
            Int.self, .init(codingPath: [QueryKey(stringValue: "limit")], debugDescription: "not a number"))
        let english = ErrorPresentation(Self.wrapped(decoding), language: .english)
        let korean = ErrorPresentation(Self.wrapped(decoding), language: .korean)
        #expect(english.status == .badRequest && korean.status == .badRequest)
        #expect(english.message.contains("limit") && korean.message.contains("limit"))
        #expect(english.message != korean.message)
        #expect(!english.isUnexpected)
    }

    @Test("what a handler throws answers as if thrown without the generated code around it")
    func handlerErrors() {
        let error = BoxOfficeError.invalid("nation", .oneOf(["K", "F"]), value: "X")
        #expect(ErrorPresentation(Self.wrapped(error, input: "input")) == ErrorPresentation(error))
        let refusal = DiaryError.unauthorized(.missingToken)
        let presented = ErrorPresentation(Self.wrapped(refusal, input: "input"))
        #expect(presented.status == .unauthorized)
        #expect(presented.headers[.wwwAuthenticate] == "Bearer realm=\"BoxOffice\"")
    }

    struct QueryKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
