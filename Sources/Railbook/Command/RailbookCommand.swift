import Glibc
import HTTP

/// Runs the `railbook` command: parses options and serves, migrates or explains itself.
public enum RailbookCommand {
    /// Runs with the arguments after the program name; returns the process exit status.
    public static func run(arguments: [String]) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions(arguments: arguments)
        } catch {
            printError("railbook: \(error)")
            return 2
        }
        do {
            switch options.action {
            case .help:
                print(CommandLineOptions.helpText, terminator: "")
            case .migrate:
                let application = try Application(configuration: options.siteConfiguration)
                application.shutdown()
                print("railbook: database \(options.databasePath) is up to date")
            case .serve:
                try serve(options.siteConfiguration)
            }
            return 0
        } catch {
            printError("railbook: \(error)")
            return 1
        }
    }

    /// Serves until SIGINT or SIGTERM, then stops accepting, finishes in-flight requests and closes the database.
    static func serve(_ configuration: SiteConfiguration) throws {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let application = try Application(configuration: configuration)
        var serverConfiguration = ServerConfiguration()
        serverConfiguration.host = configuration.host
        serverConfiguration.port = configuration.port
        serverConfiguration.logsRequests = configuration.logsRequests
        let server = Server(responder: application, configuration: serverConfiguration)
        try server.start()
        print("Railbook is serving http://\(configuration.host):\(server.port)/ (Ctrl-C stops it)")
        fflush(nil)
        var received: Int32 = 0
        sigwait(&signals, &received)
        print("railbook: stopping (signal \(received)), finishing requests in flight")
        server.stop()
        application.shutdown()
        print("railbook: stopped")
    }

    private static func printError(_ message: String) {
        let line = Array((message + "\n").utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
