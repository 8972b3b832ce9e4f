import Locking
import Storage

/// Sends queued mail (`Reaction.sendMail` entries of the outbox), apart from the other reactions
/// so that a slow relay never holds up a request: every second each server claims the mail due,
/// one at a time, writes it, hands it to the transport, then marks it sent together with its
/// outbox entry. A relay that refuses or is down
/// throws: the failure is counted on the mail and the outbox tries again later, with the same
/// `Message-ID`. A process that dies after the relay took the mail and before the mark sends it
/// again on restart, with the same `Message-ID` (the folder keeps one file; receivers can drop the
/// copy): a mail is never lost, and sent twice only across such a crash.
final class MailDelivery: Sendable {
    let database: DatabasePool
    let composer: MailComposer
    let transport: any MailTransport
    let clock: any Clock
    /// Set while testing what a crash between a commit and its reactions leaves behind: nothing is sent.
    let holdsMail: Bool
    private let log: @Sendable (String) -> Void
    /// Mails sent and attempts that failed, since start (for `/metrics`).
    let counts = Locked((sent: 0, failed: 0))
    /// False until the site's address is known (`begin`): links in mail name it.
    private let isSending = Locked(false)

    init(
        database: DatabasePool, composer: MailComposer, transport: any MailTransport, clock: any Clock, holdsMail: Bool,
        log: @escaping @Sendable (String) -> Void
    ) {
        self.database = database
        self.composer = composer
        self.transport = transport
        self.clock = clock
        self.holdsMail = holdsMail
        self.log = log
    }

    /// Mail may be sent from now on.
    func begin() { isSending.withLock { $0 = true } }

    /// The job that sends the mail due every second, on every server (each claims the mail it
    /// sends), run by a `BackgroundJobs` of its own: a relay that is slow holds up mail only.
    var job: BackgroundJobs.Job {
        .init(name: "mail", interval: 1, runsOnEveryServer: true) { [self] in drain() }
    }

    /// Sends every mail due, one claim at a time; a mail that fails waits for its next attempt
    /// (1 s, 2 s, 4 s… up to an hour) and the others go on.
    func drain() {
        guard !holdsMail, isSending.withLock({ $0 }) else { return }
        var tried = Set<Int64>()
        while true {
            let now = clock.now()
            let claimed: [Outbox.Entry]
            do {
                guard try !database.read({ try Outbox.due(now: now, limit: 1, lane: .mail, in: $0) }).isEmpty else { return }
                claimed = try database.write { try Outbox.claimDue(holder: ServerInstance.id, now: now, limit: 1, lane: .mail, in: $0) }
            } catch {
                log("error: the mail due was not claimed: \(error)")
                return
            }
            guard let entry = claimed.first(where: { !tried.contains($0.id) }) else { return }
            tried.insert(entry.id)
            attempt(entry)
        }
    }

    /// Sends the mail of `entry`, or records why not, for its next attempt. Log lines carry the id
    /// of the request that queued the mail, as the lines of that request do.
    private func attempt(_ entry: Outbox.Entry) {
        let requestID: String?
        do {
            requestID = try database.read { try Mail.find(id: entry.subjectID, in: $0)?.requestID }
        } catch {
            requestID = nil
        }
        ServerLog.$requestID.withValue(requestID) {
            do {
                try send(mailID: entry.subjectID, entryID: entry.id)
            } catch {
                if !(error is WaitsForEarlierMail) { log("error: mail \(entry.subjectID) was not sent (attempt \(entry.attempts + 1)): \(error)") }
                do {
                    try database.write { try Outbox.recordFailure(entry.id, error: "\(error)", now: clock.now(), in: $0) }
                } catch {
                    log("error: the failure of mail \(entry.subjectID) was not recorded: \(error)")
                }
            }
        }
    }

    /// Sends mail `mailID` (once it is sent, only marks the entry done) and marks `entryID` done.
    /// The claim on the entry is renewed right before the relay is called, and the relay's
    /// deadline is shorter than a claim, so no other server can take the mail while it goes out.
    func send(mailID: Int64, entryID: Int64) throws {
        do {
            let prepared = try database.read { db -> MailMessage? in
                guard let mail = try Mail.find(id: mailID, in: db), mail.status == .queued else { return nil }
                // Mails to one address go in the order they were written, also after a relay was down.
                if try Mail.hasEarlierQueued(than: mail, in: db) { throw WaitsForEarlierMail() }
                return try composer.message(for: mail, in: db)
            }
            if let message = prepared {
                guard try database.write({ try Outbox.renewClaim(entryID, holder: ServerInstance.id, in: $0) }) else { return }
                try transport.send(message)
                counts.withLock { $0.sent += 1 }
            }
        } catch let waiting as WaitsForEarlierMail {
            throw waiting // tried again after the earlier one, with the outbox's backoff; not a failure of this mail
        } catch {
            // Written or handed over, a failure is counted on the mail too (`/admin/mail`).
            counts.withLock { $0.failed += 1 }
            do {
                try database.write { try Mail.recordFailure(mailID, error: "\(error)", in: $0) }
            } catch {
                log("error: the failure of mail \(mailID) was not counted on it: \(error)")
            }
            throw error
        }
        let now = clock.now()
        try database.write { db in
            _ = try Mail.markSent(mailID, now: now, in: db)
            _ = try Outbox.markDone(entryID, now: now, in: db)
        }
    }

    /// An earlier mail to the same address is not sent yet: this one waits for it.
    struct WaitsForEarlierMail: Error, CustomStringConvertible {
        var description: String { "an earlier mail to the same address is not sent yet" }
    }
}
