import Storage

/// How the provider page names what a payment is for, and whether it can still take money.
struct PaymentSubject: Sendable {
    /// The subject's own number (order, waitlist…), shown as the reference.
    var number: String
    /// Who is paid, in the page language (the railway's ticket office, a shop…).
    var merchant: String
    /// What is paid for, in the page language ("火车票 G101 12月3日 北京南 → 上海虹桥").
    var item: String
    /// False once the subject can no longer be paid (cancelled, expired, moved on): the provider
    /// page then shows why and takes no money.
    var isPayable: Bool
    /// When the subject stops taking money (Unix seconds), shown while it can be paid; nil when it has no deadline.
    var payBy: Int? = nil
}

/// What a purpose's `describe` gets to word its subject: the page language's texts and the timetable.
struct PaymentWording: Sendable {
    let messages: Messages
    let language: Language
    let timetable: Timetable

    /// The text of `key` with `arguments` in the page language.
    func text(_ key: String, _ arguments: [String] = []) -> String {
        messages.text(key, language, arguments: arguments)
    }

    /// The text of the plural entry `key` for `count` things, with the count as its argument.
    func text(_ key: String, count: Int) -> String {
        messages.text(key, language, count: count)
    }

    /// The railway's ticket office as merchant.
    var ticketOffice: String { text("pay_merchant_name") }

    /// "G101 12月3日 甲城 → 丙城": a train's trip between two of its stops, on the day it leaves the first.
    func trip(runID: Int64, fromSequence: Int, toSequence: Int, departsAt: Int, in db: Database) throws -> String {
        guard let row = try db.queryOne("SELECT train_id FROM runs WHERE id = ?", [runID]),
            let train = timetable.train(id: try row.int64("train_id")),
            train.stops.indices.contains(fromSequence), train.stops.indices.contains(toSequence)
        else { return "" }
        let date = ChinaTime.date(at: departsAt)
        let origin = timetable.station(train.stops[fromSequence].stationID)
        let destination = timetable.station(train.stops[toSequence].stationID)
        return train.number + " " + text("date_short", [String(date.month), String(date.day)]) + " "
            + (origin?.name(in: language) ?? "") + " → " + (destination?.name(in: language) ?? "")
    }
}
