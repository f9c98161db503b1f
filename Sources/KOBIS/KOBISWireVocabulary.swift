/// KOBIS's own words: the values of its wire format that code compares against or writes.
///
/// KOBIS answers in Korean, and some of its values are vocabulary rather than data: the name it gives Korea,
/// the parts a company plays in a film, the marker that ends a cut-short filmography. They live here, in the
/// wire client, so that the domain compares against named constants instead of Korean literals. The
/// `rankOldAndNew` markers are ``RankEntryStatus``'s raw values.
public enum KOBISWireVocabulary {
    /// `nationNm` / `repNationNm` of Korea: `한국`.
    public static let koreaNationName = "한국"

    /// `companyPartNm` of a film's distributor: `배급사`.
    public static let distributorPart = "배급사"
    /// `companyPartNm` of a film's producer: `제작사`.
    public static let producerPart = "제작사"
    /// `companyPartNm` of a film's importer: `수입사`.
    public static let importerPart = "수입사"

    /// `source` of the movie list and movie info answers: `영화진흥위원회`.
    public static let source = "영화진흥위원회"

    /// `boxofficeType` of a daily chart: `일별 박스오피스`.
    public static let dailyChartType = "일별 박스오피스"
    /// `boxofficeType` of a week chart (`weekGb=0`, Monday–Sunday): `주간 박스오피스`.
    public static let weekChartType = "주간 박스오피스"
    /// `boxofficeType` of a weekend chart (`weekGb=1`, Friday–Sunday): `주말 박스오피스`.
    public static let weekendChartType = "주말 박스오피스"
    /// `boxofficeType` of a weekdays chart (`weekGb=2`, Monday–Thursday): `주중 박스오피스`.
    public static let weekdaysChartType = "주중 박스오피스"

    /// `prdtStatNm` of a film that has opened: `개봉`.
    public static let releasedStatus = "개봉"
    /// `prdtStatNm` of a film about to open: `개봉예정`.
    public static let upcomingStatus = "개봉예정"
    /// `typeNm` of a feature film: `장편`.
    public static let featureType = "장편"

    /// What starts the marker that ends a company list's cut-short `filmoNames`: `...총` (then the count and
    /// ``filmographyTotalEnd``, as in `...총 420편`).
    public static let filmographyTotalStart = "...총"
    /// What ends the marker of a cut-short `filmoNames`: `편` (films).
    public static let filmographyTotalEnd = "편"

    /// The marker KOBIS appends to a company list's `filmoNames` when it lists only some of `total` films:
    /// `...총 420편`.
    public static func filmographyTotalMarker(_ total: Int) -> String {
        "\(filmographyTotalStart) \(total)\(filmographyTotalEnd)"
    }

    /// The `openDt` of a chart row that has no opening date, as KOBIS sends it for some re-releases: one space.
    public static let blankChartOpenDate = " "
}
