/// One choice of a select in the back office's own forms (`forms/_option`): the complaint desk's
/// filter, a product's availability.
struct AdminOptionViewModel: Encodable {
    let value: String
    let label: String
    let selected: Bool
}
