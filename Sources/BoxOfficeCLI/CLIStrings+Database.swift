import BoxOfficeStore

// The words of a DATABASE_URL BoxOffice cannot use, in Korean; English is the store's own message (logs say it too).
extension CLIStrings {
    func databaseLocation(_ error: DatabaseLocationError) -> String {
        guard !isEnglish else { return error.message }
        let forms = "다음 형식 중 하나를 쓰세요: " + DatabaseLocationError.acceptedForms
        let postgres = DatabaseLocationError.postgresForm
        switch error.reason {
        case .notAURL: return "DATABASE_URL이 URL이 아닙니다(scheme:// 없음). \(forms)"
        case .unsupportedScheme(let scheme): return "DATABASE_URL의 \"\(scheme)\" 방식은 쓸 수 없습니다. \(forms)"
        case .sqliteQuery: return "DATABASE_URL: SQLite URL에는 ?쿼리나 #프래그먼트를 붙일 수 없습니다. \(forms)"
        case .noSQLiteFile: return "DATABASE_URL에 SQLite 파일이 없습니다. \(forms)"
        case .directory(let path): return "DATABASE_URL이 SQLite 파일이 아닌 디렉터리를 가리킵니다: \(path)"
        case .nulInPath: return "DATABASE_URL: SQLite 경로에 NUL 문자가 있습니다."
        case .invalidPostgresURL:
            return "DATABASE_URL이 올바른 PostgreSQL URL이 아닙니다(비밀번호의 특수 문자는 퍼센트 인코딩하세요): \(postgres)"
        case .noHost: return "DATABASE_URL에 PostgreSQL 호스트가 없습니다: \(postgres)"
        case .noUser: return "DATABASE_URL에 PostgreSQL 사용자가 없습니다: \(postgres)"
        case .invalidPort(let port): return "DATABASE_URL의 포트 번호가 올바르지 않습니다(\(port)): \(postgres)"
        case .slashInDatabaseName(let name):
            return "DATABASE_URL: 데이터베이스 이름에 \"/\"를 쓸 수 없습니다. 받은 값: \"\(name)\""
        case .tlsMode(let name, let value):
            return "DATABASE_URL: \(name) 값은 disable, prefer, require 중 하나여야 합니다. 받은 값: \"\(value)\""
        case .unsupportedParameter(let name):
            return "DATABASE_URL: \"\(name)\" 매개변수는 쓸 수 없습니다(sslmode=disable|prefer|require만 씁니다)."
        }
    }
}
