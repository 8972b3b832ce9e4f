/// How long Railbook waits for people, and how often it looks whether a wait is over: the time an
/// unpaid order holds its seats (or stock), the time a merchant has to accept a paid shop order,
/// and the interval of the jobs that close what is overdue. Settings of `railbook serve`.
public struct Deadlines: Sendable, Equatable {
    /// Seconds an unpaid ticket order, shop order or waitlist holds what it reserved (30 minutes).
    public var holdSeconds = 30 * 60
    /// Seconds a merchant has to accept a paid shop order before it is refunded (10 minutes).
    public var acceptSeconds = 10 * 60
    /// Seconds between two runs of the jobs that expire, refund and cancel what is overdue.
    public var jobSeconds = 15
    /// Minutes before departure a waitlist closes at the latest (20, as 12306 since 2024).
    public var waitlistCloseMinutes = 20

    /// The defaults: 30 minutes to pay, 10 to accept, deadline jobs every 15 seconds.
    public init() {}

    /// The hold in whole minutes, as the pages say it.
    public var holdMinutes: Int { holdSeconds / 60 }
    /// The accept window in whole minutes, as the pages say it.
    public var acceptMinutes: Int { acceptSeconds / 60 }
}
