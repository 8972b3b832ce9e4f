/// A student's saved details (学生信息), all four needed for a student ticket: the school, the year
/// they enrolled, and the two cities (as the station list files them) between which they travel at
/// the student fare.
struct StudentDetails: Sendable, Equatable {
    let school: String
    let enrolmentYear: Int
    let homeCity: String
    let schoolCity: String

    /// True when a trip between cities `origin` and `destination` is between home and school, either way.
    func connects(_ origin: String, _ destination: String) -> Bool {
        (origin == homeCity && destination == schoolCity) || (origin == schoolCity && destination == homeCity)
    }
}
