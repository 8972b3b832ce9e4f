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
    let seatClass: String
    let fares: [BookPageViewModel.Fare]
    /// "在 中城 换乘，间隔 20 分钟".
    let change: String
    let run: String
    let fromCode: String
    let toCode: String
    let classCode: String

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
        self.seatClass = text(seatClass.messageKey)
        fares = BookPageViewModel.fares(BookPricing(sale: SeatSale(timetable: timetable, leg: second, seatClass: seatClass)), text: text)
        change = text("book_connection_change", from, String((second.departsAt - first.arrivesAt) / 60))
        run = String(second.runID)
        fromCode = originStation?.telecode ?? ""
        toCode = destinationStation?.telecode ?? ""
        classCode = seatClass.rawValue
    }
}
