extension Ticket {
    /// The coach as printed on tickets: two digits, `05`.
    var coachText: String { coachNumber < 10 ? "0\(coachNumber)" : String(coachNumber) }

    /// The seat in `language`, as the order page prints it: `05车 12F`, `Coach 05, seat 12F`, or a berth.
    func seatText(_ messages: Messages, _ language: Language) -> String {
        let label = seatLabel
        let seat = seatClass.isSleeper
            ? "\(label.row) " + messages.text("berth_\(label.letter)", language)
            : (label.row < 10 ? "0" : "") + "\(label.row)\(label.letter)"
        return messages.text("seat_format", language, arguments: [coachText, seat])
    }
}
