import HTTP

/// The book page's form as submitted: the trip, the chosen passengers with their ticket types and
/// seat wishes, and an optional passenger typed in on the spot.
struct BookingForm {
    var runID: Int64?
    var fromCode: String
    var toCode: String
    var seatClass: SeatClass?
    var chosen: [Int64]
    var ticketTypes: [Int64: String]
    var preferences: [Int64: String]
    /// A new passenger to save and include, when its name is filled in.
    var newPassenger: Parameters?
    /// What was typed into "add a passenger", as sent (shown again when the form comes back).
    var typedPassenger: TypedPassenger
    var keepTogether: Bool
    /// The second train of a journey with one change, booked with this one.
    var connection: ConnectingLeg?
    /// The telecodes of the stops of a same-train seat change (`change_at`, one per change).
    var seatChangeAt: [String]

    init(_ fields: Parameters) {
        runID = fields["run"].flatMap { Int64($0) }
        fromCode = String((fields["from"] ?? "").prefix(3))
        toCode = String((fields["to"] ?? "").prefix(3))
        seatClass = fields["class"].flatMap(SeatClass.init(rawValue:))
        chosen = fields.all("passenger").compactMap { Int64($0) }
        keepTogether = fields["run"] == nil || fields["together"] == "1" || fields["csrf"] == nil
        connection = ConnectingLeg(fields)
        seatChangeAt = fields.all("change_at").prefix(SeatChangePlan.maximumLegs - 1).map { String($0.prefix(3)) }
        var types: [Int64: String] = [:], seats: [Int64: String] = [:]
        for (name, value) in fields {
            if name.hasPrefix("type_"), let id = Int64(name.dropFirst(5)) { types[id] = value }
            if name.hasPrefix("seat_"), let id = Int64(name.dropFirst(5)) { seats[id] = value }
        }
        ticketTypes = types
        preferences = seats
        typedPassenger = TypedPassenger(
            name: fields["new_name"] ?? "", certificateType: fields["new_certificate_type"] ?? "",
            certificateNumber: fields["new_certificate_number"] ?? "",
            passengerType: fields["new_passenger_type"] ?? "", seat: fields["new_seat"] ?? "")
        if !(fields["new_name"] ?? "").trimmed.isEmpty {
            newPassenger = Parameters([
                ("name", fields["new_name"] ?? ""), ("certificate_type", fields["new_certificate_type"] ?? ""),
                ("certificate_number", fields["new_certificate_number"] ?? ""),
                ("passenger_type", fields["new_passenger_type"] ?? ""), ("mobile", ""),
            ])
        }
    }

    /// The "add a passenger" fields as typed.
    struct TypedPassenger {
        var name: String
        var certificateType: String
        var certificateNumber: String
        var passengerType: String
        /// The seat or berth picked for them.
        var seat: String
    }

    /// The booking request for these choices (after any new passenger got `newPassengerID`).
    func request(including newPassengerID: Int64?) -> BookingRequest? {
        guard let runID, let seatClass else { return nil }
        let ids = chosen + (newPassengerID.map { [$0] } ?? [])
        let carried = ids.filter { $0 != newPassengerID && ticketTypes[$0] == BookingForm.freeChild }
        let travellers = ids.filter { !carried.contains($0) }.map { id in
            // The passenger added on the spot travels on the type they were saved with.
            let type = id == newPassengerID ? newPassenger?["passenger_type"] : ticketTypes[id]
            let pick = id == newPassengerID ? typedPassenger.seat : preferences[id]
            return BookingRequest.Traveller(
                passengerID: id, ticketType: PassengerType(rawValue: type ?? "") ?? .adult,
                preference: SeatAllocator.Preference(code: pick ?? ""))
        }
        return BookingRequest(
            runID: runID, fromCode: fromCode, toCode: toCode, seatClass: seatClass, travellers: travellers,
            keepTogether: keepTogether, connection: connection, carried: carried, seatChangeAt: seatChangeAt)
    }

    /// The `type_<id>` value of a child under 6 travelling free without a seat (`CarriedChild`).
    static let freeChild = "free_child"
}
