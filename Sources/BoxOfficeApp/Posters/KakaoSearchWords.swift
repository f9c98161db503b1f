/// The Korean words the app adds to its Kakao image searches (Kakao searches the Korean web, so a poster is
/// asked for in Korean: "<title> <year> 포스터").
enum KakaoSearchWords {
    /// `포스터` (poster).
    static let poster = "포스터"
}
