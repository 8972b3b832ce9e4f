// Builds its template values by hand, not as a typed view-model: the results section is rendered
// once and cached as HTML, and building by hand keeps that render fast (see docs/benchmarks.md).

import HTTP
import Mustache

/// One trip as a result row: train, times, stations, duration and each class's price and seats left.
struct TripRowViewModel {
    /// The copy of the page's language.
    let text: TextLookup
    let timetable: Timetable
    /// The date the traveller leaves the origin.
    let travelDate: CivilDate
    /// The results table's class columns: each row gets one cell per column, empty where its train
    /// has no such class; nil gives a row just its own train's classes (the legs of a journey with a change).
    var columns: [SeatClass]? = nil
    /// The stations most trains of the list leave from and arrive at, said once above the list: a
    /// row names its stations only where they differ; nil names them on every row.
    var usualStations: (origin: Int64, destination: Int64)? = nil
    /// How late each trip is expected to leave its boarding stop.
    var delays = BoardingDelays()

    /// A cell of a class the train does not sell.
    private static let absentCell = MustacheValue.object(["absent": .bool(true)])

    /// Seats at or above this count show as "plenty" (有) rather than a number.
    static let plentyThreshold = 20

    /// The row of `trip`; with `gapsAt`, its seat counts are markers of `SeatGaps` for trip
    /// position `gapsAt`, filled in when the page is served.
    func value(_ trip: Trip, gapsAt position: Int? = nil) -> MustacheValue {
        let origin = timetable.station(trip.origin.stationID)
        let destination = timetable.station(trip.destination.stationID)
        let fromCode = origin?.telecode ?? "", toCode = destination?.telecode ?? ""
        let classes: [MustacheValue] = (columns ?? trip.offers.map(\.seatClass)).map { seatClass in
            guard let index = trip.offers.firstIndex(where: { $0.seatClass == seatClass }) else { return Self.absentCell }
            let offer = trip.offers[index]
            let leg = "run=\(trip.run.id)&from=\(fromCode)&to=\(toCode)&class=\(offer.seatClass.rawValue)"
            return .object([
                "code": .string(offer.seatClass.rawValue),
                "name": .string(text(offer.seatClass.messageKey)),
                "price": .string(Money.format(offer.priceFen)),
                "seats": position.map { .string(SeatGaps.marker(trip: $0, offer: index, field: .count)) } ?? .int(offer.seatsLeft),
                "seatsText": .string(position.map { SeatGaps.marker(trip: $0, offer: index, field: .text) } ?? seatsText(offer.seatsLeft)),
                "soldOut": .bool(offer.seatsLeft == 0),
                "bookHref": .string("/book?" + leg),
                "waitlistHref": offer.seatClass == .standing ? .null : .string("/waitlist/new?" + leg), // no waitlist for standing
            ])
        }
        var row: MustacheObject = [
            "train": .string(trip.train.number),
            "type": .string(text(trip.train.type.messageKey)),
            "date": .string(travelDate.description),
            "from": .string(origin?.name(in: text.language) ?? ""), "fromCode": .string(fromCode),
            "to": .string(destination?.name(in: text.language) ?? ""), "toCode": .string(toCode),
            "showsStations": .bool(showsStations(trip)),
            "departs": .string(ClockTime.format(trip.departureMinute)),
            "arrives": .string(ClockTime.format(trip.arrivalMinute)),
            "plusDays": Self.plusDays(trip).map(MustacheValue.string) ?? .null,
            "duration": .string(duration(trip.durationMinutes)),
            "classes": .list(classes),
            "cancelled": .bool(trip.isCancelled),
            "trainHref": .string(Self.trainHref(trip, fromCode: fromCode, toCode: toCode)),
        ]
        // A direct trip's sold-out classes offer their seat change (not the legs of a journey, booked together).
        let seatChanges = (columns == nil ? [] : trip.offers).compactMap { offer in
            offer.seatChange.map {
                SeatChangeViewModel(
                    $0, train: trip.train, runID: trip.run.id, seatClass: offer.seatClass, fromCode: fromCode, toCode: toCode,
                    timetable: timetable, text: text)
            }
        }
        if !seatChanges.isEmpty { row["seatChanges"] = .list(seatChanges.map(\.rowValue)) }
        if let delay = delay(trip) {
            row["delay"] = .string(delay)
            row["delayMinutes"] = .int(delays[trip])
        }
        return .object(row)
    }

    /// `+1` when `trip` arrives on a later day than it leaves.
    static func plusDays(_ trip: Trip) -> String? {
        let days = trip.arrivalMinute / 1440 - trip.departureMinute / 1440
        return days > 0 ? "+\(days)" : nil
    }

    /// The train page of `trip`'s run, for the stretch between the telecodes `fromCode` and `toCode`.
    static func trainHref(_ trip: Trip, fromCode: String, toCode: String) -> String {
        "/trains/\(trip.train.number)?date=\(trip.serviceDate.description)&from=\(fromCode)&to=\(toCode)"
    }

    /// "晚点 15 分钟" when `trip` is expected to leave its boarding stop late (`delays`).
    func delay(_ trip: Trip) -> String? {
        let minutes = delays[trip]
        return minutes > 0 ? text("delay_minutes", String(minutes)) : nil
    }

    /// Whether the row of `trip` names its stations: they differ from the usual ones, or there are none.
    func showsStations(_ trip: Trip) -> Bool {
        usualStations.map { $0.origin != trip.origin.stationID || $0.destination != trip.destination.stationID } ?? true
    }

    func seatsText(_ seats: Int) -> String {
        SeatGaps.text(seats, plenty: plentyText, none: noneText)
    }

    /// The words for many seats (有) and none (无).
    var plentyText: String { text("seats_plenty") }
    var noneText: String { text("seats_none") }

    func duration(_ minutes: Int) -> String {
        text("duration_format", String(minutes / 60), String(minutes % 60))
    }

}
