import HTTP
import Mustache

/// The train page (`timetable/train`): the stops with times, dwell and distance, the run's status,
/// the seat classes for the chosen stretch, the dates with a run, and any problem with the query.
struct TrainPageViewModel: MustacheRenderable {
    let renderer: PageRenderer
    let context: AppContext
    let railway: Railway
    let train: Train
    let outcome: TrainPageValidation.Outcome
    let today: CivilDate
    /// Price and seats left per class on the chosen stretch of the run (`stretchOffers`), if any.
    let offers: [Trip.Offer]?

    /// The classes' prices and seats left for the stretch the page shows, nil when it shows none.
    static func stretchOffers(_ train: Train, _ outcome: TrainPageValidation.Outcome, railway: Railway) throws -> [Trip.Offer]? {
        guard outcome.date != nil, let run = outcome.run, outcome.origin < outcome.destination, outcome.destination < 64 else { return nil }
        return try railway.search.offers(train, run, from: outcome.origin, to: outcome.destination)
    }

    var mustacheValue: MustacheValue {
        let timetable = railway.timetable
        let names = train.stops.map { timetable.station($0.stationID) }
        var values: MustacheObject = [
            "train": .string(train.number),
            "type": .string(text(train.type.messageKey)),
            "title": .string(text("train_title", [train.number])),
            "route": .string(text("train_route", [names.first??.name(in: context.language) ?? "", names.last??.name(in: context.language) ?? ""])),
            "stopsCaption": .string(text("train_stops_caption", [train.number])),
            "stops": .list(train.stops.indices.map { stop($0, station: names[$0]) }),
            "problems": .list(outcome.problems.map { .string($0.text(renderer, context)) }),
            "hasProblems": .bool(!outcome.problems.isEmpty),
            "runDates": .list(outcome.runDates.map(runDate)),
            "hasRunDates": .bool(!outcome.runDates.isEmpty),
            "runDatesText": .string(text(outcome.runDates.isEmpty ? "train_no_runs" : "train_run_dates", [train.number])),
        ]
        if let date = outcome.date { values["date"] = .string(date.description) }
        if let date = outcome.date, let run = outcome.run {
            values["run"] = .object(runValues(run, date: date))
            if let offers {
                values["stretch"] = .object(stretch(run, offers, date: date, names: names))
            }
        }
        return .object(values)
    }

    private func stop(_ index: Int, station: Station?) -> MustacheValue {
        let stop = train.stops[index]
        let isFrom = outcome.isOriginChosen && index == outcome.origin
        let isTo = outcome.isDestinationChosen && index == outcome.destination
        let isOutside = (outcome.isOriginChosen || outcome.isDestinationChosen)
            && (index < outcome.origin || index > outcome.destination)
        var value: MustacheObject = [
            "sequence": .int(index + 1),
            "name": .string(station?.name(in: context.language) ?? ""), "code": .string(station?.telecode ?? ""),
            "arrives": stop.arrivalMinute.map(time) ?? .null,
            "departs": stop.departureMinute.map(time) ?? .null,
            "dwell": stop.dwell.map { .string(text("train_dwell_minutes", [String($0)])) } ?? .null,
            "distance": .string(text("train_distance_km", [String(stop.distanceKm)])),
            "isFrom": .bool(isFrom), "isTo": .bool(isTo), "isOutside": .bool(isOutside),
        ]
        if let date = outcome.date { value["date"] = .string(date.adding(days: stop.departureOrArrival / 1440).description) }
        return .object(value)
    }

    /// `HH:MM` with the days after the service date (`+1`) apart, so the template can mark them.
    private func time(_ minute: Int) -> MustacheValue {
        .object(["clock": .string(ClockTime.format(minute)), "plusDays": minute >= 1440 ? .string("+\(minute / 1440)") : .null])
    }

