/// A film's titles. Korean films get Korean titles with English translations; most foreign films
/// get an English title with its Korean transliteration, some a translated Korean title.
///
/// Titles are unique: the film's ordinal is sent through a bijection into the space of word
/// combinations, so no two films (through 2030) share a title.
struct FilmTitle: Sendable, Hashable {
    /// `movieNm`.
    let korean: String
    /// `movieNmEn`.
    let english: String
    /// `movieNmOg`: the original title of foreign films; empty for Korean films.
    let original: String

    static func title(for film: FilmSpec) -> FilmTitle {
        if film.isKorean {
            let (korean, english) = koreanTitle(film.ordinal)
            return FilmTitle(korean: korean, english: english, original: "")
        }
        let translated = DeterministicHash.unit(DeterministicHash.hash(.titleOrder, seed: film.seed)) < 0.25
        let (korean, english) = translated ? koreanTitle(film.ordinal) : foreignTitle(film.ordinal)
        return FilmTitle(korean: korean, english: english, original: english)
    }

    // MARK: Korean title space

    private typealias Words = FictionalWords

    private static let koreanPatternSizes: [Int] = [
        Words.places.count * Words.nouns.count,  // 한강의 여름
        Words.modifiers.count * Words.groups.count,  // 별빛 수사대
        Words.adjectives.count * Words.nouns.count,  // 마지막 약속
        Words.places.count * Words.groups.count,  // 남산 탐정단
        Words.nouns.count * (Words.nouns.count - 1),  // 여름의 비밀
    ]
    private static let koreanBaseCount = koreanPatternSizes.reduce(0, +)
    /// Every base title also exists as a sequel ("… 2").
    static let koreanTitleCount = koreanBaseCount * 2

    static func koreanTitle(_ ordinal: Int) -> (korean: String, english: String) {
        var index = permute(ordinal, count: koreanTitleCount)
        let isSequel = index >= koreanBaseCount
        index %= koreanBaseCount
        var pattern = 0
        while index >= koreanPatternSizes[pattern] {
            index -= koreanPatternSizes[pattern]
            pattern += 1
        }
        let korean: String
        let english: String
        switch pattern {
        case 0:
            let place = Words.places[index / Words.nouns.count]
            let noun = Words.nouns[index % Words.nouns.count]
            (korean, english) = ("\(place.korean)의 \(noun.korean)", "\(noun.english) of \(place.english)")
        case 1:
            let modifier = Words.modifiers[index / Words.groups.count]
            let group = Words.groups[index % Words.groups.count]
            (korean, english) = ("\(modifier.korean) \(group.korean)", "\(modifier.english) \(group.english)")
        case 2:
            let adjective = Words.adjectives[index / Words.nouns.count]
            let noun = Words.nouns[index % Words.nouns.count]
            (korean, english) = ("\(adjective.korean) \(noun.korean)", "The \(adjective.english) \(noun.english)")
        case 3:
            let place = Words.places[index / Words.groups.count]
            let group = Words.groups[index % Words.groups.count]
            (korean, english) = ("\(place.korean) \(group.korean)", "\(place.english) \(group.english)")
        default:
            let (first, second) = distinctPair(index, count: Words.nouns.count)
            let owner = Words.nouns[first]
            let noun = Words.nouns[second]
            (korean, english) = ("\(owner.korean)의 \(noun.korean)", "\(noun.english) of \(owner.english)")
        }
        return isSequel ? ("\(korean) 2", "\(english) 2") : (korean, english)
    }

    // MARK: Foreign title space

    private static let foreignPairCount = Words.foreignTitleWords.count * (Words.foreignTitleWords.count - 1)
    static let foreignTitleCount = foreignPairCount * 4

    static func foreignTitle(_ ordinal: Int) -> (korean: String, english: String) {
        let index = permute(ordinal, count: foreignTitleCount)
        let (first, second) = distinctPair(index % foreignPairCount, count: Words.foreignTitleWords.count)
        let a = Words.foreignTitleWords[first]
        let b = Words.foreignTitleWords[second]
        let korean: String
        let english: String
        if (index / foreignPairCount) % 2 == 0 {
            (korean, english) = ("\(a.korean) \(b.korean)", "\(a.english) \(b.english)")
        } else {
            (korean, english) = ("\(a.korean) 오브 \(b.korean)", "\(a.english) of \(b.english)")
        }
        return index >= foreignPairCount * 2 ? ("\(korean) 2", "\(english) 2") : (korean, english)
    }

    // MARK: Helpers

    /// A bijection of `0..<count` (for ordinals below `count`): multiply by a prime that divides
    /// neither title count, then offset.
    private static func permute(_ ordinal: Int, count: Int) -> Int {
        let multiplier = 7_919
        let value = (ordinal % count) * multiplier + 1_234
        return value % count
    }

    /// The `index`-th ordered pair of distinct indices below `count`.
    private static func distinctPair(_ index: Int, count: Int) -> (Int, Int) {
        let first = index / (count - 1)
        let rest = index % (count - 1)
        return (first, rest >= first ? rest + 1 : rest)
    }
}
