extension Ticket {
    /// The coach as printed on tickets: two digits, `05`.
    var coachText: String { coachNumber < 10 ? "0\(coachNumber)" : String(coachNumber) }

    /// The ticket's seat or berth (`02A`, `03L`…).
    var seatNumber: SeatNumber { SeatNumber(seatClass: seatClass, index: seatIndex) }

    /// Coach and seat in `language`, as every page prints them: `05车 12F`, `Coach 05, seat 12F`, or a berth.
    func seatText(_ messages: Messages, _ language: Language) -> String {
        seatNumber.text(coach: coachText, messages, language)
    }
}
