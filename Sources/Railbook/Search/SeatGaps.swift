import Glibc

/// Rendered HTML whose seat counts are left as gaps, so that it can be kept while seats sell: each
/// page fills the gaps in with the counts of that moment (`LiveSection`). The HTML is rendered with a marker in
/// place of each count (`marker`), then cut at the markers. A marker may also stand for a whole
/// result row rendered before (`rowMarker`): cutting splices the row's own pieces and gaps in.
struct SeatGaps: Sendable {
    /// What a gap shows: the count itself (`data-seats`) or its text (a number, 有 or 无).
    enum Field: Int, Sendable {
        case count = 0
        case text = 1
    }

    /// Which count a gap shows, and where: offer `offer` of trip `trip` (positions in the lists the
    /// section was rendered from and is filled from), at byte `offset` of the HTML.
    struct Gap: Sendable {
        let offset: Int
        let trip: Int
        let offer: Int
        let field: Field
    }

    /// The HTML without its counts, in UTF-8.
    let html: [UInt8]
    /// The gaps, in the order of their offsets.
    let gaps: [Gap]

    /// The private-use character a marker starts and ends with, then a number only this process
    /// knows, so that no text a visitor or an administrator typed can pass for a marker.
    private static let start: [UInt8] = Array("\u{E000}".utf8), end: [UInt8] = Array("\u{E001}".utf8)
    private static let secret: [UInt8] = Array(String(UInt64.random(in: 1...UInt64.max), radix: 36).utf8)
    private static let prefix = start + secret
    private static let prefixText = String(decoding: prefix, as: UTF8.self)
    /// The third number of a row's marker (the first two of a count's are its trip and offer).
    private static let rowField = 9

    /// The text written in place of a count while the HTML is rendered.
    static func marker(trip: Int, offer: Int, field: Field) -> String {
        if trip == 0, offer < rowMarkers.count { return rowMarkers[offer][field.rawValue] } // a row rendered on its own
        return makeMarker(trip: trip, offer: offer, field: field)
    }

    /// The markers of the first trip's first offers, made once.
    private static let rowMarkers = (0..<16).map { offer in [Field.count, .text].map { makeMarker(trip: 0, offer: offer, field: $0) } }

    private static func makeMarker(trip: Int, offer: Int, field: Field) -> String {
        var marker = prefixText
        marker += String(trip)
        marker += "."
        marker += String(offer)
        marker += field == .count ? ".0\u{E001}" : ".1\u{E001}"
        return marker
    }

    /// The text written in place of a whole row, the trip at `trip`, whose HTML `init(cutting:rows:)` is given.
    static func rowMarker(trip: Int) -> String {
        prefixText + String(trip) + ".0.\(rowField)\u{E001}"
    }

    /// Cuts rendered HTML at its markers; a row's marker is replaced by `rows(trip)` (cut before,
    /// its gaps' trip numbers ignored and set to the row's trip). A row `rows` does not give is left
    /// out. `rowBytes`, the size of the rows spliced in, lets the HTML be made its size at once.
    init(cutting rendered: [UInt8], rowBytes: Int = 0, rows: (Int) -> SeatGaps? = { _ in nil }) {
        var html: [UInt8] = [], gaps: [Gap] = []
        html.reserveCapacity(rendered.count + rowBytes)
        rendered.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var pieceStart = 0, index = 0
            while index < bytes.count {
                guard let found = memchr(base + index, Int32(Self.start[0]), bytes.count - index) else { break }
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                guard let (numbers, next) = Self.marker(in: bytes, at: at) else {
                    index = at + 1
                    continue
                }
                html.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pieceStart..<at]))
                if numbers.field == Self.rowField {
                    if let row = rows(numbers.trip) {
                        let shift = html.count
                        html.append(contentsOf: row.html)
                        gaps += row.gaps.map { Gap(offset: $0.offset + shift, trip: numbers.trip, offer: $0.offer, field: $0.field) }
                    }
                } else if let field = Field(rawValue: numbers.field) {
                    gaps.append(Gap(offset: html.count, trip: numbers.trip, offer: numbers.offer, field: field))
                }
                index = next
                pieceStart = next
            }
            html.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pieceStart...]))
        }
        self.html = html
        self.gaps = gaps
    }

    /// The three numbers of the marker starting at `index`, and where the text after it starts; nil
    /// for text that only looks like a marker.
    private static func marker(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> ((trip: Int, offer: Int, field: Int), Int)? {
        guard bytes.count - index > prefix.count, bytes[index..<index + prefix.count].elementsEqual(prefix) else { return nil }
        var numbers = (0, 0, 0), count = 1, position = index + prefix.count
        while position < bytes.count {
            let byte = bytes[position]
            if byte == end[0] {
                guard count == 3, bytes.count - position >= end.count, bytes[position..<position + end.count].elementsEqual(end) else { return nil }
                return ((numbers.0, numbers.1, numbers.2), position + end.count)
            }
            if byte == UInt8(ascii: ".") {
                guard count < 3 else { return nil }
                count += 1
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                let digit = Int(byte - UInt8(ascii: "0"))
                switch count {
                case 1 where numbers.0 < 1_000_000: numbers.0 = numbers.0 * 10 + digit
                case 2 where numbers.1 < 1_000_000: numbers.1 = numbers.1 * 10 + digit
                case 3 where numbers.2 < 1_000_000: numbers.2 = numbers.2 * 10 + digit
                default: return nil
                }
            } else {
                return nil
            }
            position += 1
        }
        return nil
    }

    /// How a count reads: the number, or `plenty` from `TripRowViewModel.plentyThreshold` on, or `none` for 0.
    static func text(_ seats: Int, plenty: String, none: String) -> String {
        if seats >= TripRowViewModel.plentyThreshold { return plenty }
        return seats == 0 ? none : String(seats)
    }

    /// The memory the HTML and gaps hold.
    var bytes: Int {
        MemoryCost.of(html) + MemoryCost.of(gaps)
    }
}
