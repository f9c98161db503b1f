import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// A poster source that answers from a script and counts calls.
final class ScriptedPosterSource: PosterSource, Sendable {
    let name = "scripted"
    private let state: Locked<(calls: Int, answer: Result<URL?, PosterSourceError>)>
    private let delay: Duration

    init(answer: Result<URL?, PosterSourceError>, delay: Duration = .zero) {
        self.state = Locked((0, answer))
        self.delay = delay
    }

    var callCount: Int { state.withLock { $0.calls } }
    func setAnswer(_ answer: Result<URL?, PosterSourceError>) { state.withLock { $0.answer = answer } }

    func posterURL(for query: PosterQuery) async throws -> URL? {
        let answer = state.withLock { state -> Result<URL?, PosterSourceError> in
            state.calls += 1
            return state.answer
        }
        if delay > .zero { try await Task.sleep(for: delay) }
        return try answer.get()
    }
}

@Suite("Posters")
struct PosterServiceTests {
    let query = PosterQuery(code: "20199882", title: "경관의 피", titleEnglish: "The Policeman's Lineage", year: 2022)
    let poster = URL(string: "https://image.example/p.jpg")!

    @Test("a found poster is remembered for 30 days, then looked up again")
    func foundIsCached() async throws {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let source = ScriptedPosterSource(answer: .success(poster))
        let service = PosterService(
            source: source, cache: InMemoryResponseCache(), calendar: BoxOfficeCalendar(now: clock.function))
        #expect(try await service.posterURL(for: query) == poster)
        clock.advance(29 * 86_400)
        #expect(try await service.posterURL(for: query) == poster)
        #expect(source.callCount == 1)
        clock.advance(2 * 86_400)
        _ = try await service.posterURL(for: query)
        #expect(source.callCount == 2)
    }

    @Test("\"no poster\" is remembered for a day only")
    func missingIsCachedBriefly() async throws {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let source = ScriptedPosterSource(answer: .success(nil))
        let service = PosterService(
            source: source, cache: InMemoryResponseCache(), calendar: BoxOfficeCalendar(now: clock.function))
        #expect(try await service.posterURL(for: query) == nil)
        #expect(try await service.posterURL(for: query) == nil)
        #expect(source.callCount == 1)
        clock.advance(86_401)
        source.setAnswer(.success(poster))
        #expect(try await service.posterURL(for: query) == poster)
        #expect(source.callCount == 2)
    }

    @Test("a failure is not remembered; an expired stored answer is served while the service fails")
    func failures() async throws {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let failure = PosterSourceError(source: "scripted", reason: "HTTP 503")
        let source = ScriptedPosterSource(answer: .failure(failure))
        let service = PosterService(
            source: source, cache: InMemoryResponseCache(), calendar: BoxOfficeCalendar(now: clock.function))
        await #expect(throws: PosterSourceError.self) { try await service.posterURL(for: query) }
        source.setAnswer(.success(poster))
        #expect(try await service.posterURL(for: query) == poster)
        #expect(source.callCount == 2)
        clock.advance(31 * 86_400)
        source.setAnswer(.failure(failure))
        #expect(try await service.posterURL(for: query) == poster)
    }

    @Test("concurrent lookups of one movie make one call")
    func singleFlight() async throws {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let source = ScriptedPosterSource(answer: .success(poster), delay: .milliseconds(50))
        let service = PosterService(
            source: source, cache: InMemoryResponseCache(), calendar: BoxOfficeCalendar(now: clock.function))
        try await withThrowingTaskGroup(of: URL?.self) { group in
            for _ in 0..<40 { group.addTask { try await service.posterURL(for: query) } }
            for try await url in group { #expect(url == poster) }
        }
        #expect(source.callCount == 1)
    }

    @Test("without a source there is never a poster and nothing is called")
    func disabled() async throws {
        let service = PosterService(source: nil, cache: InMemoryResponseCache(), calendar: BoxOfficeCalendar())
        #expect(!service.isEnabled)
        #expect(try await service.posterURL(for: query) == nil)
    }

    @Test("titles to try skip empty and repeated ones")
    func titlesToTry() {
        let query = PosterQuery(code: "1", title: " 기생충 ", titleEnglish: "Parasite", titleOriginal: "기생충")
        #expect(query.titlesToTry == ["기생충", "Parasite"])
    }
}
