import HTTP
import Locking
import Mustache
import Storage

/// The Railbook web application: answers every request, in-process (tests) or behind the server.
public final class Application: HTTPResponder {
    /// How this instance was configured.
    public let configuration: SiteConfiguration
    /// The database, one connection per thread for reads and one writer.
    public let database: DatabasePool
    /// Every route, frozen at start-up.
    private let routes: RouteTable<AppContext>
    let renderer: PageRenderer
    let messages: Messages
    let keys: SiteKeys
    /// The timetable, runs and seats.
    public let railway: Railway
    /// Where requests and jobs read the time.
    public let clock: any Clock
    let jobs: BackgroundJobs
    /// The mail job, on a thread of its own.
    let mailJobs: BackgroundJobs
    /// Does the reactions to committed changes waiting in the outbox.
    let reactions: ReactionDesk
    /// Follows the changes other servers make on a shared PostgreSQL (`startJobs` starts it).
    let follower: CacheFollower
    private let changeSignal = Locked<(any HeldSession)?>(nil)
    /// The session that shows other servers this one is running (`announcesPresence`, PostgreSQL).
    private let presence = Locked<(any HeldSession)?>(nil)
    /// Domain events, published after their transaction commits.
    let events = EventBus()
    /// The sessions seen lately, waiting to be written.
    let sessionActivity = SessionActivity()
    /// What each payment purpose does when its payment is confirmed (`PaymentPurposes.register`).
    let paymentPurposes = PaymentPurposes()
    let csrf: CSRFProtection
    /// Password hashing and checking, away from the server's threads.
    let passwords: PasswordChecks
    /// Around every request: static files, the session, the cart link.
    private let middleware: MiddlewareChain<AppContext>
    /// Around every matched route: the CSRF check of POST forms.
    private let routeMiddleware: MiddlewareChain<AppContext>
    private let errorPage: ErrorPage
    /// What is counted for `/metrics`.
    let metrics = SiteMetrics()
    /// `/live` and `/ready`, answered before everything else.
    let probes: Probes
    /// Sends queued mail (given to the reactions once the site's address is known).
    let mail: MailDelivery
    private let siteAddress: SiteAddress
    /// Where the payment provider's notifications come in (this application, once built).
    private let merchant = MerchantLink()

