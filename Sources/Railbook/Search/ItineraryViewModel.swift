// Builds its template values by hand, not as a typed view-model: the results section is rendered
// once and cached as HTML, and building by hand keeps that render fast (see docs/benchmarks.md).

import Mustache

/// The "Journeys with one change" section: each itinerary with both legs as trip rows (prices, seats
/// and booking links per leg), the change and the whole journey's times.
struct ItineraryViewModel {
    /// The copy of the page's language.
    let text: TextLookup
    let timetable: Timetable
    /// The date the traveller leaves the origin.
    let travelDate: CivilDate
    /// How late each leg is expected to leave its boarding stop.
    var delays = BoardingDelays()

    /// The section's values: a count and the itineraries, best first.
    func section(_ itineraries: [Itinerary]) -> MustacheValue {
        .object([
            "count": .int(itineraries.count),
            "countText": .string(text("transfers_count", String(itineraries.count))),
            "itineraries": .list(itineraries.map(value)),
            "hasItineraries": .bool(!itineraries.isEmpty),
        ])
    }

    func value(_ itinerary: Itinerary) -> MustacheValue {
        let arrivalStation = timetable.station(itinerary.first.destination.stationID)
        let departureStation = timetable.station(itinerary.second.origin.stationID)
        let origin = timetable.station(itinerary.first.origin.stationID)
        let destination = timetable.station(itinerary.second.destination.stationID)
        let plusDays = itinerary.arrivalTime / 1440 - travelDate.daysSinceEpoch
        let wait = itinerary.changeMinutes
        return .object([
            "transferCode": .string(arrivalStation?.telecode ?? ""),
            "changeToCode": itinerary.changesStation ? .string(departureStation?.telecode ?? "") : .null,
            "changeMinutes": .int(wait),
            "changeAt": .string(text("transfer_at", arrivalStation?.name(in: text.language) ?? "")),
            "changeText": .string(
                wait < 60
                    ? text("transfer_wait_minutes", String(wait))
                    : text("transfer_wait_hours", String(wait / 60), String(wait % 60))),
            "stationChangeText": itinerary.changesStation
                ? .string(
                    text("transfer_station_change", arrivalStation?.name(in: text.language) ?? "", departureStation?.name(in: text.language) ?? ""))
                : .null,
            "journeyFrom": .string(origin?.name(in: text.language) ?? ""),
            "journeyTo": .string(destination?.name(in: text.language) ?? ""),
            "journeyDeparts": .string(ClockTime.format(itinerary.departureTime)),
            "journeyArrives": .string(ClockTime.format(itinerary.arrivalTime)),
            "journeyPlusDays": plusDays > 0 ? .string("+\(plusDays)") : .null,
            "journeyTotal": .string(text("transfer_total", duration(itinerary.durationMinutes))),
            "firstLeg": leg(itinerary.first),
            "secondLeg": leg(itinerary.second),
            "journey": journey(itinerary, origin: origin, change: (arrivalStation, departureStation), destination: destination),
        ])
    }

    /// The form that books both trains together (`/book` with the second as `then_*`), each with a
    /// choice of its classes (standing places are sold train by train); none when a train is cancelled.
    private func journey(
        _ itinerary: Itinerary, origin: Station?, change: (arrival: Station?, departure: Station?), destination: Station?
    ) -> MustacheValue {
        guard !itinerary.first.isCancelled, !itinerary.second.isCancelled else { return .null }
        // Each train's cheapest class with seats left is chosen to begin with.
        func classes(_ trip: Trip) -> MustacheValue {
            let seated = trip.offers.filter { $0.seatClass != .standing }
            let cheapest = seated.filter { $0.seatsLeft > 0 }.min { $0.priceFen < $1.priceFen }?.seatClass
            return .list(
                seated.map {
                    .object([
                        "code": .string($0.seatClass.rawValue), "name": .string(text($0.seatClass.messageKey)),
                        "selected": .bool($0.seatClass == cheapest),
                    ])
                })
        }
        return .object([
            "run": .string(String(itinerary.first.run.id)), "from": .string(origin?.telecode ?? ""),
            "to": .string(change.arrival?.telecode ?? ""), "classes": classes(itinerary.first),
            "thenRun": .string(String(itinerary.second.run.id)), "thenFrom": .string(change.departure?.telecode ?? ""),
            "thenTo": .string(destination?.telecode ?? ""), "thenClasses": classes(itinerary.second),
        ])
    }

    /// A leg as a trip row dated by the day it leaves, marked as a leg.
    private func leg(_ trip: Trip) -> MustacheValue {
        let rows = TripRowViewModel(
            text: text, timetable: timetable,
            travelDate: CivilDate(daysSinceEpoch: trip.departureTime / 1440), delays: delays)
        guard case .object(var row) = rows.value(trip) else { return .null }
        row["isLeg"] = .bool(true)
        return .object(row)
    }

    private func duration(_ minutes: Int) -> String {
        text("duration_format", String(minutes / 60), String(minutes % 60))
    }

}
