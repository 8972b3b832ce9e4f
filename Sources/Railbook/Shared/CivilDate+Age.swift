extension CivilDate {
    /// Whole years from `birth` to this date: someone born on 2012-12-02 is 14 on 2026-12-02, 13 the
    /// day before (born on 29 February, a year is complete on 1 March).
    func age(bornOn birth: CivilDate) -> Int {
        let years = year - birth.year
        return (month, day) < (birth.month, birth.day) ? years - 1 : years
    }
}
