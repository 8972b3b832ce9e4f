import HTTP

/// How this Railbook instance runs: where its files and data are and how it serves.
public struct SiteConfiguration: Sendable {
    /// The folder holding `Templates/`, `Locales/` and `Public/`.
    public var root: String = "."
    /// The database: a SQLite file path, or a PostgreSQL connection URI (`postgresql://…`).
    public var databaseLocation: String = "railbook.sqlite"
    /// Connections a PostgreSQL database is given at most (`--database-connections`); on SQLite
    /// the number of reader connections beside the one writer.
    public var databaseConnections = 8
    /// Seconds a PostgreSQL connection may sit idle before the pool closes it.
    public var databaseIdleSeconds = 60.0
    /// Seconds the server waits for the answer to one PostgreSQL statement, `COMMIT` included,
    /// before it drops the connection (`--database-answer-seconds`): what a lost or frozen
    /// database machine can cost a request.
    public var databaseAnswerSeconds = 35
    /// The address and port to listen on.
    public var host: String = "127.0.0.1"
    public var port: Int = 8080
    /// Whether cookies carry `Secure` (set behind HTTPS).
    public var usesSecureCookies: Bool = false
    /// Whether the server writes an access-log line per request.
    public var logsRequests: Bool = true
    /// How many days ahead tickets are sold, today included.
    public var presaleDays: Int = 15
    /// Whether a commit is flushed to disk before it is acknowledged (`--durability`).
    public var durability = Durability.durable
    /// Leaves every reaction to a committed change in the outbox, undone (set by the process tests
    /// through `RAILBOOK_HOLD_REACTIONS=1`, to see what a crash between a commit and its reactions leaves).
    public var holdsReactions = false
    /// Claims the reactions due and leaves them undone (set by the process tests through
    /// `RAILBOOK_STALL_REACTIONS=1`, to see another server take over what a dead one was holding).
    public var stallsReactions = false
    /// Whether this instance keeps a database session open that tells the other servers on a shared
    /// PostgreSQL it is running (`ServerPresence`), so none takes over its work while it lives:
    /// `railbook serve` does; in-process tests and one-off commands do not.
    public var announcesPresence = false
    /// Whether an empty database gets the demo stations and trains at start-up.
    public var loadsDemoData: Bool = false
    /// How long unpaid orders hold seats, how long merchants have to accept, how often jobs look.
    public var deadlines = Deadlines()
    /// How a delay is carried on from stop to stop, and what a late train owes its travellers.
    public var running = RunningSettings()
    /// Connections open at once in all, and from one client address.
    public var maxConnections = 4096
    public var maxConnectionsPerAddress = 256
    /// Threads serving requests (nil: the server's default).
    public var serverThreads: Int?
    /// Seconds a connection may take to send a complete request head.
    public var headSeconds = 10
    /// Threads that hash and check passwords, and how many checks may wait for them at once.
    public var passwordWorkers = PasswordWork.defaultWorkerCount
    public var passwordQueue = 16
    /// Megabytes of memory the caches may hold (`--cache-mb`): three quarters for the seats of the
    /// runs searched most recently, one quarter for rendered search results.
    public var cacheMegabytes: Int = 256
    /// How log lines are written (`--log-format`).
    public var logFormat = LogFormat.text
    /// Seconds `/ready` answers 503 before the server stops (`--drain-seconds`).
    public var drainSeconds = 0
    /// Where `/metrics` is served: nowhere without a port (`--metrics-port`, `--metrics-host`).
    public var metricsHost = "127.0.0.1"
    public var metricsPort: Int?
    /// How mail is sent: a relay or a folder, the sender, the address in links.
    public var mail = MailSettings()
    /// The seller and tax on invoices, and how long after travel they may be asked for.
    public var invoices = InvoiceSettings()
    /// Whether a page whose template shows a `{{name}}` its view-model lacks fails (a 500, logged)
    /// instead of showing nothing there. The test site turns it on, so every page the tests render
    /// is checked against its view-model.
    public var checksTemplateNames = false

    /// The defaults: the working directory, `railbook.sqlite`, 127.0.0.1:8080.
    public init() {}

    /// The templates folder under the root.
    public var templatesDirectory: String { root + "/Templates" }
    /// The message catalogs' folder under the root (`zh_CN.po`, `en.po`).
    public var localesDirectory: String { root + "/Locales" }
    /// The static files folder under the root.
    public var publicDirectory: String { root + "/Public" }
    /// The bytes of seat occupancy kept in memory: three quarters of the cache budget.
    var seatCacheBytes: Int { cacheMegabytes * 1_048_576 / 4 * 3 }
    /// The bytes of rendered search results kept: the other quarter.
    var resultsCacheBytes: Int { cacheMegabytes * 1_048_576 / 4 }
}
