import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// The web app's own error words (the domain's reasons are worded by `ReasonText`), in Korean and English.
struct ErrorStrings: Sendable {
    let unexpected, cancelled, notFoundPage, methodNotAllowed: String
    private let english: Bool

    static let korean = ErrorStrings(english: false)
    static let english = ErrorStrings(english: true)

    static func table(for language: Language) -> ErrorStrings {
        language == .english ? english : korean
    }

    private init(english en: Bool) {
        english = en
        func t(_ korean: String, _ english: String) -> String { en ? english : korean }
        unexpected = t("서버에서 문제가 생겼습니다. 다시 해 보세요.", "Something went wrong on our side. Please try again.")
        cancelled = t(
            "요청이 끝나기 전에 취소되었습니다. 다시 해 보세요.", "The request was cancelled before it finished. Please try again.")
        notFoundPage = t("이 주소에는 페이지가 없습니다.", "There is no page at this address.")
        methodNotAllowed = t("여기서는 이 메서드를 쓸 수 없습니다.", "This method is not allowed here.")
    }

    /// A refusal of the web layer itself.
    func message(_ error: WebError) -> String {
        switch error {
        case .noAPIRoute:
            return english ? "No such API route." : "그런 API 경로는 없습니다."
        case .methodNotAllowed(let method, let allow):
            return english
                ? "\(method) is not allowed here; this address answers \(allow)."
                : "여기서는 \(method) 메서드를 쓸 수 없습니다. 쓸 수 있는 메서드: \(allow)."
        case .bodyTooLarge(let kilobytes):
            let size = NumberFormatting.thousands(kilobytes)
            return english ? "The request body is larger than \(size) KB." : "요청 본문이 \(size) KB보다 큽니다."
        case .tooManyFormFields(let limit):
            return english ? "The form has more than \(limit) fields." : "양식의 항목이 \(limit)개보다 많습니다."
        case .tooManyQueryParameters(let limit):
            return english
                ? "The address has more than \(limit) query parameters."
                : "주소의 쿼리 매개변수가 \(limit)개보다 많습니다."
        case .queryTooLong(let limit):
            let size = NumberFormatting.thousands(limit)
            return english
                ? "The query in the address is longer than \(size) bytes."
                : "주소의 쿼리가 \(size)바이트보다 깁니다."
        case .importInProgress:
            return english
                ? "Another import of yours is still running. Try again when it has finished."
                : "가져오기가 이미 진행 중입니다. 그 가져오기가 끝난 뒤에 다시 해 보세요."
        case .importsBusy(let seconds):
            return english
                ? "The server is reading other people's imports. Try again in \(seconds) seconds."
                : "서버가 다른 사람들의 가져오기를 읽고 있습니다. \(seconds)초 뒤에 다시 해 보세요."
        case .uploadTooSlow(let rate):
            let size = NumberFormatting.thousands(rate / 1024)
            return english
                ? "The file arrived too slowly (over 30 seconds behind \(size) KB a second), so the import stopped. Try again on a faster connection."
                : "파일이 너무 느리게 올라와(초당 \(size) KB보다 30초 넘게 뒤처짐) 가져오기를 멈췄습니다. 더 빠른 연결에서 다시 해 보세요."
        }
    }

    /// The request id a bug report can quote.
    func requestID(_ id: String) -> String {
        english ? " (request id \(id))" : " (요청 ID \(id))"
    }

    func defaultMessage(for status: HTTPResponse.Status) -> String {
        switch status {
        case .notFound: return notFoundPage
        case .methodNotAllowed: return methodNotAllowed
        // Never the status's English reason phrase: a refusal with no reason of its own (a value the generated
        // API code could not decode) is still worded in the reader's language.
        case .badRequest:
            return english ? "The request is not valid." : "요청이 올바르지 않습니다."
        default:
            return english
                ? "The request could not be handled (HTTP \(status.code))."
                : "요청을 처리할 수 없습니다(HTTP \(status.code))."
        }
    }
}
