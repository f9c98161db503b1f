import BoxOfficeCore
import BoxOfficeText
import Testing

@Suite("ReasonText: the words of the typed reasons")
struct ReasonTextTests {
    @Test("fields are named in Korean with the API's name beside them; `to` by what the rule says it is")
    func fieldNames() {
        let korean = ReasonText(.korean)
        #expect(
            korean.input(InputProblem("to", .future(latest: CalendarDate("2024-03-19")!), value: "2099-01-01"))
                .hasPrefix("종료일(to) \"2099-01-01\""))
        #expect(
            korean.input(InputProblem("to", .unknownCategory, value: "X")) == "옮길 분류(to): ID가 X인 분류가 없습니다.")
        #expect(korean.input(InputProblem("to", .required)) == "옮길 분류(to): 값이 있어야 합니다.")
        #expect(ReasonText(.english).input(InputProblem("to", .required)) == "to is required.")
        #expect(korean.input(InputProblem("unknownField", .required)) == "unknownField: 값이 있어야 합니다.")
    }

    @Test("a backfill failure stored by an earlier version is shown as it was written")
    func backfillFailures() {
        let english = ReasonText(.english)
        #expect(
            english.backfillFailure(.text("2024-03-02: KOBIS answered HTTP 404"))
                == "2024-03-02: KOBIS answered HTTP 404")
        #expect(
            english.backfillFailure(.item(.movie(code: "20124079"), .noDetails(movieCode: "20124079")))
                == "movie 20124079: KOBIS has no details for movie 20124079.")
        #expect(
            ReasonText(.korean).backfillFailure(.item(.movie(code: "20124079"), .upstream(.httpStatus(502))))
                == "영화 20124079: KOBIS가 오류(HTTP 502)로 답했습니다. 잠시 뒤에 다시 해 보세요.")
        #expect(ReasonText(.korean).upstream(.httpStatus(404)) == "KOBIS가 오류(HTTP 404)로 답했습니다.")
        #expect(english.upstream(.httpStatus(500)) == "KOBIS failed: it answered HTTP 500. Please try again later.")
    }
}
