import KOBIS

/// When fictional films open: a few every week, seeded by the week index, so the films showing on
/// any day are found by looking at the last ~15 weeks only.
enum FilmSchedule {
    /// Monday 2003-12-29, the start of week 0 (the ISO week holding 2004-01-01).
    static let referenceMonday = CalendarDate(year: 2003, month: 12, day: 29)!.daysSinceEpoch
    /// The earliest week with films, so that 2004-01-01 already has films in mid-run.
    static let firstWeek = -16
    /// Longest run in days.
    static let maximumRunDays = 100
    /// Upper bound of films opening in one week (`slot` is below this).
    static let maximumFilmsPerWeek = 8
    /// Longest preview lead in days (previews on the weekend before opening).
    static let maximumPreviewLead = 5
    /// The share of diversity films that are re-releases with a blank chart `openDt` (``FilmSpec/isReRelease``).
    static let reReleaseShare = 0.1

    /// The week (0 = from 2003-12-29) that holds `day` (days since epoch).
    static func week(ofDay day: Int) -> Int {
        let offset = day - referenceMonday
        return offset >= 0 ? offset / 7 : -((-offset + 6) / 7)
    }

    /// The Monday of `week`, as days since epoch.
    static func monday(ofWeek week: Int) -> Int { referenceMonday + 7 * week }

    /// How many films open in `week`: 4 to 7.
    static func filmCount(inWeek week: Int) -> Int {
        guard week >= firstWeek else { return 0 }
        return 4 + Int(DeterministicHash.hash(.filmCount, week) % 4)
    }

    /// The films opening in `week`.
    static func films(inWeek week: Int) -> [FilmSpec] {
        (0..<filmCount(inWeek: week)).map { film(week: week, slot: $0) }
    }

    /// Every film with possible admissions on some day in `days` (days since epoch).
    static func films(scheduledIn days: ClosedRange<Int>) -> [FilmSpec] {
        let firstWeek = week(ofDay: days.lowerBound - maximumRunDays - 7)
        let lastWeek = week(ofDay: days.upperBound + maximumPreviewLead + 7)
        var result: [FilmSpec] = []
        for week in firstWeek...lastWeek {
            for film in films(inWeek: week)
            where film.firstShowDay <= days.upperBound && film.lastShowDay >= days.lowerBound {
                result.append(film)
            }
        }
        return result
    }

    /// The film in `slot` of `week`. Pure: the same arguments always give the same film.
    static func film(week: Int, slot: Int) -> FilmSpec {
        let seed = DeterministicHash.hash(.filmKind, week, slot)
        func unit(_ purpose: HashPurpose) -> Double {
            DeterministicHash.unit(DeterministicHash.hash(purpose, seed: seed))
        }
        func bits(_ purpose: HashPurpose) -> UInt64 { DeterministicHash.hash(purpose, seed: seed) }

        let tier: FilmSpec.Tier
        switch slot {
        case 0: tier = .lead
        case 1: tier = .second
        default: tier = unit(.diversity) < 0.45 ? .diversity : .regular
        }
        let isKorean = unit(.nation) < (tier == .diversity ? 0.4 : 0.5)

        let popularity: Double
        let decay: Double
        switch tier {
        case .lead:
            popularity = DeterministicHash.logUniform(bits(.popularity), in: 70_000...360_000)
            decay = 12 + 18 * unit(.decay)
        case .second:
            popularity = DeterministicHash.logUniform(bits(.popularity), in: 15_000...120_000)
            decay = 9 + 13 * unit(.decay)
        case .regular:
            popularity = DeterministicHash.logUniform(bits(.popularity), in: 2_000...45_000)
            decay = 6 + 10 * unit(.decay)
        case .diversity:
            popularity = DeterministicHash.logUniform(bits(.popularity), in: 250...9_000)
            decay = 8 + 17 * unit(.decay)
        }
        let runDays = min(maximumRunDays, Int(decay * 3.2) + 10 + Int(bits(.runLength) % 8))

        // Korean releases open on Wednesdays, some on Thursdays, a few on Tuesdays.
        let weekdayRoll = unit(.openWeekday)
        let weekdayOffset = weekdayRoll < 0.8 ? 2 : (weekdayRoll < 0.95 ? 3 : 1)
        let openDay = monday(ofWeek: week) + weekdayOffset
        // Previews on the Saturday and Sunday before opening, for a few commercial films.
        let previewLead = tier != .diversity && unit(.preview) < 0.05 ? weekdayOffset + 2 : 0

        let openYear = CalendarDate(daysSinceEpoch: openDay).year
        let isAlphanumeric = unit(.alphanumericCode) < 0.02
        let productionYear = !isAlphanumeric && unit(.productionYear) < 0.3 ? openYear - 1 : openYear
        let code: String
        if isAlphanumeric {
            // Unique within an opening year: at most 54 weeks open films in one year.
            let number = (((week % 100) + 100) % 100) * 10 + slot
            code = "\(openYear)C" + threeDigits(number)
        } else {
            // Unique within a production year: its films open within ~106 consecutive weeks.
            let number = 1000 + (((week % 500) + 500) % 500) * 10 + slot
            code = "\(productionYear)\(number)"
        }
        let ticketPrice = 9_300 + 10 * Int(bits(.ticketPrice) % 221)
        let isReRelease = tier == .diversity && unit(.reRelease) < reReleaseShare

        return FilmSpec(
            week: week, slot: slot, seed: seed, tier: tier, isKorean: isKorean, openDay: openDay,
            popularity: popularity, decayDays: decay, runDays: runDays, previewLead: previewLead,
            ticketPrice: ticketPrice, productionYear: productionYear, code: code, isReRelease: isReRelease)
    }

    private static func threeDigits(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, 3 - text.count)) + text
    }
}

extension FilmSchedule {
    /// The film with `code`, found by decoding the code back to its week and slot (no catalog
    /// needed); `nil` when no film has that code.
    static func film(code: String) -> FilmSpec? {
        let characters = Array(code)
        guard characters.count == 8, let year = Int(String(characters[0..<4])), year >= 1900,
            characters[0..<4].allSatisfy(\.isASCIIDigit)
        else { return nil }
        let isAlphanumeric = characters[4] == "C"
        let digits = isAlphanumeric ? characters[5...] : characters[4...]
        guard digits.allSatisfy(\.isASCIIDigit), let number = Int(String(digits)) else { return nil }

        let weekRemainder: Int
        let modulus: Int
        let slot: Int
        let openYears: ClosedRange<Int>
        if isAlphanumeric {
            (weekRemainder, slot, modulus, openYears) = (number / 10, number % 10, 100, year...year)
        } else {
            guard number >= 1000 else { return nil }
            (weekRemainder, slot, modulus, openYears) = (
                (number - 1000) / 10, (number - 1000) % 10, 500, year...(year + 1)
            )
        }
        guard slot < maximumFilmsPerWeek,
            let firstDay = CalendarDate(year: openYears.lowerBound, month: 1, day: 1)?.daysSinceEpoch,
            let lastDay = CalendarDate(year: openYears.upperBound, month: 12, day: 31)?.daysSinceEpoch
        else { return nil }
        for week in max(firstWeek, self.week(ofDay: firstDay) - 1)...(self.week(ofDay: lastDay) + 1)
        where ((week % modulus) + modulus) % modulus == weekRemainder && slot < filmCount(inWeek: week) {
            let film = film(week: week, slot: slot)
            if film.code == code { return film }
        }
        return nil
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
