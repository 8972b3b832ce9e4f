extension Ticket {
    /// The coach as printed on tickets: two digits, `05`; empty for standing.
    var coachText: String { isStanding ? "" : Ticket.coachText(coachNumber) }

    /// Coach `number` as printed on tickets and orders: two digits, `05`.
    static func coachText(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }

    /// The ticket's seat or berth (`02A`, `03L`…).
    var seatNumber: SeatNumber { SeatNumber(seatClass: seatClass, index: seatIndex) }

    /// The seat for `data-seat`: `02A`, `03L`; empty for standing.
    var seatCode: String { isStanding ? "" : seatNumber.code }

    /// Coach and seat in `language`, as every page prints them: `05车 12F`, `Coach 05, seat 12F`, a
    /// berth, or `无座` / `Standing (no seat)`.
    func seatText(_ messages: Messages, _ language: Language) -> String {
        isStanding ? messages.text("seat_standing", language) : seatNumber.text(coach: coachText, messages, language)
    }
}
