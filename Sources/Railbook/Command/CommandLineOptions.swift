import Glibc
import HTTP

/// The parsed `railbook` command line: a subcommand and its options.
public struct CommandLineOptions: Equatable, Sendable {
    /// What to do.
    public enum Action: Equatable, Sendable { case serve, migrate, seed, createUser, backup, restore, help }

    public var action: Action = .help
    public var host = "127.0.0.1"
    public var port = 8080
    public var databaseLocation = "railbook.sqlite"
    /// The database `databaseLocation` names: a SQLite file or a PostgreSQL URI.
    var database: DatabaseLocation { DatabaseLocation(databaseLocation) }
    public var root = "."
    public var usesSecureCookies = false
    public var logsRequests = true
    /// Whether commits are flushed before they are acknowledged (every command that writes).
    public var durability = Durability.durable
    /// `serve`: the payment deadline, the merchant's accept window and the deadline jobs' interval.
    public var deadlines = Deadlines()
    /// `serve`: minutes of a delay a late train makes up a stop, and the compensation bands.
    public var running = RunningSettings()
    /// `serve`: connection limits (in all, per address) and the request-head deadline.
    public var maxConnections = 4096
    public var maxConnectionsPerAddress = 256
    public var headSeconds = 10
    /// `serve`: threads serving requests (nil: the default).
    public var serverThreads: Int?
    /// `serve`: database connections at most (PostgreSQL), or SQLite readers.
    public var databaseConnections = SiteConfiguration().databaseConnections
    /// `serve`: seconds to wait for PostgreSQL's answer to one statement.
    public var databaseAnswerSeconds = SiteConfiguration().databaseAnswerSeconds
    /// `user create`: the new account's name, the person's name (default: the account) and authority.
    public var account = ""
    public var userName: String?
    public var isAdmin = false
    /// `seed`: which network to load.
    public var scale = SeedScale.demo
    /// `backup`: the file the copy is written to; `restore`: the copy to put back.
    public var backupFile: String?
    public var restoreFile: String?
    /// `serve`: how log lines are written (text or JSON).
    public var logFormat = LogFormat.text
    /// `serve`: seconds between the stop signal and the stop, while `/ready` answers 503.
    public var drainSeconds = 0
    /// `serve`: where `/metrics` is served (nil: nowhere).
    public var metricsHost = "127.0.0.1"
    public var metricsPort: Int?
    /// `serve`: how mail is sent.
    public var mail = MailSettings()
    /// `serve`: the seller and tax on invoices.
    public var invoices = InvoiceSettings()
    /// `serve`: megabytes of memory for the seat and results caches.
    public var cacheMegabytes = SiteConfiguration().cacheMegabytes

