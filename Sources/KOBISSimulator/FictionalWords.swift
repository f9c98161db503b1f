/// A word in Korean with its English counterpart (a translation, or for foreign titles and names,
/// the English original of a Korean transliteration).
struct WordPair: Sendable, Hashable {
    let korean: String
    let english: String
    init(_ korean: String, _ english: String) {
        self.korean = korean
        self.english = english
    }
}

/// A given name with a sex, for cast lists and people info.
struct GivenName: Sendable, Hashable {
    let word: WordPair
    let isFemale: Bool
    init(_ korean: String, _ english: String, female: Bool) {
        word = WordPair(korean, english)
        isFemale = female
    }
}

/// The word lists the fictional universe is built from. Every title, person and company is a
/// combination of these words, so nothing names a real film or person on purpose.
enum FictionalWords {
    // MARK: Korean titles

    static let places: [WordPair] = [
        .init("한강", "Hangang"), .init("남산", "Namsan"), .init("부산항", "Busan Port"), .init("제주", "Jeju"),
        .init("서울역", "Seoul Station"), .init("을지로", "Euljiro"), .init("북촌", "Bukchon"), .init("동해", "East Sea"),
        .init("섬진강", "Seomjingang"), .init("목포", "Mokpo"), .init("강릉", "Gangneung"), .init("청계천", "Cheonggyecheon"),
        .init("인왕산", "Inwangsan"), .init("소양강", "Soyanggang"), .init("영도", "Yeongdo"), .init("태백", "Taebaek"),
        .init("경주", "Gyeongju"), .init("전주", "Jeonju"), .init("여수", "Yeosu"), .init("통영", "Tongyeong"),
        .init("속초", "Sokcho"), .init("춘천", "Chuncheon"), .init("안동", "Andong"), .init("군산", "Gunsan"),
        .init("포항", "Pohang"), .init("울릉도", "Ulleungdo"), .init("지리산", "Jirisan"), .init("설악산", "Seoraksan"),
        .init("낙동강", "Nakdonggang"), .init("대관령", "Daegwallyeong"), .init("마포", "Mapo"), .init("성수동", "Seongsu"),
        .init("종로", "Jongno"), .init("이태원", "Itaewon"), .init("광안리", "Gwangalli"), .init("해운대", "Haeundae"),
        .init("진도", "Jindo"), .init("남해", "Namhae"), .init("백령도", "Baengnyeongdo"), .init("보성", "Boseong"),
    ]

    static let nouns: [WordPair] = [
        .init("여름", "Summer"), .init("겨울", "Winter"), .init("봄", "Spring"), .init("가을", "Autumn"),
        .init("밤", "Night"), .init("새벽", "Dawn"), .init("약속", "Promise"), .init("비밀", "Secret"),
        .init("노래", "Song"), .init("기억", "Memory"), .init("전설", "Legend"), .init("사람들", "People"),
        .init("아이들", "Children"), .init("고양이", "Cat"), .init("편지", "Letter"), .init("정원", "Garden"),
        .init("등대", "Lighthouse"), .init("시간", "Hours"), .init("바람", "Wind"), .init("연인", "Lovers"),
        .init("소년", "Boy"), .init("소녀", "Girl"), .init("유령", "Ghost"), .init("기적", "Miracle"),
        .init("하늘", "Sky"), .init("골목", "Alley"), .init("식탁", "Table"), .init("손님", "Guest"),
        .init("결혼식", "Wedding"), .init("장례식", "Funeral"), .init("축제", "Festival"), .init("파수꾼", "Watchman"),
        .init("이방인", "Stranger"), .init("목격자", "Witness"), .init("달리기", "Run"), .init("자전거", "Bicycle"),
        .init("택시", "Taxi"), .init("우체부", "Mailman"), .init("마녀", "Witch"), .init("왕", "King"),
    ]

    static let modifiers: [WordPair] = [
        .init("별빛", "Starlight"), .init("달빛", "Moonlight"), .init("번개", "Lightning"), .init("강철", "Steel"),
        .init("그림자", "Shadow"), .init("한밤", "Midnight"), .init("황금", "Golden"), .init("은빛", "Silver"),
        .init("붉은", "Crimson"), .init("푸른", "Blue"), .init("검은", "Black"), .init("하얀", "White"),
        .init("무쇠", "Iron"), .init("불꽃", "Flame"), .init("구름", "Cloud"), .init("안개", "Fog"),
        .init("노을", "Sunset"), .init("파도", "Wave"), .init("얼음", "Ice"), .init("천둥", "Thunder"),
        .init("보랏빛", "Violet"), .init("초록", "Green"), .init("무지개", "Rainbow"), .init("벼락", "Bolt"),
        .init("호랑이", "Tiger"), .init("까치", "Magpie"), .init("태풍", "Typhoon"), .init("은하", "Galaxy"),
        .init("해바라기", "Sunflower"), .init("반딧불", "Firefly"),
    ]

