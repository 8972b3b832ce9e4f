/// Whether the class a book page is for has anything to sell on its stretch, judged from the
/// train's offers as the results page lists them (`TripSearch.offers`: each seated class and berth
/// with its seats left, and standing once no seated class has a seat), and what else the train
/// still sells there. The booking itself decides again, in its transaction.
struct ClassAvailability: Sendable {
    enum State: Sendable, Equatable {
        /// Seats, berths or standing places are left for the whole stretch.
        case onSale
        /// No seat or berth of the class is free for the whole stretch.
        case soldOut
        /// Standing asked for while a seated class still has a seat: it is sold only once they are gone.
        case standingNotYet
        /// Standing asked for once the seats are gone, and its places are gone too.
        case standingSoldOut
    }

    let state: State
    /// The train's other classes (standing included) with seats or places left for the stretch, in
    /// the order the offers list them.
    let alternatives: [Trip.Offer]
    /// The same-train seat change that covers the stretch when the class is sold out, if any.
    let seatChange: SeatChangePlan?

    /// The availability of `seatClass` among `offers`, those of one run and stretch.
    init(of seatClass: SeatClass, among offers: [Trip.Offer]) {
        let seatsLeft = offers.first { $0.seatClass == seatClass }?.seatsLeft
        switch (seatClass, seatsLeft) {
        case (_, let seats?) where seats > 0: state = .onSale
        case (.standing, nil): state = .standingNotYet
        case (.standing, _): state = .standingSoldOut
        default: state = .soldOut
        }
        alternatives = offers.filter { $0.seatClass != seatClass && $0.seatsLeft > 0 }
        seatChange = state == .soldOut ? offers.first { $0.seatClass == seatClass }?.seatChange : nil
    }

    /// True when the book page offers its form.
    var isOnSale: Bool { state == .onSale }
}
