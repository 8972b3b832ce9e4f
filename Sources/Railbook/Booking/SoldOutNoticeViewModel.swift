/// What the book page says, as it opens, when its class has nothing to sell on the stretch: why,
/// and what the traveller can do instead — join the waitlist (seats and berths; never standing, as
/// on the results page), book the class with a seat change on the same train (`SeatChangeViewModel`),
/// book another class the train still sells there (standing too once it is on sale), or look at the
/// other trains of the day.
struct SoldOutNoticeViewModel: Encodable {
    /// Another class to book instead.
    struct Instead: Encodable {
        let code: String
        let href: String
        /// "二等座 ¥276".
        let label: String
    }

    /// Why there is nothing to book.
    let text: String
    /// The waitlist form of the class, when it can be waited for.
    let waitlist: String?
    /// The same-train seat change that still covers the stretch in the class.
    let seatChange: SeatChangeViewModel?
    let instead: [Instead]
    /// The search for the day's other trains between the two stations.
    let otherTrains: String

    /// The notice for `seatClass` on `leg` (its ends asked for as the telecodes `fromCode` and
    /// `toCode`), or nil while the class is on sale.
    init?(
        _ availability: ClassAvailability, leg: RunLeg, seatClass: SeatClass, fromCode: String, toCode: String, timetable: Timetable,
        text: TextLookup
    ) {
        let stretch = "run=\(leg.runID)&from=\(fromCode)&to=\(toCode)"
        switch availability.state {
        case .onSale: return nil
        case .soldOut: self.text = text("book_sold_out")
        case .standingNotYet: self.text = text("booking_error_standing_seats_left")
        case .standingSoldOut: self.text = text("book_standing_sold_out")
        }
        waitlist = availability.state == .soldOut ? "/waitlist/new?\(stretch)&class=\(seatClass.rawValue)" : nil
        seatChange = availability.seatChange.map {
            SeatChangeViewModel(
                $0, train: leg.train, runID: leg.runID, seatClass: seatClass, fromCode: fromCode, toCode: toCode, timetable: timetable,
                text: text)
        }
        instead = availability.alternatives.map { offer in
            Instead(
                code: offer.seatClass.rawValue, href: "/book?\(stretch)&class=\(offer.seatClass.rawValue)",
                label: text("book_sold_out_instead", text(offer.seatClass.messageKey), Money.format(offer.priceFen)))
        }
        otherTrains = "/search?from=\(fromCode)&to=\(toCode)&date=\(leg.travelDate)"
    }
}
