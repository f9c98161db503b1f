import BoxOfficeCore

// The document's market made from the core's, member for member (`APIBodyBytesTests` holds them to the same bytes).

extension Components.Schemas.MarketYearsReport {
    init(_ report: MarketYearsReport) {
        self.init(source: .init(report.source), years: report.years.map(Components.Schemas.MarketYear.init))
    }
}

extension Components.Schemas.MarketYear {
    init(_ year: MarketYear) {
        self.init(
            year: year.year, days: year.days, archivedDays: year.archivedDays,
            sales: year.sales.map(Components.Schemas.Figure.init),
            change: year.change.map(Components.Schemas.Figure.init), comparedDays: year.comparedDays,
            outsideShare: year.outsideShare.map(Components.Schemas.Figure.init),
            koreanShare: year.koreanShare.map(Components.Schemas.Figure.init), monopolyDays: year.monopolyDays,
            meanShowHHI: year.meanShowHHI,
            partialScreens: year.partialScreens)
    }
}

extension Components.Schemas.MarketDaysReport {
    init(_ report: MarketDaysReport) {
        self.init(
            englishTitles: report.englishTitles.map { .init(additionalProperties: $0) }, range: .init(report.range),
            source: .init(report.source), days: report.days,
            archivedDays: report.archivedDays, missing: report.missing.map(Components.Schemas.DateRange.init),
            sales: report.sales.map(Components.Schemas.Figure.init),
            outsideShare: report.outsideShare.map(Components.Schemas.Figure.init),
            koreanShare: report.koreanShare.map(Components.Schemas.Figure.init), comparison: .init(report.comparison),
            lines: report.lines.map(Components.Schemas.MarketDayLine.init),
            topShowDays: report.topShowDays.map(Components.Schemas.MarketDayLine.init),
            overAllocated: report.overAllocated.map(Components.Schemas.MarketFilmLine.init),
            months: report.months.map(Components.Schemas.MarketMonth.init), partialScreens: report.partialScreens)
    }
}

extension Components.Schemas.MarketComparison {
    init(_ comparison: MarketComparison) {
        self.init(
            range: .init(comparison.range), previousRange: .init(comparison.previousRange), days: comparison.days,
            sales: comparison.sales.map(Components.Schemas.Figure.init),
            previousSales: comparison.previousSales.map(Components.Schemas.Figure.init),
            change: comparison.change.map(Components.Schemas.Figure.init))
    }
}

extension Components.Schemas.MarketDayLine {
    init(_ line: MarketDayLine) {
        self.init(
            date: line.date.isoString, sales: line.sales.map(Components.Schemas.Figure.init),
            topTenShare: line.topTenShare.map(Components.Schemas.Figure.init),
            koreanShare: line.koreanShare.map(Components.Schemas.Figure.init), inconsistent: line.inconsistent,
            firstMovieCode: line.firstMovieCode, firstTitle: line.firstTitle, firstShowShare: line.firstShowShare,
            showHHI: line.showHHI, monopoly: line.monopoly,
            holiday: line.holiday.map(Components.Schemas.KoreanHoliday.init)
        )
    }
}

extension Components.Schemas.MarketFilmLine {
    init(_ film: MarketFilmLine) {
        self.init(
            movieCode: film.movieCode, title: film.title, days: film.days, showShare: film.showShare,
            salesShare: film.salesShare, overAllocation: film.overAllocation)
    }
}

extension Components.Schemas.MarketMonth {
    init(_ month: MarketMonth) {
        self.init(
            month: month.month, days: month.days, archivedDays: month.archivedDays,
            sales: month.sales.map(Components.Schemas.Figure.init),
            outsideShare: month.outsideShare.map(Components.Schemas.Figure.init),
            koreanShare: month.koreanShare.map(Components.Schemas.Figure.init),
            monopolyDays: month.monopolyDays, meanShowHHI: month.meanShowHHI)
    }
}

extension Components.Schemas.MarketHolidaysReport {
    init(_ report: MarketHolidaysReport) {
        self.init(
            englishTitles: report.englishTitles.map { .init(additionalProperties: $0) }, holiday: .init(report.holiday),
            source: .init(report.source),
            windows: report.windows.map(Components.Schemas.MarketHolidayWindow.init))
    }
}

extension Components.Schemas.MarketHolidayWindow {
    init(_ window: MarketHolidayWindow) {
        self.init(
            year: window.year, day: window.day.isoString, range: .init(window.range), days: window.days,
            archivedDays: window.archivedDays, sales: window.sales.map(Components.Schemas.Figure.init),
            koreanShare: window.koreanShare.map(Components.Schemas.Figure.init), topMovieCode: window.topMovieCode,
            topTitle: window.topTitle,
            topSales: window.topSales, change: window.change.map(Components.Schemas.Figure.init),
            partialScreens: window.partialScreens)
    }
}

extension Components.Schemas.KoreanHoliday {
    init(_ holiday: KoreanHoliday) {
        switch holiday {
        case .seollal: self = .seollal
        case .chuseok: self = .chuseok
        }
    }
}