    /// Loads templates, message catalogs and static files, opens (creating and migrating) the
    /// database, registers routes. Requests and jobs take their time from `clock`. Throws when a
    /// template has a syntax error, a catalog is missing or malformed, or the database cannot be opened.
    public init(configuration: SiteConfiguration, clock: any Clock = SystemClock()) throws {
        self.configuration = configuration
        self.clock = clock
        let templates = try Application.templates(in: configuration.templatesDirectory)
        messages = try Messages.load(from: configuration.localesDirectory, deadlines: configuration.deadlines)
        database = try DatabaseLocation(configuration.databaseLocation).open(
            durability: configuration.durability, connections: configuration.databaseConnections,
            idleSeconds: configuration.databaseIdleSeconds, answerSeconds: configuration.databaseAnswerSeconds)
        try Migrations.all.migrate(database)
        probes = Probes(database: database, migrations: Migrations.all)
        keys = try SiteKeys.load(from: database)
        if configuration.loadsDemoData {
            // Alone among the servers starting on this database: one loads the demo data, the
            // others wait, then find it.
            try database.writeWithoutTransaction { [database] _ in
                try DemoNetwork.loadIfEmpty(into: database)
                try DemoShops.loadIfEmpty(into: database)
            }
        }
        railway = try Railway(
            database: database, presaleDays: configuration.presaleDays, running: configuration.running,
            seatCacheBytes: configuration.seatCacheBytes, resultsCacheBytes: configuration.resultsCacheBytes)
        follower = CacheFollower(database: database, railway: railway, log: ServerLog.write)
        reactions = ReactionDesk(
            database: database, railway: railway, events: events, clock: clock,
            holdsReactions: configuration.holdsReactions, stallsReactions: configuration.stallsReactions,
            log: ServerLog.write)
        csrf = CSRFProtection(key: keys.forms, usesSecureCookies: configuration.usesSecureCookies)
        renderer = PageRenderer(
            templates: templates, messages: messages, csrf: csrf,
            checksNames: configuration.checksTemplateNames)
        let errorPage = ErrorPage(renderer: renderer, messages: messages)
        self.errorPage = errorPage
        passwords = PasswordChecks(work: PasswordWork(workerCount: configuration.passwordWorkers, capacity: configuration.passwordQueue)) {
            error, request, context in errorPage.response(forFailure: error, request: request, context: context)
        }
        siteAddress = SiteAddress(configuration.mail.siteURL ?? "http://\(configuration.host):\(configuration.port)")
        mail = MailDelivery(
            database: database,
            composer: MailComposer(
                renderer: renderer, railway: railway, settings: configuration.mail, invoices: configuration.invoices, site: siteAddress,
                key: keys.mail),
            transport: configuration.mailTransport, clock: clock, holdsMail: configuration.holdsReactions, log: ServerLog.write)
        if configuration.mail.siteURL != nil || configuration.port != 0 { mail.begin() }
        let provider = PaymentProvider(key: keys.payments, merchant: merchant)
        reactions.deliverPaymentNotifications { [clock] payment in provider.notifyPaid(payment, now: clock.now()) }
        let services = Services(
            configuration: configuration, renderer: renderer, database: database, railway: railway,
            events: events, keys: keys, clock: clock, passwords: passwords, paymentPurposes: paymentPurposes,
            provider: provider, reactions: reactions, mail: mail, sessionActivity: sessionActivity)
        Application.registerPaymentPurposes(services)
        jobs = BackgroundJobs(jobs: Application.jobs(services), database: database, log: ServerLog.write)
        mailJobs = BackgroundJobs(jobs: [mail.job], database: database, log: ServerLog.write)
        routes = Application.routes(services, follower: follower)
        var chain = MiddlewareChain<AppContext>()
        chain.add(try StaticFiles<AppContext>(directory: configuration.publicDirectory))
        chain.add(SessionMiddleware(database: database, csrf: csrf, activity: sessionActivity))
        chain.add(CartSummaryMiddleware(database: database))
        middleware = chain
        var routeChain = MiddlewareChain<AppContext>()
        routeChain.add(CSRFMiddleware(csrf: csrf, exemptPaths: Application.pathsWithoutCSRF))
        routeMiddleware = routeChain
        merchant.connect(self)
        subscribeToEvents()
        metrics.count(events)
        // Every server makes sure the runs it sells exist before it serves; the presale-window job
        // that keeps them up later runs on one server at a time.
        try railway.ensureRunsAlone(today: clock.today())
        if configuration.announcesPresence {
            let session = try DatabaseLocation(configuration.databaseLocation).keepSession(named: ServerInstance.presenceName)
            presence.withLock { $0 = session }
        }
        // Work a dead server held is taken over here: leases and claims whose holder is gone hold nothing.
        jobs.runAllNow()
    }

    public func respond(to request: Request) -> Response {
        if let probe = probes.answer(request) { return probe }
        return ServerLog.$requestID.withValue(request.id) { respondThroughRoutes(to: request) }
    }

    private func respondThroughRoutes(to request: Request) -> Response {
        var context = AppContext()
        context.now = clock.now()
        context.target = request.target
        context.language = LanguagePreference.language(for: request.cookies, headers: request.headers)
        var response: Response
        var route: String?
        do {
            response = try middleware.respond(to: request, context: &context) { request, context in
                let (handler, parameters, pattern) = try routes.match(request)
                context.parameters = parameters
                route = pattern
                return try routeMiddleware.respond(to: request, context: &context, endpoint: handler)
            }
        } catch {
            // The context keeps what the middleware found before the error (the user, the cart).
            response = errorPage.response(forFailure: error, request: request, context: context)
        }
        response.route = response.route ?? route
        response.userID = context.user?.id
        if let deferred = response.deferred {
            let cookies = context.cookiesToSet
            let route = response.route, userID = response.userID
            response.deferred = deferred.map { finished in
                var response = finished
                response.route = route
                response.userID = response.userID ?? userID
                response.cookies += cookies
                SecurityHeaders.apply(to: &response)
                return response
            }
            return response
        }
        response.cookies += context.cookiesToSet
        SecurityHeaders.apply(to: &response)
        return response
    }

