/// A fictional film person: a director, an actor or a staff member, in one of three name pools.
struct FictionalPerson: Sendable, Hashable {
    /// Which names a person gets, by the nation of the films they work on.
    enum Pool: Int, Sendable, CaseIterable {
        case korean = 0
        case western = 1
        case japanese = 2

        /// People in the pool: the first 12% are directors, the last 13% staff, the rest actors.
        var size: Int {
            switch self {
            case .korean: return 3_000
            case .western: return 2_400
            case .japanese: return 600
            }
        }
        var codeBase: Int {
            switch self {
            case .korean: return 10_010_000
            case .western: return 10_050_000
            case .japanese: return 10_080_000
            }
        }
        /// Where the pool starts in ``FictionalPerson/everyone``.
        var offset: Int {
            switch self {
            case .korean: return 0
            case .western: return Pool.korean.size
            case .japanese: return Pool.korean.size + Pool.western.size
            }
        }
        var directors: Range<Int> { 0..<(size * 12 / 100) }
        var actors: Range<Int> { (size * 12 / 100)..<(size * 87 / 100) }
        var staff: Range<Int> { (size * 87 / 100)..<size }
    }

    /// `repRoleNm`.
    enum Role: String, Sendable {
        case director = "감독"
        case actor = "배우"
        case staff = "스탭"
    }

    let pool: Pool
    let index: Int
    /// `peopleCd`: 8 digits.
    let code: String
    let name: String
    let nameEnglish: String
    let isFemale: Bool
    let role: Role

    /// `sex` as KOBIS writes it.
    var sex: String { isFemale ? "여자" : "남자" }

    /// The person at `index` of `pool`. Pure.
    init(pool: Pool, index: Int) {
        self.pool = pool
        self.index = index
        code = String(pool.codeBase + index)
        role = pool.directors.contains(index) ? .director : (pool.actors.contains(index) ? .actor : .staff)
        var random = SeededGenerator(seed: DeterministicHash.hash(.person, pool.rawValue, index))
        switch pool {
        case .korean:
            let surname = random.pick(FictionalWords.koreanSurnames)
            let first = random.pick(FictionalWords.koreanSyllables)
            var second = random.pick(FictionalWords.koreanSyllables)
            if second == first { second = random.pick(FictionalWords.koreanSyllables) }
            name = surname.korean + first.korean + second.korean
            nameEnglish = "\(surname.english) \(first.english.capitalized)-\(second.english)"
            isFemale = random.chance(0.45)
        case .western:
            let given = random.pick(FictionalWords.westernGivenNames)
            let surname = random.pick(FictionalWords.westernSurnames)
            name = "\(given.word.korean) \(surname.korean)"
            nameEnglish = "\(given.word.english) \(surname.english)"
            isFemale = given.isFemale
        case .japanese:
            let given = random.pick(FictionalWords.japaneseGivenNames)
            let surname = random.pick(FictionalWords.japaneseSurnames)
            name = "\(surname.korean) \(given.word.korean)"
            nameEnglish = "\(given.word.english) \(surname.english)"
            isFemale = given.isFemale
        }
    }

    /// The person with `code`, or `nil` when no pool holds it.
    init?(code: String) {
        guard code.count == 8, let number = Int(code) else { return nil }
        for pool in Pool.allCases where (pool.codeBase..<(pool.codeBase + pool.size)).contains(number) {
            self.init(pool: pool, index: number - pool.codeBase)
            return
        }
        return nil
    }

    /// Every person in every pool, in code order. Built once, on first use; immutable after.
    static let everyone: [FictionalPerson] = Pool.allCases.flatMap { pool in
        (0..<pool.size).map { FictionalPerson(pool: pool, index: $0) }
    }

    /// The person at `index` of `pool`, from ``everyone``.
    static func person(_ pool: Pool, _ index: Int) -> FictionalPerson {
        everyone[pool.offset + index]
    }

    /// This person's position in ``everyone``.
    var globalIndex: Int { pool.offset + index }
}

extension String {
    /// The string with its first character uppercased ("min" → "Min").
    fileprivate var capitalized: String { prefix(1).uppercased() + dropFirst() }
}
