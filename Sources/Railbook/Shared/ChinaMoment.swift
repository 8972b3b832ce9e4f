/// A moment (Unix seconds) as China time, the way pages print it: `2026-12-02 14:05` for people
/// and `2026-12-02T14:05+08:00` for `<time datetime>`.
struct ChinaMoment {
    let date: CivilDate
    let clock: String

    init(_ seconds: Int) {
        date = ChinaTime.date(at: seconds)
        clock = ClockTime.format((seconds + ChinaTime.offsetSeconds) / 60 % 1440)
    }

    /// `2026-12-02 14:05`.
    var text: String { date.description + " " + clock }
    /// `2026-12-02T14:05+08:00`.
    var datetime: String { date.description + "T" + clock + "+08:00" }

    /// Whole minutes from `now` until `seconds`, rounded up (0 once it has passed).
    static func minutesLeft(until seconds: Int, now: Int) -> Int { max(0, (seconds - now + 59) / 60) }
}
