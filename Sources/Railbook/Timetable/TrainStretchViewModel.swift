/// The stretch of a run the train page prices (`timetable/train`, "classes"): its ends, times,
/// duration and distance, and each class's price and seats left, with a link to book it while
/// seats are left, or to join its waitlist once it is sold out.
struct TrainStretchViewModel: Encodable {
    /// One seat class on the stretch.
    struct SeatClassRow: Encodable {
        /// The class's code (`data-class`).
        let code: String
        let name: String
        let price: String
        /// Seats left (none on a cancelled run).
        let seats: Int
        /// The count as the page says it ("有", "12", "无").
        let seatsText: String
        let soldOut: Bool
        /// The book page, while the stretch is on sale and has seats.
        let bookHref: String?
        /// The waitlist, once an on-sale class with seats (not standing) is sold out.
        let waitlistHref: String?
    }

    let heading: String
    let fromCode: String
    let toCode: String
    let departs: TrainStopsViewModel.Clock
    let arrives: TrainStopsViewModel.Clock
    let duration: String
    let distance: String
    /// The day the traveller leaves the stretch's first stop.
    let travelDate: String
    let classes: [SeatClassRow]
    let hasClasses: Bool

    /// The stretch `outcome` chose of `run` of `train` on service `date`, with its classes' `offers`;
    /// `stations` are the train's stops' stations, `presaleWindow` the days on sale today.
    init(
        train: Train, run: RunInfo, date: CivilDate, offers: [Trip.Offer], outcome: TrainPageValidation.Outcome, stations: [Station?],
        presaleWindow: ClosedRange<CivilDate>, text: TextLookup
    ) {
        let origin = train.stops[outcome.origin], destination = train.stops[outcome.destination]
        let travelDate = date.adding(days: origin.departureOrArrival / 1440)
        let isOnSale = !run.isCancelled && presaleWindow.contains(travelDate)
        let fromCode = stations[outcome.origin]?.telecode ?? "", toCode = stations[outcome.destination]?.telecode ?? ""
        let plenty = text("seats_plenty"), none = text("seats_none")
        classes = offers.map { offer in
            let seats = run.isCancelled ? 0 : offer.seatsLeft
            let leg = "run=\(run.id)&from=\(fromCode)&to=\(toCode)&class=\(offer.seatClass.rawValue)"
            return SeatClassRow(
                code: offer.seatClass.rawValue, name: text(offer.seatClass.messageKey), price: Money.format(offer.priceFen),
                seats: seats, seatsText: SeatGaps.text(seats, plenty: plenty, none: none), soldOut: seats == 0,
                bookHref: isOnSale && seats > 0 ? "/book?" + leg : nil,
                waitlistHref: isOnSale && seats == 0 && offer.seatClass != .standing ? "/waitlist/new?" + leg : nil)
        }
        hasClasses = !classes.isEmpty
        heading = text(
            "train_classes_heading", stations[outcome.origin]?.name(in: text.language) ?? "",
            stations[outcome.destination]?.name(in: text.language) ?? "")
        self.fromCode = fromCode
        self.toCode = toCode
        departs = TrainStopsViewModel.Clock(origin.departureOrArrival)
        arrives = TrainStopsViewModel.Clock(destination.arrivalOrDeparture)
        let minutes = destination.arrivalOrDeparture - origin.departureOrArrival
        duration = text("duration_format", String(minutes / 60), String(minutes % 60))
        distance = text("train_distance_km", String(destination.distanceKm - origin.distanceKm))
        self.travelDate = travelDate.description
    }
}
