/// A rendered results section whose seat counts are left as gaps, so that it can be kept while
/// seats sell: each page fills the gaps in with the counts of that moment. The section is rendered
/// with a marker in place of each count (`marker`), then cut at the markers.
struct SeatGaps: Sendable {
    /// What a gap shows: the count itself (`data-seats`) or its text (a number, 有 or 无).
    enum Field: Int, Sendable { case count = 0, text = 1 }

    /// Which count a gap shows: offer `offer` of trip `trip` (positions in the lists the section
    /// was rendered from and is filled from).
    struct Gap: Sendable {
        let trip: Int
        let offer: Int
        let field: Field
    }

    /// The section's HTML before, between and after the gaps: one more piece than gaps.
    let pieces: [String]
    let gaps: [Gap]

    /// The private-use character a marker starts and ends with, then a number only this process
    /// knows, so that no text a visitor or an administrator typed can pass for a marker.
    private static let start: [UInt8] = Array("\u{E000}".utf8), end: [UInt8] = Array("\u{E001}".utf8)
    private static let secret: [UInt8] = Array(String(UInt64.random(in: 1...UInt64.max), radix: 36).utf8)
    private static let prefix = start + secret
    private static let prefixText = String(decoding: prefix, as: UTF8.self)

    /// The text written in place of a count while the section is rendered.
    static func marker(trip: Int, offer: Int, field: Field) -> String {
        prefixText + "\(trip).\(offer).\(field.rawValue)\u{E001}"
    }

    /// Cuts rendered HTML at its markers.
    init(cutting html: [UInt8]) {
        var pieces: [String] = [], gaps: [Gap] = []
        var pieceStart = 0, index = 0
        html.withUnsafeBufferPointer { bytes in
            while index < bytes.count {
                guard bytes[index] == Self.start[0], let (gap, next) = Self.gap(in: bytes, at: index) else { index += 1; continue }
                pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[pieceStart..<index]), as: UTF8.self))
                gaps.append(gap)
                index = next
                pieceStart = next
            }
            pieces.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[pieceStart...]), as: UTF8.self))
        }
        self.pieces = pieces
        self.gaps = gaps
    }

    /// The gap whose marker starts at `index`, and where the text after it starts; nil for text
    /// that only looks like a marker.
    private static func gap(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Gap, Int)? {
        guard bytes.count - index > prefix.count, bytes[index..<index + prefix.count].elementsEqual(prefix) else { return nil }
        var numbers: [Int] = [0], position = index + prefix.count
        while position < bytes.count, numbers.count <= 3 {
            let byte = bytes[position]
            if byte == end[0] {
                guard bytes.count - position >= end.count, bytes[position..<position + end.count].elementsEqual(end),
                      numbers.count == 3, let field = Field(rawValue: numbers[2]) else { return nil }
                return (Gap(trip: numbers[0], offer: numbers[1], field: field), position + end.count)
            }
            if byte == UInt8(ascii: ".") {
                numbers.append(0)
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), numbers[numbers.count - 1] < 1_000_000 {
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0"))
            } else {
                return nil
            }
            position += 1
        }
        return nil
    }

    /// The section with each gap filled from `offers` (per trip, in the order it was rendered
    /// from); `plenty` and `none` are the words for many and no seats, in the page's language.
    /// Nil when the offers do not fit the section (a gap with no such trip or offer).
    func filled(with offers: [[Trip.Offer]], plenty: String, none: String) -> String? {
        let plenty = Self.escaped(plenty), none = Self.escaped(none)
        var html = ""
        html.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count } + gaps.count * 4)
        for (gap, piece) in zip(gaps, pieces) {
            html += piece
            guard offers.indices.contains(gap.trip), offers[gap.trip].indices.contains(gap.offer) else { return nil }
            let seats = offers[gap.trip][gap.offer].seatsLeft
            switch gap.field {
            case .count: html += String(seats)
            case .text: html += Self.text(seats, plenty: plenty, none: none)
            }
        }
        html += pieces[pieces.count - 1]
        return html
    }

    /// How a count reads: the number, or `plenty` from `TripRowViewModel.plentyThreshold` on, or `none` for 0.
    static func text(_ seats: Int, plenty: String, none: String) -> String {
        if seats >= TripRowViewModel.plentyThreshold { return plenty }
        return seats == 0 ? none : String(seats)
    }

    /// `text` safe in HTML text (the words come from the catalogs, but are escaped all the same).
    private static func escaped(_ text: String) -> String {
        text.reduce(into: "") { escaped, character in
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
    }
}
