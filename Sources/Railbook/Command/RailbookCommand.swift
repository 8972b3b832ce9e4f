import Glibc
import HTTP

/// Runs the `railbook` command: parses options and serves, migrates or explains itself.
public enum RailbookCommand {
    /// Runs with the arguments after the program name; returns the process exit status.
    public static func run(arguments: [String]) -> Int32 {
        run(arguments: arguments, output: .terminal)
    }

    /// Runs with the arguments after the program name, writing messages to `output`; returns the exit status.
    public static func run(arguments: [String], output: CommandOutput) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions(arguments: arguments)
        } catch {
            output.error("railbook: \(error)")
            return 2
        }
        do {
            switch options.action {
            case .help:
                output.line(CommandLineOptions.helpText.trimmed)
            case .migrate:
                try CommandDatabase.open(options).close()
                output.line("railbook: database \(options.database.displayName) is up to date")
            case .seed:
                return try SeedCommand.seed(options, output: output)
            case .createUser:
                return try UserCommand.create(options, output: output)
            case .serve:
                try serve(options.siteConfiguration)
            }
            return 0
        } catch {
            output.error("railbook: \(error)")
            return 1
        }
    }

    /// Serves and runs the background jobs until SIGINT or SIGTERM, then stops accepting, finishes
    /// the requests in flight, stops the jobs and closes the database.
    static func serve(_ configuration: SiteConfiguration) throws {
        MemoryReuse.apply()
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
        serverConfiguration.maxConnections = configuration.maxConnections
        serverConfiguration.maxConnectionsPerAddress = configuration.maxConnectionsPerAddress
        serverConfiguration.headTimeout = configuration.headSeconds
        if let threads = configuration.serverThreads { serverConfiguration.threadCount = threads }
        let server = Server(responder: application, configuration: serverConfiguration)
        try server.start()
        application.startJobs()
        say("Railbook is serving http://\(configuration.host):\(server.port)/ (Ctrl-C stops it)")
        var received: Int32 = 0
        sigwait(&signals, &received)
        say("railbook: stopping (signal \(received)), finishing requests in flight")
        server.stop()
        application.shutdown()
        say("railbook: stopped")
    }

    /// Prints a line at once (standard output is buffered when it is a pipe or a file).
    private static func say(_ line: String) {
        print(line)
        fflush(nil)
    }

}

extension CommandOutput {
    /// Standard output and standard error.
    public static var terminal: CommandOutput {
        CommandOutput(
            line: { print($0) },
            error: { message in
                let line = Array((message + "\n").utf8)
                _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            })
    }
}
