import Foundation

/// The closed-form audience model: a film's admissions on a day depend only on the film, the day
/// and (for regional charts) the region, so no day needs the history before it except for the
/// film's own cumulative sums, which cover at most ~100 days.
enum AudienceModel {
    /// Admissions relative to a Wednesday, Monday first.
    static let weekdayFactors: [Double] = [0.82, 0.88, 1.0, 0.95, 1.3, 2.4, 2.0]

    /// ISO weekday of `day` (days since epoch): 1 = Monday … 7 = Sunday.
    static func isoWeekday(_ day: Int) -> Int {
        let remainder = (day + 3) % 7
        return (remainder < 0 ? remainder + 7 : remainder) + 1
    }

    /// Busier in the January and July–August holidays, quieter in spring and autumn.
    static func seasonFactor(_ day: Int) -> Double {
        let yearFraction = (Double(day) / 365.2425).truncatingRemainder(dividingBy: 1)
        return 1 + 0.1 * cos(4 * Double.pi * (yearFraction - 15 / 365.2425))
    }

    /// The film's share of national figures in wide area `regionIndex` (an index into
    /// ``CommonCodes/wideAreas``): the area's usual weight varied per film, normalized to sum to 1.
    static func regionShare(_ film: FilmSpec, regionIndex: Int) -> Double {
        var total = 0.0
        var share = 0.0
        for (index, area) in CommonCodes.wideAreas.enumerated() {
            let variation =
                0.65 + 0.7 * DeterministicHash.unit(DeterministicHash.hash(.regionShare, seed: film.seed, index))
            let weight = area.weight * variation
            total += weight
            if index == regionIndex { share = weight }
        }
        return share / total
    }

    /// The film's figures on `day`, scaled by `regionShare` when given; `nil` when it did not play.
    static func figures(_ film: FilmSpec, on day: Int, regionShare: Double? = nil) -> DailyFigures? {
        guard film.isScheduled(on: day) else { return nil }
        let weekday = isoWeekday(day)
        let isWeekend = weekday >= 6
        let season = seasonFactor(day)
        let noise = 0.9 + 0.2 * DeterministicHash.unit(DeterministicHash.hash(.dailyNoise, seed: film.seed, day))

        let level: Double
        var screens: Int
        if film.isPreview(day) {
            level = film.popularity * 0.1
            screens = min(400, max(5, Int(film.popularity / 900) + 5))
        } else {
            let age = Double(day - film.openDay)
            let lateRun = age / Double(film.runDays)
            level = film.popularity * exp(-age / film.decayDays - 2 * lateRun * lateRun * lateRun * lateRun)
            let screenNoise =
                0.95 + 0.1 * DeterministicHash.unit(DeterministicHash.hash(.screenNoise, seed: film.seed, day))
            screens = min(2_000, max(1, Int((level * season / 150 + 3) * screenNoise)))
        }
        var audience = Int64((level * weekdayFactors[weekday - 1] * season * noise).rounded())

        let showRoll = DeterministicHash.unit(DeterministicHash.hash(.showNoise, seed: film.seed, day))
        let showsPerScreen = film.isPreview(day) ? 1 + showRoll : 3.4 + 1.6 * showRoll + (isWeekend ? 0.5 : 0)
        var shows = min(10_000, max(screens, Int(Double(screens) * showsPerScreen)))

        let priceStep = Int(DeterministicHash.hash(.priceNoise, seed: film.seed, day) % 41) - 20
        let price = Int64(film.ticketPrice + (isWeekend ? 600 : 0) + 10 * priceStep)

        if let regionShare {
            audience = Int64((Double(audience) * regionShare).rounded())
            screens = min(screens, max(1, Int((Double(screens) * regionShare * 1.15).rounded())))
            shows = max(screens, Int((Double(shows) * regionShare).rounded()))
        }
        guard audience > 0 else { return nil }
        return DailyFigures(audience: audience, sales: audience * price, screens: screens, shows: shows)
    }

    /// Audience and sales from the film's first day through `day`, inclusive.
    static func cumulative(_ film: FilmSpec, through day: Int, regionShare: Double? = nil) -> (
        audience: Int64, sales: Int64
    ) {
        var audience: Int64 = 0
        var sales: Int64 = 0
        let last = min(day, film.lastShowDay)
        guard last >= film.firstShowDay else { return (0, 0) }
        for current in film.firstShowDay...last {
            if let figures = figures(film, on: current, regionShare: regionShare) {
                audience += figures.audience
                sales += figures.sales
            }
        }
        return (audience, sales)
    }
}
