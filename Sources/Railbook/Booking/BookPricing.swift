/// The fares of one class on one leg as the book page quotes them before any seat is given: by
/// ticket type, and on a sleeper by berth; and the seat pick a form value names for the class. A
/// same-train seat change is quoted as the sum of its legs' fares.
struct BookPricing {
    /// The leg's sale, or each leg's of a seat change.
    let sales: [SeatSale]

    init(sale: SeatSale) {
        sales = [sale]
    }

    /// The legs of a same-train seat change, all of one class.
    init(legs: [SeatSale]) {
        sales = legs
    }

    var seatClass: SeatClass { sales[0].seatClass }

    /// What a traveller of `type` pays, in `berth` on a sleeper.
    func price(_ type: PassengerType, berth: String) -> Int {
        let traveller = SeatSale.Traveller(passengerID: nil, name: "", certificateType: .residentID, certificateNumber: "", ticketType: type)
        return sales.reduce(0) { $0 + $1.price(of: traveller, berth: berth) }
    }

    /// The pick a form value names for this class: a berth on sleepers (lower when none is named),
    /// a seat letter or wish on seats, nothing for standing.
    func pickCode(_ sent: String) -> String {
        switch seatClass {
        case .standing: return ""
        case _ where seatClass.isSleeper: return seatClass.rowLetters.contains(sent) ? sent : "lower"
        default: return seatClass.rowLetters.contains(sent) || sent == "window" || sent == "aisle" ? sent : ""
        }
    }
}
