import Storage

/// Mail to travellers: the schema, the pages that turn mail off and list it for administrators,
/// sending what is queued, and the reminders before unpaid orders expire. (The address and
/// password recovery pages belong to Accounts.)
enum MailFeature: Feature {
    static func addMigrations(to migrator: inout Migrator) {
        Migrations.addMail(to: &migrator)
    }

    static func controllers(_ services: Services) -> [Mount] {
        [
            .everyone(MailOptOutController(renderer: services.renderer, database: services.database, key: services.keys.mail)),
            .adminArea(
                AdminMailController(renderer: services.renderer, database: services.database, destination: services.mail.transport.destination)),
        ]
    }

    /// Sending the mail due (every second, on every server: each claims the mail it sends), and
    /// queuing the reminders of unpaid orders that expire within ten minutes.
    static func jobs(_ services: Services) -> [BackgroundJobs.Job] {
        let mail = services.mail, database = services.database, clock = services.clock
        return [
            .init(name: "mail", interval: 1, runsOnEveryServer: true) { mail.drain() },
            .init(name: "payment reminders", interval: services.deadlines.jobSeconds) {
                let now = clock.now()
                try database.write { try PaymentReminder.queueDue(now: now, in: $0) }
            },
        ]
    }
}

/// The mail sent ten minutes before an unpaid order expires, once per order (`Mail.Draft.onceKey`).
enum PaymentReminder {
    /// How long before the deadline the reminder goes.
    static let leadSeconds = 10 * 60

    /// Queues a reminder for each unpaid order expiring within `leadSeconds` that has none yet.
    static func queueDue(now: Int, in db: Database) throws {
        let due = try db.query(
            Order.self, "SELECT \(Order.columns) FROM orders WHERE status = ? AND pay_deadline > ? AND pay_deadline <= ? ORDER BY id",
            [Order.Status.unpaid, now, now + leadSeconds])
        for order in due {
            var draft = Mail.Draft(
                .paymentReminder, arguments: [order.number, Money.format(order.totalFen), String(order.payDeadline)],
                link: "/orders/" + order.number)
            draft.onceKey = "reminder:order:\(order.id)"
            try Mail.queue(draft, toUser: order.userID, now: now, in: db)
        }
    }
}
