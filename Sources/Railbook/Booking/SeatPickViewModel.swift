/// One traveller's seat choice on the book page (`booking/_seat_pick`): a row of the coach on G, D
/// and C trains' seats, the berths with their prices on sleepers, a list of wishes elsewhere,
/// nothing for standing.
struct SeatPickViewModel: Encodable {
    /// A seat letter of the coach row, or a berth.
    struct Choice: Encodable {
        let value: String
        let label: String
        let checked: Bool
        let id: String
    }

    /// The coach row, split at the aisle.
    struct SeatMap: Encodable {
        let left: [Choice]
        let right: [Choice]
        /// True when no seat is picked ("any seat").
        let anyChecked: Bool
    }

    /// A berth with its fare for each ticket type (for the live total) and the adult fare in words.
    struct Berth: Encodable {
        /// The berth's fare in fen for each ticket type.
        struct Fen: Encodable {
            let adult: Int
            let child: Int
            let student: Int
        }

        let value: String
        let label: String
        let checked: Bool
        let id: String
        let fen: Fen
        let price: String
    }

    /// The berths of a sleeper.
    struct BerthChoice: Encodable {
        let options: [Berth]
    }

    /// The wishes on seats without a coach map: any seat, window, aisle, a letter.
    struct WishChoice: Encodable {
        let options: [BookOptionViewModel]
    }

    /// The form field the choice posts as, and the prefix of its controls' ids.
    let field: String
    let idPrefix: String
    /// Whose choice it is, for screen readers.
    let who: String
    let seatMap: SeatMap?
    let berthChoice: BerthChoice?
    let wishChoice: WishChoice?

    /// The choice for `who`, `picked` chosen, posted as `field`, on a train of type `trainType`.
    init(field: String, idPrefix: String, picked: String, who: String, trainType: TrainType, pricing: BookPricing, text: TextLookup) {
        let seatClass = pricing.seatClass
        self.field = field
        self.idPrefix = idPrefix
        self.who = who
        let hasSeatMap = seatClass.hasSeatMap(on: trainType)
        seatMap = hasSeatMap ? Self.seatMap(seatClass, picked: picked, idPrefix: idPrefix) : nil
        berthChoice = !hasSeatMap && seatClass.isSleeper ? Self.berthChoice(picked: picked, idPrefix: idPrefix, pricing: pricing, text: text) : nil
        wishChoice = !hasSeatMap && !seatClass.isSleeper && seatClass != .standing ? Self.wishChoice(seatClass, picked: picked, text: text) : nil
    }

    private static func seatMap(_ seatClass: SeatClass, picked: String, idPrefix: String) -> SeatMap {
        let seats = seatClass.rowLetters.map { Choice(value: $0, label: $0, checked: $0 == picked, id: "\(idPrefix)-\($0)") }
        let aisle = seatClass.rowLetters.firstIndex { $0 == "D" || $0 == "F" } ?? seats.count
        return SeatMap(left: Array(seats[..<aisle]), right: Array(seats[aisle...]), anyChecked: picked.isEmpty)
    }

    private static func berthChoice(picked: String, idPrefix: String, pricing: BookPricing, text: TextLookup) -> BerthChoice {
        BerthChoice(
            options: pricing.seatClass.rowLetters.map { berth in
                let fen = Berth.Fen(
                    adult: pricing.price(.adult, berth: berth), child: pricing.price(.child, berth: berth),
                    student: pricing.price(.student, berth: berth))
                return Berth(
                    value: berth, label: BerthText.nameKey(berth).map { text($0) } ?? berth, checked: berth == picked,
                    id: "\(idPrefix)-\(berth)", fen: fen, price: Money.format(fen.adult))
            })
    }

    private static func wishChoice(_ seatClass: SeatClass, picked: String, text: TextLookup) -> WishChoice {
        let wishes = [("", text("seat_any")), ("window", text("seat_window")), ("aisle", text("seat_aisle"))] + seatClass.rowLetters.map { ($0, $0) }
        return WishChoice(options: wishes.map { BookOptionViewModel(value: $0.0, label: $0.1, selected: $0.0 == picked) })
    }
}

/// An option of a select (`forms/_option`).
struct BookOptionViewModel: Encodable {
    let value: String
    let label: String
    let selected: Bool
}
