import BoxOfficeCLI

/// `boxoffice`: the command line of ``BoxOfficeCLI``, with the web app for `serve`.
@main
enum BoxOfficeMain {
    static func main() async {
        await CommandLineTool.main(webApp: WebApp.self)
    }
}
