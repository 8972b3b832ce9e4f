import HTTP

/// The waitlist page's form as submitted (or its query when opened): the trip, the passengers
/// ticked and the deadline chosen, as minutes before departure.
struct WaitlistForm {
    var runID: Int64?
    var fromCode: String
    var toCode: String
    var seatClass: SeatClass?
    var chosen: [Int64]
    var minutesBeforeDeparture: Int?

    init(_ fields: Parameters) {
        runID = fields["run"].flatMap { Int64($0) }
        fromCode = String((fields["from"] ?? "").prefix(3))
        toCode = String((fields["to"] ?? "").prefix(3))
        seatClass = fields["class"].flatMap(SeatClass.init(rawValue:))
        chosen = fields.all("passenger").compactMap { Int64($0) }
        minutesBeforeDeparture = fields["deadline"].flatMap { Int($0) }
    }

    /// The request for these choices, or nil when the trip is not named.
    var request: WaitlistRequest? {
        guard let runID, let seatClass else { return nil }
        return WaitlistRequest(
            runID: runID, fromCode: fromCode, toCode: toCode, seatClass: seatClass, passengerIDs: chosen,
            minutesBeforeDeparture: minutesBeforeDeparture ?? -1)
    }

    /// `run=…&from=…&to=…&class=…`, for links to the book page and back here.
    var legQuery: String {
        "run=\(runID.map(String.init) ?? "")&from=\(PercentEncoding.encode(fromCode))&to=\(PercentEncoding.encode(toCode))"
            + "&class=\(seatClass?.rawValue ?? "")"
    }
}