    public func respond(to error: HTTPError, method: HTTPMethod, target: String, headers: Headers) -> Response {
        let cookies = Cookie.parse(header: headers["Cookie"])
        let language = LanguagePreference.language(for: cookies, headers: headers)
        var response = errorPage.response(forRefusal: error, language: language, cookies: cookies, requestID: RequestID.of(headers))
        SecurityHeaders.apply(to: &response)
        return response
    }

    /// POST endpoints called by other systems rather than by forms of ours; each verifies its
    /// caller another way (the payment notification checks its HMAC signature).
    static let pathsWithoutCSRF: Set<String> = ["/payments/notify", RunningReportsController.path]

    /// Connects the parts that react to domain events.
    private func subscribeToEvents() {
        events.subscribe(SeatsReleased.self) { [railway] event in railway.inventory.forget(runID: event.runID) }
        events.subscribe(TicketChanged.self) { [railway] event in railway.inventory.forget(runID: event.newRunID) }
        // Waitlist fulfilment, shop refunds and payment settlement are in the outbox, written by the
        // change's own transaction (`Reaction`); publishing only wakes them.
        events.afterPublishing { [reactions] in reactions.requestDrain() }
    }

    /// Runs the background jobs once now (tests use this instead of waiting for the timer).
    func runJobsNow() {
        jobs.runAllNow()
    }

    /// Runs the background job called `name` once now, alone (tests).
    func runJobNow(named name: String) {
        jobs.runNow(named: name)
    }

    /// Starts the background jobs on a thread of their own (`railbook serve` does; in-process tests
    /// run them by hand with `runJobsNow`).
    /// From now on `/ready` answers 503, so that a load balancer stops sending requests here
    /// before the server stops; requests are still answered.
    public func beginDraining() {
        probes.beginDraining()
    }

    /// The server listens on `port`: links in mail name it (unless `--site-url` was given), and
    /// mail is sent from now on.
    public func serving(atPort port: Int) {
        if configuration.mail.siteURL == nil { siteAddress.set("http://\(configuration.host):\(port)") }
        mail.begin()
    }

    public func startJobs() {
        jobs.start()
        mailJobs.start()
        startFollowingChanges()
    }

    /// On PostgreSQL, where other servers may share the database, listens for their changes and
    /// follows them (`CacheFollower`); on SQLite there is nothing to follow.
    private func startFollowingChanges() {
        let location = DatabaseLocation(configuration.databaseLocation)
        guard case .postgreSQL = location else { return }
        do {
            try follower.start()
            let signal = try location.listen(to: CacheChange.channel) { [follower] in follower.signal() }
            changeSignal.withLock { $0 = signal }
        } catch {
            ServerLog.write("error: listening for other servers' changes: \(error); polling the change log instead")
        }
    }

    /// Stops the background jobs (waiting for the one in progress) and closes the database; call
    /// after the server has stopped.
    public func shutdown() {
        changeSignal.withLock { $0?.stop() }
        follower.stop()
        jobs.stop()
        mailJobs.stop()
        do {
            try sessionActivity.flush(to: database)
        } catch {
            ServerLog.write("error: the sessions seen last were not written: \(error)")
        }
        presence.withLock { $0?.stop() }
        database.close()
    }

    /// The templates of `directory`, compiled. A folder that cannot be read at all is a
    /// `SiteFolderError` naming it; a template with a syntax error throws its `TemplateError`.
    private static func templates(in directory: String) throws -> TemplateLibrary {
        do {
            return try TemplateLibrary(directory: directory)
        } catch let error as TemplateError where error.reason == .unreadable(path: directory) {
            throw SiteFolderError(folder: directory)
        }
    }
}
