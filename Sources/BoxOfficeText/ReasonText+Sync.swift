public import BoxOfficeCore

extension ReasonText {
    /// Why a sync item failed or a run stopped, as one line.
    public func sync(_ problem: SyncProblem) -> String {
        switch problem {
        case .noDetails(let code):
            return t("KOBIS에 영화 \(code)의 상세 정보가 없습니다.", "KOBIS has no details for movie \(code).")
        case .upstream(let error):
            return upstream(error)
        case .archiveUnavailable(let detail):
            return t("보관함을 읽거나 쓸 수 없습니다: \(detail)", "The archive could not be read or written: \(detail)")
        case .storeFailed(let detail):
            return t("받은 자료를 보관함에 저장하지 못했습니다: \(detail)", "The archive could not store what was fetched: \(detail)")
        case .cancelled:
            return t("취소되었습니다.", "cancelled")
        case .other(let detail):
            return detail
        }
    }

    /// Films KOBIS has no details for, in a run's summary: a definitive answer, so their nation is stored as
    /// unknown and never asked again.
    public func syncFilmsWithoutDetails(_ count: Int) -> String {
        t(
            "KOBIS에 상세 정보가 없는 영화 \(number(count))편은 국적을 ‘알 수 없음’으로 저장했습니다 (다시 묻지 않습니다).",
            "\(number(count)) film(s) have no details on KOBIS; their nation is stored as unknown (not asked again).")
    }

    /// A run stopped because the day's KOBIS quota for background work is used up (`usage`: the day's quota, when
    /// known), as one line.
    public func syncQuotaReached(_ usage: QuotaUsage?) -> String {
        guard let usage else {
            return t(
                "오늘 백그라운드 작업에 쓸 KOBIS 호출 한도를 다 썼습니다. 나머지는 내일(한국 시간 자정 뒤) 이어서 합니다.",
                "Today's KOBIS quota for background work is used up; the rest waits for tomorrow (after midnight KST).")
        }
        let (used, limit, reserve) = (number(usage.used), number(usage.policy.limit), number(usage.policy.reserve))
        return t(
            "오늘 백그라운드 작업에 쓸 KOBIS 호출 한도를 다 썼습니다 (하루 \(limit)번 중 \(used)번 사용, \(reserve)번은 "
                + "웹 이용자 몫). 나머지는 내일(한국 시간 자정 뒤) 이어서 합니다.",
            "Today's KOBIS quota for background work is used up (\(used) of \(limit) calls today; \(reserve) are kept "
                + "for readers); the rest waits for tomorrow (after midnight KST).")
    }

    /// An item of a sync: a chart's day or week, a film, a page of a movie list.
    public func syncItem(_ item: SyncItem) -> String {
        switch item {
        case .chart(let query) where query.kind == .daily: return query.range.start.isoString
        case .chart(let query):
            let range = "\(query.range.start)–\(query.range.end)"
            switch query.kind {
            case .week: return t("주간 \(range)", "week \(range)")
            case .weekend: return t("주말 \(range)", "weekend \(range)")
            default: return t("주중 \(range)", "weekdays \(range)")
            }
        case .movie(let code): return t("영화 \(code)", "movie \(code)")
        case .movieList(let year, let page): return t("\(year)년 영화 목록 \(page)쪽", "movie list \(year) page \(page)")
        }
    }

    /// A backfill's failed item, as one line.
    public func backfillFailure(_ failure: BackfillFailure) -> String {
        switch failure {
        case .item(let item, let problem): return "\(syncItem(item)): \(sync(problem))"
        case .text(let text): return text
        }
    }

    /// What a finished backfill has to say, as one line.
    public func backfillMessage(_ message: BackfillMessage) -> String {
        switch message {
        case .itemsFailed(let count):
            return t("항목 \(number(count))개가 실패했습니다.", "\(number(count)) item(s) failed.")
        case .notCountedYet(let charts):
            return t(
                "최근 순위표 \(number(charts))개는 KOBIS가 아직 집계하지 않았습니다. 나중에 다시 실행해 주세요.",
                "\(number(charts)) recent chart(s) are not counted by KOBIS yet; run it again later.")
        case .budget(let calls):
            return t(
                "호출 예산 \(number(calls))번에서 멈췄습니다. 다시 시작하면 이어서 합니다.",
                "Stopped at the call budget of \(number(calls)) calls; restart to continue.")
        case .serverStopped:
            return t("작업 중에 서버가 멈췄습니다.", "The server stopped while the job ran.")
        case .instanceLost:
            return t(
                "작업하던 서버 인스턴스가 응답하지 않습니다. 다시 시작하면 이어서 합니다.",
                "Its server instance stopped answering; restart it to continue.")
        case .repeatedFailures(let count, let last):
            return t(
                "연달아 \(count)번 실패해 멈췄습니다 (마지막: \(sync(last))).",
                "Stopped after \(count) failures in a row (last: \(sync(last))).")
        case .problem(let problem):
            return sync(problem)
        case .text(let text):
            return text
        }
    }
}
