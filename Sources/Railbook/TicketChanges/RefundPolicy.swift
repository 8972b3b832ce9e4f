/// The refund fee rule (退票费), charged on an amount by the time left before the train leaves the
/// ticket's origin (`departs_at`, China time):
///
/// | time before departure | fee |
/// |---|---|
/// | 8 days (192 h) or more | free |
/// | 48 h up to 8 days | 5% |
/// | 24 h up to 48 h | 10% |
/// | under 24 h | 20% |
/// | after departure | no refund |
///
/// Each lower bound belongs to the cheaper band (exactly 48 h is 5%). A fee that applies is at least
/// ¥2, rounded to the nearest ¥0.5 (halves up), and never more than the amount itself.
/// Changes (改签) to a lower fare charge this fee on the fare difference.
enum RefundPolicy {
    /// The smallest fee charged when a fee applies.
    static let minimumFeeFen = 200

    /// What refunding an amount costs at a moment.
    struct Quote: Equatable, Sendable {
        /// The fee rate in percent (0, 5, 10 or 20).
        let percent: Int
        let feeFen: Int
        /// The amount given back: the amount less the fee.
        let refundFen: Int
    }

    /// The fee rate in percent with `secondsBeforeDeparture` left, or nil once the train has left.
    static func percent(secondsBeforeDeparture seconds: Int) -> Int? {
        let hour = 3600
        switch seconds {
        case (192 * hour)...: return 0
        case (48 * hour)...: return 5
        case (24 * hour)...: return 10
        case 1...: return 20
        default: return nil
        }
    }

    /// The fee and refund of `amountFen` for a train leaving at `departsAt` (Unix seconds) when asked
    /// at `now`; nil once the train has left.
    static func quote(amountFen: Int, departsAt: Int, now: Int) -> Quote? {
        guard let percent = percent(secondsBeforeDeparture: departsAt - now) else { return nil }
        let fee = fee(amountFen: amountFen, percent: percent)
        return Quote(percent: percent, feeFen: fee, refundFen: amountFen - fee)
    }

    /// `percent` of the amount, rounded to ¥0.5, at least ¥2 when not free, at most the amount.
    static func fee(amountFen: Int, percent: Int) -> Int {
        guard percent > 0, amountFen > 0 else { return 0 }
        let rounded = Fares.roundToHalfYuan(amountFen * percent / 100)
        return min(amountFen, max(minimumFeeFen, rounded))
    }
}
