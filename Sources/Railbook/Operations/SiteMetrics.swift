import HTTP
import Locking
import Metrics
import Storage

/// What Railbook counts for Prometheus (`GET /metrics` on the metrics port, see docs/operations.md):
/// requests by route, method and status class with their durations, the railway's own events
/// (bookings, payments settled, refunds, changes, waitlists served, expiries), and at each scrape
/// the outbox, the jobs, the database pool, the caches, the connections and the process.
/// Counting on the request path is an atomic add on a counter found under one short lock.
final class SiteMetrics: Sendable {
    /// Duration buckets in seconds, from half a millisecond to ten seconds.
    static let durationBounds = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    /// The methods counted by name; any other is "other".
    private static let methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "other"]
    private static let statusClasses = ["1xx", "2xx", "3xx", "4xx", "5xx"]

    /// One route's counters (by method and status class, made at once) and durations.
    private final class RouteSeries: Sendable {
        let requests = (0..<SiteMetrics.methods.count * SiteMetrics.statusClasses.count).map { _ in Counter() }
        let durations = Histogram(bounds: SiteMetrics.durationBounds)
    }

    /// Each route's series, made on its first answer.
    private let series = Locked<[String: RouteSeries]>([:])
    /// The railway's events, counted as they are published on this server.
    let bookings = Counter()
    let paymentsSettled = Counter()
    let refunds = Counter()
    let changes = Counter()
    let waitlistsFulfilled = Counter()
    let expiries = Counter()

    init() {}

    /// Counts the railway's events from `events`.
    func count(_ events: EventBus) {
        events.subscribe(OrderBooked.self) { [bookings] _ in bookings.add() }
        events.subscribe(PaymentConfirmed.self) { [paymentsSettled] _ in paymentsSettled.add() }
        events.subscribe(TicketRefunded.self) { [refunds] _ in refunds.add() }
        events.subscribe(TicketChanged.self) { [changes] _ in changes.add() }
        events.subscribe(WaitlistFulfilled.self) { [waitlistsFulfilled] _ in waitlistsFulfilled.add() }
        events.subscribe(OrderExpired.self) { [expiries] _ in expiries.add() }
    }

    /// Counts one answered request: `route` as registered (or a name for those no route answered),
    /// its method (an unknown one as "other"), status class and duration. One dictionary look-up
    /// under the lock, then atomic adds.
    func record(_ answered: AnsweredRequest) {
        let route = series.withLock { series in
            if let found = series[answered.route] { return found }
            let made = RouteSeries()
            series[answered.route] = made
            return made
        }
        let method = Self.methods.firstIndex(of: answered.method) ?? Self.methods.count - 1
        let status = min(max(answered.status / 100, 1), 5) - 1
        route.requests[method * Self.statusClasses.count + status].add()
        route.durations.observe(microseconds: answered.microseconds)
    }

    /// The request series in the exposition (a method and status class never seen on a route left out).
    func writeRequests(to exposition: inout Exposition) {
        let routes = series.withLock { $0 }.sorted { $0.key < $1.key }
        exposition.family("railbook_http_requests_total", "counter", help: "Requests answered, by route, method and status class.")
        for (route, series) in routes {
            for (methodIndex, method) in Self.methods.enumerated() {
                for (statusIndex, status) in Self.statusClasses.enumerated() {
                    let count = series.requests[methodIndex * Self.statusClasses.count + statusIndex].value
                    guard count > 0 else { continue }
                    exposition.sample("railbook_http_requests_total", [("route", route), ("method", method), ("status", status)], count)
                }
            }
        }
        exposition.family("railbook_http_request_duration_seconds", "histogram", help: "Time to answer a request, by route.")
        for (route, series) in routes {
            exposition.histogram("railbook_http_request_duration_seconds", [("route", route)], series.durations)
        }
    }

    /// The railway's event counters in the exposition.
    func writeEvents(to exposition: inout Exposition) {
        for (name, help, counter) in [
            ("railbook_bookings_total", "Orders booked.", bookings),
            ("railbook_payments_settled_total", "Payments confirmed by the provider.", paymentsSettled),
            ("railbook_refunds_total", "Tickets refunded.", refunds),
            ("railbook_ticket_changes_total", "Tickets changed for another run or class.", changes),
            ("railbook_waitlists_fulfilled_total", "Waitlists that got their seats.", waitlistsFulfilled),
            ("railbook_orders_expired_total", "Unpaid orders that passed their deadline.", expiries),
        ] {
            exposition.family(name, "counter", help: help)
            exposition.sample(name, [], counter.value)
        }
    }

    /// The database pool's connections, waits and commit groups.
    static func write(_ pool: PoolStatistics, to exposition: inout Exposition) {
        exposition.family("railbook_database_connections", "gauge", help: "Database connections open, and in use.")
        exposition.sample("railbook_database_connections", [("state", "open")], pool.connectionsOpen)
        exposition.sample("railbook_database_connections", [("state", "in_use")], pool.connectionsInUse)
        exposition.family("railbook_database_pool_waits_total", "counter", help: "Times a request waited for a database connection.")
        exposition.sample("railbook_database_pool_waits_total", [], pool.waits)
        exposition.family("railbook_database_pool_wait_seconds_total", "counter", help: "Seconds spent waiting for a database connection.")
        exposition.sample("railbook_database_pool_wait_seconds_total", [], pool.waitSeconds)
        exposition.family("railbook_group_commit_flushes_total", "counter", help: "Write groups committed and flushed together (SQLite).")
        exposition.sample("railbook_group_commit_flushes_total", [], pool.commitGroups)
        exposition.family(
            "railbook_group_commit_writes_total", "counter", help: "Writes committed in those groups (writes per flush is the batch size).")
        exposition.sample("railbook_group_commit_writes_total", [], pool.commitWrites)
    }

    /// Each cache's hits, misses, bytes and entries.
    static func write(caches: [(String, CacheStatistics)], to exposition: inout Exposition) {
        let families: [(String, String, String, (CacheStatistics) -> Int)] = [
            ("railbook_cache_hits_total", "counter", "Asks a cache answered.", \.hits),
            ("railbook_cache_misses_total", "counter", "Asks a cache could not answer.", \.misses),
            ("railbook_cache_bytes", "gauge", "Memory a cache holds, in bytes.", \.bytes),
            ("railbook_cache_entries", "gauge", "Values a cache holds.", \.entries),
        ]
        for (name, type, help, value) in families {
            exposition.family(name, type, help: help)
            for (cache, statistics) in caches { exposition.sample(name, [("cache", cache)], value(statistics)) }
        }
    }

    /// Each background job's last success on this server and its failures.
    static func write(jobs: [(name: String, outcome: BackgroundJobs.Outcome)], to exposition: inout Exposition) {
        exposition.family(
            "railbook_job_last_success_timestamp_seconds", "gauge", help: "When a job last finished its work on this server (0: never).")
        for job in jobs { exposition.sample("railbook_job_last_success_timestamp_seconds", [("name", job.name)], job.outcome.lastSuccess ?? 0) }
        exposition.family("railbook_job_failures_total", "counter", help: "Turns of a job that failed on this server.")
        for job in jobs { exposition.sample("railbook_job_failures_total", [("name", job.name)], job.outcome.failures) }
    }
}
