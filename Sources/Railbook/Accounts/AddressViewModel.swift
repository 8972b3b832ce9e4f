/// One address as the list and the delete page show it, the phone number masked.
struct AddressViewModel: Encodable {
    let id: String
    let recipient: String
    /// The phone number, masked.
    let phone: String
    let region: String
    let detail: String
    /// Nil when no postcode is saved.
    let postcode: String?
    let isDefault: Bool
    let editHref: String
    let deleteHref: String
    /// Where the form making it the default address posts.
    let defaultAction: String

    init(_ address: Address) {
        let path = "/me/addresses/\(address.id)"
        id = String(address.id)
        recipient = address.recipient
        phone = address.maskedPhone
        region = address.region
        detail = address.detail
        postcode = address.postcode.isEmpty ? nil : address.postcode
        isDefault = address.isDefault
        editHref = path + "/edit"
        deleteHref = path + "/delete"
        defaultAction = path + "/default"
    }
}
