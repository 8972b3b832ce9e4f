/// Ticket prices in fen: distance times the class's rate on the train's type, rounded to ¥0.5,
/// unless a fixed price is set for that pair of stops.
enum Fares {
    /// The smallest fare sold.
    static let minimumFen = 200

    /// The full adult fare between two stops of a train.
    static func price(of train: Train, from origin: Int, to destination: Int, seatClass: SeatClass, in timetable: Timetable) -> Int {
        if seatClass == .standing, let fareClass = train.standingFareClass {
            return price(of: train, from: origin, to: destination, seatClass: fareClass, in: timetable)
        }
        if let fixed = timetable.fareOverrides[train.id]?[overrideKey(from: origin, to: destination, seatClass: seatClass.rawValue)] {
            return fixed
        }
        let distance = train.stops[destination].distanceKm - train.stops[origin].distanceKm
        let raw = Double(distance) * seatClass.fenPerKilometre(on: train.type)
        return max(minimumFen, roundToHalfYuan(Int(raw.rounded())))
    }

    /// Rounds fen to the nearest 50 (¥0.5), halves up.
    static func roundToHalfYuan(_ fen: Int) -> Int {
        (fen + 25) / 50 * 50
    }

    static func overrideKey(from origin: Int, to destination: Int, seatClass: String) -> String {
        "\(origin)-\(destination)-\(seatClass)"
    }
}
