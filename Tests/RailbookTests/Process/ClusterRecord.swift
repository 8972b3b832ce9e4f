import Synchronization

/// What the travellers of the cluster test saw, written from every thread: each 303 with where it
/// led, the refusals, the answers lost while a server died, and anything a traveller did not expect.
/// The database is checked against it afterwards. Also says when the travellers should stop.
final class ClusterRecord: Sendable {
    /// A booking the site answered with 303 to its order.
    struct Booking: Sendable {
        let account: String
        let orderNumber: String
        let passengers: [Int64]
        let stretch: ClusterTrain.Stretch
        let seatClass: String
    }

    /// A payment confirmed on Railbook Pay (303 back to what it paid for).
    struct Payment: Sendable {
        let reference: String
        let returnedTo: String
    }

    /// Everything seen so far.
    struct Observations: Sendable {
        var bookings: [Booking] = []
        var payments: [Payment] = []
        /// Payment references of the waitlists joined (`POST /waitlist` → 303 `/pay/<reference>`).
        var waitlistsJoined: [String] = []
        /// Refunded tickets (`POST /tickets/:id/refund` → 303), by id.
        var refunds: [Int64] = []
        var soldOutAnswers = 0
        /// Orders booked to be left unpaid (the expiry stream); those their owners saw expire; and
        /// waitlists their owners saw served.
        var abandonedOrders: [String] = []
        var expiriesSeen: [String] = []
        var fulfilmentsSeen: [String] = []
        /// Answers lost while a server died: HAProxy's 502 or 503, a connection reset or timed out.
        var lostAnswers: [String] = []
        /// Anything else a traveller did not expect (a 500, a refusal with no reason to be).
        var unexpected: [String] = []
    }

    private let state = Mutex(Observations())
    private let stopping = Atomic(false)

    /// Adds what a traveller saw.
    func note(_ change: (inout Observations) -> Void) {
        state.withLock { change(&$0) }
    }

    /// A copy of everything seen so far.
    var observations: Observations { state.withLock { $0 } }

    /// True once the travellers should finish what they are doing and stop.
    var isStopping: Bool { stopping.load(ordering: .relaxed) }

    /// Tells the travellers to stop.
    func stop() {
        stopping.store(true, ordering: .relaxed)
    }
}
