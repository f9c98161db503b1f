public import KOBIS

extension ReasonText {
    /// Why a stored copy (a chart, a film's details) is shown instead of KOBIS's answer: `shown` (what the surface
    /// calls the copy, e.g. "Showing the stored movie details."), then what failed, as ``upstream(_:)`` says it
    /// (nothing more when that is not known).
    public func stale(_ shown: String, because reason: KOBISError?) -> String {
        reason.map { shown + " " + upstream($0) } ?? shown
    }

    /// What a stale chart's page says before the stored copy's time: the last stored figures are shown.
    public var staleFigures: String { t("마지막으로 저장된 자료를 보여 드립니다.", "Showing the last stored figures.") }

    /// A stale chart's notice as its JSON carries it, on the API and from the CLI alike: ``staleFigures``, then why.
    public func staleChart(because reason: KOBISError?) -> String {
        stale(staleFigures, because: reason)
    }

    /// A KOBIS failure: our explanation in the reader's language, KOBIS's own message quoted.
    public func upstream(_ error: KOBISError) -> String {
        switch error {
        case .timeout:
            return t(
                "KOBIS가 제때 답하지 않았습니다. 잠시 뒤에 다시 해 보세요.", "KOBIS did not answer in time. Please try again later.")
        case .connectionFailed:
            return t(
                "KOBIS에 연결할 수 없습니다. 잠시 뒤에 다시 해 보세요.", "KOBIS could not be reached. Please try again later.")
        case .httpStatus(let status):
            // The particle follows 오류, whatever the number; a server's failure may pass, a refusal will not.
            let later = status >= 500 ? t(" 잠시 뒤에 다시 해 보세요.", " Please try again later.") : ""
            return t("KOBIS가 오류(HTTP \(status))로 답했습니다.", "KOBIS failed: it answered HTTP \(status).") + later
        case .malformedResponse:
            return t(
                "KOBIS가 읽을 수 없는 답을 보냈습니다. 잠시 뒤에 다시 해 보세요.",
                "KOBIS failed: it sent an answer that could not be read. Please try again later.")
        case .invalidRequest(let reason):
            return t("KOBIS에 보낼 수 없는 요청입니다: \(reason)", "KOBIS failed: invalid request: \(reason).")
        case .callLimitReached:
            return t(
                "오늘의 KOBIS 호출 한도를 다 썼습니다. 한국 시간 자정이 지나면 다시 해 보세요.",
                "Today's KOBIS quota is used up; try again after midnight KST.")
        case .cancelled:
            return t(
                "KOBIS가 답하기 전에 요청이 멈췄습니다. 다시 해 보세요.",
                "The request stopped before KOBIS answered. Please try again.")
        case .fault(let code, let message):
            let quoted = message.isEmpty ? "" : " (KOBIS: \"\(message)\")"
            switch code {
            case KOBISError.invalidKeyCode:
                return t(
                    "KOBIS가 API 키를 받아들이지 않았습니다(\(code)). KOBIS_API_KEY를 확인해 주세요.\(quoted)",
                    "KOBIS refused the API key (\(code)); check KOBIS_API_KEY.\(quoted)")
            case KOBISError.missingDateCode, KOBISError.malformedDateCode:
                return t(
                    "KOBIS가 날짜를 받아들이지 않았습니다(\(code)).\(quoted)", "KOBIS refused the date (\(code)).\(quoted)")
            case "":
                return t("KOBIS가 요청을 거절했습니다.\(quoted)", "KOBIS refused the request.\(quoted)")
            default:
                return t(
                    "KOBIS가 오류(\(code))로 요청을 거절했습니다.\(quoted)", "KOBIS failed with error \(code).\(quoted)")
            }
        }
    }
}
