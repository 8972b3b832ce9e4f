import HTTP

/// The waitlist page's form as submitted (or its query when opened): the trip, the other trips
/// ticked with their ranks, the passengers ticked and the deadline chosen, as minutes before departure.
struct WaitlistForm {
    var runID: Int64?
    var fromCode: String
    var toCode: String
    var seatClass: SeatClass?
    var chosen: [Int64]
    var minutesBeforeDeparture: Int?
    /// The other trips ticked (`also`, `WaitlistRequest.Trip.code`), in the order ranked: by each one's
    /// `rank_<code>` (a number; none sorts last), then as listed. A value naming no trip is kept as
    /// nil (`hasUnreadableChoice`), and the form is refused.
    var alternatives: [WaitlistRequest.Trip?]
    /// The codes ticked and the ranks typed, as sent (shown again when the form comes back).
    var ticked: Set<String>
    var ranks: [String: String]

    init(_ fields: Parameters) {
        runID = fields["run"].flatMap { Int64($0) }
        fromCode = String((fields["from"] ?? "").prefix(3))
        toCode = String((fields["to"] ?? "").prefix(3))
        seatClass = fields["class"].flatMap(SeatClass.init(rawValue:))
        chosen = fields.all("passenger").compactMap { Int64($0) }
        minutesBeforeDeparture = fields["deadline"].flatMap { Int($0) }
        let also = Array(fields.all("also").prefix(WaitlistChoice.limit + 1))
        var ranks: [String: String] = [:]
        for code in also { ranks[code] = String((fields["rank_" + code] ?? "").prefix(3)) }
        self.ranks = ranks
        ticked = Set(also)
        alternatives = also.enumerated().sorted { first, second in
            (Int(ranks[first.element] ?? "") ?? Int.max, first.offset) < (Int(ranks[second.element] ?? "") ?? Int.max, second.offset)
        }.map { WaitlistRequest.Trip(code: $0.element) }
    }

    /// The request for these choices, or nil when the trip is not named.
    var request: WaitlistRequest? {
        guard let runID, let seatClass else { return nil }
        return WaitlistRequest(
            runID: runID, fromCode: fromCode, toCode: toCode, seatClass: seatClass, passengerIDs: chosen,
            minutesBeforeDeparture: minutesBeforeDeparture ?? -1, alternatives: alternatives.compactMap { $0 })
    }

    /// True when an `also` value names no trip.
    var hasUnreadableChoice: Bool { alternatives.contains(nil) }

    /// `run=…&from=…&to=…&class=…`, for links to the book page and back here.
    var legQuery: String {
        "run=\(runID.map(String.init) ?? "")&from=\(PercentEncoding.encode(fromCode))&to=\(PercentEncoding.encode(toCode))"
            + "&class=\(seatClass?.rawValue ?? "")"
    }
}
