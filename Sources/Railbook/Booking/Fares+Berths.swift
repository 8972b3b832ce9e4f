extension Fares {
    /// Sleeper berths cost more the lower they are, as on 12306: the class fare is the upper berth's;
    /// a middle berth costs about 1.05 times it, a lower berth about 1.12 times (per mille here).
    static let berthPerMille = ["upper": 1000, "middle": 1050, "lower": 1120]

    /// The adult fare of `berth` given the class (upper berth) fare, rounded to ¥0.5; the class fare
    /// for a seat or an unknown berth.
    static func price(upperFen: Int, berth: String) -> Int {
        guard let perMille = berthPerMille[berth] else { return upperFen }
        return roundToHalfYuan(upperFen * perMille / 1000)
    }
}

extension Fares {
    /// The adult fare of `ticket`'s class from its origin to stop `destination` of `train`, in the
    /// berth it holds on a sleeper (a change of destination keeps it).
    static func price(keepingBerthOf ticket: Ticket, train: Train, to destination: Int, in timetable: Timetable) -> Int {
        let classFare = price(of: train, from: ticket.fromSequence, to: destination, seatClass: ticket.seatClass, in: timetable)
        guard ticket.seatClass.isSleeper else { return classFare }
        return price(upperFen: classFare, berth: ticket.seatClass.seatLabel(index: ticket.seatIndex).letter)
    }
}