    static let groups: [WordPair] = [
        .init("수사대", "Squad"), .init("탐정단", "Detectives"), .init("원정대", "Expedition"), .init("특공대", "Commandos"),
        .init("클럽", "Club"), .init("가족", "Family"), .init("형제", "Brothers"), .init("자매", "Sisters"),
        .init("동맹", "Alliance"), .init("작전", "Operation"), .init("사냥꾼", "Hunters"), .init("기사단", "Knights"),
        .init("합창단", "Choir"), .init("구조대", "Rescue Team"), .init("밴드", "Band"), .init("학교", "School"),
        .init("식당", "Diner"), .init("극장", "Theater"), .init("특급", "Express"), .init("해적단", "Pirates"),
        .init("순찰대", "Patrol"), .init("요원들", "Agents"), .init("소방대", "Firefighters"), .init("경비대", "Guards"),
        .init("비행단", "Flyers"), .init("사기단", "Swindlers"), .init("연구소", "Laboratory"), .init("방송국", "Broadcasters"),
        .init("야구단", "Ball Club"), .init("결사대", "Vanguard"),
    ]

    static let adjectives: [WordPair] = [
        .init("마지막", "Last"), .init("첫", "First"), .init("위험한", "Dangerous"), .init("조용한", "Quiet"),
        .init("이상한", "Strange"), .init("완벽한", "Perfect"), .init("잃어버린", "Lost"), .init("오래된", "Old"),
        .init("작은", "Little"), .init("기묘한", "Curious"), .init("뜨거운", "Burning"), .init("차가운", "Cold"),
        .init("수상한", "Suspicious"), .init("따뜻한", "Warm"), .init("눈부신", "Dazzling"), .init("고요한", "Silent"),
        .init("낯선", "Unfamiliar"), .init("사라진", "Vanished"), .init("숨겨진", "Hidden"), .init("빛나는", "Shining"),
        .init("늦은", "Late"), .init("푸르른", "Verdant"), .init("거대한", "Giant"), .init("외로운", "Lonely"),
        .init("달콤한", "Sweet"), .init("무서운", "Fearsome"), .init("행복한", "Happy"), .init("용감한", "Brave"),
        .init("비겁한", "Cowardly"), .init("영원한", "Eternal"),
    ]

    // MARK: Foreign titles (English original, Korean transliteration)

    static let foreignTitleWords: [WordPair] = [
        .init("미드나잇", "Midnight"), .init("하버", "Harbor"), .init("섀도우", "Shadow"), .init("프로토콜", "Protocol"),
        .init("호라이즌", "Horizon"), .init("에코", "Echo"), .init("가든", "Garden"), .init("러너", "Runner"),
        .init("킹덤", "Kingdom"), .init("시그널", "Signal"), .init("프론티어", "Frontier"), .init("엠파이어", "Empire"),
        .init("오빗", "Orbit"), .init("스톰", "Storm"), .init("실버", "Silver"), .init("크림슨", "Crimson"),
        .init("아이언", "Iron"), .init("팬텀", "Phantom"), .init("레거시", "Legacy"), .init("스테이션", "Station"),
        .init("울프", "Wolf"), .init("페이퍼", "Paper"), .init("글래스", "Glass"), .init("윈터", "Winter"),
        .init("썸머", "Summer"), .init("코드", "Code"), .init("아일랜드", "Island"), .init("호텔", "Hotel"),
        .init("리버", "River"), .init("미션", "Mission"), .init("팰컨", "Falcon"), .init("아틀라스", "Atlas"),
        .init("엠버", "Ember"), .init("벨벳", "Velvet"), .init("애로우", "Arrow"), .init("코멧", "Comet"),
        .init("캐니언", "Canyon"), .init("랜턴", "Lantern"), .init("리들", "Riddle"), .init("하비스트", "Harvest"),
        .init("앵커", "Anchor"), .init("사이퍼", "Cipher"), .init("메도우", "Meadow"), .init("로그", "Rogue"),
        .init("사가", "Saga"), .init("템페스트", "Tempest"), .init("보이저", "Voyager"), .init("제니스", "Zenith"),
        .init("네온", "Neon"), .init("코퍼", "Copper"), .init("레이븐", "Raven"), .init("서밋", "Summit"),
        .init("아웃로", "Outlaw"), .init("서킷", "Circuit"), .init("미라지", "Mirage"), .init("노마드", "Nomad"),
        .init("파일럿", "Pilot"), .init("쿼츠", "Quartz"), .init("렐릭", "Relic"), .init("스패로우", "Sparrow"),
        .init("썬더", "Thunder"), .init("보텍스", "Vortex"), .init("윌로우", "Willow"), .init("욘더", "Yonder"),
        .init("블레이즈", "Blaze"), .init("드리프트", "Drift"), .init("페이블", "Fable"), .init("갬빗", "Gambit"),
        .init("할로우", "Hollow"), .init("주빌리", "Jubilee"),
    ]