    /// Parses the arguments after the program name. Throws a one-line message for a bad option.
    public init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        guard let command = remaining.popFirst() else { return }
        switch command {
        case "serve": action = .serve
        case "migrate": action = .migrate
        case "seed": action = .seed
        case "backup": action = .backup
        case "restore": action = .restore
        case "user":
            let subcommand = remaining.popFirst()
            if subcommand == "--help" || subcommand == "-h" {
                action = .help
                return
            }
            guard subcommand == "create" else { throw UsageError("'railbook user' needs a subcommand: create; try 'railbook --help'") }
            action = .createUser
        case "help", "--help", "-h":
            action = .help
            return
        default: throw UsageError("unknown command '\(command)'; try 'railbook --help'")
        }
        while let option = remaining.popFirst() {
            switch option {
            case "--help", "-h":
                action = .help
                return
            case "--host" where action == .serve: host = try value(for: option, from: &remaining)
            case "--port" where action == .serve: port = try number(for: option, in: 0...65535, from: &remaining)
            case "--database": databaseLocation = try value(for: option, from: &remaining)
            case "--durability":
                let text = try value(for: option, from: &remaining)
                guard let chosen = Durability(rawValue: text) else { throw UsageError("--durability needs durable or relaxed, not '\(text)'") }
                durability = chosen
            case "--root": root = try value(for: option, from: &remaining)
            case "--to" where action == .backup: backupFile = try value(for: option, from: &remaining)
            case "--from" where action == .restore: restoreFile = try value(for: option, from: &remaining)
            case "--secure-cookies" where action == .serve: usesSecureCookies = true
            case "--quiet" where action == .serve: logsRequests = false
            case "--hold-minutes" where action == .serve:
                deadlines.holdSeconds = try number(for: option, in: 1...1440, from: &remaining) * 60
            case "--accept-minutes" where action == .serve:
                deadlines.acceptSeconds = try number(for: option, in: 1...1440, from: &remaining) * 60
            case "--waitlist-close-minutes" where action == .serve:
                deadlines.waitlistCloseMinutes = try number(for: option, in: 1...1440, from: &remaining)
            case "--recovery-minutes" where action == .serve:
                running.recoveryMinutesPerStop = try number(for: option, in: 0...60, from: &remaining)
            case "--free-change-minutes" where action == .serve:
                running.freeChangeMinutes = try number(for: option, in: 1...1440, from: &remaining)
            case "--compensation" where action == .serve:
                let text = try value(for: option, from: &remaining)
                guard let bands = RunningSettings.bands(from: text) else {
                    throw UsageError("--compensation needs bands like 60:25,120:50 (minutes late:percent, both rising), not '\(text)'")
                }
                running.compensationBands = bands
            case "--max-connections" where action == .serve:
                maxConnections = try number(for: option, in: 16...100_000, from: &remaining)
            case "--max-connections-per-address" where action == .serve:
                maxConnectionsPerAddress = try number(for: option, in: 1...100_000, from: &remaining)
            case "--threads" where action == .serve:
                serverThreads = try number(for: option, in: 1...256, from: &remaining)
            case "--database-connections" where action == .serve:
                databaseConnections = try number(for: option, in: 1...1000, from: &remaining)
            case "--database-answer-seconds" where action == .serve:
                databaseAnswerSeconds = try number(for: option, in: 1...600, from: &remaining)
            case "--head-seconds" where action == .serve:
                headSeconds = try number(for: option, in: 1...300, from: &remaining)
            case "--job-seconds" where action == .serve:
                deadlines.jobSeconds = try number(for: option, in: 1...3600, from: &remaining)
            case "--log-format" where action == .serve:
                let text = try value(for: option, from: &remaining)
                switch text {
                case "text": logFormat = .text
                case "json": logFormat = .json
                default: throw UsageError("--log-format needs text or json, not '\(text)'")
                }
            case "--drain-seconds" where action == .serve:
                drainSeconds = try number(for: option, in: 0...300, from: &remaining)
            case "--metrics-port" where action == .serve:
                metricsPort = try number(for: option, in: 0...65535, from: &remaining)
            case "--metrics-host" where action == .serve: metricsHost = try value(for: option, from: &remaining)
            case "--smtp" where action == .serve: mail.relayURL = try value(for: option, from: &remaining)
            case "--mail-from" where action == .serve: mail.from = try value(for: option, from: &remaining)
            case "--site-url" where action == .serve:
                mail.siteURL = String(try value(for: option, from: &remaining).reversed().drop { $0 == "/" }.reversed())
            case "--mail-folder" where action == .serve: mail.folder = try value(for: option, from: &remaining)
            case "--seller-name" where action == .serve:
                let name = try value(for: option, from: &remaining).trimmed
                guard !name.isEmpty, name.count <= 100 else { throw UsageError("--seller-name needs 1–100 characters") }
                invoices.sellerName = name
            case "--seller-code" where action == .serve:
                let text = try value(for: option, from: &remaining)
                guard case .success(let code) = CreditCode.parse(text) else {
                    throw UsageError("--seller-code needs an 18-character unified social credit code with its check character, not '\(text)'")
                }
                invoices.sellerCode = code.text
            case "--invoice-tax-permille" where action == .serve:
                invoices.taxPermille = try number(for: option, in: 0...1000, from: &remaining)
            case "--receipt-tax-permille" where action == .serve:
                invoices.receiptTaxPermille = try number(for: option, in: 0...1000, from: &remaining)
            case "--invoice-days" where action == .serve:
                invoices.windowDays = try number(for: option, in: 1...3650, from: &remaining)
            case "--cache-mb" where action == .serve:
                let text = try value(for: option, from: &remaining)
                guard let number = Int(text), (0...1_048_576).contains(number) else {
                    throw UsageError("--cache-mb needs a number of megabytes from 0 to 1048576, not '\(text)'")
                }
                cacheMegabytes = number
            case "--account" where action == .createUser: account = try value(for: option, from: &remaining)
            case "--name" where action == .createUser: userName = try value(for: option, from: &remaining)
            case "--admin" where action == .createUser: isAdmin = true
            case "--scale" where action == .seed:
                let text = try value(for: option, from: &remaining)
                guard let chosen = SeedScale(rawValue: text) else { throw UsageError("--scale needs demo or national, not '\(text)'") }
                scale = chosen
            default: throw UsageError("unknown option '\(option)' for '\(command)'; try 'railbook --help'")
            }
        }
        if action == .createUser { try checkUserOptions() }
        if let problem = mail.problem { throw UsageError(problem) }
    }

    private func checkUserOptions() throws(UsageError) {
        if account.isEmpty { throw UsageError("'railbook user create' needs --account NAME") }
        if AccountRules.accountProblem(account) != nil {
            throw UsageError("--account needs 4–30 letters, digits or underscores")
        }
        if let userName, AccountRules.nameProblem(userName.trimmed) != nil {
            throw UsageError("--name needs 1–50 characters on one line")
        }
    }

    private func number(
        for option: String, in range: ClosedRange<Int>,
        from remaining: inout ArraySlice<String>
    ) throws(UsageError) -> Int {
        let text = try value(for: option, from: &remaining)
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("\(option) needs a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    private func value(for option: String, from remaining: inout ArraySlice<String>) throws(UsageError) -> String {
        guard let value = remaining.popFirst(), !value.hasPrefix("--") else {
            throw UsageError("\(option) needs a value")
        }
        return value
    }

    /// The site configuration these options describe.
    public var siteConfiguration: SiteConfiguration {
        var configuration = SiteConfiguration()
        configuration.root = root
        configuration.databaseLocation = databaseLocation
        configuration.databaseConnections = databaseConnections
        configuration.databaseAnswerSeconds = databaseAnswerSeconds
        configuration.host = host
        configuration.port = port
        configuration.usesSecureCookies = usesSecureCookies
        configuration.logsRequests = logsRequests
        configuration.loadsDemoData = action == .serve
        configuration.announcesPresence = action == .serve
        configuration.deadlines = deadlines
        configuration.running = running
        configuration.durability = durability
        configuration.holdsReactions = getenv("RAILBOOK_HOLD_REACTIONS").map { String(cString: $0) } == "1"
        configuration.stallsReactions = getenv("RAILBOOK_STALL_REACTIONS").map { String(cString: $0) } == "1"
        configuration.maxConnections = maxConnections
        configuration.maxConnectionsPerAddress = maxConnectionsPerAddress
        configuration.headSeconds = headSeconds
        configuration.serverThreads = serverThreads
        configuration.cacheMegabytes = cacheMegabytes
        configuration.logFormat = logFormat
        configuration.drainSeconds = drainSeconds
        configuration.metricsHost = metricsHost
        configuration.metricsPort = metricsPort
        configuration.mail = mail
        configuration.invoices = invoices
        return configuration
    }

    /// The text of `railbook --help`.
    public static let helpText = """
        Railbook — railway tickets and onboard shop.

        Usage:
          railbook serve [options]    Start the website and its background jobs (creates and
                                      migrates a fresh database).
          railbook migrate [options]  Create or migrate the database, then exit.
          railbook seed [--scale demo|national] [--database FILE|URI]
                                      Load the demo network (default) or a synthetic national-size
                                      one into a database without a timetable, with runs for the
                                      presale window.
          railbook backup --database FILE --to FILE
                                      Copy a SQLite database, also while servers write to it
                                      (a consistent snapshot; the copy is never overwritten).
          railbook restore --from FILE --database FILE
                                      Put a backup back as the database, after checking it and
                                      migrating it; refused while a server uses the database.
          railbook user create --account NAME [--admin] [--name NAME] [--database FILE|URI]
                                      Create a user (an administrator with --admin) and print
                                      its generated password once.
          railbook --help             Show this help.

        Options:
          --host ADDRESS       IPv4 address to listen on (default 127.0.0.1). serve only.
          --port NUMBER        TCP port to listen on (default 8080; 0 picks a free port). serve only.
          --database FILE|URI  SQLite database file (default railbook.sqlite), or a PostgreSQL
                               connection URI, e.g. postgresql:///railbook?host=/run/postgresql
                               or postgresql://railbook@db.example:5432/railbook.
          --root DIR           Folder holding Templates/, Locales/ and Public/ (default: the
                               working directory). Only serve reads them; migrate, seed and
                               user create run from any folder.
          --durability durable|relaxed
                               durable (default): every commit is flushed to disk before it is
                               acknowledged (SQLite synchronous=FULL, commits grouped;
                               PostgreSQL synchronous_commit=on). relaxed: flushed at checkpoints
                               only (SQLite synchronous=NORMAL; PostgreSQL synchronous_commit=off) —
                               faster, but a power cut can lose bookings and payments already
                               confirmed. Any command.
          --secure-cookies     Mark cookies Secure (when served over HTTPS). serve only.
          --quiet              Do not write the access log. serve only.
          --log-format text|json
                               text (default): lines for people. json: one object per line (time,
                               level, request id, method, route, status, duration, bytes, client,
                               user id) for log collectors. serve only.
          --drain-seconds N    Seconds between SIGTERM or SIGINT and the stop, while /ready answers
                               503 and requests are still served, so a load balancer stops sending
                               first (default 0). serve only.
          --metrics-port N     Serve Prometheus metrics at /metrics on this port, apart from the
                               site (default: not served; 0 picks a free port). serve only.
          --metrics-host ADDRESS
                               IPv4 address for the metrics port (default 127.0.0.1). serve only.
          --smtp URL           Send mail through this SMTP relay: smtp://[user:password@]host:port
                               (STARTTLS when the relay offers it; required before a password is
                               sent to another machine) or smtps://host:port (TLS). Default: no
                               relay, mail is written to --mail-folder. serve only.
          --mail-from ADDRESS  The sender of mail (default 'Railbook <no-reply@railbook.invalid>').
                               serve only.
          --site-url URL       Where travellers reach the site, for links in mail, e.g.
                               https://tickets.example (default: http://HOST:PORT). serve only.
          --mail-folder DIR    Without --smtp, mail is written here as .eml files (default: mail/
                               beside the SQLite database, or in the working directory). serve only.
          --seller-name NAME   The seller on invoices (default 'Railbook 铁路客票服务有限公司'). serve only.
          --seller-code CODE   The seller's unified social credit code (18 characters, checked).
                               serve only.
          --invoice-tax-permille N
                               The tax rate on invoices in thousandths (default 90: transport
                               services are taxed at 9 % in China). serve only.
          --receipt-tax-permille N
                               The tax rate on shop receipts in thousandths (default 60: catering
                               services, 6 %). serve only.
          --invoice-days N     Days after travel (or after a fee was kept) within which an invoice
                               may be asked for (default 180). serve only.
          --hold-minutes N     Minutes an unpaid ticket order, shop order or waitlist holds its seats
                               or stock before it expires (default 30). serve only.
          --accept-minutes N   Minutes a shop has to accept a paid order before it is refunded in
                               full (default 10). serve only.
          --waitlist-close-minutes N
                               Minutes before departure a waitlist closes at the latest: its
                               latest deadline, and when joining one stops (default 20). serve only.
          --recovery-minutes N Minutes of a delay a late train makes up from one stop to the next:
                               a delay reported at a station is expected at the stations after it
                               less this much a stop (default 2, 0 to 60). serve only.
          --free-change-minutes N
                               From this expected delay at the boarding station a ticket is refunded,
                               or changed to another train the same day, without a fee (default 20).
                               serve only.
          --compensation BANDS Compensation paid by itself to travellers whose train arrived late,
                               as minutes late:percent of the fare (default 60:25,120:50). serve only.
          --job-seconds N      Seconds between the background jobs that expire unpaid orders and
                               refund overdue waitlists and shop orders (default 15). serve only.
          --max-connections N  Connections open at once in all (default 4096); beyond it new ones
                               wait in the listen queue until one closes. serve only.
          --max-connections-per-address N
                               Connections open at once from one client address (default 256);
                               beyond it a new one is closed at once. serve only.
          --threads N          Threads serving requests (default: four per core, so that writes
                               waiting for a commit's flush can be grouped). serve only.
          --database-connections N
                               PostgreSQL connections this server opens at most (default 8); on
                               SQLite, reader connections beside the one writer. serve only.
          --database-answer-seconds N
                               Seconds to wait for PostgreSQL's answer to one statement, COMMIT
                               included, before dropping the connection (default 35; above the 30 s
                               statement timeout). A lost commit answers 503. serve only.
          --head-seconds N     Seconds a connection may take to send a whole request head, however
                               slowly it trickles in (default 10). serve only.
          --cache-mb N         Memory for caches, in megabytes (default 256; 0 caches nothing): three
                               quarters keep the seats of the runs searched most recently, one quarter
                               rendered search results; the least recently used go first. serve only.
          --account NAME       The new account: 4–30 letters, digits or underscores. user create only.
          --name NAME          The person's name (default: the account). user create only.
          --admin              Give the new user administrator authority. user create only.
          --scale demo|national  Which network seed loads (default demo). seed only.

        """
}

/// The networks `railbook seed` can load.
public enum SeedScale: String, Sendable {
    /// Real stations and trains (see docs/data.md).
    case demo
    /// 3,000 synthetic stations and 10,000 daily trains, for benchmarks.
    case national
}

/// A mistake on the command line, explained in one line.
public struct UsageError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
