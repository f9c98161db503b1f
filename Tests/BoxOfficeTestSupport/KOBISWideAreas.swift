/// KOBIS's wide areas as its code list spells them (`comCode=0105000000`, every `engNm` empty) and the English names
/// English pages and the CLI show for them: written out here rather than read from the code under test, so the tests
/// check the vocabulary (BoxOfficeTextTests) and the pages (BoxOfficeWebTests) against KOBIS itself.
public enum KOBISWideAreas {
    public static let all: [(code: String, korean: String, english: String)] = [
        ("0105001", "서울시", "Seoul"), ("0105002", "경기도", "Gyeonggi"), ("0105003", "강원도", "Gangwon"),
        ("0105004", "충청북도", "North Chungcheong"), ("0105005", "충청남도", "South Chungcheong"),
        ("0105006", "경상북도", "North Gyeongsang"), ("0105007", "경상남도", "South Gyeongsang"),
        ("0105008", "전라북도", "North Jeolla"), ("0105009", "전라남도", "South Jeolla"), ("0105010", "제주도", "Jeju"),
        ("0105011", "부산시", "Busan"), ("0105012", "대구시", "Daegu"), ("0105013", "대전시", "Daejeon"),
        ("0105014", "울산시", "Ulsan"), ("0105015", "인천시", "Incheon"), ("0105016", "광주시", "Gwangju"),
        ("0105017", "세종시", "Sejong"),
    ]
}
