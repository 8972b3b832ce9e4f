import HTTP
import Metrics
import Storage

extension Application {
    /// What a server's connections look like now, for the metrics.
    public struct ConnectionCounts: Sendable {
        public var open = 0
        public var refusedAtLimit = 0
        public var refusedAtAddressLimit = 0
        public var headOverdue = 0

        public init(open: Int = 0, refusedAtLimit: Int = 0, refusedAtAddressLimit: Int = 0, headOverdue: Int = 0) {
            self.open = open
            self.refusedAtLimit = refusedAtLimit
            self.refusedAtAddressLimit = refusedAtAddressLimit
            self.headOverdue = headOverdue
        }
    }

    /// Counts one answered request (the server's `onAnswered`).
    public func record(_ answered: AnsweredRequest) {
        metrics.record(answered)
    }

    /// Every metric of this server in the Prometheus text format (0.0.4), read now: the requests
    /// and events counted so far, the outbox, the jobs, the database pool, the caches, the
    /// connections `connections` gives and the process.
    public func metricsText(connections: ConnectionCounts) -> String {
        var exposition = Exposition()
        metrics.writeRequests(to: &exposition)
        metrics.writeEvents(to: &exposition)
        exposition.family("railbook_outbox_waiting", "gauge", help: "Reactions waiting in the outbox.")
        exposition.family("railbook_outbox_oldest_age_seconds", "gauge", help: "How long the oldest waiting reaction has waited.")
        do {
            let (waiting, oldest) = try database.read { try Outbox.backlog(now: clock.now(), in: $0) }
            exposition.sample("railbook_outbox_waiting", [], waiting)
            exposition.sample("railbook_outbox_oldest_age_seconds", [], oldest)
        } catch {
            ServerLog.write("error: the outbox was not read for the metrics: \(error)")
        }
        writeMail(to: &exposition)
        SiteMetrics.write(jobs: jobs.statistics + mailJobs.statistics, to: &exposition)
        SiteMetrics.write(database.statistics, to: &exposition)
        SiteMetrics.write(
            caches: [
                ("search_results", railway.resultsCache.cacheStatistics), ("search_parts", railway.resultsCache.parts.cacheStatistics),
                ("seats", railway.inventory.statistics), ("station_boards", railway.boards.statistics),
                ("train_stops", railway.trainStops.statistics),
            ], to: &exposition)
        exposition.family("railbook_http_connections_open", "gauge", help: "Connections open to the site's port.")
        exposition.sample("railbook_http_connections_open", [], connections.open)
        exposition.family("railbook_http_connections_refused_total", "counter", help: "Connections closed without being served, by reason.")
        exposition.sample("railbook_http_connections_refused_total", [("reason", "connection_limit")], connections.refusedAtLimit)
        exposition.sample("railbook_http_connections_refused_total", [("reason", "address_limit")], connections.refusedAtAddressLimit)
        exposition.sample("railbook_http_connections_refused_total", [("reason", "head_timeout")], connections.headOverdue)
        exposition.family("railbook_draining", "gauge", help: "1 while the server drains before it stops (/ready answers 503).")
        exposition.sample("railbook_draining", [], probes.isDraining ? 1 : 0)
        ProcessMetrics.write(to: &exposition)
        return exposition.text
    }
}

/// The metrics port's only page: `GET /metrics` (HEAD too), the site's metrics as Prometheus reads
/// them; anything else is 404. It runs on a listener of its own, never on the site's port.
public struct MetricsResponder: HTTPResponder {
    let application: Application
    let connections: @Sendable () -> Application.ConnectionCounts

    public init(application: Application, connections: @escaping @Sendable () -> Application.ConnectionCounts) {
        self.application = application
        self.connections = connections
    }

    public func respond(to request: Request) -> Response {
        guard request.path == "/metrics" else { return .text("not found\n", status: .notFound) }
        guard request.method == .get || request.method == .head else {
            var refused = Response.text("method not allowed\n", status: .methodNotAllowed)
            refused.headers.set("Allow", "GET, HEAD")
            return refused
        }
        var response = Response.text(application.metricsText(connections: connections()))
        response.headers.set("Content-Type", Exposition.contentType)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    public func respond(to error: HTTPError, method: HTTPMethod, target: String, headers: Headers) -> Response {
        .text("\(error.status.code)\n", status: error.status)
    }
}

extension Application {
    /// Mail sent and failed attempts by this server, and mail waiting (all servers).
    private func writeMail(to exposition: inout Exposition) {
        let counts = mail.counts.withLock { $0 }
        exposition.family("railbook_mail_sent_total", "counter", help: "Mails this server handed to the relay or wrote to the mail folder.")
        exposition.sample("railbook_mail_sent_total", [], counts.sent)
        exposition.family("railbook_mail_failures_total", "counter", help: "Attempts at sending a mail that failed (each is tried again).")
        exposition.sample("railbook_mail_failures_total", [], counts.failed)
        exposition.family("railbook_mail_waiting", "gauge", help: "Mails queued and not sent yet.")
        exposition.family("railbook_mail_oldest_age_seconds", "gauge", help: "How long the oldest mail not sent yet has waited.")
        do {
            let (waiting, oldest) = try database.read { try Mail.backlog(now: clock.now(), in: $0) }
            exposition.sample("railbook_mail_waiting", [], waiting)
            exposition.sample("railbook_mail_oldest_age_seconds", [], oldest)
        } catch {
            ServerLog.write("error: the mail queue was not read for the metrics: \(error)")
        }
    }
}
