import BoxOfficeCore
import BoxOfficeTestSupport
import BoxOfficeText
import Foundation
import Testing

@Suite("KOBIS vocabulary in English")
struct KOBISVocabularyTests {
    static let wideAreas = KOBISWideAreas.all

    static let english = KOBISVocabulary.english
    static let korean = KOBISVocabulary.korean

    @Test("all of KOBIS's genres have English names")
    func genres() {
        let genres = [
            "드라마", "코미디", "액션", "멜로/로맨스", "스릴러", "미스터리", "공포(호러)", "어드벤처", "어드벤쳐", "범죄", "가족", "판타지",
            "SF", "서부극(웨스턴)", "사극", "애니메이션", "다큐멘터리", "전쟁", "뮤지컬", "성인물(에로)", "공연", "기타",
        ]
        for genre in genres {
            #expect(KOBISVocabulary.english(genre, .genre) != nil, "\(genre)")
        }
        #expect(Self.english.name("어드벤쳐", .genre) == "Adventure")
        #expect(Self.english.name("공포(호러)", .genre) == "Horror")
    }

    @Test("grades, old and new; movie types; production statuses; company parts; formats")
    func fixedLists() {
        let lists: [(KOBISVocabulary.Kind, [String])] = [
            (
                .grade,
                [
                    "전체관람가", "12세이상관람가", "15세이상관람가", "청소년관람불가", "제한상영가", "12세관람가", "15세관람가", "18세관람가",
                    "연소자관람가", "연소자관람불가", "고등학생이상관람가", "중학생이상관람가", "모두관람가",
                ]
            ),
            (.movieType, ["장편", "단편", "옴니버스", "기타"]),
            (.productionStatus, ["개봉", "개봉예정", "개봉준비", "촬영진행", "후반작업", "기타"]),
            (.companyPart, ["제작사", "배급사", "수입사", "제공", "공동제공", "해외세일즈사"]),
            (.showType, ["필름", "디지털", "디지털 가치봄", "디지털 영문자막", "청각장애인용 자막"]),
        ]
        for (kind, terms) in lists {
            for term in terms {
                #expect(KOBISVocabulary.english(term, kind) != nil, "\(kind) \(term)")
            }
        }
        #expect(Self.english.name("15세이상관람가", .grade) == "15 and over")
        #expect(Self.english.name("배급사", .companyPart) == "Distributor")
        // Latin format names need no entry: they stay as KOBIS wrote them.
        #expect(Self.english.name("IMAX", .showType) == "IMAX")
    }

    @Test("the common nations, and every nation the simulator and the samples name")
    func nations() {
        let nations = [
            "한국", "미국", "일본", "중국", "홍콩", "대만", "영국", "프랑스", "독일", "이탈리아", "스페인", "캐나다", "호주", "인도", "태국",
            "러시아", "스웨덴", "덴마크", "벨기에", "아일랜드", "뉴질랜드", "멕시코", "브라질", "아르헨티나", "카자흐스탄",
        ]
        for nation in nations {
            #expect(KOBISVocabulary.english(nation, .nation) != nil, "\(nation)")
        }
        #expect(Self.english.name("독일", .nation) == "Germany")
    }

    @Test("the 17 wide areas, KOBIS's English name first, never blank")
    func regions() {
        for area in Self.wideAreas {
            let blank = Region(code: area.code, koreanName: area.korean, englishName: "")
            #expect(Self.english.region(blank) == area.english, "\(area.korean)")
            #expect(Self.korean.region(blank) == area.korean)
        }
        // KOBIS's own English name wins when it gives one.
        let named = Region(code: "0105002", koreanName: "경기도", englishName: "Gyeonggi-do")
        #expect(Self.english.region(named) == "Gyeonggi-do")
        // A renamed area is still known by its code; an unknown one keeps its Korean name, then its code.
        #expect(Self.english.region(Region(code: "0105003", koreanName: "강원", englishName: " ")) == "Gangwon")
        #expect(Self.english.region(Region(code: "0105099", koreanName: "새지역", englishName: "")) == "새지역")
        #expect(Self.english.region(Region(code: "0105099", koreanName: "", englishName: "")) == "0105099")
    }

    /// The real code list, when the shared samples are next to the repository.
    @Test("the real wide-area code list: empty engNm, every area named in English")
    func realCodeList() throws {
        let sample = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("shared/kobis-samples/more/codelist-wideareas-0105000000.extracted.json")
        guard let data = try? Data(contentsOf: sample) else { return }
        struct CodeList: Decodable {
            struct Code: Decodable {
                var fullCd: String
                var korNm: String
                var engNm: String
            }
            var codes: [Code]
        }
        let codes = try JSONDecoder().decode(CodeList.self, from: data).codes
        #expect(codes.count == 17)
        for code in codes {
            let region = Region(code: code.fullCd, koreanName: code.korNm, englishName: code.engNm)
            let name = Self.english.region(region)
            #expect(name != code.korNm && !name.isEmpty, "\(code.korNm)")
            #expect(Self.wideAreas.contains { $0.code == code.fullCd && $0.korean == code.korNm })
        }
    }

    @Test("an unknown word stays as KOBIS wrote it; Korean stays untouched")
    func fallback() {
        #expect(Self.english.name("신장르", .genre) == "신장르")
        #expect(Self.english.name(" 드라마 ", .genre) == "Drama")
        #expect(Self.korean.name("드라마", .genre) == "드라마")
        #expect(Self.korean.names(["한국", "미국"], .nation) == ["한국", "미국"])
        #expect(Self.english.names(["한국", "미국"], .nation) == ["South Korea", "USA"])
        for kind in KOBISVocabulary.Kind.allCases {
            for term in KOBISVocabulary.knownTerms(kind) {
                #expect(KOBISVocabulary.english(term, kind)?.isEmpty == false, "\(kind) \(term)")
            }
        }
    }

    @Test("JSON values: the same shapes, the words in English")
    func domainValues() {
        let movie = Movie(
            code: "1", title: "영화", status: "개봉", type: "장편", nations: ["독일", "미지국"], genres: ["어드벤쳐"],
            grades: ["15세이상관람가"], companies: [MovieCompany(name: "회사", part: "배급사")],
            showTypes: [ShowType(group: "2D", name: "디지털")], source: .sample, fetchedAt: Date(timeIntervalSince1970: 0))
        #expect(Self.korean.movie(movie) == movie)
        let english = Self.english.movie(movie)
        #expect(english.nations == ["Germany", "미지국"])
        #expect(english.genres == ["Adventure"])
        #expect(english.grades == ["15 and over"])
        #expect(english.status == "Released")
        #expect(english.type == "Feature")
        #expect(english.companies == [MovieCompany(name: "회사", part: "Distributor")])
        #expect(english.showTypes == [ShowType(group: "2D", name: "Digital")])
        #expect(english.title == "영화")

        let counts = [
            DiaryNamedCount(name: "드라마", count: 2), DiaryNamedCount(name: "어드벤처", count: 1),
            DiaryNamedCount(name: "어드벤쳐", count: 2),
        ]
        #expect(
            Self.english.namedCounts(counts, .genre) == [
                DiaryNamedCount(name: "Adventure", count: 3), DiaryNamedCount(name: "Drama", count: 2),
            ])
        #expect(Self.korean.namedCounts(counts, .genre) == counts)
    }
}
