/// The second train of a journey with one change on the book page (`booking/book`): the train,
/// its stretch and times, the class with its fares, where and how long the change is, and the
/// fields that post it back with the first (`ConnectingLeg`).
struct BookConnectionViewModel: Encodable {
    let train: String
    let type: String
    let date: String
    let from: String
    let to: String
    let departs: String
    let arrives: String
    /// `+1` when it arrives on a later day than it leaves.
    let plusDays: String?
    let seatClass: String
    let fares: [BookPageViewModel.Fare]
    /// "在 中城 换乘，间隔 20 分钟".
    let change: String
    let run: String
    let fromCode: String
    let toCode: String
    let classCode: String
    /// Its fare by ticket type, added to each passenger's on the page's total (a sleeper's upper berth).
    let adultFen: Int
    let childFen: Int
    let studentFen: Int

    /// The leg `second` in `seatClass`, after `first`.
    init(_ second: RunLeg, seatClass: SeatClass, after first: RunLeg, timetable: Timetable, text: TextLookup) {
        let origin = second.train.stops[second.originIndex], destination = second.train.stops[second.destinationIndex]
        let originStation = timetable.station(origin.stationID), destinationStation = timetable.station(destination.stationID)
        train = second.train.number
        type = text(second.train.type.messageKey)
        date = second.travelDate.description
        from = originStation?.name(in: text.language) ?? ""
        to = destinationStation?.name(in: text.language) ?? ""
        departs = ClockTime.format(origin.departureOrArrival)
        arrives = ClockTime.format(destination.arrivalOrDeparture)
        let days = destination.arrivalOrDeparture / 1440 - origin.departureOrArrival / 1440
        plusDays = days > 0 ? "+\(days)" : nil
        self.seatClass = text(seatClass.messageKey)
        let pricing = BookPricing(sale: SeatSale(timetable: timetable, leg: second, seatClass: seatClass))
        fares = BookPageViewModel.fares(pricing, text: text)
        adultFen = pricing.price(.adult, berth: "")
        childFen = pricing.price(.child, berth: "")
        studentFen = pricing.price(.student, berth: "")
        change = text("book_connection_change", from, String((second.departsAt - first.arrivesAt) / 60))
        run = String(second.runID)
        fromCode = originStation?.telecode ?? ""
        toCode = destinationStation?.telecode ?? ""
        classCode = seatClass.rawValue
    }

    /// Its fare for ticket type `code` (`adult`, `child`, `student`).
    func fen(for code: String) -> Int {
        switch PassengerType(rawValue: code) {
        case .child: childFen
        case .student: studentFen
        case .adult, nil: adultFen
        }
    }
}
