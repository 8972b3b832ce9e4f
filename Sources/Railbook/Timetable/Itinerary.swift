/// A journey with one change: a first trip to the interchange, then a second trip on to the
/// destination, from the same station or from another station of the interchange's city.
struct Itinerary: Sendable {
    let first: Trip
    let second: Trip

    /// Minutes between arriving on the first train and leaving on the second (scheduled times).
    var changeMinutes: Int { second.departureTime - first.arrivalTime }
    /// True when the second train leaves from another station than the one the first reaches.
    var changesStation: Bool { first.destination.stationID != second.origin.stationID }

    /// Departure from the origin and arrival at the destination, in absolute minutes (see `Trip`).
    var departureTime: Int { first.departureTime }
    var arrivalTime: Int { second.arrivalTime }
    /// From leaving the origin to reaching the destination, the change included.
    var durationMinutes: Int { arrivalTime - departureTime }
}