    // MARK: People

    static let koreanSurnames: [WordPair] = [
        .init("김", "Kim"), .init("이", "Lee"), .init("박", "Park"), .init("최", "Choi"), .init("정", "Jung"),
        .init("강", "Kang"), .init("조", "Cho"), .init("윤", "Yoon"), .init("장", "Jang"), .init("임", "Lim"),
        .init("한", "Han"), .init("오", "Oh"), .init("서", "Seo"), .init("신", "Shin"), .init("권", "Kwon"),
        .init("황", "Hwang"), .init("안", "Ahn"), .init("송", "Song"), .init("류", "Ryu"), .init("홍", "Hong"),
        .init("전", "Jeon"), .init("고", "Ko"), .init("문", "Moon"), .init("양", "Yang"), .init("손", "Son"),
        .init("배", "Bae"), .init("백", "Baek"), .init("허", "Heo"), .init("남", "Nam"), .init("심", "Sim"),
    ]

    static let koreanSyllables: [WordPair] = [
        .init("민", "min"), .init("서", "seo"), .init("준", "jun"), .init("하", "ha"), .init("윤", "yun"),
        .init("지", "ji"), .init("현", "hyeon"), .init("우", "woo"), .init("도", "do"), .init("예", "ye"),
        .init("수", "su"), .init("진", "jin"), .init("재", "jae"), .init("승", "seung"), .init("태", "tae"),
        .init("은", "eun"), .init("영", "young"), .init("혜", "hye"), .init("성", "seong"), .init("원", "won"),
        .init("희", "hee"), .init("경", "kyung"), .init("주", "ju"), .init("연", "yeon"), .init("유", "yu"),
        .init("다", "da"), .init("소", "so"), .init("나", "na"), .init("해", "hae"), .init("건", "geon"),
        .init("호", "ho"), .init("석", "seok"), .init("훈", "hoon"), .init("린", "rin"), .init("아", "a"),
        .init("채", "chae"), .init("규", "gyu"), .init("빈", "bin"), .init("별", "byeol"), .init("솔", "sol"),
    ]

    static let westernGivenNames: [GivenName] = [
        .init("노라", "Nora", female: true), .init("엘리엇", "Elliot", female: false),
        .init("마렌", "Maren", female: true), .init("케일럽", "Caleb", female: false),
        .init("아이비", "Ivy", female: true), .init("로완", "Rowan", female: false),
        .init("테사", "Tessa", female: true), .init("데클런", "Declan", female: false),
        .init("헤이즐", "Hazel", female: true), .init("사일러스", "Silas", female: false),
        .init("클라라", "Clara", female: true), .init("펠릭스", "Felix", female: false),
        .init("렌", "Wren", female: true), .init("재스퍼", "Jasper", female: false),
        .init("그레타", "Greta", female: true), .init("마일스", "Miles", female: false),
        .init("레나", "Lena", female: true), .init("오토", "Otto", female: false),
        .init("델리아", "Delia", female: true), .init("위고", "Hugo", female: false),
        .init("베라", "Vera", female: true), .init("알로", "Arlo", female: false),
        .init("이디스", "Edith", female: true), .init("에밋", "Emmett", female: false),
    ]

