/// The `boxoffice` command line: parses the arguments, runs the command and exits with its status.
public enum CommandLineTool {
    /// Runs `boxoffice` with `runner` serving the web app for `serve`.
    public static func main<Runner: WebAppRunner>(webApp runner: Runner.Type) async {
        await BoxOfficeCommand<Runner>.main()
    }
}
