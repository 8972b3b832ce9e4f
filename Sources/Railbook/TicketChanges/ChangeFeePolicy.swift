/// The change fee rule (改签费), charged on the ticket's fare when it is changed to a train of
/// another date, by the time left before the ticket's train leaves its origin, or when it is changed
/// after that train has left (to a later train of the same day, the only change then allowed):
///
/// | when | fee |
/// |---|---|
/// | to another date, 48 h or more before departure | free |
/// | to another date, 24 h up to 48 h | 5% |
/// | to another date, under 24 h | 15% |
/// | after departure (same day) | 40% |
/// | to another train the same day, before departure | free |
///
/// Each lower bound belongs to the cheaper band (exactly 48 h is free). A fee that applies is
/// rounded to the nearest ¥0.5 and at least ¥2, as the refund fee (`RefundPolicy.fee`).
enum ChangeFeePolicy {
    /// The fee rate in percent for a change at `now` of a ticket leaving at `departsAt` to a train
    /// on the same date as the ticket's (`sameDate`) or another.
    static func percent(departsAt: Int, now: Int, sameDate: Bool) -> Int {
        let hour = 3600
        let left = departsAt - now
        if left <= 0 { return 40 }
        if sameDate { return 0 }
        switch left {
        case (48 * hour)...: return 0
        case (24 * hour)...: return 5
        default: return 15
        }
    }

    /// The fee on `fareFen` at `percent`.
    static func fee(fareFen: Int, percent: Int) -> Int {
        RefundPolicy.fee(amountFen: fareFen, percent: percent)
    }
}
