extension Fares {
    /// The price for a passenger type: children pay half; students pay 75% in second class and
    /// hard seat (full fare elsewhere); rounded to ¥0.5.
    static func price(adultFen: Int, ticketType: PassengerType, seatClass: SeatClass) -> Int {
        switch ticketType {
        case .adult: adultFen
        case .child: roundToHalfYuan(adultFen / 2)
        case .student: seatClass == .second || seatClass == .hardSeat ? roundToHalfYuan(adultFen * 3 / 4) : adultFen
        }
    }
}
