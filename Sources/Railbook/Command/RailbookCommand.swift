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
            case .backup:
                return try BackupCommand.backup(options, output: output)
            case .restore:
                return try BackupCommand.restore(options, output: output)
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
        LogFormat.chosen = configuration.logFormat
        // Held until the process ends: `railbook restore` refuses a database a server is using.
        var claim: ServingLock?
        if case .sqliteFile(let path) = DatabaseLocation(configuration.databaseLocation) { claim = try ServingLock.serving(path) }
        defer { withExtendedLifetime(claim) {} }
        let application = try Application(configuration: configuration)
        var serverConfiguration = ServerConfiguration()
        serverConfiguration.host = configuration.host
        serverConfiguration.port = configuration.port
        serverConfiguration.logsRequests = configuration.logsRequests
        serverConfiguration.maxConnections = configuration.maxConnections
        serverConfiguration.maxConnectionsPerAddress = configuration.maxConnectionsPerAddress
        serverConfiguration.headTimeout = configuration.headSeconds
        if let threads = configuration.serverThreads { serverConfiguration.threadCount = threads }
        serverConfiguration.onAnswered = { [application] in application.record($0) }
        let server = Server(responder: application, configuration: serverConfiguration)
        try server.start()
        let metricsServer = try startMetrics(configuration, application: application, site: server)
        application.serving(atPort: Int(server.port))
        application.startJobs()
        say("Railbook is serving http://\(configuration.host):\(server.port)/ (Ctrl-C stops it)")
        say("Railbook mail: \(application.mail.transport.destination)")
        if let metricsServer {
            say("Railbook metrics: http://\(configuration.metricsHost):\(metricsServer.port)/metrics")
        }
        var received: Int32 = 0
        sigwait(&signals, &received)
        if configuration.drainSeconds > 0 {
            say("railbook: draining (signal \(received)): /ready answers 503 for \(configuration.drainSeconds) s, then the server stops")
            application.beginDraining()
            sleep(UInt32(configuration.drainSeconds))
        }
        application.beginDraining()
        say("railbook: stopping (signal \(received)), finishing requests in flight")
        server.stop()
        metricsServer?.stop()
        application.shutdown()
        say("railbook: stopped")
    }

    /// The metrics listener on `--metrics-host`:`--metrics-port`, apart from the site `site`; nil
    /// without a metrics port.
    private static func startMetrics(_ configuration: SiteConfiguration, application: Application, site: Server) throws -> Server? {
        guard let port = configuration.metricsPort else { return nil }
        var metricsConfiguration = ServerConfiguration()
        metricsConfiguration.host = configuration.metricsHost
        metricsConfiguration.port = port
        metricsConfiguration.threadCount = 1
        metricsConfiguration.maxConnections = 64
        metricsConfiguration.logsRequests = false
        let responder = MetricsResponder(application: application) { [site] in
            let refused = site.refusedConnections
            return Application.ConnectionCounts(
                open: site.openConnections, refusedAtLimit: refused.atLimit, refusedAtAddressLimit: refused.atAddressLimit,
                headOverdue: refused.headOverdue)
        }
        let server = Server(responder: responder, configuration: metricsConfiguration)
        try server.start()
        return server
    }

    /// Prints a line at once (standard output is buffered when it is a pipe or a file), as a JSON
    /// object under `--log-format json`.
    private static func say(_ line: String) {
        guard LogFormat.chosen == .json else {
            print(line)
            fflush(nil)
            return
        }
        var json = JSONLogLine(level: "info")
        json.add("message", line)
        fflush(nil)
        LogWriter.write(json.utf8, to: STDOUT_FILENO)
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
