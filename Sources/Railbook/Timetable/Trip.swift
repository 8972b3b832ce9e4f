/// One way to travel from an origin to a destination on one train: which run, which stops, when.
struct Trip: Sendable {
    let train: Train
    let run: RunInfo
    /// The date the run started from the train's first station.
    let serviceDate: CivilDate
    let originIndex: Int
    let destinationIndex: Int
    /// Seats left and price per class, in the train's class order.
    let offers: [Offer]

    /// A seat class on this trip: its adult fare and how many seats are free for the whole stretch;
    /// when none is, the same-train seat change that covers it for one passenger, if there is one.
    struct Offer: Sendable {
        let seatClass: SeatClass
        let priceFen: Int
        let seatsLeft: Int
        var seatChange: SeatChangePlan? = nil
    }

    /// What tells two trips of a day apart: the run and the stop it is boarded at.
    struct Identity: Hashable {
        let runID: Int64
        let originIndex: Int
    }

    var identity: Identity { Identity(runID: run.id, originIndex: originIndex) }

    var origin: Stop { train.stops[originIndex] }
    var destination: Stop { train.stops[destinationIndex] }

    /// Departure and arrival as minutes after midnight of the service date.
    var departureMinute: Int { origin.departureOrArrival }
    var arrivalMinute: Int { destination.arrivalOrDeparture }
    var durationMinutes: Int { arrivalMinute - departureMinute }

    /// Departure and arrival as absolute minutes since 1970-01-01 00:00 China time, for comparing trips.
    var departureTime: Int { serviceDate.daysSinceEpoch * 1440 + departureMinute }
    var arrivalTime: Int { serviceDate.daysSinceEpoch * 1440 + arrivalMinute }

    /// The cheapest fare, for sorting by price.
    var lowestPrice: Int { offers.map(\.priceFen).min() ?? 0 }
    var hasSeats: Bool { offers.contains { $0.seatsLeft > 0 } }
    /// True when the run does not go (停运): listed, but nothing can be booked on it.
    var isCancelled: Bool { run.isCancelled }
}