    private func runValues(_ run: RunInfo, date: CivilDate) -> MustacheObject {
        [
            "status": .string(run.isCancelled ? "cancelled" : "scheduled"),
            "statusText": .string(text(run.isCancelled ? "train_status_cancelled" : "train_status_scheduled")),
            "isCancelled": .bool(run.isCancelled),
            "cancelledText": .string(text("train_cancelled_notice", [train.number, date.description])),
            "delay": run.delayMinutes > 0 && !run.isCancelled ? .string(text("delay_minutes", [String(run.delayMinutes)])) : .null,
            "delayMinutes": .int(run.delayMinutes),
            "serviceDateText": .string(text("train_service_date", [date.description])),
        ]
    }

    /// The chosen stretch: its ends, times, duration and distance, and each class's price and seats left.
    private func stretch(_ run: RunInfo, _ offers: [Trip.Offer], date: CivilDate, names: [Station?]) -> MustacheObject {
        let origin = train.stops[outcome.origin], destination = train.stops[outcome.destination]
        let rows = TripRowViewModel(renderer: renderer, context: context, timetable: railway.timetable, travelDate: date)
        let travelDate = date.adding(days: origin.departureOrArrival / 1440)
        let isOnSale = !run.isCancelled && railway.presaleWindow(today: today).contains(travelDate)
        let fromCode = names[outcome.origin]?.telecode ?? "", toCode = names[outcome.destination]?.telecode ?? ""
        let classes: [MustacheValue] = offers.map { offer in
            let seats = run.isCancelled ? 0 : offer.seatsLeft
            let leg = "run=\(run.id)&from=\(fromCode)&to=\(toCode)&class=\(offer.seatClass.rawValue)"
            return .object([
                "code": .string(offer.seatClass.rawValue), "name": .string(text(offer.seatClass.messageKey)),
                "price": .string(Money.format(offer.priceFen)),
                "seats": .int(seats), "seatsText": .string(rows.seatsText(seats)), "soldOut": .bool(seats == 0),
                "bookHref": isOnSale && seats > 0 ? .string("/book?" + leg) : .null,
                "waitlistHref": isOnSale && seats == 0 && offer.seatClass != .standing ? .string("/waitlist/new?" + leg) : .null,
            ])
        }
        return [
            "heading": .string(text("train_classes_heading", [names[outcome.origin]?.name(in: context.language) ?? "", names[outcome.destination]?.name(in: context.language) ?? ""])),
            "fromCode": .string(fromCode), "toCode": .string(toCode),
            "departs": time(origin.departureOrArrival), "arrives": time(destination.arrivalOrDeparture),
            "duration": .string(rows.duration(destination.arrivalOrDeparture - origin.departureOrArrival)),
            "distance": .string(text("train_distance_km", [String(destination.distanceKm - origin.distanceKm)])),
            "travelDate": .string(travelDate.description),
            "classes": .list(classes), "hasClasses": .bool(!classes.isEmpty),
        ]
    }

    private func runDate(_ entry: (date: CivilDate, run: RunInfo)) -> MustacheValue {
        var query = "?date=" + entry.date.description
        if outcome.isOriginChosen, let code = railway.timetable.station(train.stops[outcome.origin].stationID)?.telecode {
            query += "&from=" + code
        }
        if outcome.isDestinationChosen, let code = railway.timetable.station(train.stops[outcome.destination].stationID)?.telecode {
            query += "&to=" + code
        }
        return .object([
            "date": .string(entry.date.description),
            "label": .string(text("date_short", [String(entry.date.month), String(entry.date.day)])),
            "weekday": .string(text(entry.date.weekdayKey)),
            "href": .string("/trains/" + PercentEncoding.encode(train.number) + query),
            "current": .bool(entry.date == outcome.date),
            "isCancelled": .bool(entry.run.isCancelled),
        ])
    }

    private func text(_ key: String, _ arguments: [String] = []) -> String {
        renderer.messages.text(key, context.language, arguments: arguments)
    }
}
