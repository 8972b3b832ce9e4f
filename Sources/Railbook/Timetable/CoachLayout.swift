/// One coach of a train: its number, class and how many seats or berths it has.
public struct Coach: Sendable, Equatable {
    public let number: Int
    public let seatClass: SeatClass
    public let seatCount: Int
}

/// The usual composition of each type of train, used when a train is created without its own.
enum CoachLayout {
    static func standard(for type: TrainType) -> [Coach] {
        switch type {
        case .highSpeed:
            return [Coach(number: 1, seatClass: .business, seatCount: 24), Coach(number: 2, seatClass: .first, seatCount: 56)]
                + (3...8).map { Coach(number: $0, seatClass: .second, seatCount: 90) }
        case .bulletTrain, .intercity:
            return [Coach(number: 1, seatClass: .first, seatCount: 56)]
                + (2...8).map { Coach(number: $0, seatClass: .second, seatCount: 90) }
        case .directExpress, .express, .fast:
            return (1...2).map { Coach(number: $0, seatClass: .softSleeper, seatCount: 36) }
                + (3...8).map { Coach(number: $0, seatClass: .hardSleeper, seatCount: 66) }
                + (9...14).map { Coach(number: $0, seatClass: .hardSeat, seatCount: 115) }
        case .ordinary:
            return (1...2).map { Coach(number: $0, seatClass: .hardSleeper, seatCount: 66) }
                + (3...10).map { Coach(number: $0, seatClass: .hardSeat, seatCount: 115) }
        }
    }
}
