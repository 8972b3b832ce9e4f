import Storage

/// A class of seat or berth, with its seat letters and fare rate.
public enum SeatClass: String, SQLBindable, CaseIterable, Sendable, Comparable {
    case business
    case first
    case second
    case softSleeper = "soft_sleeper"
    case hardSleeper = "hard_sleeper"
    case hardSeat = "hard_seat"
    /// Standing (无座): sold once a run's seats are gone, up to the train's quota, at the seat fare; no seat number.
    case standing

    /// The message-catalog key of the class's name.
    var messageKey: String {
        switch self {
        case .business: "seat_class_business"
        case .first: "seat_class_first"
        case .second: "seat_class_second"
        case .softSleeper: "seat_class_soft_sleeper"
        case .hardSleeper: "seat_class_hard_sleeper"
        case .hardSeat: "seat_class_hard_seat"
        case .standing: "seat_class_standing"
        }
    }

    /// Seat letters across a row (A B C | D F for second class), or berth names for sleepers.
    var rowLetters: [String] {
        switch self {
        case .business: ["A", "C", "F"]
        case .first: ["A", "C", "D", "F"]
        case .second: ["A", "B", "C", "D", "F"]
        case .softSleeper: ["lower", "upper"]
        case .hardSleeper: ["lower", "middle", "upper"]
        case .hardSeat: ["A", "B", "C", "D", "F"]
        case .standing: [""]
        }
    }

    /// True for classes sold as berths rather than seats.
    var isSleeper: Bool { self == .softSleeper || self == .hardSleeper }

    /// True for the classes with seats in coaches (not berths, not standing): the ones standing waits for.
    var isSeated: Bool { !isSleeper && self != .standing }

    /// True where the book page draws a row of the coach to pick a seat on (the seats of G, D and C trains).
    func hasSeatMap(on type: TrainType) -> Bool { type.isMultipleUnit && (self == .business || self == .first || self == .second) }

    /// Window seats by letter (A and F on multiple units; hard seat coaches as well).
    func isWindow(_ letter: String) -> Bool { !isSleeper && (letter == "A" || letter == "F") }

    /// The seat's label in its coach: `12F` for seats, `5 lower` style index for berths (compartment 5).
    func seatLabel(index: Int) -> (row: Int, letter: String) {
        let letters = rowLetters
        return (index / letters.count + 1, letters[index % letters.count])
    }

    /// Fare in fen per kilometre on a train type, before rounding to ¥0.5.
    func fenPerKilometre(on type: TrainType) -> Double {
        switch (self, type.isMultipleUnit) {
        case (.business, _): type == .highSpeed ? 134 : 95
        case (.first, _): type == .highSpeed ? 74 : 50
        case (.second, _): type == .highSpeed ? 46 : 31
        case (.softSleeper, true): 62
        case (.softSleeper, false): 33
        case (.hardSleeper, _): 21
        case (.hardSeat, _): type == .ordinary ? 9 : 12
        case (.standing, _): type.isMultipleUnit ? (type == .highSpeed ? 46 : 31) : (type == .ordinary ? 9 : 12)
        }
    }

    /// The class's place in the usual order (that of `allCases`).
    var position: Int {
        switch self {
        case .business: 0
        case .first: 1
        case .second: 2
        case .softSleeper: 3
        case .hardSleeper: 4
        case .hardSeat: 5
        case .standing: 6
        }
    }

    public static func < (left: SeatClass, right: SeatClass) -> Bool {
        left.position < right.position
    }
}
