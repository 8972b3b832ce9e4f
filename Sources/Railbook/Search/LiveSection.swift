// Part of the results section, which is rendered once and cached as HTML (see docs/benchmarks.md):
// it writes seat counts into that HTML, so its values are built by hand, not by a typed view-model.

import Locking

/// A cached results section as it was last served: its HTML with the seat counts of that moment
/// written in, where each count stands, the counts it shows, the seat inventory's generation they
/// were read after and the stamps its runs had then. While no seat of any run changed since, or none
/// of its own runs' seats, the HTML is served as it is; when counts changed, the new ones are
/// written over the old (the text between them copied once), so the section is kept in memory once,
/// with its counts.
final class LiveSection: Sendable {
    /// Where a gap's count stands in the HTML now.
    private struct Span: Sendable {
        let gap: SeatGaps.Gap
        var start: Int
        var length: Int
    }

    /// The stamps of the runs a section shows, taken before its counts were read.
    typealias Stamps = [Int64: SeatInventory.Stamp]

    private struct State: Sendable {
        var html: [UInt8]
        var spans: [Span]
        var offers: [[Trip.Offer]]
        var generation: Int
        var stamps: Stamps?
        /// Counts the fillings, so a check made outside the lock applies to the filling it checked.
        var filling = 0
    }

    /// The words for many seats (有) and none (无) in the section's language, HTML-escaped.
    private let plenty: [UInt8], none: [UInt8]
    private let state: Locked<State>

    /// `section` with `offers` written in (per trip, in the order it was rendered from; read after
    /// the inventory's generation was `generation` and its runs' stamps were `stamps`); nil when
    /// they do not fit its gaps.
    init?(_ section: SeatGaps, offers: [[Trip.Offer]], readAt generation: Int, stamps: Stamps?, plenty: String, none: String) {
        guard section.gaps.allSatisfy({ offers.indices.contains($0.trip) && offers[$0.trip].indices.contains($0.offer) }) else { return nil }
        let plenty = Array(Self.escaped(plenty).utf8), none = Array(Self.escaped(none).utf8)
        var html: [UInt8] = [], spans: [Span] = []
        html.reserveCapacity(section.html.count + section.gaps.count * 4)
        spans.reserveCapacity(section.gaps.count)
        section.html.withUnsafeBufferPointer { text in
            var copied = 0
            for gap in section.gaps {
                html.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<gap.offset]))
                copied = gap.offset
                let start = html.count
                Self.write(offers[gap.trip][gap.offer].seatsLeft, as: gap.field, plenty: plenty, none: none, into: &html)
                spans.append(Span(gap: gap, start: start, length: html.count - start))
            }
            html.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
        }
        self.plenty = plenty
        self.none = none
        state = Locked(State(html: html, spans: spans, offers: offers, generation: generation, stamps: stamps))
    }

    /// The HTML as last served.
    var html: [UInt8] { state.withLock { $0.html } }

    /// The HTML as last served, if its counts are still those of now: no seat changed anywhere
    /// since they were read (the inventory's generation is still `generation`), or none of its runs'
    /// seats did (`isCurrent` says so of the stamps taken before they were read); in that case it
    /// is marked current at `generation`, read before `isCurrent` was asked.
    func html(currentAt generation: Int, isCurrent: (Stamps) -> Bool) -> [UInt8]? {
        let (html, stamps, filling) = state.withLock { state in
            (state.generation == generation ? state.html : nil, state.stamps, state.filling)
        }
        if let html { return html }
        guard let stamps, isCurrent(stamps) else { return nil }
        return state.withLock { state in
            guard state.filling == filling else { return nil } // filled again meanwhile: asked again
            state.generation = max(state.generation, generation)
            return state.html
        }
    }

    /// The HTML with `offers` written in (read after the inventory's generation was `generation`
    /// and the runs' stamps were `stamps`), the offers having the shape the section was rendered
    /// from (the caller checks).
    func html(with offers: [[Trip.Offer]], readAt generation: Int, stamps: Stamps?) -> [UInt8] {
        let (current, kept) = state.withLock { state -> ([UInt8]?, State) in
            if Self.sameCounts(state.offers, offers) {
                state.generation = generation
                state.stamps = stamps
                state.filling += 1
                return (state.html, state)
            }
            return (nil, state)
        }
        if let current { return current }
        var fresh = refilled(kept, with: offers, readAt: generation)
        fresh.stamps = stamps
        let previous = state.withLock { state in
            defer {
                if state.generation <= generation {
                    fresh.filling = state.filling + 1
                    state = fresh
                }
            }
            return state
        }
        _ = previous // freed here, after unlocking
        return fresh.html
    }

    /// The memory it holds: the HTML, the spans, the offers and the stamps.
    var bytes: Int {
        state.withLock { state in
            MemoryCost.of(state.html) + MemoryCost.of(state.spans) + MemoryCost.of(state.offers)
                + state.offers.reduce(0) { $0 + MemoryCost.of($1) } + (state.stamps.map { MemoryCost.of($0) } ?? 0)
        } + MemoryCost.of(plenty) + MemoryCost.of(none)
    }

    /// `state` with the counts of `offers` written over its own.
    private func refilled(_ state: State, with offers: [[Trip.Offer]], readAt generation: Int) -> State {
        var html: [UInt8] = [], spans: [Span] = []
        html.reserveCapacity(state.html.count + 64)
        spans.reserveCapacity(state.spans.count)
        state.html.withUnsafeBufferPointer { text in
            var copied = 0
            for span in state.spans {
                html.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied..<span.start]))
                copied = span.start + span.length
                let start = html.count
                Self.write(offers[span.gap.trip][span.gap.offer].seatsLeft, as: span.gap.field, plenty: plenty, none: none, into: &html)
                spans.append(Span(gap: span.gap, start: start, length: html.count - start))
            }
            html.append(contentsOf: UnsafeBufferPointer(rebasing: text[copied...]))
        }
        return State(html: html, spans: spans, offers: offers, generation: generation, stamps: nil)
    }

    private static func sameCounts(_ kept: [[Trip.Offer]], _ now: [[Trip.Offer]]) -> Bool {
        kept.count == now.count
            && zip(kept, now).allSatisfy { kept, now in
                kept.count == now.count && zip(kept, now).allSatisfy { $0.seatsLeft == $1.seatsLeft }
            }
    }

    /// Writes a count as its gap shows it: the number (`data-seats`), or its text: the number,
    /// `plenty` from `TripRowViewModel.plentyThreshold` on, `none` for 0.
    private static func write(_ seats: Int, as field: SeatGaps.Field, plenty: [UInt8], none: [UInt8], into html: inout [UInt8]) {
        switch field {
        case .text where seats >= TripRowViewModel.plentyThreshold: html += plenty
        case .text where seats == 0: html += none
        case .count, .text: html += String(seats).utf8
        }
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