    static let westernSurnames: [WordPair] = [
        .init("휫필드", "Whitfield"), .init("캘러웨이", "Calloway"), .init("애시그로브", "Ashgrove"),
        .init("펜로즈", "Penrose"), .init("홀리스터", "Hollister"), .init("말로", "Marlowe"),
        .init("손버리", "Thornbury"), .init("밴스", "Vance"), .init("킹슬리", "Kingsley"),
        .init("브래킷", "Brackett"), .init("던모어", "Dunmore"), .init("에벌리", "Everly"),
        .init("페어뱅크스", "Fairbanks"), .init("개릭", "Garrick"), .init("할러웨이", "Halloway"),
        .init("록리지", "Lockridge"), .init("메리웨더", "Merriweather"), .init("노스콧", "Northcott"),
        .init("펨버턴", "Pemberton"), .init("퀼", "Quill"), .init("래들리", "Radley"),
        .init("세이어", "Sayer"), .init("톨리버", "Tolliver"), .init("윈슬로", "Winslow"),
        .init("야들리", "Yardley"), .init("엘러리", "Ellery"), .init("크레스웰", "Cresswell"),
        .init("앰브로즈", "Ambrose"), .init("벨라미", "Bellamy"), .init("도시", "Dorsey"),
    ]

    static let japaneseGivenNames: [GivenName] = [
        .init("하루토", "Haruto", female: false), .init("소라", "Sora", female: true),
        .init("렌", "Ren", female: false), .init("히나", "Hina", female: true),
        .init("카이토", "Kaito", female: false), .init("유이", "Yui", female: true),
        .init("소타", "Sota", female: false), .init("미오", "Mio", female: true),
        .init("리쿠", "Riku", female: false), .init("아오이", "Aoi", female: true),
        .init("이츠키", "Itsuki", female: false), .init("사키", "Saki", female: true),
    ]

    static let japaneseSurnames: [WordPair] = [
        .init("아마기리", "Amagiri"), .init("호시조라", "Hoshizora"), .init("미즈하라", "Mizuhara"),
        .init("타카나시", "Takanashi"), .init("아사쿠라", "Asakura"), .init("키리시마", "Kirishima"),
        .init("시라카와", "Shirakawa"), .init("모리오카", "Morioka"), .init("하나조노", "Hanazono"),
        .init("츠키시로", "Tsukishiro"), .init("아오야기", "Aoyagi"), .init("카제하야", "Kazehaya"),
    ]

    // MARK: Companies

    static let productionPrefixes: [WordPair] = [
        .init("가상", "Gasang"), .init("별빛", "Byeolbit"), .init("한울", "Hanul"), .init("푸른바다", "Pureunbada"),
        .init("은하수", "Eunhasu"), .init("새벽녘", "Saebyeongnyeok"), .init("달무리", "Dalmuri"),
        .init("모래알", "Moraeal"), .init("바람결", "Baramgyeol"), .init("노을빛", "Noeulbit"),
        .init("해오름", "Haeoreum"), .init("산들", "Sandeul"), .init("느티나무", "Neutinamu"),
        .init("고래등", "Goraedeung"), .init("물결", "Mulgyeol"), .init("구름다리", "Gureumdari"),
    ]

    static let productionSuffixes: [WordPair] = [
        .init("필름", "Film"), .init("픽쳐스", "Pictures"), .init("스튜디오", "Studio"),
    ]

    static let distributors: [WordPair] = [
        .init("가상배급", "Gasang Distribution"), .init("은하수엔터테인먼트", "Eunhasu Entertainment"),
        .init("별빛미디어", "Byeolbit Media"), .init("푸른날개배급", "Pureunnalgae Distribution"),
        .init("해오름시네마", "Haeoreum Cinema"), .init("누리영화배급", "Nuri Film Distribution"),
        .init("새벽별미디어웍스", "Saebyeokbyeol Mediaworks"), .init("파랑새배급", "Parangsae Distribution"),
        .init("구름다리배급", "Gureumdari Distribution"), .init("한울씨네마", "Hanul Cinema"),
    ]

    static let importers: [WordPair] = [
        .init("가상수입", "Gasang Imports"), .init("바다건너필름", "Badageonneo Films"),
        .init("오로라수입배급", "Aurora Imports"), .init("지구별영화", "Jigubyeol Movies"),
        .init("먼바다컴퍼니", "Meonbada Company"), .init("이음필름", "Ieum Films"),
    ]

    // MARK: Film attributes

    static let koreanGenres = ["드라마", "범죄", "액션", "코미디", "스릴러", "사극", "멜로/로맨스", "공포(호러)", "미스터리", "전쟁", "가족"]
    static let foreignGenres = ["액션", "SF", "어드벤처", "판타지", "애니메이션", "스릴러", "코미디", "공포(호러)", "드라마", "가족", "뮤지컬"]
    static let diversityGenres = ["드라마", "다큐멘터리", "애니메이션", "멜로/로맨스", "가족", "미스터리"]
    static let staffRoles = ["각본", "촬영", "조명", "편집", "음악", "미술", "프로듀서"]
}
