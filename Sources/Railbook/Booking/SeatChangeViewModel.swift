import Mustache

/// A same-train seat change (`SeatChangePlan`) as the results row and the book page show it:
/// clearly marked, each leg's coach and seat and where it ends, the stations where the seat changes,
/// the total fare of the legs and the link that books it.
struct SeatChangeViewModel: Encodable {
    struct Leg: Encodable {
        /// The first passenger's coach, `03`.
        let coach: String
        /// The first passenger's seat, `01A`, `03L`.
        let seat: String
        /// "03车 01A 至 南京南", then "换 05车 05C 至 上海虹桥" (every passenger's seat).
        let text: String
        /// The telecode of the stop the leg ends at.
        let toCode: String
    }

    /// The class's name and code.
    let className: String
    let classCode: String
    let legs: [Leg]
    /// "在 南京南 换座" (each change station).
    let changes: String
    /// The telecodes of the change stations, as the form posts them (`change_at`) and comma-separated
    /// (`data-seat-change`).
    let changeAt: [String]
    let changeCodes: String
    /// "同车换座：在 南京南 换座，¥553.0", for a link to it.
    let offer: String
    /// The adult fare of the legs added up.
    let price: String
    let priceFen: Int
    /// The book page for it.
    let href: String

    /// `plan` for `seatClass` on `train` of run `runID`, booked from the telecodes `fromCode` to `toCode`.
    init(
        _ plan: SeatChangePlan, train: Train, runID: Int64, seatClass: SeatClass, fromCode: String, toCode: String,
        timetable: Timetable, text: TextLookup
    ) {
        let station = { (index: Int) in timetable.station(train.stops[index].stationID) }
        className = text(seatClass.messageKey)
        classCode = seatClass.rawValue
        legs = plan.legs.enumerated().map { index, leg in
            let seat = leg.seats.first.map { SeatNumber(seatClass: seatClass, index: $0.seatIndex) }
            let seats = leg.seats.map {
                SeatNumber(seatClass: seatClass, index: $0.seatIndex).text(coach: Ticket.coachText($0.coach), text.messages, text.language)
            }
            return Leg(
                coach: leg.seats.first.map { Ticket.coachText($0.coach) } ?? "", seat: seat?.code ?? "",
                text: text(
                    index == 0 ? "seat_change_leg" : "seat_change_next_leg", seats.joined(separator: text("seat_change_separator")),
                    station(leg.destinationIndex)?.name(in: text.language) ?? ""),
                toCode: station(leg.destinationIndex)?.telecode ?? "")
        }
        let changeStations = plan.changeIndices.compactMap(station)
        changes = text("seat_change_stations", changeStations.map { $0.name(in: text.language) }.joined(separator: text("seat_change_separator")))
        changeAt = changeStations.map(\.telecode)
        changeCodes = changeAt.joined(separator: ",")
        priceFen = plan.legs.reduce(0) {
            $0 + Fares.price(of: train, from: $1.originIndex, to: $1.destinationIndex, seatClass: seatClass, in: timetable)
        }
        price = Money.format(priceFen)
        offer = text("seat_change_offer", changes, price)
        href =
            "/book?run=\(runID)&from=\(fromCode)&to=\(toCode)&class=\(seatClass.rawValue)"
            + changeAt.map { "&change_at=" + $0 }.joined()
    }

    /// The values built by hand for the results row, which is rendered without the encoder for speed
    /// (see `TripRowViewModel`).
    var rowValue: MustacheValue {
        .object([
            "className": .string(className), "classCode": .string(classCode), "changeCodes": .string(changeCodes),
            "price": .string(price), "href": .string(href),
            "legs": .list(
                legs.map { .object(["coach": .string($0.coach), "seat": .string($0.seat), "text": .string($0.text), "toCode": .string($0.toCode)]) }),
        ])
    }
}
